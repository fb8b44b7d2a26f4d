package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.cloudprofiler.cluster.Polling;
import org.cloudprofiler.cluster.Polling.Observation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code config-server} and {@code config set|list|rm} over loopback, as a user runs them. */
@Timeout(60)
class ConfigCommandsTest {
    /** A guard only: longer than each server runs (--duration 4s). */
    private static final Duration SERVER_START = Duration.ofSeconds(30);

    @TempDir
    Path directory;

    @Test
    void setListAndRemoveChangeTheServersRulesAndItsFile() throws Exception {
        String port = String.valueOf(freeUdpPort());
        Path rules = directory.resolve("rules");
        Files.writeString(rules, "**=NULL\n");
        CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> CommandRun.of(
                "config-server", "--port", port, "--token", "t", "--rules", rules.toString(),
                "--duration", "4s").exitCode());
        String address = "127.0.0.1:" + port;
        awaitServer(address, "t");
        CommandRun set = CommandRun.of("config", "set", "--server", address, "--token", "t",
                "--timeout", "5s", "--first", "sink/**=BUFFERED_ID");
        assertEquals(0, set.exitCode(), set.err());
        CommandRun list = CommandRun.of("config", "list", "--server", address, "--token", "t");
        assertEquals(0, list.exitCode(), list.err());
        assertTrue(list.out().startsWith("sink/**=BUFFERED_ID\n**=NULL\n"), list.out());
        assertEquals("sink/**=BUFFERED_ID\n**=NULL\n", Files.readString(rules));
        CommandRun remove = CommandRun.of("config", "rm", "--server", address, "--token", "t",
                "**");
        assertEquals(0, remove.exitCode(), remove.err());
        assertEquals("sink/**=BUFFERED_ID\n", Files.readString(rules));
        assertEquals(0, server.get(30, TimeUnit.SECONDS));
    }

    @Test
    void aRefusedRuleExitsWithTheServersReason() throws Exception {
        String port = String.valueOf(freeUdpPort());
        CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> CommandRun.of(
                "config-server", "--port", port, "--duration", "4s").exitCode());
        awaitServer("127.0.0.1:" + port, "");
        CommandRun set = CommandRun.of("config", "set", "--server", "127.0.0.1:" + port,
                "--timeout", "3s", "**=XOY:1:0");
        assertEquals(1, set.exitCode());
        assertTrue(set.err().contains("parameter y must be"), set.err());
        assertEquals(0, server.get(30, TimeUnit.SECONDS));
    }

    @Test
    void aServerAddressWithoutPortIsAUsageErrorNamingTheFix() {
        CommandRun list = CommandRun.of("config", "list", "--server", "localhost");
        assertTrue(list.err().contains("host:port"), list.err());
    }

    /** Until the server started in the background answers (each try fails fast until then). */
    private static void awaitServer(String address, String token) throws Exception {
        Polling.await("the configuration server at " + address + " did not answer",
                SERVER_START, Duration.ofMillis(20), () -> {
                    CommandRun list = CommandRun.of("config", "list", "--server", address,
                            "--token", token);
                    return list.exitCode() == 0 ? Observation.found(list)
                            : Observation.notYet(list.err().strip());
                });
    }

    private static int freeUdpPort() throws Exception {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
