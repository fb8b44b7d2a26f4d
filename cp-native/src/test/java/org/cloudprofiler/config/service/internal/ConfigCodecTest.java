package org.cloudprofiler.config.service.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.cloudprofiler.config.service.internal.ConfigMessage.Choice;
import org.cloudprofiler.config.service.internal.ConfigMessage.Done;
import org.cloudprofiler.config.service.internal.ConfigMessage.ListRules;
import org.cloudprofiler.config.service.internal.ConfigMessage.Query;
import org.cloudprofiler.config.service.internal.ConfigMessage.RemoveRule;
import org.cloudprofiler.config.service.internal.ConfigMessage.Rules;
import org.cloudprofiler.config.service.internal.ConfigMessage.SetRule;
import org.junit.jupiter.api.Test;

/** The configuration datagrams: bytes as docs/config-protocol.md gives them, and rejections. */
class ConfigCodecTest {
    private static final long TOKEN = ConfigCodec.hashToken("t");

    @Test
    void theTokenHashIsTheSyncProtocolsFnv1a() {
        assertEquals(0, ConfigCodec.hashToken(""));
        assertEquals(0xaf63e94c860202a3L, ConfigCodec.hashToken("t"));
    }

    @Test
    void aQueryIsTheDocumentedBytes() {
        byte[] bytes = ConfigCodec.encode(new Query("a/1/in"), 7, 0);
        assertEquals("43504346" + "01" + "01" + "0000" + "0000000000000000" + "07000000"
                + "0600" + HexFormat.of().formatHex("a/1/in".getBytes()),
                HexFormat.of().formatHex(bytes));
    }

    @Test
    void everyMessageSurvivesEncodingAndDecoding() throws Exception {
        List<ConfigMessage> messages = List.of(new Query("split/3/in"),
                new Choice(4, "split/**=XOY:1:100"), new Choice(0, ""),
                new SetRule("**/cpu=OFF", true), new SetRule("**=NULL", false),
                new RemoveRule("**/cpu"), new Done(9, ""), new Done(9, "no rule has the glob"),
                new ListRules(3), new Rules(2, 1, 3, List.of("a/**=ID", "b/**=NULL")));
        for (ConfigMessage message : messages) {
            byte[] bytes = ConfigCodec.encode(message, 42, TOKEN);
            ConfigDatagram decoded = ConfigCodec.decode(bytes, bytes.length, TOKEN);
            assertEquals(new ConfigDatagram(42, message), decoded);
        }
    }

    @Test
    void aDatagramWithAnotherTokenIsRejectedAsSuch() {
        byte[] bytes = ConfigCodec.encode(new Query("a/1/in"), 1, ConfigCodec.hashToken("u"));
        assertRejected(Rejection.WRONG_TOKEN, bytes, bytes.length);
    }

    @Test
    void malformedDatagramsAreRejectedWithTheirReason() {
        byte[] query = ConfigCodec.encode(new Query("a/1/in"), 1, TOKEN);
        assertRejected(Rejection.MALFORMED, query, 19, "shorter");
        assertRejected(Rejection.MALFORMED, query, query.length - 1, "shorter");
        assertRejected(Rejection.MALFORMED, Arrays.copyOf(query, query.length + 1),
                query.length + 1, "trailing");
        assertRejected(Rejection.MALFORMED, changed(query, 0, 0x44), query.length, "magic");
        assertRejected(Rejection.MALFORMED, changed(query, 4, 2), query.length, "version 2");
        assertRejected(Rejection.MALFORMED, changed(query, 5, 99), query.length, "type 99");
        assertRejected(Rejection.MALFORMED, changed(query, 6, 1), query.length, "reserved");
        assertRejected(Rejection.MALFORMED, changed(query, 22, 0xff), query.length, "UTF-8");
        assertRejected(Rejection.MALFORMED, changed(query, 22, '\n'), query.length, "control");
        byte[] set = ConfigCodec.encode(new SetRule("**=ID", false), 1, TOKEN);
        assertRejected(Rejection.MALFORMED, changed(set, 20, 2), set.length, "placement");
        byte[] rules = ConfigCodec.encode(new Rules(1, 0, 1, List.of("**=ID")), 1, TOKEN);
        assertRejected(Rejection.MALFORMED, changed(rules, 30, 0), rules.length, "of only 0");
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
                () -> ConfigCodec.encode(new Query(name), 1, 0));
    }

    private static byte[] changed(byte[] bytes, int offset, int value) {
        byte[] copy = bytes.clone();
        copy[offset] = (byte) value;
        return copy;
    }

    private static void assertRejected(Rejection expected, byte[] bytes, int length,
            String... detail) {
        RejectedDatagramException e = assertThrows(RejectedDatagramException.class,
                () -> ConfigCodec.decode(bytes, length, TOKEN));
        assertEquals(expected, e.rejection(), e.getMessage());
        for (String part : detail) {
            assertTrue(e.getMessage().contains(part), e.getMessage());
        }
    }
}
