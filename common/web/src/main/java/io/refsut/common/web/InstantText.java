package io.refsut.common.web;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.ContextualSerializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import com.fasterxml.jackson.datatype.jsr310.ser.InstantSerializer;

/**
 * Instants in JSON without the JDK's general-purpose {@code DateTimeFormatter}, which was the largest single cost of
 * the orchestrator's JSON (docs/performance.md, "Cut: JSON's hot spots"). The one form every service writes,
 * {@code 2026-12-06T02:56:29.397Z} (UTC, years 0000–9999, no fraction or 3, 6 or 9 digits of it), is read and written
 * here by hand; anything else — an offset, a lower-case {@code t} or {@code z}, a leap second, a number, a
 * {@code @JsonFormat} — goes to Jackson's own {@link InstantDeserializer} and {@link InstantSerializer}, so the
 * results, accepted inputs and errors are exactly theirs.
 */
public final class InstantText {

    private static final int SECONDS_PER_DAY = 86_400;
    /** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the instants with a four-digit year. */
    private static final long FIRST_SECOND = -62_167_219_200L;
    private static final long LAST_SECOND = 253_402_300_799L;
    private static final int[] FRACTION_SCALE = {0, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100,
            10, 1};

    private InstantText() {
    }

    /** The Jackson module with the fast {@link Instant} serializer and deserializer. */
    public static SimpleModule module() {
        return module(InstantSerializer.INSTANCE, InstantDeserializer.INSTANT);
    }

    /** The module, with {@code general} doing what the hand-written forms do not cover (tests pass their own). */
    static SimpleModule module(JsonSerializer<Instant> generalWriter, JsonDeserializer<Instant> generalReader) {
        SimpleModule module = new SimpleModule("refsut-instant-text");
        module.addSerializer(Instant.class, new Writer(generalWriter));
        module.addDeserializer(Instant.class, new Reader(generalReader));
        return module;
    }

    /**
     * The instant {@code text} denotes when it has the form {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}]Z} with a valid date
     * and time, else null (the caller then asks the general parser, which accepts more and reports errors).
     */
    public static Instant parse(String text) {
        int length = text.length();
        if (length < 20 || length > 30 || text.charAt(length - 1) != 'Z' || text.charAt(4) != '-'
                || text.charAt(7) != '-' || text.charAt(10) != 'T' || text.charAt(13) != ':'
                || text.charAt(16) != ':') {
            return null;
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 2);
        int day = digits(text, 8, 2);
        int hour = digits(text, 11, 2);
        int minute = digits(text, 14, 2);
        int second = digits(text, 17, 2);
        if ((year | month | day | hour | minute | second) < 0 || hour > 23 || minute > 59 || second > 59) {
            return null;
        }
        int nanos = 0;
        if (length > 20) {
            int fractionDigits = length - 21;
            if (text.charAt(19) != '.' || fractionDigits == 0) {
                return null;
            }
            int fraction = digits(text, 20, fractionDigits);
            if (fraction < 0) {
                return null;
            }
            nanos = fraction * FRACTION_SCALE[fractionDigits];
        }
        long epochDay;
        try {
            epochDay = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return null;
        }
        return Instant.ofEpochSecond(epochDay * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second, nanos);
    }

    /**
     * {@code instant} as {@link Instant#toString()} writes it, when its year is 0000–9999; else null (the caller then
     * asks the general formatter).
     */
    public static String format(Instant instant) {
        long epochSecond = instant.getEpochSecond();
        if (epochSecond < FIRST_SECOND || epochSecond > LAST_SECOND) {
            return null;
        }
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(epochSecond, SECONDS_PER_DAY));
        int secondOfDay = (int) Math.floorMod(epochSecond, SECONDS_PER_DAY);
        int year = date.getYear();
        int nanos = instant.getNano();
        int fractionDigits = nanos == 0 ? 0 : nanos % 1_000_000 == 0 ? 3 : nanos % 1_000 == 0 ? 6 : 9;
        char[] text = new char[fractionDigits == 0 ? 20 : 21 + fractionDigits];
        put(text, 0, year, 4);
        text[4] = '-';
        put(text, 5, date.getMonthValue(), 2);
        text[7] = '-';
        put(text, 8, date.getDayOfMonth(), 2);
        text[10] = 'T';
        put(text, 11, secondOfDay / 3600, 2);
        text[13] = ':';
        put(text, 14, secondOfDay / 60 % 60, 2);
        text[16] = ':';
        put(text, 17, secondOfDay % 60, 2);
        if (fractionDigits > 0) {
            text[19] = '.';
            put(text, 20, nanos / FRACTION_SCALE[fractionDigits], fractionDigits);
        }
        text[text.length - 1] = 'Z';
        return new String(text);
    }

    /** Whether no {@code @JsonFormat} or configured format applies: no pattern, shape, zone, locale or feature. */
    private static boolean isPlain(JsonFormat.Value format) {
        return format == null || JsonFormat.Value.empty().equals(format);
    }

    /** The decimal value of {@code count} ASCII digits at {@code from}, or -1 if one of them is not a digit. */
    private static int digits(String text, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            int digit = text.charAt(i) - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static void put(char[] text, int from, int value, int count) {
        for (int i = from + count - 1; i >= from; i--) {
            text[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    /** Reads the common form by hand, everything else through Jackson's deserializer. */
    private static final class Reader extends StdScalarDeserializer<Instant> implements ContextualDeserializer {

        private static final long serialVersionUID = 1L;

        private final JsonDeserializer<Instant> general;

        Reader(JsonDeserializer<Instant> general) {
            super(Instant.class);
            this.general = general;
        }

        @Override
        public Instant deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (parser.hasToken(JsonToken.VALUE_STRING)) {
                Instant instant = parse(parser.getText());
                if (instant != null) {
                    return instant;
                }
            }
            return general.deserialize(parser, context);
        }

        @Override
        public JsonDeserializer<?> createContextual(DeserializationContext context, BeanProperty property)
                throws JsonMappingException {
            if (isPlain(findFormatOverrides(context, property, Instant.class))) {
                return this;
            }
            // a @JsonFormat or a configured format: Jackson's deserializer alone, as configured
            return general instanceof ContextualDeserializer c ? c.createContextual(context, property) : general;
        }
    }

    /** Writes the common form by hand, everything else through Jackson's serializer. */
    private static final class Writer extends StdSerializer<Instant> implements ContextualSerializer {

        private static final long serialVersionUID = 1L;

        private final JsonSerializer<Instant> general;

        Writer(JsonSerializer<Instant> general) {
            super(Instant.class);
            this.general = general;
        }

        @Override
        public void serialize(Instant value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            String text = provider.isEnabled(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS) ? null : format(value);
            if (text == null) {
                general.serialize(value, generator, provider);
            } else {
                generator.writeString(text);
            }
        }

        @Override
        public JsonSerializer<?> createContextual(SerializerProvider provider, BeanProperty property)
                throws JsonMappingException {
            if (isPlain(findFormatOverrides(provider, property, Instant.class))) {
                return this;
            }
            return general instanceof ContextualSerializer c ? c.createContextual(provider, property) : general;
        }
    }
}
