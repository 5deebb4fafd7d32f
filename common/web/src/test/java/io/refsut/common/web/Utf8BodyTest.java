package io.refsut.common.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** {@link Utf8Body#firstMalformed} finds what the JDK's strict UTF-8 decoder finds, at the same byte. */
class Utf8BodyTest {

    /** Lead and continuation bytes at every boundary of the UTF-8 table, and plain ASCII. */
    private static final int[] EDGES = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
        0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFF};

    private static int jdk(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        try {
            decoder.decode(buffer);
            return -1;
        } catch (CharacterCodingException e) {
            return buffer.position();
        }
    }

    @Test
    void findsTheSameFirstMalformedByteAsTheJdkInRandomMixesOfEdgeBytes() {
        Random random = new Random(3629);
        int malformed = 0;
        for (int i = 0; i < 200_000; i++) {
            byte[] bytes = new byte[random.nextInt(9)];
            for (int k = 0; k < bytes.length; k++) {
                bytes[k] = (byte) (random.nextInt(4) == 0 ? random.nextInt(256) : EDGES[random.nextInt(EDGES.length)]);
            }
            int expected = jdk(bytes);
            assertEquals(expected, Utf8Body.firstMalformed(bytes), () -> Arrays.toString(bytes));
            malformed += expected >= 0 ? 1 : 0;
        }
        // the mix covers both answers
        assertTrue(malformed > 10_000 && malformed < 190_000, "malformed: " + malformed);
    }

    @Test
    void acceptsEveryCodePointEncodedAndRefusesSurrogatesOverlongFormsAndTruncation() {
        StringBuilder all = new StringBuilder();
        for (int c = 0; c <= 0x10FFFF; c += (c < 0x800 ? 1 : 97)) {
            if (c < 0xD800 || c > 0xDFFF) {
                all.appendCodePoint(c);
            }
        }
        all.appendCodePoint(0x10FFFF).appendCodePoint(0xFFFF).appendCodePoint(0xE000).appendCodePoint(0xD7FF);
        assertEquals(-1, Utf8Body.firstMalformed(all.toString().getBytes(StandardCharsets.UTF_8)));
        assertEquals(-1, Utf8Body.firstMalformed(new byte[0]));
        assertEquals(1, Utf8Body.firstMalformed(new byte[] {0x41, (byte) 0xC0, (byte) 0x80})); // overlong NUL
        assertEquals(0, Utf8Body.firstMalformed(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80})); // surrogate
        assertEquals(0, Utf8Body.firstMalformed(new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}));
        assertEquals(2, Utf8Body.firstMalformed(new byte[] {0x41, 0x42, (byte) 0xE2, (byte) 0x82})); // truncated
    }
}
