package io.refsut.loadtest.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MixTest {

    @Test
    void honoursProportionsOverManyDraws() {
        Mix mix = Mix.parse("read=50,update=20,insert=20,readPayment=10");
        int draws = 200_000;
        Map<Operation, Integer> counts = new EnumMap<>(Operation.class);
        for (int i = 0; i < draws; i++) {
            counts.merge(mix.next(), 1, Integer::sum);
        }
        assertEquals(0.50, counts.get(Operation.READ_ACCOUNT) / (double) draws, 0.01);
        assertEquals(0.20, counts.get(Operation.UPDATE_ACCOUNT) / (double) draws, 0.01);
        assertEquals(0.20, counts.get(Operation.MAKE_PAYMENT) / (double) draws, 0.01);
        assertEquals(0.10, counts.get(Operation.READ_PAYMENT) / (double) draws, 0.01);
        assertEquals(null, counts.get(Operation.CREATE_ACCOUNT));
    }

    @Test
    void presetsSplitReadsAndAccountUpdates() {
        for (String preset : Mix.PRESETS) {
            String[] parts = preset.split(":");
            Mix mix = Mix.parse(preset);
            assertEquals(Integer.parseInt(parts[0]) / 100.0, mix.read(), 1e-9, preset);
            assertEquals(Integer.parseInt(parts[1]) / 100.0, mix.update(), 1e-9, preset);
            assertEquals(0, mix.insert(), preset);
            assertEquals(0, mix.readPayment(), preset);
        }
        assertEquals(List.of(Operation.READ_ACCOUNT), Mix.parse("100:0").operations());
        assertEquals(List.of(Operation.UPDATE_ACCOUNT), Mix.parse("0:100").operations());
    }

    @Test
    void presetNeverDrawsAZeroShareOperation() {
        Mix mix = Mix.parse("100:0");
        for (int i = 0; i < 10_000; i++) {
            assertEquals(Operation.READ_ACCOUNT, mix.next());
        }
        assertEquals(Operation.UPDATE_ACCOUNT, Mix.parse("0:100").choose(0.999999));
    }

    @Test
    void normalisesWeightsAndRoundTripsItsDescription() {
        Mix mix = Mix.parse("read=1, insert=3");
        assertEquals(0.25, mix.read(), 1e-9);
        assertEquals(0.75, mix.insert(), 1e-9);
        assertEquals(mix, Mix.parse(mix.describe()));
        assertEquals("read=0.25,update=0,insert=0.75,readPayment=0", mix.describe());
    }

    @Test
    void rejectsMalformedMixes() {
        assertThrows(IllegalArgumentException.class, () -> Mix.parse("90:5"));
        assertThrows(IllegalArgumentException.class, () -> Mix.parse("read=1,write=2"));
        assertThrows(IllegalArgumentException.class, () -> Mix.parse("read=-1,update=2"));
        assertThrows(IllegalArgumentException.class, () -> Mix.parse("read=0"));
        assertThrows(IllegalArgumentException.class, () -> Mix.parse("read=x"));
        assertThrows(IllegalArgumentException.class, () -> Mix.parse("read=1,read=2"));
    }
}
