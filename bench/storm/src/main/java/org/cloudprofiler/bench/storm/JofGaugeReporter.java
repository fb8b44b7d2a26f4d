package org.cloudprofiler.bench.storm;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.codahale.metrics.MetricRegistry;
import org.apache.storm.Config;
import org.apache.storm.metrics2.reporters.StormReporter;

/**
 * Hands each worker's metric registry to the driver of a LocalCluster run, so that it can read
 * the JOF counters a {@code JofSpout} registers as gauges ({@code cloudprofiler.jof.*}) when the
 * run ends rather than wait for a reporting period. Storm creates one per worker from
 * {@code topology.metrics.reporters}; it reports nothing itself. Thread-safe.
 */
public final class JofGaugeReporter implements StormReporter {
    private static final ConcurrentMap<String, List<MetricRegistry>> REGISTRIES =
            new ConcurrentHashMap<>();
    private static final String PREFIX = "cloudprofiler.jof.";

    private String topologyName;
    private MetricRegistry registry;

    /** For Storm, which instantiates reporters by class name. */
    public JofGaugeReporter() {}

    // Deprecated in favour of a provider-taking default that calls it; still abstract in 2.8.
    @SuppressWarnings("deprecation")
    @Override
    public void prepare(MetricRegistry metricsRegistry, Map<String, Object> topoConf,
            Map<String, Object> reporterConf) {
        topologyName = (String) topoConf.get(Config.TOPOLOGY_NAME);
        registry = metricsRegistry;
    }

    @Override
    public void start() {
        REGISTRIES.computeIfAbsent(topologyName, name -> new CopyOnWriteArrayList<>())
                .add(registry);
    }

    @Override
    public void stop() {
        List<MetricRegistry> registries = REGISTRIES.get(topologyName);
        if (registries != null) {
            registries.remove(registry);
        }
    }

    @Override
    public void close() {
        stop();
    }

    /**
     * The sum over every task of the topology's JOF gauge {@code counter} (e.g.
     * {@code tuples-dropped}), or -1 if no worker of it has registered one.
     */
    @SuppressWarnings("rawtypes") // MetricRegistry.getGauges() hands out raw Gauges.
    static long sum(String topologyName, String counter) {
        long sum = 0;
        boolean found = false;
        for (MetricRegistry registry : REGISTRIES.getOrDefault(topologyName, List.of())) {
            for (var gauge : registry.getGauges().entrySet()) {
                if (gauge.getKey().endsWith(PREFIX + counter)
                        && gauge.getValue().getValue() instanceof Number value) {
                    sum += value.longValue();
                    found = true;
                }
            }
        }
        return found ? sum : -1;
    }

    /** Forgets the topology's registries once it is gone. */
    static void forget(String topologyName) {
        REGISTRIES.remove(topologyName);
    }
}
