package org.cloudprofiler.config.service.internal;

import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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

/**
 * Encodes and decodes the configuration protocol's datagrams, byte for byte as
 * docs/config-protocol.md specifies them: every datagram ends with the HMAC-SHA-256 of all its
 * other bytes under a {@link ConfigKey}. Decoding checks the MAC before it reads any field and
 * never trusts its input. Immutable and thread-safe.
 */
public final class ConfigCodec {
    /** {@code "CPCF"} as the first four bytes. */
    public static final int MAGIC = 0x46435043;
    public static final int VERSION = 2;
    public static final int HEADER_BYTES = 20;
    public static final int MAC_BYTES = ConfigKey.MAC_BYTES;
    /** No datagram of the protocol is longer: it stays under a common path MTU. */
    public static final int MAX_DATAGRAM_BYTES = 1400;
    /** Longest text field (channel name, rule, glob, problem), in UTF-8 bytes. */
    public static final int MAX_TEXT_BYTES = 1024;
    // The message types, the same numbers in version 1 (VersionOneRefusal answers in it).
    static final int QUERY = 1;
    static final int CHOICE = 2;
    static final int SET = 3;
    static final int REMOVE = 4;
    static final int DONE = 5;
    static final int LIST = 6;
    static final int RULES = 7;
    private static final int HELLO = 8;
    private static final int WELCOME = 9;
    /** Bytes of a {@link Rules} datagram besides its rules. */
    public static final int RULES_PREFIX_BYTES = HEADER_BYTES + 8 + 2 + 2 + 1 + MAC_BYTES;

    private final ConfigKey key;

    public ConfigCodec(ConfigKey key) {
        this.key = key;
    }

