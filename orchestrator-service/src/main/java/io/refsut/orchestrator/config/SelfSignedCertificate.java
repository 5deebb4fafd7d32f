package io.refsut.orchestrator.config;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A self-signed X.509 certificate on an EC P-256 key (ECDSA with SHA-256), built with the JDK alone.
 *
 * <p>Why not RSA: the local stack's services run C1-compiled, which has no big-integer intrinsics, and there an RSA-2048
 * signature costs about 10 ms of CPU against 0.7 ms for P-256 (and the key 0.8 s to generate against 10 ms). The server
 * signs once per TLS handshake, on an event loop that is serving requests meanwhile. Why not a library: the one that can
 * write certificates (BouncyCastle) is a set of signed jars whose verification, when Netty looks for it at the first TLS
 * connection, takes seconds of an event loop under C1.
 *
 * @param certificatePem the certificate, PEM
 * @param privateKeyPem its private key, PKCS#8 PEM ({@code PRIVATE KEY})
 */
public record SelfSignedCertificate(String certificatePem, String privateKeyPem) {

    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    /**
     * A certificate for {@code commonName}, valid from an hour ago for {@code validity}, with these subject alternative
     * names (host names, or IP addresses in literal form), for TLS servers and clients.
     */
    public static SelfSignedCertificate generate(String commonName, List<String> alternativeNames,
            Duration validity) throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair keys = generator.generateKeyPair();
        Instant notBefore = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofHours(1));
        byte[] publicKeyInfo = keys.getPublic().getEncoded();
        byte[] keyId = MessageDigest.getInstance("SHA-1").digest(publicKeyInfo);
        byte[] serial = new byte[16];
        new SecureRandom().nextBytes(serial);
        byte[] name = name(commonName);
        byte[] signatureAlgorithm = sequence(oid("1.2.840.10045.4.3.2"));

        byte[] tbs = sequence(
                tlv(0xA0, integer(BigInteger.TWO)),
                integer(new BigInteger(1, serial)),
                signatureAlgorithm,
                name,
                sequence(utcTime(notBefore), utcTime(notBefore.plus(validity))),
                name,
                publicKeyInfo,
                tlv(0xA3, sequence(
                        extension("2.5.29.14", false, tlv(0x04, keyId)),
                        extension("2.5.29.35", false, sequence(tlv(0x80, keyId))),
                        extension("2.5.29.15", true, tlv(0x03, new byte[] {7, (byte) 0x80})),
                        extension("2.5.29.19", false, sequence()),
                        extension("2.5.29.37", false, sequence(oid("1.3.6.1.5.5.7.3.1"), oid("1.3.6.1.5.5.7.3.2"))),
                        extension("2.5.29.17", false, alternativeNames(alternativeNames)))));

        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(keys.getPrivate());
        signer.update(tbs);
        byte[] signature = signer.sign();
        byte[] certificate = sequence(tbs, signatureAlgorithm, bitString(signature));
        return new SelfSignedCertificate(pem("CERTIFICATE", certificate),
                pem("PRIVATE KEY", keys.getPrivate().getEncoded()));
    }

    private static byte[] name(String commonName) {
        return sequence(tlv(0x31, sequence(oid("2.5.4.3"), tlv(0x0C, commonName.getBytes(StandardCharsets.UTF_8)))));
    }

    private static byte[] alternativeNames(List<String> names) {
        List<byte[]> general = new ArrayList<>();
        for (String name : names) {
            if (isIpLiteral(name)) {
                try {
                    general.add(tlv(0x87, InetAddress.getByName(name).getAddress()));
                } catch (java.net.UnknownHostException e) {
                    throw new IllegalArgumentException("not an IP address: " + name, e);
                }
            } else {
                general.add(tlv(0x82, name.getBytes(StandardCharsets.US_ASCII)));
            }
        }
        return sequence(general.toArray(byte[][]::new));
    }

    private static boolean isIpLiteral(String name) {
        return name.contains(":") || name.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    }

    private static byte[] extension(String oid, boolean critical, byte[] value) {
        return critical
                ? sequence(oid(oid), tlv(0x01, new byte[] {(byte) 0xFF}), tlv(0x04, value))
                : sequence(oid(oid), tlv(0x04, value));
    }

    private static byte[] utcTime(Instant instant) {
        return tlv(0x17, UTC_TIME.format(instant).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] integer(BigInteger value) {
        return tlv(0x02, value.toByteArray());
    }

    private static byte[] bitString(byte[] bits) {
        byte[] content = new byte[bits.length + 1];
        System.arraycopy(bits, 0, content, 1, bits.length);
        return tlv(0x03, content);
    }

    private static byte[] oid(String dotted) {
        String[] arcs = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(Integer.parseInt(arcs[0]) * 40 + Integer.parseInt(arcs[1]));
        for (int i = 2; i < arcs.length; i++) {
            long arc = Long.parseLong(arcs[i]);
            int groups = Math.max(1, (64 - Long.numberOfLeadingZeros(arc) + 6) / 7);
            for (int g = groups - 1; g >= 0; g--) {
                out.write((int) ((arc >>> (7 * g)) & 0x7F) | (g > 0 ? 0x80 : 0));
            }
        }
        return tlv(0x06, out.toByteArray());
    }

    private static byte[] sequence(byte[]... elements) {
        return tlv(0x30, elements);
    }

    /** One DER element: tag, definite length, the concatenated contents. */
    private static byte[] tlv(int tag, byte[]... contents) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] content : contents) {
            body.writeBytes(content);
        }
        int length = body.size();
        ByteArrayOutputStream out = new ByteArrayOutputStream(length + 6);
        out.write(tag);
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = (32 - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(length >>> (8 * i));
            }
        }
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
