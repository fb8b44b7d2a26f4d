package org.cloudprofiler.bench;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.config.ServerAddress;
import org.cloudprofiler.config.service.NetConf;
import org.cloudprofiler.log.HandlerType;

/**
 * How long a task's {@code NET_CONF} lookup keeps it waiting when the configuration server never
 * answers (a bound socket that reads nothing): 100 lookups of a task's probe points, each timed
 * from the call to the fallback, in a fresh JVM, so the first one is a cold JVM's. Not a JMH
 * benchmark: the first lookup is the figure that matters.
 *
 * <pre>java -cp bench/target/benchmarks.jar org.cloudprofiler.bench.NetConfFallbackBench</pre>
 */
public final class NetConfFallbackBench {
    private static final int LOOKUPS = 100;

    private NetConfFallbackBench() {}

    public static void main(String[] args) throws Exception {
        try (DatagramSocket silent = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            NetConf netConf = NetConf.of(new ServerAddress("127.0.0.1", silent.getLocalPort()), "");
            HandlerChoice requested = new HandlerChoice(HandlerType.BUFFERED_ID, List.of());
            long[] lookupNs = new long[LOOKUPS];
            for (int i = 0; i < LOOKUPS; i++) {
                Map<String, HandlerChoice> channels = new LinkedHashMap<>();
                for (ProbePoint point : ProbePoint.values()) {
                    channels.put(point.channelName("silent", i), requested);
                }
                long startNs = System.nanoTime();
                netConf.chooseAll(channels);
                lookupNs[i] = System.nanoTime() - startNs;
            }
            long firstNs = lookupNs[0];
            Arrays.sort(lookupNs);
            System.out.printf(Locale.ROOT, "NET_CONF lookup of %d channels, silent server, %d"
                    + " lookups: first %.1f ms, p50 %.1f ms, max %.1f ms; %s%n",
                    ProbePoint.values().length, LOOKUPS, firstNs / 1e6,
                    lookupNs[LOOKUPS / 2] / 1e6, lookupNs[LOOKUPS - 1] / 1e6, NetConf.counters());
        }
    }
}
