package org.cloudprofiler.config.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.config.CpOptions;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.config.ServerAddress;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.testing.ChannelLogs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Live changes: an open {@code NET_CONF} channel follows its rule, one log file per handler, and
 * no accepted call is lost to a change, even under full-speed logging from several threads.
 */
@Timeout(120)
class NetConfChannelTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final HandlerChoice NULL = new HandlerChoice(HandlerType.NULL, List.of());

    @Test
    void aRuleChangedWhileTheChannelIsOpenReachesIt() throws Exception {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", null);
                ConfigClient client = new ConfigClient(server.address(), "")) {
            client.set("follow/**=ID", false, TIMEOUT);
            NetConf netConf = NetConf.of(address(server), "");
            try (NetConfChannel channel = netConf.open("follow/0/in", LogFormat.RAW, NULL)) {
                assertTrue(channel.log(1));
                client.set("follow/**=OFF", false, TIMEOUT);
                awaitHandler(channel, "OFF");
                assertTrue(channel.log(2));
                client.remove("follow/**", TIMEOUT);
                awaitHandler(channel, "NULL");
                assertEquals(2, channel.changes());
            }
            List<Path> files = ownFiles("follow/0/in");
            assertEquals(3, files.size());
            assertEquals(List.of("ID", "NULL", "NULL"), handlers(files));
            assertEquals(1, records(files));
        }
    }

    @Test
    void liveChangesUnderFullSpeedLoggingKeepEveryAcceptedCall() throws Exception {
        int writers = 4;
        int changes = 10;
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", null);
                ConfigClient client = new ConfigClient(server.address(), "")) {
            client.set("swap/**=ID", false, TIMEOUT);
            NetConf netConf = NetConf.of(address(server), "");
            List<NetConfChannel> channels = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                channels.add(netConf.open("swap/" + i + "/in", LogFormat.ZSTD, NULL));
            }
            AtomicBoolean stop = new AtomicBoolean();
            long[] calls = new long[writers];
            long[] accepted = new long[writers];
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                int writer = i;
                threads.add(new Thread(() -> {
                    NetConfChannel channel = channels.get(writer);
                    long id = 0;
                    while (!stop.get()) {
                        accepted[writer] += channel.log(id++) ? 1 : 0;
                    }
                    calls[writer] = id;
                }, "writer " + i));
            }
            threads.forEach(Thread::start);
            for (int change = 1; change <= changes; change++) {
                String handler = change % 2 == 1 ? "BUFFERED_ID" : "ID";
                client.set("swap/**=" + handler, false, TIMEOUT);
                for (NetConfChannel channel : channels) {
                    awaitHandler(channel, handler);
                }
            }
            stop.set(true);
            for (Thread thread : threads) {
                thread.join();
            }
            channels.forEach(NetConfChannel::close);
            for (int i = 0; i < writers; i++) {
                String name = "swap/" + i + "/in";
                List<Path> files = ownFiles(name);
                assertEquals(changes + 1, files.size(), name);
                assertEquals(changes, channels.get(i).changes(), name);
                assertEquals(calls[i], accepted[i], name + ": every call accepted");
                assertEquals(calls[i], records(files), name + ": records out = calls in");
                assertTrue(calls[i] > changes, name + " logged " + calls[i]);
            }
        }
    }

    @Test
    void aCounterRuleWithoutAPeriodGetsTheEnginesPeriodAfterAChange() throws Exception {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", null);
                ConfigClient client = new ConfigClient(server.address(), "")) {
            CpSettings settings = CpSettings.from(Map.of(
                    CpOptions.CONFIG_SERVER.key(), "127.0.0.1:" + server.address().getPort(),
                    CpOptions.COUNT_PERIOD.key(), "250ms"));
            try (NetConfChannel channel = NetConf.of(settings).open("periods/0/count",
                    LogFormat.RAW, NULL)) {
                client.set("periods/**=SPC", false, TIMEOUT);
                while (channel.handler().handler() != HandlerType.SPC) {
                    Thread.sleep(5);
                }
                assertEquals(new HandlerChoice(HandlerType.SPC, List.of(250_000_000L)),
                        channel.handler());
            }
            List<Path> files = ownFiles("periods/0/count");
            try (LogReader reader = LogReader.open(files.get(files.size() - 1))) {
                assertEquals(HandlerType.SPC, reader.header().handler());
                assertEquals(250_000_000L, reader.header().parameter(0));
            }
        }
    }

    private static void awaitHandler(NetConfChannel channel, String handler)
            throws InterruptedException {
        while (!channel.handler().toString().equals(handler)) {
            Thread.sleep(5);
        }
    }

    private static ServerAddress address(ConfigServer server) {
        return new ServerAddress("127.0.0.1", server.address().getPort());
    }

    /** This process's files of {@code channel}, in the order they were opened. */
    private static List<Path> ownFiles(String channel) throws IOException {
        Path directory = Path.of(CloudProfiler.logDirectory()).resolve(channel).getParent();
        String prefix = Path.of(channel).getFileName() + "." + ProcessHandle.current().pid() + ".";
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .sorted((a, b) -> Long.compare(serial(a), serial(b))).toList();
        }
    }

    private static long serial(Path file) {
        String[] parts = file.getFileName().toString().split("\\.");
        return Long.parseLong(parts[parts.length - 2]);
    }

    private static List<String> handlers(List<Path> files) throws IOException {
        List<String> handlers = new ArrayList<>();
        for (Path file : files) {
            try (LogReader reader = LogReader.open(file)) {
                handlers.add(reader.header().handler().name());
            }
        }
        return handlers;
    }

    private static long records(List<Path> files) throws IOException {
        long records = 0;
        for (Path file : files) {
            try (LogReader reader = LogReader.open(file)) {
                records += ChannelLogs.rows(reader).size();
                assertTrue(reader.problems().isEmpty(), reader.problems()::toString);
            }
        }
        return records;
    }
}
