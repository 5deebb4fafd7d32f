package io.refsut.common.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.ser.ContextualSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import com.fasterxml.jackson.datatype.jsr310.ser.InstantSerializer;

/**
 * {@link InstantText} gives exactly what Jackson's own Instant serializer and deserializer give — the same text, the
 * same instant, the same error — and handles the common form itself, leaving the rest to them.
 */
class InstantTextTest {

    /** As Quarkus configures its mapper: the JSR-310 module, ISO text rather than numbers, UTC. */
    private static JsonMapper.Builder quarkusLike() {
        return JsonMapper.builder().addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .defaultTimeZone(TimeZone.getTimeZone("UTC"));
    }

    private final JsonMapper stock = quarkusLike().build();
    private final CountingWriter generalWriter = new CountingWriter();
    private final CountingReader generalReader = new CountingReader();
    private final JsonMapper fast = quarkusLike().addModule(InstantText.module(generalWriter, generalReader)).build();

    record Stamped(Instant at, String note) {
    }

    record Formatted(@JsonFormat(shape = JsonFormat.Shape.STRING, pattern = "yyyy-MM-dd HH:mm:ss",
            timezone = "UTC") Instant at) {
    }

    @Test
    void writesAndReadsWhatJacksonDoesForRandomInstantsOfEveryPrecision() throws IOException {
        Random random = new Random(20261206);
        long min = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
        long max = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
        for (int i = 0; i < 20_000; i++) {
            long second = min + (long) (random.nextDouble() * (max - min));
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant instant = Instant.ofEpochSecond(second, nanos);
            String json = stock.writeValueAsString(new Stamped(instant, "n"));
            assertEquals(json, fast.writeValueAsString(new Stamped(instant, "n")), instant::toString);
            assertEquals(instant.toString(), InstantText.format(instant));
            assertEquals(instant, fast.readValue(json, Stamped.class).at(), json);
            assertEquals(instant, InstantText.parse(instant.toString()), instant::toString);
        }
        assertEquals(0, generalWriter.calls.get(), "every instant of years 0000-9999 is written by hand");
        assertEquals(0, generalReader.calls.get(), "every instant in Instant.toString()'s form is read by hand");
    }

    @Test
    void readsOneToNineFractionDigitsAsJacksonDoes() throws IOException {
        for (String fraction : List.of("1", "12", "123", "1234", "12345", "123456", "1234567", "12345678",
                "123456789", "000", "000000010")) {
            String json = "\"2026-12-06T02:56:29." + fraction + "Z\"";
            assertEquals(stock.readValue(json, Instant.class), fast.readValue(json, Instant.class), json);
        }
        assertEquals(0, generalReader.calls.get());
    }

    @Test
    void leavesEveryOtherFormToJacksonWithItsResultOrItsError() {
        List<String> others = List.of("\"2026-12-06T02:56:29.397+01:00\"", "\"2026-12-06t02:56:29z\"",
                "\"2026-12-06T23:59:60Z\"", "\"2026-02-30T00:00:00Z\"", "\"2026-13-01T00:00:00Z\"",
                "\"2026-12-06T24:00:00Z\"", "\"2026-12-06T02:60:00Z\"", "\" 2026-12-06T02:56:29Z \"", "\"\"",
                "\"1700000000\"", "1700000000", "1700000000.5", "-5", "\"2026-12-06T02:56:29.Z\"",
                "\"2026-12-06T02:56:29.1234567890Z\"", "\"+12026-12-06T02:56:29Z\"", "\"2026-12-06 02:56:29Z\"",
                "\"2026-12-06T02:56Z\"", "\"２026-12-06T02:56:29Z\"", "true", "{}", "[]", "null");
        for (String json : others) {
            assertEquals(outcome(stock, json), outcome(fast, json), json);
        }
        // every one but the JSON null (which Jackson answers without a deserializer), once by each mapper
        assertEquals(others.size() - 1, generalReader.calls.get(), "the general deserializer was asked");
    }

    @Test
    void writesYearsOutsideFourDigitsThroughJackson() throws IOException {
        for (Instant instant : List.of(Instant.MIN, Instant.MAX, Instant.parse("-0001-12-31T23:59:59Z"),
                Instant.parse("+10000-01-01T00:00:00Z"))) {
            assertNull(InstantText.format(instant));
            assertEquals(stock.writeValueAsString(instant), fast.writeValueAsString(instant));
        }
        assertEquals(4, generalWriter.calls.get());
    }

    @Test
    void aJsonFormatOrTimestampsGoToJacksonAsConfigured() throws IOException {
        Formatted formatted = new Formatted(Instant.parse("2026-12-06T02:56:29Z"));
        String json = stock.writeValueAsString(formatted);
        assertEquals("{\"at\":\"2026-12-06 02:56:29\"}", json);
        assertEquals(json, fast.writeValueAsString(formatted));
        assertEquals(formatted, fast.readValue(json, Formatted.class));

        Instant instant = Instant.parse("2026-12-06T02:56:29.397Z");
        assertEquals(stock.writer().with(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).writeValueAsString(instant),
                fast.writer().with(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).writeValueAsString(instant));
        assertEquals(1, generalWriter.calls.get(), "the timestamp went to the general serializer");
    }

    private static String outcome(JsonMapper mapper, String json) {
        try {
            return "value " + mapper.readValue(json, Instant.class);
        } catch (JsonProcessingException e) {
            return e.getClass().getName() + ": " + e.getOriginalMessage();
        }
    }

    /** Jackson's own serializer, counting the calls it gets. */
    private static final class CountingWriter extends JsonSerializer<Instant> implements ContextualSerializer {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public void serialize(Instant value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            calls.incrementAndGet();
            InstantSerializer.INSTANCE.serialize(value, generator, provider);
        }

        @Override
        public JsonSerializer<?> createContextual(SerializerProvider provider, BeanProperty property)
                throws JsonMappingException {
            return InstantSerializer.INSTANCE.createContextual(provider, property);
        }
    }

    /** Jackson's own deserializer, counting the calls it gets. */
    private static final class CountingReader extends JsonDeserializer<Instant> implements ContextualDeserializer {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public Instant deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            calls.incrementAndGet();
            return InstantDeserializer.INSTANT.deserialize(parser, context);
        }

        @Override
        public JsonDeserializer<?> createContextual(DeserializationContext context, BeanProperty property)
                throws JsonMappingException {
            return InstantDeserializer.INSTANT.createContextual(context, property);
        }
    }
}
