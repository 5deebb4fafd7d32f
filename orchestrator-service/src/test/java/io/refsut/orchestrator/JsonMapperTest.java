package io.refsut.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.DefaultDeserializationContext;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.web.InstantText;

/**
 * The mapper the orchestrator's REST server and clients share reads and writes instants through {@link InstantText}
 * ({@code InstantTextCustomizer} registers it after Quarkus' own modules, so it is the one Jackson picks).
 */
@QuarkusTest
@WithTestResource(WireMockDownstreams.class)
class JsonMapperTest extends StubbedDownstreams {

    @Inject
    ObjectMapper mapper;

    @Test
    void instantsGoThroughInstantText() throws Exception {
        assertEquals(InstantText.class,
                mapper.getSerializerProviderInstance().findValueSerializer(Instant.class).getClass()
                        .getEnclosingClass());
        DeserializationContext context = ((DefaultDeserializationContext) mapper.getDeserializationContext())
                .createInstance(mapper.getDeserializationConfig(), null, null);
        assertEquals(InstantText.class,
                context.findRootValueDeserializer(mapper.constructType(Instant.class)).getClass().getEnclosingClass());
        Instant instant = Instant.parse("2026-12-06T02:56:29.397Z");
        assertEquals("\"2026-12-06T02:56:29.397Z\"", mapper.writeValueAsString(instant));
        assertEquals(instant, mapper.readValue("\"2026-12-06T02:56:29.397Z\"", Instant.class));
    }
}
