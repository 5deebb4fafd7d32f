package io.refsut.orchestrator.service;

import java.util.UUID;

/** One write a failed transaction had already made: which dependency, which operation, which document. */
public record Written(String dependency, String operation, UUID id) {

    @Override
    public String toString() {
        return dependency + " " + operation + " " + id;
    }
}
