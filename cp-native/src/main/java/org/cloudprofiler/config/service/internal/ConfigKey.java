package org.cloudprofiler.config.service.internal;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The configuration protocol's MAC key, derived from the shared secret with HKDF-SHA-256
 * (RFC 5869, one output block), and the HMAC-SHA-256 it keys. Nothing derived from the secret
 * leaves the process except MACs. Thread-safe: every call uses a {@link Mac} of its own.
 */
public final class ConfigKey {
    /** Bytes of the MAC at the end of every datagram. */
    public static final int MAC_BYTES = 32;
    private static final String HMAC = "HmacSHA256";
    private static final byte[] SALT =
            "cloudprofiler configuration protocol".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INFO = "datagram MAC v2".getBytes(StandardCharsets.US_ASCII);

    private final SecretKeySpec key;

    private ConfigKey(byte[] key) {
        this.key = new SecretKeySpec(key, HMAC);
    }

    /**
     * The key of {@code secret}. The empty secret gives a key anyone can compute: datagrams keep
     * their layout but prove nothing (for loopback only).
     */
    public static ConfigKey fromSecret(String secret) {
        byte[] pseudoRandomKey = hmac(SALT, secret.getBytes(StandardCharsets.UTF_8));
        byte[] info = Arrays.copyOf(INFO, INFO.length + 1);
        info[INFO.length] = 1;  // HKDF-Expand's block counter
        byte[] derived = hmac(pseudoRandomKey, info);
        Arrays.fill(pseudoRandomKey, (byte) 0);
        return new ConfigKey(derived);
    }

    /** The MAC of {@code length} bytes of {@code data}, written at {@code data[length]}. */
    public void sign(byte[] data, int length) {
        try {
            Mac mac = mac(key);
            mac.update(data, 0, length);
            mac.doFinal(data, length);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA-256 failed", e);
        }
    }

    /** Whether the last {@link #MAC_BYTES} of {@code length} bytes are their MAC (constant time). */
    public boolean verify(byte[] data, int length) {
        if (length < MAC_BYTES) {
            return false;
        }
        Mac mac = mac(key);
        mac.update(data, 0, length - MAC_BYTES);
        return MessageDigest.isEqual(mac.doFinal(),
                Arrays.copyOfRange(data, length - MAC_BYTES, length));
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        return mac(new SecretKeySpec(key, HMAC)).doFinal(data);
    }

    private static Mac mac(SecretKeySpec key) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            // Every Java platform must provide HmacSHA256 (the Mac class's contract).
            throw new IllegalStateException("this JVM has no HmacSHA256", e);
        }
    }
}
