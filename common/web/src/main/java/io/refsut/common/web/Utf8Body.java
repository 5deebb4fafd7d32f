package io.refsut.common.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

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
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.wrap(body);
        try {
            decoder.decode(bytes);
        } catch (CharacterCodingException e) {
            throw new ProblemException(400, "invalid-utf8", "Bad Request", "request body is not valid UTF-8 (at byte "
                    + bytes.position() + ")");
        }
        context.setInputStream(new ByteArrayInputStream(body));
        return context.proceed();
    }
}
