package io.refsut.loadtest.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabelSetTest {

    @Test
    void parsesPairsInOrderAndSkipsBlanks() {
        Map<String, String> labels = LabelSet.parse(Arrays.asList("cloud=aks", " tier = M30 ", "", null, "price=0.34",
                "region=eu-west-1", "cloud=aks"));
        assertEquals(List.of("cloud", "tier", "price", "region"), List.copyOf(labels.keySet()));
        assertEquals("M30", labels.get("tier"));
        assertEquals("eu-west-1", labels.get("region"), "a value is kept whole, never split into parts");
        assertEquals(0.34, LabelSet.price(labels.get("price")), 1e-12);
    }

    @Test
    void refusesBadItemsNamingThem() {
        assertTrue(message("cloud").contains("key=value, got 'cloud'"));
        assertTrue(message("=aks").contains("key=value"));
        assertTrue(message("1cloud=aks").contains("'1cloud' must start with a letter"));
        assertTrue(message("price=cheap").contains("price must be a number"));
        assertTrue(message("price=-1").contains("price must be a number"));
        assertTrue(message("execution=2").contains("reserved"));
        assertTrue(message("injector=0").contains("reserved"));
        assertTrue(message("tier=M30", "tier=M40").contains("'tier' twice"));
        assertTrue(message("note=" + "x".repeat(101)).contains("1..100 characters"));
    }

    private static String message(String... items) {
        return assertThrows(IllegalArgumentException.class, () -> LabelSet.parse(List.of(items))).getMessage();
    }
}