    /**
     * The datagram for {@code message} in {@code session} (0 for a {@link Hello}), its MAC
     * appended.
     *
     * @throws IllegalArgumentException if a text is longer than {@link #MAX_TEXT_BYTES} or the
     *     rules do not fit in one datagram
     */
    public byte[] encode(ConfigMessage message, long session, int requestId) {
        ByteBuffer out = ByteBuffer.allocate(MAX_DATAGRAM_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(MAGIC).put((byte) VERSION).put((byte) 0).putShort((short) 0)
                .putLong(session).putInt(requestId);
        int type;
        try {
            if (message instanceof Hello hello) {
                type = HELLO;
                out.putLong(hello.nonce());
            } else if (message instanceof Welcome welcome) {
                type = WELCOME;
                out.putLong(welcome.nonce());
            } else if (message instanceof Query query) {
                type = QUERY;
                putText(out, query.channelName());
            } else if (message instanceof Choice choice) {
                type = CHOICE;
                putText(out.putLong(choice.generation()), choice.rule());
            } else if (message instanceof SetRule set) {
                type = SET;
                putText(out.put((byte) (set.first() ? 1 : 0)), set.rule());
            } else if (message instanceof RemoveRule remove) {
                type = REMOVE;
                putText(out, remove.glob());
            } else if (message instanceof Done done) {
                type = DONE;
                putText(out.putLong(done.generation()), done.problem());
            } else if (message instanceof ListRules list) {
                type = LIST;
                out.putShort((short) list.first());
            } else {
                Rules rules = (Rules) message;
                type = RULES;
                out.putLong(rules.generation()).putShort((short) rules.first())
                        .putShort((short) rules.total()).put((byte) rules.rules().size());
                for (String rule : rules.rules()) {
                    putText(out, rule);
                }
            }
            out.put(new byte[MAC_BYTES]);  // where the MAC goes: checks that it fits
        } catch (BufferOverflowException e) {
            throw new IllegalArgumentException("message longer than "
                    + MAX_DATAGRAM_BYTES + " bytes: " + message, e);
        }
        out.put(5, (byte) type);
        byte[] bytes = new byte[out.position()];
        out.flip().get(bytes);
        key.sign(bytes, bytes.length - MAC_BYTES);
        return bytes;
    }

    /** The encoded size of a text field: how many rules still fit in a {@link Rules} reply. */
    public static int textBytes(String text) {
        return 2 + text.getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * Decodes {@code length} bytes of {@code data}: size, then magic and version, then the MAC,
     * and only then any other field.
     *
     * @throws RejectedDatagramException naming what is wrong; an oversized datagram is one longer
     *     than {@link #MAX_DATAGRAM_BYTES}
     */
    public ConfigDatagram decode(byte[] data, int length) throws RejectedDatagramException {
        if (length > MAX_DATAGRAM_BYTES) {
            throw new RejectedDatagramException(Rejection.OVERSIZED,
                    "longer than " + MAX_DATAGRAM_BYTES + " bytes");
        }
        ByteBuffer in = ByteBuffer.wrap(data, 0, length).order(ByteOrder.LITTLE_ENDIAN);
        if (length >= 5 && in.getInt(0) == MAGIC && (data[4] & 0xff) != VERSION) {
            throw new RejectedDatagramException(Rejection.WRONG_VERSION,
                    "configuration protocol version " + (data[4] & 0xff) + ", this side speaks "
                            + VERSION + ": run the same cloudprofiler version on both sides");
        }
        if (length < HEADER_BYTES + MAC_BYTES) {
            throw malformed(length + " bytes, shorter than a header and a MAC");
        }
        if (!key.verify(data, length)) {
            throw new RejectedDatagramException(Rejection.UNAUTHENTICATED,
                    "its MAC does not verify: the sender has another secret (--token), or the"
                            + " datagram was altered");
        }
        in.limit(length - MAC_BYTES);
        try {
            int magic = in.getInt();
            in.get();  // the version, checked above
            int type = in.get() & 0xff;
            int reserved = in.getShort();
            long session = in.getLong();
            int requestId = in.getInt();
            if (magic != MAGIC) {
                throw malformed(String.format("magic 0x%08x is not CPCF", magic));
            }
            if (reserved != 0) {
                throw malformed("reserved field " + reserved + " is not 0");
            }
            ConfigMessage message = body(type, in);
            if (in.hasRemaining()) {
                throw malformed(in.remaining() + " trailing byte(s) after a type-" + type
                        + " message");
            }
            return new ConfigDatagram(session, requestId, message);
        } catch (BufferUnderflowException e) {
            throw malformed(length + " bytes, shorter than its header and type require");
        }
    }

    private static ConfigMessage body(int type, ByteBuffer in) throws RejectedDatagramException {
        return switch (type) {
            case HELLO -> new Hello(in.getLong());
            case WELCOME -> new Welcome(in.getLong());
            case QUERY -> new Query(text(in));
            case CHOICE -> new Choice(in.getLong(), text(in));
            case SET -> {
                boolean first = placementFirst(in);
                yield new SetRule(text(in), first);
            }
            case REMOVE -> new RemoveRule(text(in));
            case DONE -> new Done(in.getLong(), text(in));
            case LIST -> new ListRules(in.getShort() & 0xffff);
            case RULES -> rules(in);
            default -> throw malformed("unknown type " + type);
        };
    }

    private static boolean placementFirst(ByteBuffer in) throws RejectedDatagramException {
        int flag = in.get();
        if (flag != 0 && flag != 1) {
            throw malformed("placement flag " + flag + " is neither 0 nor 1");
        }
        return flag == 1;
    }

    private static Rules rules(ByteBuffer in) throws RejectedDatagramException {
        long generation = in.getLong();
        int first = in.getShort() & 0xffff;
        int total = in.getShort() & 0xffff;
        int count = in.get() & 0xff;
        if (first + count > total) {
            throw malformed("rules " + first + ".." + (first + count) + " of only " + total);
        }
        List<String> rules = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            rules.add(text(in));
        }
        return new Rules(generation, first, total, rules);
    }

    private static void putText(ByteBuffer out, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_TEXT_BYTES) {
            throw new IllegalArgumentException("text of " + bytes.length + " bytes, more than "
                    + MAX_TEXT_BYTES + ": " + text.substring(0, 40) + "...");
        }
        out.putShort((short) bytes.length).put(bytes);
    }

    private static String text(ByteBuffer in) throws RejectedDatagramException {
        int length = in.getShort() & 0xffff;
        if (length > MAX_TEXT_BYTES) {
            throw malformed("text field of " + length + " bytes, more than " + MAX_TEXT_BYTES);
        }
        if (length > in.remaining()) {
            throw new BufferUnderflowException();
        }
        ByteBuffer bytes = in.slice(in.position(), length);
        in.position(in.position() + length);
        try {
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes);
            String text = chars.toString();
            if (text.chars().anyMatch(Character::isISOControl)) {
                throw malformed("text field holds a control character");
            }
            return text;
        } catch (CharacterCodingException e) {
            throw malformed("text field is not UTF-8");
        }
    }

    private static RejectedDatagramException malformed(String detail) {
        return new RejectedDatagramException(Rejection.MALFORMED, detail);
    }
}
