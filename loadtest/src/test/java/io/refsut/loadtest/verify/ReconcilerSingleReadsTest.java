package io.refsut.loadtest.verify;

/** Every case of {@link ReconcilerTest}, each record read with its own GET ({@code --verify-batch 0}). */
class ReconcilerSingleReadsTest extends ReconcilerTest {

    @Override
    int batchSize() {
        return 0;
    }
}
