package org.cloudprofiler.config.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.cloudprofiler.config.CpConfigException;
import org.cloudprofiler.config.CpOption;
import org.cloudprofiler.config.HandlerRule;
import org.cloudprofiler.config.service.internal.VersionOneRefusal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client of the previous release (configuration protocol version 1, the token's hash in
 * clear, no MAC) against this server: every request it can make gets the one answer, in its own
 * layout, that its code reports as an error naming the version, and nothing of the rules; it
 * changes no rule. The datagrams are built here byte by byte as version 1 laid them out.
 */
@Timeout(30)
class ConfigServerVersionOneTest {
    private static final long TOKEN_HASH = 0x1122334455667788L;
    private static final String PROBLEM = "this configuration server speaks protocol version 2,"
            + " this client version 1: run the same cloudprofiler version on both sides";

    /** Version-1 datagrams sent so far. */
    private int sent;

    @Test
    void everyVersionOneRequestIsAnsweredWithTheReasonInItsLayoutAndChangesNothing()
            throws Exception {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "the secret", null);
                ConfigClient client = new ConfigClient(server.address(), "the secret");
                DatagramSocket oldClient = new DatagramSocket()) {
            client.set("a/**=ID", false, Duration.ofSeconds(5));
            List<HandlerRule> rules = server.rules();
            long generation = server.generation();

            // SET **=OFF: DONE, generation 0, the reason as its problem.
            ByteBuffer done = exchange(oldClient, server.address(),
                    request(3, 41, new byte[] {1, 6, 0, '*', '*', '=', 'O', 'F', 'F'}));
            assertHeader(done, 5, 41);
            assertEquals(0, done.getLong());
            assertEquals(PROBLEM, text(done));
            // QUERY: CHOICE whose "rule" is the reason, which no version parses as a rule.
            ByteBuffer choice = exchange(oldClient, server.address(),
                    request(1, 42, new byte[] {5, 0, 'a', '/', '0', '/', 'i'}));
            assertHeader(choice, 2, 42);
            assertEquals(0, choice.getLong());
            String rule = text(choice);
            assertEquals(PROBLEM, rule);
            assertThrows(CpConfigException.class,
                    () -> HandlerRule.parse(new CpOption("configuration server", "", ""), rule));
            // LIST 0: an empty part of a list of one rule, which version 1 reports as an error.
            ByteBuffer list = exchange(oldClient, server.address(), request(6, 43, new byte[2]));
            assertHeader(list, 7, 43);
            assertEquals(0, list.getLong());
            assertEquals(0, list.getShort());
            assertEquals(1, list.getShort());
            assertEquals(0, list.get());
            assertEquals(0, list.remaining());

            assertEquals(rules, server.rules());
            assertEquals(generation, server.generation());
            assertEquals(sent, server.counters().wrongVersion());
            assertEquals(1, server.counters().changes());
        }
    }

    @Test
    void onlyVersionOneRequestsAreAnswered() {
        byte[] reply = request(7, 1, new byte[13]);  // a RULES: a reply, not a request
        byte[] cut = Arrays.copyOf(request(1, 1, new byte[0]), 19);
        byte[] reserved = request(1, 1, new byte[2]);
        reserved[6] = 1;
        byte[] newer = request(1, 1, new byte[2]);
        newer[4] = 3;
        for (byte[] datagram : List.of(reply, cut, reserved, newer)) {
            assertNull(VersionOneRefusal.answer(
                    datagram, datagram.length, PROBLEM), Arrays.toString(datagram));
        }
        byte[] query = request(1, 1, new byte[2]);
        assertNotNull(VersionOneRefusal.answer(
                query, query.length, PROBLEM));
    }

    /** Version 1's header (magic, version 1, type, reserved, token hash, request id), body. */
    private static byte[] request(int type, int requestId, byte[] body) {
        ByteBuffer out = ByteBuffer.allocate(20 + body.length).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(0x46435043).put((byte) 1).put((byte) type).putShort((short) 0)
                .putLong(TOKEN_HASH).putInt(requestId).put(body);
        return out.array();
    }

    /** Sends as a version-1 client does, again until answered (the server paces its answers). */
    private ByteBuffer exchange(DatagramSocket socket, InetSocketAddress server,
            byte[] request) throws IOException {
        socket.setSoTimeout(250);
        byte[] buffer = new byte[1500];
        for (int attempt = 0; attempt < 20; attempt++) {
            socket.send(new DatagramPacket(request, request.length, server));
            sent++;
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                socket.receive(packet);
                return ByteBuffer.wrap(Arrays.copyOf(buffer, packet.getLength()))
                        .order(ByteOrder.LITTLE_ENDIAN);
            } catch (SocketTimeoutException e) {
                // Answered within 100 ms of the previous answer: not answered; send again.
            }
        }
        throw new AssertionError("no answer to a version-1 request");
    }

    private static void assertHeader(ByteBuffer reply, int type, int requestId) {
        byte[] header = new byte[8];
        reply.get(header);
        assertArrayEquals(new byte[] {'C', 'P', 'C', 'F', 1, (byte) type, 0, 0}, header);
        assertEquals(TOKEN_HASH, reply.getLong());
        assertEquals(requestId, reply.getInt());
    }

    private static String text(ByteBuffer reply) {
        byte[] bytes = new byte[reply.getShort() & 0xffff];
        reply.get(bytes);
        assertEquals(0, reply.remaining());
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
