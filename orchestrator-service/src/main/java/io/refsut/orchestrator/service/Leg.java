package io.refsut.orchestrator.service;

import io.smallrye.mutiny.Uni;

/** The settled outcome of one parallel leg: its value or its failure, so the other leg's writes stay known. */
record Leg<T>(T value, Throwable failure) {

    static <T> Uni<Leg<T>> of(Uni<T> leg) {
        return leg.onItemOrFailure().transform(Leg::new);
    }

    boolean ok() {
        return failure == null;
    }
}
