package io.refsut.common.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** {@link Ids#isCanonical} accepts exactly the 8-4-4-4-12 hex form, as the regular expression it replaced did. */
class IdsTest {

    private static final Pattern CANONICAL = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    @Test
    void agreesWithTheRegularExpressionOnRandomUuidsAndNearMisses() {
        Random random = new Random(36);
        String alphabet = "0123456789abcdefABCDEFgG-x é٣";
        int canonical = 0;
        for (int i = 0; i < 100_000; i++) {
            char[] text = new UUID(random.nextLong(), random.nextLong()).toString().toCharArray();
            if (i % 2 == 0) {
                text = new String(text).toUpperCase(Locale.ROOT).toCharArray();
            }
            if (i % 3 != 0) {
                text[random.nextInt(text.length)] = alphabet.charAt(random.nextInt(alphabet.length()));
            }
            String value = new String(text);
            if (i % 7 == 0) {
                value = random.nextBoolean() ? value + "0" : value.substring(1);
            }
            boolean expected = CANONICAL.matcher(value).matches();
            assertEquals(expected, Ids.isCanonical(value), value);
            canonical += expected ? 1 : 0;
        }
        assertTrue(canonical > 10_000 && canonical < 90_000, "canonical: " + canonical);
        assertFalse(Ids.isCanonical(""));
    }
}
