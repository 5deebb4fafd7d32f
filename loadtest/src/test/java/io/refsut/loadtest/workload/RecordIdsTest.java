package io.refsut.loadtest.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RecordIdsTest {

    @Test
    void derivesTheDocumentedNameBasedUuid() {
        UUID expected = UUID.nameUUIDFromBytes("refsut:demo:account:42".getBytes(StandardCharsets.UTF_8));
        assertEquals(expected, new RecordIds("demo").account(42));
        assertEquals(3, expected.version());
    }

    @Test
    void sameSeedAndIndexGiveTheSameIdEverywhere() {
        assertEquals(new RecordIds("s").payment(7), new RecordIds("s").payment(7));
        assertNotEquals(new RecordIds("s").account(7), new RecordIds("t").account(7));
        assertNotEquals(new RecordIds("s").account(7), new RecordIds("s").payment(7));
    }

    @Test
    void idsOfDifferentIndicesAreDistinct() {
        RecordIds ids = new RecordIds("seed");
        Set<UUID> seen = new HashSet<>();
        for (int i = 0; i < 50_000; i++) {
            seen.add(ids.account(i));
        }
        assertEquals(50_000, seen.size());
    }

    @Test
    void rejectsNegativeIndicesAndBlankSeeds() {
        assertThrows(IllegalArgumentException.class, () -> new RecordIds("s").account(-1));
        assertThrows(IllegalArgumentException.class, () -> new RecordIds(" "));
    }
}
