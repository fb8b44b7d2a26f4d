package org.cloudprofiler.storm.probe;

import com.codahale.metrics.Gauge;
import java.util.function.ToLongFunction;
import org.apache.storm.task.TopologyContext;
import org.cloudprofiler.ChannelStats;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.probe.TaskProbe;

/**
 * Registers a task's profiling metrics with Storm's metrics v2 registry, named
 * {@code cloudprofiler.<what>}: the {@link TaskCounters}, and per channel the gauges
 * {@code cloudprofiler.<point>.accepted}, {@code .dropped} and {@code .rejected}. Call from the
 * task's open or prepare; the registry's reporters read the values from their own threads.
 */
public final class TaskMetrics {

    private static final String PREFIX = "cloudprofiler.";

    private TaskMetrics() {}

    /** Registers and returns the task's counters. */
    public static TaskCounters registerCounters(TopologyContext context) {
        return new TaskCounters(
                context.registerCounter(PREFIX + "missing-ids"),
                context.registerCounter(PREFIX + "off-thread-emits"),
                context.registerCounter(PREFIX + "pills-received"),
                context.registerCounter(PREFIX + "duplicate-pills"));
    }

    /**
     * Registers the gauges of every channel the probe opens; a Storm task has no watermark
     * channels (a windowed bolt makes its watermarks inside).
     */
    public static void registerChannelGauges(TopologyContext context, TaskProbe probe) {
        for (ProbePoint point : ProbePoint.values()) {
            if (probe.handler(point).isOff() || point.holdsWatermarks()) {
                continue;
            }
            String name = PREFIX + point.point() + ".";
            register(context, name + "accepted", probe, point, ChannelStats::accepted);
            register(context, name + "dropped", probe, point, ChannelStats::dropped);
            register(context, name + "rejected", probe, point, ChannelStats::rejected);
        }
    }

    private static void register(TopologyContext context, String name, TaskProbe probe,
            ProbePoint point, ToLongFunction<ChannelStats> value) {
        Gauge<Long> gauge = () -> {
            ChannelStats stats = probe.stats(point);
            return stats == null ? 0L : value.applyAsLong(stats);
        };
        context.registerGauge(name, gauge);
    }
}
