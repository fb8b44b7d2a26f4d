package org.cloudprofiler.storm.probe;

import com.codahale.metrics.Counter;
import org.cloudprofiler.probe.TaskProbe;

/**
 * What a task counts besides its channels' own counters; Storm metrics v2 counters, so any
 * thread may increment and read them.
 *
 * @param missingIds tuples entering or leaving the task without a usable tuple id: passed on,
 *     not logged
 * @param offThreadEmits emits from threads other than the executor thread: passed on, not logged
 *     (channels are single-writer)
 * @param pillsReceived poison pills received from upstream tasks
 * @param duplicatePills pills from an upstream task that had already sent one, or from a task
 *     that is not upstream: ignored
 */
public record TaskCounters(
        Counter missingIds, Counter offThreadEmits, Counter pillsReceived, Counter duplicatePills)
        implements TaskProbe.Counters {

    @Override
    public void missingId() {
        missingIds.inc();
    }

    @Override
    public void offThreadEmit() {
        offThreadEmits.inc();
    }

    /** Counters not registered anywhere, for tasks without a metrics registry (tests). */
    public static TaskCounters unregistered() {
        return new TaskCounters(new Counter(), new Counter(), new Counter(), new Counter());
    }
}
