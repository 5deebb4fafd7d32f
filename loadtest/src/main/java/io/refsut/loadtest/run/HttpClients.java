package io.refsut.loadtest.run;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/** The JDK HTTP clients the CLI uses for read-back and metrics, with the same TLS trust as the injector. */
public final class HttpClients {

    private HttpClients() {
    }

    /** The target's URL without a trailing slash, for the API's paths ({@code /api/v1/...}) to follow. */
    static String base(URI target) {
        String text = target.toString();
        return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    /**
     * A client; {@code trustAll} accepts any server certificate and host name (the local orchestrator's self-signed
     * one), otherwise the JVM's default trust store and host name verification apply.
     */
    public static HttpClient create(boolean trustAll) {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
                .version(HttpClient.Version.HTTP_1_1);
        if (trustAll) {
            builder.sslContext(trustAllContext());
        }
        return builder.build();
    }

    private static SSLContext trustAllContext() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new TrustAll()}, new SecureRandom());
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot create a TLS context", e);
        }
    }

    /** Accepts every certificate; an extended trust manager so that the JDK does no host name check either. */
    private static final class TrustAll extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
