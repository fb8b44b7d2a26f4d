package org.cloudprofiler.storm.testing;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Metric;
import com.codahale.metrics.MetricRegistry;
import org.apache.storm.metrics2.reporters.StormReporter;

/**
 * A metrics v2 reporter that reports nothing but remembers the registries of the workers in this
 * JVM, so a test can read metric values directly. Thread-safe.
 */
public final class RecordingReporter implements StormReporter {

    private static final Set<MetricRegistry> REGISTRIES = ConcurrentHashMap.newKeySet();

    @Override
    public void prepare(MetricRegistry registry, Map<String, Object> topologyConf,
            Map<String, Object> reporterConf) {
        REGISTRIES.add(registry);
    }

    @Override
    public void start() {
        // Values are read on demand.
    }

    @Override
    public void stop() {
        // Nothing runs.
    }

    @Override
    public void close() {
        // Nothing to release; the registries stay readable after their workers stop.
    }

    /** Sum of the counters and numeric gauges whose names contain all of {@code parts}. */
    public static long sum(String... parts) {
        long sum = 0;
        for (MetricRegistry registry : REGISTRIES) {
            for (Map.Entry<String, Metric> metric : registry.getMetrics().entrySet()) {
                if (!containsAll(metric.getKey(), parts)) {
                    continue;
                }
                if (metric.getValue() instanceof Counter counter) {
                    sum += counter.getCount();
                } else if (metric.getValue() instanceof Gauge<?> gauge
                        && gauge.getValue() instanceof Number number) {
                    sum += number.longValue();
                }
            }
        }
        return sum;
    }

    /** Names of all metrics whose names contain all of {@code parts}, for failure messages. */
    public static Set<String> names(String... parts) {
        Set<String> names = new TreeSet<>();
        for (MetricRegistry registry : REGISTRIES) {
            registry.getMetrics().keySet().stream().filter(n -> containsAll(n, parts))
                    .forEach(names::add);
        }
        return names;
    }

    private static boolean containsAll(String name, String... parts) {
        for (String part : parts) {
            if (!name.contains(part)) {
                return false;
            }
        }
        return true;
    }
}
