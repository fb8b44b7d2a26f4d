package org.cloudprofiler.bench;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.config.ServerAddress;
import org.cloudprofiler.config.service.ConfigClient;
import org.cloudprofiler.config.service.ConfigServer;
import org.cloudprofiler.config.service.NetConf;
import org.cloudprofiler.config.service.NetConfChannel;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;

/**
 * Time from a rule change to the new handler in force on an open {@code NET_CONF} channel:
 * {@code cloudprofiler config set}'s request sent, to the change counted (the swap returned,
 * the old file closed: the successor took calls a little before), while a writer thread logs to
 * it at full speed. 100 changes between ID and BUFFERED_ID, server on loopback, each at a
 * random moment of the watcher's interval (a change made right after a poll waits a whole one).
 *
 * <pre>java -cp bench/target/benchmarks.jar org.cloudprofiler.bench.NetConfChangeBench</pre>
 */
public final class NetConfChangeBench {
    private static final String OPERATOR = "bench-netconf-change";
    private static final int CHANGES = 100;

    private NetConfChangeBench() {}

    public static void main(String[] args) throws Exception {
        BenchLogs.deleteOperator(OPERATOR);
        long[] changeNs = new long[CHANGES];
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", null);
                ConfigClient client = new ConfigClient(server.address(), "")) {
            client.set(OPERATOR + "/**=ID", false, Duration.ofSeconds(5));
            NetConf netConf = NetConf.of(
                    new ServerAddress("127.0.0.1", server.address().getPort()), "");
            NetConfChannel channel = netConf.open(OPERATOR + "/0/in", LogFormat.ZSTD,
                    new HandlerChoice(HandlerType.NULL, List.of()));
            AtomicBoolean stop = new AtomicBoolean();
            Thread writer = new Thread(() -> {
                long id = 0;
                while (!stop.get()) {
                    channel.log(id++);
                }
            }, "writer");
            writer.start();
            Random random = new Random(24);
            for (int i = 0; i < CHANGES; i++) {
                Thread.sleep(random.nextInt((int) NetConf.FOLLOW_INTERVAL.toMillis()));
                long changesBefore = channel.changes();
                String handler = i % 2 == 0 ? "BUFFERED_ID" : "ID";
                long startNs = System.nanoTime();
                client.set(OPERATOR + "/**=" + handler, false, Duration.ofSeconds(5));
                while (channel.changes() == changesBefore) {
                    Thread.onSpinWait();
                }
                changeNs[i] = System.nanoTime() - startNs;
            }
            stop.set(true);
            writer.join();
            channel.close();
        }
        BenchLogs.deleteOperator(OPERATOR);
        Arrays.sort(changeNs);
        System.out.printf(Locale.ROOT, "rule change to the new handler in force, %d changes:"
                + " p50 %.1f ms, max %.1f ms (polled every %d ms)%n", CHANGES,
                changeNs[CHANGES / 2] / 1e6, changeNs[CHANGES - 1] / 1e6,
                NetConf.FOLLOW_INTERVAL.toMillis());
    }
}
