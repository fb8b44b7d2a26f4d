package org.cloudprofiler.config.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.cloudprofiler.config.service.internal.ConfigCodec;
import org.cloudprofiler.config.service.internal.ConfigKey;
import org.cloudprofiler.config.service.internal.ConfigMessage.Choice;
import org.cloudprofiler.log.HandlerType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A configuration server and its clients over loopback, with and without a rules file. */
@Timeout(60)
class ConfigServiceTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    Path directory;

    @Test
    void setRulesAnswerQueriesFirstMatchFirst() throws Exception {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "t", null);
                ConfigClient client = new ConfigClient(server.address(), "t")) {
            assertNull(client.query("split/3/in", TIMEOUT).rule());
            client.set("**=NULL", false, TIMEOUT);
            long generation = client.set("split/**=XOY:1:100", true, TIMEOUT);
            ServerChoice choice = client.query("split/3/in", TIMEOUT);
            assertEquals(generation, choice.generation());
            assertEquals(HandlerType.XOY, choice.rule().choice().handler());
            assertEquals(List.of(1L, 100L), choice.rule().choice().parameters());
            assertEquals(HandlerType.NULL,
                    client.query("sink/0/in", TIMEOUT).rule().choice().handler());
            assertEquals(List.of("split/**=XOY:1:100", "**=NULL"),
                    client.list(TIMEOUT).rules());
        }
    }

    @Test
    void settingAGlobAgainReplacesItsRuleWhereItStands() throws Exception {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", null);
                ConfigClient client = new ConfigClient(server.address(), "")) {
            client.set("a/**=ID", false, TIMEOUT);
            client.set("b/**=ID", false, TIMEOUT);
            client.set("a/**=NULL", true, TIMEOUT);
            client.remove("b/**", TIMEOUT);
            assertEquals(List.of("a/**=NULL"), client.list(TIMEOUT).rules());
        }
    }

    @Test
    void aBadRuleOrAnUnknownGlobIsRefusedWithTheFix() throws Exception {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", null);
                ConfigClient client = new ConfigClient(server.address(), "")) {
            ConfigServiceException bad = assertThrows(ConfigServiceException.class,
                    () -> client.set("**=FAST", false, TIMEOUT));
            assertTrue(bad.getMessage().contains("unknown handler 'FAST'"), bad.getMessage());
            ConfigServiceException unknown = assertThrows(ConfigServiceException.class,
                    () -> client.remove("x/**", TIMEOUT));
            assertTrue(unknown.getMessage().contains("config list"), unknown.getMessage());
            assertEquals(2, server.counters().refusedChanges());
            assertEquals(0, server.generation());
        }
    }

    @Test
    void aListLongerThanOneDatagramArrivesWhole() throws Exception {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", null);
                ConfigClient client = new ConfigClient(server.address(), "")) {
            for (int i = 0; i < 300; i++) {
                client.set("operator-" + i + "/**=DOWNSAMPLE:" + (i + 1), false, TIMEOUT);
            }
            List<String> rules = client.list(TIMEOUT).rules();
            assertEquals(300, rules.size());
            assertEquals("operator-299/**=DOWNSAMPLE:300", rules.get(299));
        }
    }

    @Test
    void theRulesFileIsReadAtStartWatchedAndWrittenByChanges() throws Exception {
        Path file = directory.resolve("rules");
        Files.writeString(file, "sink/**=ID\n**=NULL\n");
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", file);
                ConfigClient client = new ConfigClient(server.address(), "")) {
            assertEquals(List.of("sink/**=ID", "**=NULL"), client.list(TIMEOUT).rules());
            Files.writeString(file, "**=BUFFERED_ID");
            awaitTrue(() -> server.rules().size() == 1);
            assertEquals(HandlerType.BUFFERED_ID,
                    client.query("a/1/in", TIMEOUT).rule().choice().handler());
            client.set("**/cpu=OFF", true, TIMEOUT);
            assertEquals("**/cpu=OFF\n**=BUFFERED_ID\n", Files.readString(file));
        }
    }

    @Test
    void aRulesFileThatDoesNotParseLeavesTheRulesInForce() throws Exception {
        Path file = directory.resolve("rules");
        Files.writeString(file, "**=NULL");
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", file)) {
            long generation = server.generation();
            Files.writeString(file, "**=NUL");
            awaitTrue(() -> server.counters().rejectedFiles() == 1);
            assertEquals(generation, server.generation());
            assertEquals("**=NULL", server.rules().get(0).toString());
        }
    }

    @Test
    void aClientWithAnotherTokenGetsNoAnswerAndIsCounted() throws Exception {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "t", null);
                ConfigClient client = new ConfigClient(server.address(), "u")) {
            ConfigServiceException e = assertThrows(ConfigServiceException.class,
                    () -> client.query("a/1/in", Duration.ofMillis(300)));
            assertTrue(e.getMessage().contains("--token"), e.getMessage());
            // The hello, sent three times within the timeout: none opened a session.
            awaitTrue(() -> server.counters().unauthenticated() == 3);
            assertEquals(0, server.counters().sessionsOpened());
        }
    }

    @Test
    void malformedAndOversizedDatagramsAreCountedAndTheServerStillAnswers() throws Exception {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", null);
                DatagramSocket stranger = new DatagramSocket();
                ConfigClient client = new ConfigClient(server.address(), "")) {
            send(stranger, server.address(), "hello".getBytes());
            send(stranger, server.address(), new byte[ConfigCodec.MAX_DATAGRAM_BYTES + 1]);
            send(stranger, server.address(), new byte[8000]);
            byte[] reply = new ConfigCodec(ConfigKey.fromSecret("")).encode(new Choice(0, ""), 1, 1);
            send(stranger, server.address(), reply);
            awaitTrue(() -> server.counters().dropped() == 4);
            ConfigServerCounters counters = server.counters();
            assertEquals(1, counters.malformed());
            assertEquals(2, counters.oversized());
            assertEquals(1, counters.unexpected());
            assertNull(client.query("a/1/in", TIMEOUT).rule());
        }
    }

    @Test
    void aClientOfAClosedPortFailsFastWithTheFix() throws Exception {
        InetSocketAddress address;
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", null)) {
            address = server.address();
        }
        try (ConfigClient client = new ConfigClient(address, "")) {
            ConfigServiceException e = assertThrows(ConfigServiceException.class,
                    () -> client.query("a/1/in", Duration.ofSeconds(30)));
            assertTrue(e.getMessage().contains("config-server"), e.getMessage());
        }
    }

    private static void send(DatagramSocket socket, InetSocketAddress to, byte[] bytes)
            throws Exception {
        socket.send(new DatagramPacket(bytes, bytes.length, to));
    }

    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        while (!condition.getAsBoolean()) {
            Thread.sleep(5);
        }
    }
}
