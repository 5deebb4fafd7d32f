package io.refsut.loadtest.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.refsut.loadtest.simulation.AckRecord;
import io.refsut.loadtest.simulation.WriteOutcome;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WriteOutcomeTest {

    @Test
    void classifiesResponsesByWhatTheyProve() {
        assertEquals(WriteOutcome.ACKNOWLEDGED, WriteOutcome.classify(201));
        assertEquals(WriteOutcome.FAILED, WriteOutcome.classify(422));
        assertEquals(WriteOutcome.INDETERMINATE, WriteOutcome.classify(503));
        assertEquals(WriteOutcome.INDETERMINATE, WriteOutcome.classify(500));
        assertEquals(WriteOutcome.INDETERMINATE, WriteOutcome.classify(null));
    }

    @Test
    void ackRecordsRoundTripThroughTheirLine() {
        AckRecord record = new AckRecord("update_account", WriteOutcome.INDETERMINATE, 0, UUID.randomUUID(),
                UUID.randomUUID(), 0, "owner-1-u2", 5, 9);
        assertEquals(record, AckRecord.parse(record.toLine()));
    }
}
