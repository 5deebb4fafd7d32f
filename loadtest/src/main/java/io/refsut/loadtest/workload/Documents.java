package io.refsut.loadtest.workload;

import java.util.Arrays;

/**
 * Sizes the {@code note} of account and payment writes so the stored documents approach {@code --doc-bytes} of BSON
 * while staying under the services' 1 KiB limit.
 */
public final class Documents {

    /** Largest target accepted: leaves room below 1024 bytes for fields a service adds that the load test cannot see. */
    public static final int MAX_DOC_BYTES = 900;
    /** BSON bytes of an account document other than its owner and note text (ids, field names, dates, status). */
    static final int ACCOUNT_OVERHEAD = 129;
    /** BSON bytes of a payment document other than its reference and note text. */
    static final int PAYMENT_OVERHEAD = 148;
    /** The services accept notes up to this many characters. */
    static final int MAX_NOTE_CHARS = 1000;

    private final int docBytes;

    public Documents(int docBytes) {
        if (docBytes < 0 || docBytes > MAX_DOC_BYTES) {
            throw new IllegalArgumentException("--doc-bytes must be between 0 and " + MAX_DOC_BYTES + ": " + docBytes);
        }
        this.docBytes = docBytes;
    }

    public int docBytes() {
        return docBytes;
    }

    /** A note that brings an account document with this owner to about {@code docBytes}. */
    public String accountNote(String owner) {
        return filler(docBytes - ACCOUNT_OVERHEAD - owner.length());
    }

    /** A note that brings a payment document with this reference to about {@code docBytes}. */
    public String paymentNote(String reference) {
        return filler(docBytes - PAYMENT_OVERHEAD - reference.length());
    }

    private static String filler(int length) {
        int size = Math.max(0, Math.min(length, MAX_NOTE_CHARS));
        char[] text = new char[size];
        Arrays.fill(text, 'x');
        return new String(text);
    }
}
