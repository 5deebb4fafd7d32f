package io.refsut.loadtest.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DocumentsTest {

    @Test
    void sizesNotesToTheTargetDocumentSize() {
        Documents documents = new Documents(512);
        assertEquals(512 - Documents.ACCOUNT_OVERHEAD - "owner-1".length(), documents.accountNote("owner-1").length());
        assertEquals(512 - Documents.PAYMENT_OVERHEAD - "run-1".length(), documents.paymentNote("run-1").length());
    }

    @Test
    void smallTargetsGiveEmptyNotes() {
        assertEquals("", new Documents(0).accountNote("owner"));
    }

    @Test
    void rejectsTargetsThatCouldReachTheOneKibLimit() {
        assertThrows(IllegalArgumentException.class, () -> new Documents(Documents.MAX_DOC_BYTES + 1));
        assertThrows(IllegalArgumentException.class, () -> new Documents(-1));
    }
}
