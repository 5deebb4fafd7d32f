package io.refsut.orchestrator.rest;

/** Bad input found outside bean validation, such as a path id that is not a UUID. */
public class InvalidInputException extends RuntimeException {

    private final String field;

    public InvalidInputException(String field, String message) {
        super(message, null, false, false);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
