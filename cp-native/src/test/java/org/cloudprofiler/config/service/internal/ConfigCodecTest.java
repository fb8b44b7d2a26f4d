package org.cloudprofiler.config.service.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.cloudprofiler.config.service.internal.ConfigMessage.Choice;
import org.cloudprofiler.config.service.internal.ConfigMessage.Done;
import org.cloudprofiler.config.service.internal.ConfigMessage.Hello;
import org.cloudprofiler.config.service.internal.ConfigMessage.ListRules;
import org.cloudprofiler.config.service.internal.ConfigMessage.Query;
import org.cloudprofiler.config.service.internal.ConfigMessage.RemoveRule;
import org.cloudprofiler.config.service.internal.ConfigMessage.Rules;
import org.cloudprofiler.config.service.internal.ConfigMessage.SetRule;
import org.cloudprofiler.config.service.internal.ConfigMessage.Welcome;
import org.junit.jupiter.api.Test;

/** The configuration datagrams: bytes as docs/config-protocol.md gives them, and rejections. */
class ConfigCodecTest {
    private static final ConfigCodec CODEC = new ConfigCodec(ConfigKey.fromSecret("t"));

    @Test
    void aQueryIsTheDocumentedBytesFollowedByItsHmacSha256() throws Exception {
        byte[] bytes = CODEC.encode(new Query("a/1/in"), 0x1122334455667788L, 7);
        String signed = "43504346" + "02" + "01" + "0000" + "8877665544332211" + "07000000"
                + "0600" + HexFormat.of().formatHex("a/1/in".getBytes());
        assertEquals(signed, HexFormat.of().formatHex(bytes, 0, bytes.length - 32));
        // The MAC is HMAC-SHA-256 under the HKDF-SHA-256 key of the secret (RFC 5869).
        javax.crypto.Mac hmac = javax.crypto.Mac.getInstance("HmacSHA256");
        hmac.init(new javax.crypto.spec.SecretKeySpec("cloudprofiler configuration protocol"
                .getBytes(), "HmacSHA256"));
        byte[] pseudoRandomKey = hmac.doFinal("t".getBytes());
        hmac.init(new javax.crypto.spec.SecretKeySpec(pseudoRandomKey, "HmacSHA256"));
        byte[] key = hmac.doFinal("datagram MAC v2\u0001".getBytes());
        hmac.init(new javax.crypto.spec.SecretKeySpec(key, "HmacSHA256"));
        assertEquals(HexFormat.of().formatHex(hmac.doFinal(HexFormat.of().parseHex(signed))),
                HexFormat.of().formatHex(bytes, bytes.length - 32, bytes.length));
    }

    @Test
    void everyMessageSurvivesEncodingAndDecoding() throws Exception {
        List<ConfigMessage> messages = List.of(new Query("split/3/in"),
                new Choice(4, "split/**=XOY:1:100"), new Choice(0, ""),
                new SetRule("**/cpu=OFF", true), new SetRule("**=NULL", false),
                new RemoveRule("**/cpu"), new Done(9, ""), new Done(9, "no rule has the glob"),
                new ListRules(3), new Rules(2, 1, 3, List.of("a/**=ID", "b/**=NULL")),
                new Hello(-5), new Welcome(77));
        for (ConfigMessage message : messages) {
            byte[] bytes = CODEC.encode(message, 99, 42);
            ConfigDatagram decoded = CODEC.decode(bytes, bytes.length);
            assertEquals(new ConfigDatagram(99, 42, message), decoded);
        }
    }

    @Test
    void anotherSecretOrAnyAlteredByteIsUnauthenticated() {
        byte[] bytes = CODEC.encode(new SetRule("**=OFF", true), 3, 1);
        assertRejected(Rejection.UNAUTHENTICATED, new ConfigCodec(ConfigKey.fromSecret("u"))
                .encode(new SetRule("**=OFF", true), 3, 1), bytes.length);
        for (int at = 5; at < bytes.length; at++) {
            assertRejected(Rejection.UNAUTHENTICATED, changed(bytes, at, bytes[at] ^ 0x20),
                    bytes.length);
        }
    }

    @Test
    void aPeerOfAnotherVersionIsToldSoInOneLine() {
        byte[] versionOne = HexFormat.of().parseHex("4350434601010000" + "0".repeat(24) + "0000");
        assertRejected(Rejection.WRONG_VERSION, versionOne, versionOne.length,
                "version 1", "same cloudprofiler version");
    }

    @Test
    void malformedDatagramsWithAValidMacAreRejectedWithTheirReason() {
        byte[] query = CODEC.encode(new Query("a/1/in"), 1, 1);
        assertRejected(Rejection.MALFORMED, query, 19, "shorter");
        assertRejected(Rejection.MALFORMED, resigned(query, query.length - 33), query.length - 1,
                "shorter");
        byte[] longer = Arrays.copyOf(query, query.length + 1);
        System.arraycopy(query, query.length - 32, longer, query.length - 31, 32);
        assertRejected(Rejection.MALFORMED, resigned(longer, longer.length - 32), longer.length,
                "trailing");
        assertRejected(Rejection.MALFORMED, resigned(changed(query, 0, 0x44), query.length - 32),
                query.length, "magic");
        assertRejected(Rejection.MALFORMED, resigned(changed(query, 5, 99), query.length - 32),
                query.length, "type 99");
        assertRejected(Rejection.MALFORMED, resigned(changed(query, 6, 1), query.length - 32),
                query.length, "reserved");
        assertRejected(Rejection.MALFORMED, resigned(changed(query, 22, 0xff), query.length - 32),
                query.length, "UTF-8");
        assertRejected(Rejection.MALFORMED, resigned(changed(query, 22, '\n'), query.length - 32),
                query.length, "control");
        byte[] set = CODEC.encode(new SetRule("**=ID", false), 1, 1);
        assertRejected(Rejection.MALFORMED, resigned(changed(set, 20, 2), set.length - 32),
                set.length, "placement");
        byte[] rules = CODEC.encode(new Rules(1, 0, 1, List.of("**=ID")), 1, 1);
        assertRejected(Rejection.MALFORMED, resigned(changed(rules, 30, 0), rules.length - 32),
                rules.length, "of only 0");
    }

    @Test
    void aDatagramLongerThanTheProtocolAllowsIsOversized() {
        byte[] bytes = new byte[ConfigCodec.MAX_DATAGRAM_BYTES + 1];
        assertRejected(Rejection.OVERSIZED, bytes, bytes.length);
    }

    @Test
    void aTextLongerThanTheLimitIsNotEncoded() {
        String name = "a".repeat(ConfigCodec.MAX_TEXT_BYTES + 1);
        assertThrows(IllegalArgumentException.class,
                () -> CODEC.encode(new Query(name), 1, 1));
    }

    private static byte[] changed(byte[] bytes, int offset, int value) {
        byte[] copy = bytes.clone();
        copy[offset] = (byte) value;
        return copy;
    }

    /** A copy of {@code bytes} with the MAC of their first {@code signed} bytes after them. */
    private static byte[] resigned(byte[] bytes, int signed) {
        byte[] copy = bytes.clone();
        ConfigKey.fromSecret("t").sign(copy, signed);
        return copy;
    }

    private static void assertRejected(Rejection expected, byte[] bytes, int length,
            String... detail) {
        RejectedDatagramException e = assertThrows(RejectedDatagramException.class,
                () -> CODEC.decode(bytes, length));
        assertEquals(expected, e.rejection(), e.getMessage());
        for (String part : detail) {
            assertTrue(e.getMessage().contains(part), e.getMessage());
        }
    }
}
