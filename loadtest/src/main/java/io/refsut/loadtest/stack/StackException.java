package io.refsut.loadtest.stack;

/** The local stack could not be started; the message says why and carries the tail of the failing service's log. */
public final class StackException extends RuntimeException {
    public StackException(String message) {
        super(message);
    }

    public StackException(String message, Throwable cause) {
        super(message, cause);
    }
}
