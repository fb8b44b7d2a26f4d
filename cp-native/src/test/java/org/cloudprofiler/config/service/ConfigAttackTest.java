package org.cloudprofiler.config.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.cloudprofiler.config.HandlerRule;
import org.cloudprofiler.config.service.internal.ConfigCodec;
import org.cloudprofiler.config.service.internal.ConfigKey;
import org.cloudprofiler.config.service.internal.ConfigMessage.RemoveRule;
import org.cloudprofiler.config.service.internal.ConfigMessage.SetRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An attacker on the configuration network: a relay between a real client and the server
 * captures every datagram (as someone reading the traffic would), and the test replays, forges
 * and alters them, from the address the server saw the client at, in the session and against a
 * restarted server. The rules stay those the client set, and every datagram refused is counted
 * under its reason.
 */
@Timeout(60)
class ConfigAttackTest {
    private static final String SECRET = "attack-test-secret";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final ConfigCodec CODEC = new ConfigCodec(ConfigKey.fromSecret(SECRET));

    @Test
    void replayedForgedAndAlteredDatagramsChangeNoRuleAndAreCounted() throws Exception {
        List<byte[]> captured;
        List<HandlerRule> genuine;
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, SECRET, null);
                Relay relay = new Relay(server.address());
                ConfigClient client = new ConfigClient(relay.clientSide(), SECRET)) {
            client.set("a/**=ID", false, TIMEOUT);
            byte[] firstSet = relay.lastFromClient();
            // The latest request, replayed: answered again, not made again.
            long generation = server.generation();
            relay.sendAsClient(firstSet);
            awaitTrue(() -> server.counters().repeatedRequests() == 1);
            assertEquals(generation, server.generation());
            client.set("b/**=NULL", true, TIMEOUT);
            genuine = server.rules();
            generation = server.generation();

            ConfigServerCounters before = server.counters();
            // An older request replayed: a replay. Then forgeries without the key: the captured
            // SET turned into "a/**=OFF" with its MAC kept, and a REMOVE signed with a guess.
            relay.sendAsClient(firstSet);
            relay.sendAsClient(withRule(firstSet, "a/**=ID", "a/**=OF"));
            long session = CODEC.decode(firstSet, firstSet.length).session();
            relay.sendAsClient(new ConfigCodec(ConfigKey.fromSecret("a guess"))
                    .encode(new RemoveRule("b/**"), session, 1000));
            // A datagram of a session never opened, signed right (a server of a past run).
            relay.sendAsClient(CODEC.encode(new SetRule("**=OFF", true), session + 1, 1));
            awaitTrue(() -> server.counters().dropped() - before.dropped() == 4);
            ConfigServerCounters after = server.counters();
            assertEquals(1, after.replayed() - before.replayed());
            assertEquals(2, after.unauthenticated() - before.unauthenticated());
            assertEquals(1, after.wrongSession() - before.wrongSession());
            assertEquals(before.changes(), after.changes());
            assertEquals(generation, server.generation());
            assertEquals(genuine, server.rules());
            captured = relay.fromClient();
        }

        // The next run's server, with the same secret and rules: the past session's requests
        // are of no session it opened; its hellos open sessions no one can use.
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, SECRET, null);
                ConfigClient client = new ConfigClient(server.address(), SECRET);
                DatagramSocket attacker = new DatagramSocket()) {
            for (HandlerRule rule : genuine) {
                client.set(rule.toString(), false, TIMEOUT);
            }
            List<HandlerRule> rules = server.rules();
            ConfigServerCounters before = server.counters();
            long hellos = 0;
            for (byte[] datagram : captured) {
                boolean hello = CODEC.decode(datagram, datagram.length).session() == 0;
                hellos += hello ? 1 : 0;
                attacker.send(new DatagramPacket(datagram, datagram.length, server.address()));
            }
            long requests = captured.size() - hellos;
            long opened = hellos;
            assertTrue(requests >= 2 && hellos >= 1, captured.size() + " datagrams captured");
            awaitTrue(() -> server.counters().wrongSession() - before.wrongSession() == requests
                    && server.counters().sessionsOpened() - before.sessionsOpened() == opened);
            assertEquals(before.changes(), server.counters().changes());
            assertEquals(rules, server.rules());
        }
    }

    /** {@code datagram} with the bytes of {@code from} replaced by those of {@code to}. */
    private static byte[] withRule(byte[] datagram, String from, String to) {
        byte[] search = from.getBytes(StandardCharsets.UTF_8);
        byte[] replacement = to.getBytes(StandardCharsets.UTF_8);
        assertEquals(search.length, replacement.length);
        byte[] forged = datagram.clone();
        for (int at = 0; at + search.length <= forged.length; at++) {
            if (Arrays.equals(forged, at, at + search.length, search, 0, search.length)) {
                System.arraycopy(replacement, 0, forged, at, replacement.length);
                return forged;
            }
        }
        throw new AssertionError(from + " is not in the datagram");
    }

    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadlineNs = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() - deadlineNs < 0, "condition not met within 5 s");
            Thread.sleep(5);
        }
    }

    /**
     * Between one client and the server: forwards both ways and keeps every datagram the client
     * sent. The server sees the client at the relay's server side, which is where an attacker
     * spoofing the client sends from.
     */
    private static final class Relay implements AutoCloseable {
        private final DatagramSocket clientSide;
        private final DatagramSocket serverSide;
        private final InetSocketAddress server;
        private final List<byte[]> fromClient = new ArrayList<>();
        private volatile SocketAddress client;

        Relay(InetSocketAddress server) throws SocketException {
            this.server = server;
            clientSide = new DatagramSocket(0, InetAddress.getLoopbackAddress());
            serverSide = new DatagramSocket(0, InetAddress.getLoopbackAddress());
            start("relay from the client", clientSide, packet -> {
                client = packet.getSocketAddress();
                synchronized (fromClient) {
                    fromClient.add(Arrays.copyOf(packet.getData(), packet.getLength()));
                }
                serverSide.send(new DatagramPacket(packet.getData(), packet.getLength(),
                        server));
            });
            start("relay from the server", serverSide, packet -> clientSide.send(
                    new DatagramPacket(packet.getData(), packet.getLength(), client)));
        }

        InetSocketAddress clientSide() {
            return (InetSocketAddress) clientSide.getLocalSocketAddress();
        }

        List<byte[]> fromClient() {
            synchronized (fromClient) {
                return List.copyOf(fromClient);
            }
        }

        byte[] lastFromClient() {
            synchronized (fromClient) {
                return fromClient.get(fromClient.size() - 1);
            }
        }

        void sendAsClient(byte[] datagram) throws IOException {
            serverSide.send(new DatagramPacket(datagram, datagram.length, server));
        }

        private interface Forward {
            void accept(DatagramPacket packet) throws IOException;
        }

        private static void start(String name, DatagramSocket socket, Forward forward) {
            Thread thread = new Thread(() -> {
                byte[] buffer = new byte[ConfigCodec.MAX_DATAGRAM_BYTES + 1];
                while (!socket.isClosed()) {
                    try {
                        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                        socket.receive(packet);
                        forward.accept(packet);
                    } catch (IOException closed) {
                        // Closed: the loop ends.
                    }
                }
            }, name);
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void close() {
            clientSide.close();
            serverSide.close();
        }
    }
}
