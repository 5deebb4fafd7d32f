package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class FieldsTest {

    @Test
    void keepsTheOrderGivenAndNullValues() {
        Map<String, Object> map = Fields.ordered("zeta", 1L, "alpha", null, "mid", "x");
        assertEquals(List.of("zeta", "alpha", "mid"), new ArrayList<>(map.keySet()));
        assertEquals(Arrays.asList(1L, null, "x"), new ArrayList<>(map.values()));
        map.put("last", true);
        assertEquals("last", new ArrayList<>(map.keySet()).get(3));
    }

    @Test
    void refusesAKeyWithoutValueOrAKeyThatIsNotAString() {
        assertEquals("keys and values come in pairs; got 3 items",
                assertThrows(IllegalArgumentException.class, () -> Fields.ordered("a", 1, "b")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Fields.ordered(1, "a"));
    }
}
