package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.channel.IngestionChannel;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.testing.ChannelLogs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/** {@code cloudprofiler gen} against a JeroMQ PULL socket standing in for the JOF. */
class GenCommandTest {

    @TempDir
    Path directory;

    /**
     * Runs {@code gen --port P args} against a PULL socket on P and counts the messages that
     * arrive until the end-of-run marker (flags bit 0 at byte 6).
     */
    private static CountedRun runCounted(String... args) throws InterruptedException {
        try (ZContext context = new ZContext()) {
            ZMQ.Socket socket = context.createSocket(SocketType.PULL);
            socket.setReceiveTimeOut(60_000);
            int port = socket.bindToRandomPort("tcp://127.0.0.1");
            long[] messages = new long[1];
            Thread reader = new Thread(() -> {
                for (byte[] message; (message = socket.recv()) != null; ) {
                    messages[0]++;
                    if ((message[6] & 1) != 0) {
                        return;
                    }
                }
            });
            reader.start();
            List<String> command = new ArrayList<>(List.of("gen", "--port", String.valueOf(port)));
            command.addAll(List.of(args));
            CommandRun run = CommandRun.of(command.toArray(String[]::new));
            reader.join(60_000);
            return new CountedRun(run, messages[0]);
        }
    }

    private record CountedRun(CommandRun run, long messages) {}

    @Test
    void aCleanRunPrintsEverySecondWritesJsonLinesAndExitsZero() throws Exception {
        Path json = directory.resolve("gen.jsonl");
        CountedRun counted = runCounted("--rate", "100000", "--tuples", "150000", "--payload",
                "ysb", "--spin", "0us", "--json", json.toString());
        CommandRun run = counted.run();
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("second 1: target 100,000/s"), run.out());
        assertTrue(run.out().contains("sent 150,000 of 150,000 tuples (0 dropped)"), run.out());
        List<String> lines = Files.readAllLines(json);
        assertTrue(lines.size() >= 2, lines.toString());
        assertTrue(lines.get(0).startsWith("{\"type\":\"second\",\"second\":1,"), lines.get(0));
        assertTrue(lines.get(lines.size() - 1).contains("\"sentTuples\":150000"),
                lines.get(lines.size() - 1));
        // At 100,000/s a bucket spans 1 ms: 1,500 buckets of 100 tuples, then the marker.
        assertEquals(1501, counted.messages());
    }

    @Test
    void aLongerBucketSpanSendsFewerLargerBuckets() throws Exception {
        CountedRun counted = runCounted("--rate", "100000", "--tuples", "20000", "--bucket-span",
                "5ms", "--spin", "0us");
        assertEquals(0, counted.run().exitCode(), counted.run().err());
        // 5 ms at 100,000/s: 40 buckets of 500 tuples (under --bucket 1000), the marker.
        assertEquals(41, counted.messages());
        assertTrue(counted.run().out().contains("buckets of 500"), counted.run().out());
    }

    @Test
    void logSendsLeavesTheFirstAndLastIdOfEveryBucketOnTheSendersChannel() throws Exception {
        CountedRun counted = runCounted("--rate", "100000", "--tuples", "20000", "--bucket-span",
                "5ms", "--spin", "0us", "--id-base", "7", "--log-sends");
        assertEquals(0, counted.run().exitCode(), counted.run().err());
        assertTrue(counted.run().out().contains("logging the sends to "), counted.run().out());
        List<Long> ids = new ArrayList<>();
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(IngestionChannel.name(0)))) {
            for (long[] row : ChannelLogs.rows(reader)) {
                ids.add(row[reader.header().columnIndex("id")]);
            }
        }
        // 40 buckets of 500 tuples: ids 7 to 506, 507 to 1006, ...
        assertEquals(80, ids.size());
        assertEquals(List.of(7L, 506L, 507L, 1006L), ids.subList(0, 4));
        assertEquals(20_006L, ids.get(79));
    }

    @Test
    void dropsAndAnUndeliveredMarkerExitOneWithTheProblemsNamed() throws Exception {
        try (ZContext context = new ZContext()) {
            ZMQ.Socket socket = context.createSocket(SocketType.PULL);
            socket.setRcvHWM(1);
            int port = socket.bindToRandomPort("tcp://127.0.0.1");
            // Nobody reads: the send queue fills, then every bucket and the marker are refused.
            // A second of buckets: the receiving side, cold JeroMQ code, was still taking in
            // what the kernel held when a 0.2 s run ended, and had room for the marker.
            CommandRun run = CommandRun.of("gen", "--endpoint", "tcp://127.0.0.1:" + port,
                    "--rate", "2e6", "--tuples", "2000000", "--raw-size", "1000", "--send-hwm", "1",
                    "--marker-timeout", "200ms");
            assertEquals(1, run.exitCode(), run.out() + run.err());
            assertTrue(run.err().contains("problem: dropped "), run.err());
            assertTrue(run.err().contains("could not be handed to tcp://127.0.0.1:" + port),
                    run.err());
        }
    }

    @Test
    void anUnreachableReceiverExitsOneWithTheFix() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        CommandRun run = CommandRun.of("gen", "--port", String.valueOf(port), "--tuples",
                "10", "--connect-timeout", "300ms");
        assertEquals(1, run.exitCode());
        assertTrue(run.err().contains("tcp://127.0.0.1:" + port + " did not answer"), run.err());
    }

    @Test
    void badOptionsAreUsageErrors() {
        CommandRun run = CommandRun.of("gen", "--rate", "0", "--tuples", "10");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("rate"), run.err());
        run = CommandRun.of("gen", "--rate", "1000", "--tuples", "10", "--spin", "2ms");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("spin window"), run.err());
        run = CommandRun.of("gen", "--rate", "1000", "--tuples", "10", "--bucket-span", "2s");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("bucket span"), run.err());
        run = CommandRun.of("gen", "--payload", "preloaded");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("--preloaded FILE"), run.err());
    }
}
