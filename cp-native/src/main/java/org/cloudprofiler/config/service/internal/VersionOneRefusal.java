package org.cloudprofiler.config.service.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The one answer a configuration server gives a client of the previous release (configuration
 * protocol version 1), in that version's layout, so that its user reads why instead of waiting
 * out a time-out (docs/config-protocol.md, "Peers of another version"): a {@code SET} or
 * {@code REMOVE} gets a {@code DONE} whose problem is the text, which such a client prints as
 * "the configuration server at ... refused: ..."; a {@code QUERY} gets a {@code CHOICE} whose
 * "rule" is the text, which it cannot parse and reports with "run the same cloudprofiler version
 * on both sides"; a {@code LIST} gets an empty part of a list of one rule, which it reports as
 * "not a cloudprofiler config-server of this version".
 *
 * <p>Version 1 had no MAC: its datagrams carried the FNV-1a hash of the token in clear. The
 * answer echoes the hash and request id the client sent, so it reveals nothing of the server's
 * secret, and it carries no rule, generation or other data of the server. Clients of version 2
 * drop it as another version. Stateless.
 */
public final class VersionOneRefusal {
    private static final int VERSION_ONE = 1;

    private VersionOneRefusal() {}

    /**
     * Version 1's answer to {@code length} bytes of {@code data} if they are a version-1 request
     * (header: magic, version 1, a request type, reserved 0, u64 token hash, u32 request id),
     * else {@code null}.
     *
     * @param problem why, and the fix; without {@code '='}, so that it never parses as a rule
     */
    public static byte[] answer(byte[] data, int length, String problem) {
        if (problem.indexOf('=') >= 0) {
            throw new IllegalArgumentException("the problem must not read as a rule: " + problem);
        }
        if (length < ConfigCodec.HEADER_BYTES || length > ConfigCodec.MAX_DATAGRAM_BYTES) {
            return null;
        }
        ByteBuffer in = ByteBuffer.wrap(data, 0, length).order(ByteOrder.LITTLE_ENDIAN);
        int type = data[5] & 0xff;
        if (in.getInt(0) != ConfigCodec.MAGIC || (data[4] & 0xff) != VERSION_ONE
                || in.getShort(6) != 0 || type != ConfigCodec.QUERY && type != ConfigCodec.SET
                && type != ConfigCodec.REMOVE && type != ConfigCodec.LIST) {
            return null;
        }
        byte[] text = problem.getBytes(StandardCharsets.US_ASCII);
        ByteBuffer out = ByteBuffer.allocate(ConfigCodec.HEADER_BYTES + 13 + 2 + text.length)
                .order(ByteOrder.LITTLE_ENDIAN);
        // The client's own token hash and request id: version 1 checks both on every reply.
        out.putInt(ConfigCodec.MAGIC).put((byte) VERSION_ONE)
                .put((byte) (type == ConfigCodec.QUERY ? ConfigCodec.CHOICE
                        : type == ConfigCodec.LIST ? ConfigCodec.RULES : ConfigCodec.DONE))
                .putShort((short) 0).putLong(in.getLong(8)).putInt(in.getInt(16));
        out.putLong(0);  // the generation: none of this server's is given away
        if (type == ConfigCodec.LIST) {
            out.putShort((short) 0).putShort((short) 1).put((byte) 0);
        } else {
            out.putShort((short) text.length).put(text);
        }
        byte[] bytes = new byte[out.position()];
        out.flip().get(bytes);
        return bytes;
    }
}
