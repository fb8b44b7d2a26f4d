package org.cloudprofiler.generator.ysb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The class-1 payload against the encoding docs/wire-format.md spells out for the native
 * generator, which writes it without Kryo: {@link DocumentedEncoding} below follows the doc, not
 * Kryo's source, and Kryo 5.6.2 must agree with it byte for byte.
 */
class AdEventSerializerTest {
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void anEventIsTheBytesTheDocSpellsOut() {
        AdEvent event = new AdEvent("123e4567-e89b-12d3-a456-426614174000",
                "00000000-0000-0000-0000-000000000001", "ffffffff-ffff-ffff-ffff-ffffffffffff",
                "banner", "view", 1_704_067_200_000L, "10.0.0.1");
        // Worked out by hand from the doc (it shows the same bytes): a UUID is 36 characters,
        // over 32, so it is length-prefixed (0xa5 = 0x80 | 37), never high-bit-terminated.
        String expected = "a5" + HEX.formatHex(event.userId().getBytes(StandardCharsets.US_ASCII))
                + "a5" + HEX.formatHex(event.pageId().getBytes(StandardCharsets.US_ASCII))
                + "a5" + HEX.formatHex(event.adId().getBytes(StandardCharsets.US_ASCII))
                + "62616e6e65f2" + "766965f7" + "80e8c792cc31" + "31302e302e302eb1";
        assertEquals(expected, HEX.formatHex(YsbKryo.serialize(YsbKryo.create(), event)));
        assertEquals(event, read(HEX.parseHex(expected)));
    }

    @Test
    void kryoWritesEveryEdgeOfTheStringAndLongEncodingsAsDocumented() {
        List<String> strings = Arrays.asList(null, "", "a", "ab", "x".repeat(32), "x".repeat(33),
                "x".repeat(62), "x".repeat(63), "x".repeat(8190), "x".repeat(8191), "é",
                "naïve café", "sponsored-search", "255.255.255.255");
        long[] times = {0, 1, 127, 128, 16_383, 16_384, 1_704_067_200_000L, Long.MAX_VALUE, -1};
        Kryo kryo = YsbKryo.create();
        for (String text : strings) {
            for (long time : times) {
                AdEvent event = new AdEvent(text, "p", text, "mail", "click", time, text);
                byte[] kryoBytes = YsbKryo.serialize(kryo, event);
                assertEquals(HEX.formatHex(DocumentedEncoding.of(event)),
                        HEX.formatHex(kryoBytes), "string " + text + ", time " + time);
                assertEquals(event, read(kryoBytes));
            }
        }
    }

    @Test
    void theReaderAlsoTakesLongAsciiStringsHighBitTerminated() {
        // Input.readString dispatches on the first byte, so a writer may end any ASCII string
        // of 2 or more characters with its high bit set, however long.
        String uuid = "123e4567-e89b-12d3-a456-426614174000";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < 3; i++) {
            byte[] ascii = uuid.getBytes(StandardCharsets.US_ASCII);
            ascii[ascii.length - 1] |= (byte) 0x80;
            out.writeBytes(ascii);
        }
        out.writeBytes(HEX.parseHex("62616e6e65f2" + "766965f7" + "00" + "312eae"));
        assertEquals(new AdEvent(uuid, uuid, uuid, "banner", "view", 0, "1.."),
                read(out.toByteArray()));
    }

    @Test
    void aPoolRoundTrips() {
        AdEventPool pool = AdEventPool.generate(3, 500);
        byte[][] payloads = pool.payloads();
        for (int i = 0; i < pool.size(); i++) {
            assertEquals(HEX.formatHex(DocumentedEncoding.of(pool.events().get(i))),
                    HEX.formatHex(payloads[i]));
            assertEquals(pool.events().get(i), read(payloads[i]));
        }
    }

    private static AdEvent read(byte[] payload) {
        Input input = new Input(payload);
        AdEvent event = YsbKryo.create().readObject(input, AdEvent.class);
        assertEquals(payload.length, input.position(), "every byte read");
        return event;
    }

    /** docs/wire-format.md, "YSB ad event (class 1)", written out without Kryo. */
    private static final class DocumentedEncoding {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        static byte[] of(AdEvent event) {
            DocumentedEncoding encoding = new DocumentedEncoding();
            encoding.string(event.userId());
            encoding.string(event.pageId());
            encoding.string(event.adId());
            encoding.string(event.adType());
            encoding.string(event.eventType());
            encoding.varLong(event.eventTimeMs());
            encoding.string(event.ipAddress());
            return encoding.out.toByteArray();
        }

        private void string(String text) {
            if (text == null) {
                out.write(0x80);
            } else if (text.isEmpty()) {
                out.write(0x81);
            } else if (text.length() >= 2 && text.length() <= 32
                    && text.chars().allMatch(c -> c < 0x80)) {
                byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
                ascii[ascii.length - 1] |= (byte) 0x80;
                out.writeBytes(ascii);
            } else {
                lengthWithUtf8Flag(text.length() + 1);
                // Every char of these test strings is in the Basic Multilingual Plane, where
                // Kryo's per-char encoding is UTF-8.
                out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
            }
        }

        private void lengthWithUtf8Flag(int value) {
            if (value >>> 6 == 0) {
                out.write(0x80 | value);
                return;
            }
            out.write(0x80 | 0x40 | (value & 0x3F));
            int rest = value >>> 6;
            while (rest >>> 7 != 0) {
                out.write(0x80 | (rest & 0x7F));
                rest >>>= 7;
            }
            out.write(rest);
        }

        private void varLong(long value) {
            for (int i = 0; i < 8; i++) {
                if (value >>> 7 == 0) {
                    out.write((int) value);
                    return;
                }
                out.write((int) (0x80 | (value & 0x7F)));
                value >>>= 7;
            }
            out.write((int) value);
        }
    }
}
