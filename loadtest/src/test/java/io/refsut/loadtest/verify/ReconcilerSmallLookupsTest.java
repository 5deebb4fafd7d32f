package io.refsut.loadtest.verify;

/** Every case of {@link ReconcilerTest}, read in lookups of 3 ids: the 4 accounts take two, across the boundary. */
class ReconcilerSmallLookupsTest extends ReconcilerTest {

    @Override
    int batchSize() {
        return 3;
    }
}
