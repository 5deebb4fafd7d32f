package io.refsut.loadtest.reliability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Which TLS versions the orchestrator's HTTPS port accepts, asked with {@code openssl s_client} (the JDK's own
 * client will not even offer TLS 1.0 or 1.1, so it cannot tell whether the server would accept them). Each version
 * is {@code accepted}, {@code refused} or {@code unknown} (no openssl, or an answer this probe does not recognise).
 */
final class TlsProbe {

    private TlsProbe() {
    }

    static Map<String, String> probe(int port) {
        Map<String, String> result = new LinkedHashMap<>();
        String[][] versions = {{"TLSv1", "-tls1"}, {"TLSv1.1", "-tls1_1"}, {"TLSv1.2", "-tls1_2"},
            {"TLSv1.3", "-tls1_3"}};
        for (String[] version : versions) {
            result.put(version[0], ask(port, version[1]));
        }
        return result;
    }

    private static String ask(int port, String flag) {
        try {
            // SECLEVEL=0 lets this client offer the old versions at all; whatever is refused is then the server's doing
            Process process = new ProcessBuilder("openssl", "s_client", "-connect", "127.0.0.1:" + port, flag,
                    "-cipher", "DEFAULT@SECLEVEL=0", "-brief").redirectErrorStream(true).start();
            process.getOutputStream().close();
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return "unknown";
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (output.contains("Protocol version:") || output.contains("CONNECTION ESTABLISHED")) {
                return "accepted";
            }
            if (output.contains("alert protocol version") || output.contains("unsupported protocol")
                    || output.contains("handshake failure") || output.contains("wrong version number")) {
                return "refused";
            }
            return "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
