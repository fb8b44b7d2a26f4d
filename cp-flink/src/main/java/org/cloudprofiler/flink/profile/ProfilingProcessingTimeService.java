package org.cloudprofiler.flink.profile;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import org.apache.flink.streaming.runtime.tasks.ProcessingTimeService;
import org.apache.flink.util.clock.Clock;

/**
 * The processing-time service a profiled operator gets: each callback it registers (its
 * processing-time timers, windows and periodic work) runs as work outside the processing of a
 * record, so what it emits is minted at the operator, with its {@code in} where the timer
 * fired. Everything else is the task's service.
 */
final class ProfilingProcessingTimeService implements ProcessingTimeService {
    private final ProcessingTimeService service;
    private final SubtaskProfiler profiler;

    ProfilingProcessingTimeService(ProcessingTimeService service, SubtaskProfiler profiler) {
        this.service = service;
        this.profiler = profiler;
    }

    @Override
    public long getCurrentProcessingTime() {
        return service.getCurrentProcessingTime();
    }

    @Override
    public Clock getClock() {
        return service.getClock();
    }

    @Override
    public ScheduledFuture<?> registerTimer(long timestamp, ProcessingTimeCallback target) {
        return service.registerTimer(timestamp, triggered(target));
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(ProcessingTimeCallback callback,
            long initialDelay, long period) {
        return service.scheduleAtFixedRate(triggered(callback), initialDelay, period);
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(ProcessingTimeCallback callback,
            long initialDelay, long period) {
        return service.scheduleWithFixedDelay(triggered(callback), initialDelay, period);
    }

    @Override
    public CompletableFuture<Void> quiesce() {
        return service.quiesce();
    }

    private ProcessingTimeCallback triggered(ProcessingTimeCallback callback) {
        return timestamp -> profiler.runTriggered(() -> callback.onProcessingTime(timestamp));
    }
}
