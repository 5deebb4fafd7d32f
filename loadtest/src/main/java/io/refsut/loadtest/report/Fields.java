package io.refsut.loadtest.report;

import java.util.LinkedHashMap;
import java.util.Map;

/** Named values in a fixed order, as the reports write them (JSON objects, table rows). */
public final class Fields {

    private Fields() {
    }

    /**
     * A modifiable map of alternating keys and values, in the order given; later {@code put}s add at the end.
     *
     * @param keysAndValues key, value, key, value, …: every key a string, every value of type {@code V}
     * @throws IllegalArgumentException when a key is not a string or has no value
     */
    @SuppressWarnings("unchecked")
    public static <V> Map<String, V> ordered(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values come in pairs; got " + keysAndValues.length + " items");
        }
        Map<String, V> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (!(keysAndValues[i] instanceof String key)) {
                throw new IllegalArgumentException("item " + i + " is a key and must be a string: " + keysAndValues[i]);
            }
            map.put(key, (V) keysAndValues[i + 1]);
        }
        return map;
    }
}
