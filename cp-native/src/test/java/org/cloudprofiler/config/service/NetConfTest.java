package org.cloudprofiler.config.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.config.ServerAddress;
import org.cloudprofiler.config.service.internal.ConfigCodec;
import org.cloudprofiler.config.service.internal.ConfigDatagram;
import org.cloudprofiler.config.service.internal.ConfigKey;
import org.cloudprofiler.config.service.internal.ConfigMessage.Choice;
import org.cloudprofiler.config.service.internal.ConfigMessage.Hello;
import org.cloudprofiler.config.service.internal.ConfigMessage.Welcome;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code NET_CONF} lookups: the server's rule when it answers, the requested handler when it
 * cannot (closed port, silence, garbage, a flapping server), every lookup counted.
 */
@Timeout(120)
class NetConfTest {
    private static final HandlerChoice ID = new HandlerChoice(HandlerType.ID, List.of());
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    Path directory;

    @Test
    void theServersFirstMatchingRuleWinsAndNoMatchKeepsTheRequestedHandler() throws Exception {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "t", null);
                ConfigClient client = new ConfigClient(server.address(), "t")) {
            client.set("split/**=XOY:1:10", false, TIMEOUT);
            NetConf netConf = NetConf.of(address(server.address().getPort()), "t");
            NetConfCounters before = NetConf.counters();
            Map<String, HandlerChoice> chosen = netConf.chooseAll(requested("split/1/in",
                    "sink/1/in"));
            assertEquals("XOY:1:10", chosen.get("split/1/in").toString());
            assertEquals(ID, chosen.get("sink/1/in"));
            assertEquals(List.of("split/1/in", "sink/1/in"), List.copyOf(chosen.keySet()));
            assertEquals(before.answered() + 2, NetConf.counters().answered());
            assertEquals(before.fallbacks(), NetConf.counters().fallbacks());
        }
    }

    @Test
    void aClosedPortKeepsTheRequestedHandlersAndCountsEach() throws Exception {
        int port;
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        assertFallsBack(NetConf.of(address(port), ""));
    }

    @Test
    void aSilentServerKeepsTheRequestedHandlers() throws Exception {
        try (DatagramSocket silent = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            assertFallsBack(NetConf.of(address(silent.getLocalPort()), ""));
        }
    }

    @Test
    void aServerAnsweringGarbageKeepsTheRequestedHandlers() throws Exception {
        Random random = new Random(24);
        List<Function<ConfigDatagram, byte[]>> garbage = List.of(
                query -> randomBytes(random),
                query -> CODEC.encode(new Choice(1, "**=NULL"), query.session(),
                        query.requestId() + 1),
                query -> CODEC.encode(new Choice(1, "**=NULL"), query.session() + 1,
                        query.requestId()),
                query -> new ConfigCodec(ConfigKey.fromSecret("another")).encode(
                        new Choice(1, "**=NULL"), query.session(), query.requestId()),
                query -> CODEC.encode(new Choice(1, "**=FAST"), query.session(),
                        query.requestId()));
        for (Function<ConfigDatagram, byte[]> answer : garbage) {
            try (FakeServer server = new FakeServer(answer)) {
                assertFallsBack(NetConf.of(address(server.port()), ""));
            }
        }
    }

    @Test
    void channelsOpenAndCloseUnderAFlappingServer() throws Exception {
        int port;
        try (ConfigServer probe = ConfigServer.start("127.0.0.1", 0, "", null)) {
            port = probe.address().getPort();
        }
        Path rules = Files.writeString(directory.resolve("rules"), "**=NULL");
        AtomicBoolean stop = new AtomicBoolean();
        Thread flapper = new Thread(() -> flap(port, rules, stop), "flapping config server");
        flapper.start();
        NetConf netConf = NetConf.of(address(port), "");
        NetConfCounters before = NetConf.counters();
        int opens = 300;
        int underServerRule = 0;
        try {
            for (int i = 0; i < opens; i++) {
                long channel = netConf.openChannel("flap/" + i + "/in", LogFormat.RAW, ID);
                CloudProfiler.logTS(channel, i);
                ChannelStats stats = CloudProfiler.channelStats(channel);
                assertTrue(CloudProfiler.closeChannel(channel));
                // The server's rule is NULL (records nothing); the requested handler ID records.
                assertTrue(stats.recorded() <= 1, stats.toString());
                underServerRule += stats.recorded() == 0 ? 1 : 0;
            }
        } finally {
            stop.set(true);
            flapper.join();
        }
        NetConfCounters after = NetConf.counters();
        assertEquals(opens, after.answered() - before.answered()
                + after.fallbacks() - before.fallbacks());
        assertEquals(underServerRule, after.answered() - before.answered());
    }

    /** Starts and stops a server on {@code port}, each phase a few ms, until told to stop. */
    private static void flap(int port, Path rules, AtomicBoolean stop) {
        Random random = new Random(7);
        while (!stop.get()) {
            try (ConfigServer server = ConfigServer.start("127.0.0.1", port, "", rules)) {
                Thread.sleep(random.nextInt(30));
            } catch (Exception e) {
                // The port may still be held a moment after the last close: try again.
            }
            try {
                Thread.sleep(random.nextInt(30));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static void assertFallsBack(NetConf netConf) {
        NetConfCounters before = NetConf.counters();
        Map<String, HandlerChoice> requested = requested("a/1/in", "a/1/out", "a/1/count");
        assertEquals(requested, netConf.chooseAll(requested));
        assertEquals(before.fallbacks() + 3, NetConf.counters().fallbacks());
        assertEquals(before.answered(), NetConf.counters().answered());
    }

    private static Map<String, HandlerChoice> requested(String... names) {
        Map<String, HandlerChoice> requested = new LinkedHashMap<>();
        for (String name : names) {
            requested.put(name, ID);
        }
        return requested;
    }

    private static ServerAddress address(int port) {
        return new ServerAddress("127.0.0.1", port);
    }

    private static byte[] randomBytes(Random random) {
        byte[] bytes = new byte[random.nextInt(60)];
        random.nextBytes(bytes);
        return bytes;
    }

    /** The codec of the empty secret, the one of these tests' clients. */
    private static final ConfigCodec CODEC = new ConfigCodec(ConfigKey.fromSecret(""));

    /**
     * Opens a session for every hello, and answers every other datagram it can decode (a query)
     * with what {@code answer} makes of it.
     */
    private static final class FakeServer implements AutoCloseable {
        private final DatagramSocket socket;

        FakeServer(Function<ConfigDatagram, byte[]> answer) throws SocketException {
            socket = new DatagramSocket(0, InetAddress.getLoopbackAddress());
            Thread thread = new Thread(() -> {
                byte[] buffer = new byte[ConfigCodec.MAX_DATAGRAM_BYTES + 1];
                while (!socket.isClosed()) {
                    try {
                        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                        socket.receive(packet);
                        ConfigDatagram request = CODEC.decode(buffer, packet.getLength());
                        byte[] reply = request.message() instanceof Hello hello
                                ? CODEC.encode(new Welcome(hello.nonce()), 1, request.requestId())
                                : answer.apply(request);
                        socket.send(new DatagramPacket(reply, reply.length,
                                packet.getSocketAddress()));
                    } catch (Exception closedOrGarbage) {
                        // Closed: the loop ends; a datagram that is no query: not answered.
                    }
                }
            }, "fake config server");
            thread.setDaemon(true);
            thread.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        @Override
        public void close() {
            socket.close();  // ends the thread's receive, and so its loop
        }
    }
}
