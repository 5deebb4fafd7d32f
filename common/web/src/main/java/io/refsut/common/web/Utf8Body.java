package io.refsut.common.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;

import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;

/**
 * Refuses a request body that is not well-formed UTF-8 (RFC 3629) before any JSON parser sees it: overlong forms
 * such as {@code C0 80} (which lenient decoders turn into NUL), surrogates, bytes that never occur in UTF-8 and
 * truncated sequences all answer 400 {@code invalid-utf8}. Bodies are bounded by {@link BodyLimit}, so reading one
 * whole is bounded too.
 */
@Provider
public class Utf8Body implements ReaderInterceptor {

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        byte[] body = context.getInputStream().readAllBytes();
        int malformed = firstMalformed(body);
        if (malformed >= 0) {
            throw new ProblemException(400, "invalid-utf8", "Bad Request", "request body is not valid UTF-8 (at byte "
                    + malformed + ")");
        }
        context.setInputStream(new ByteArrayInputStream(body));
        return context.proceed();
    }

    /**
     * The offset of the first byte of the first sequence in {@code bytes} that is not well-formed UTF-8 (RFC 3629,
     * table 3-7 of the Unicode standard), or -1 when all of it is: the offset the JDK's strict decoder reports, found
     * without decoding (this runs on every body a service reads, its clients' answers included).
     */
    static int firstMalformed(byte[] bytes) {
        int i = 0;
        while (i < bytes.length) {
            int b = bytes[i] & 0xFF;
            if (b < 0x80) {
                i++;
                continue;
            }
            int length;
            int secondLow = 0x80;
            int secondHigh = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                length = 2;
            } else if (b >= 0xE0 && b <= 0xEF) {
                length = 3;
                secondLow = b == 0xE0 ? 0xA0 : 0x80; // E0 80..9F would be overlong
                secondHigh = b == 0xED ? 0x9F : 0xBF; // ED A0..BF would be a surrogate
            } else if (b >= 0xF0 && b <= 0xF4) {
                length = 4;
                secondLow = b == 0xF0 ? 0x90 : 0x80; // F0 80..8F would be overlong
                secondHigh = b == 0xF4 ? 0x8F : 0xBF; // F4 90.. would be above U+10FFFF
            } else {
                return i; // a continuation byte, C0, C1 or F5..FF
            }
            if (i + length > bytes.length) {
                return i;
            }
            int second = bytes[i + 1] & 0xFF;
            if (second < secondLow || second > secondHigh) {
                return i;
            }
            for (int k = 2; k < length; k++) {
                if ((bytes[i + k] & 0xC0) != 0x80) {
                    return i;
                }
            }
            i += length;
        }
        return -1;
    }
}
