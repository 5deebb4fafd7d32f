package io.refsut.common.web;

import java.io.IOException;
import java.io.Serializable;
import java.util.UUID;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;

/**
 * Value rules every JSON body obeys, whatever the field: strings carry no control character (U+0000–U+001F,
 * U+007F–U+009F; NUL included, also when it arrives as the overlong UTF-8 form {@code C0 80}), and UUIDs are in
 * canonical form, not empty and not the nil UUID. A violation is an {@link InvalidValueException}, answered 400 with
 * the field's path by {@link ProblemMappers}.
 */
public final class StrictValues {

    private StrictValues() {
    }

    /** The Jackson module with the strict String and UUID deserializers. */
    public static SimpleModule module() {
        SimpleModule module = new SimpleModule("refsut-strict-values");
        module.addDeserializer(String.class, new FromString<>(String.class, StrictValues::string));
        module.addDeserializer(UUID.class, new FromString<>(UUID.class, StrictValues::uuid));
        return module;
    }

    /** Index of the first control character in {@code value}, or -1. */
    public static int controlCharacterAt(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) {
                return i;
            }
        }
        return -1;
    }

    /** A value that breaks one of these rules; its message is the client-facing reason. */
    public static final class InvalidValueException extends JsonMappingException {

        private static final long serialVersionUID = 1L;

        InvalidValueException(JsonParser parser, String message) {
            super(parser, message);
        }
    }

    /** A deserializer of a value written as a JSON string; any other token is left to the strict coercion rules. */
    private static final class FromString<T> extends StdScalarDeserializer<T> {

        private static final long serialVersionUID = 1L;

        private final Read<T> read;

        FromString(Class<T> type, Read<T> read) {
            super(type);
            this.read = read;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (!parser.hasToken(JsonToken.VALUE_STRING)) {
                // numbers, booleans, objects, arrays: the strict coercion rules answer them
                return (T) context.handleUnexpectedToken(handledType(), parser);
            }
            return read.value(parser, parser.getText());
        }
    }

    /** The value of a JSON string, or an {@link InvalidValueException}. */
    @FunctionalInterface
    private interface Read<T> extends Serializable {
        T value(JsonParser parser, String text) throws IOException;
    }

    private static String string(JsonParser parser, String value) throws IOException {
        int at = controlCharacterAt(value);
        if (at >= 0) {
            throw new InvalidValueException(parser, String.format("must not contain control characters (found "
                    + "U+%04X at position %d)", (int) value.charAt(at), at));
        }
        return value;
    }

    private static UUID uuid(JsonParser parser, String value) throws IOException {
        if (value.isEmpty()) {
            throw new InvalidValueException(parser, "must be a UUID, not an empty string (leave the field out "
                    + "to have one chosen)");
        }
        if (!Ids.isCanonical(value)) {
            throw new InvalidValueException(parser, "must be a UUID in canonical form (8-4-4-4-12 hex digits)");
        }
        UUID uuid = UUID.fromString(value);
        if (Ids.isNil(uuid)) {
            throw new InvalidValueException(parser, "must not be the nil UUID");
        }
        return uuid;
    }
}
