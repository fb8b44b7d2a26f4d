package org.cloudprofiler.storm.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.probe.TaskProbe;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.tupleid.TupleIdExtractor;
import org.junit.jupiter.api.Test;

/** A task's probe: lazy channels on the executor thread, other threads counted, names, off. */
class TaskProbeTest {

    @Test
    void channelsOpenOnTheExecutorThreadAndOtherThreadsAreCountedNotLogged() throws Exception {
        TaskCounters counters = TaskCounters.unregistered();
        TaskProbe probe = new TaskProbe("probe test", 3, CpSettings.from(Map.of(
                "cloudprofiler.handlers", "**/{in,out}=ID")), counters);
        assertNull(probe.stats(ProbePoint.IN));

        Thread executor = new Thread(() -> {
            probe.bindExecutorThread();
            probe.enter(10);
            probe.handOff(10);
            probe.enter(TupleIdExtractor.NO_ID);
            assertTrue(probe.emitIsOnExecutorThread());
            probe.endOfRun();
        });
        executor.start();
        executor.join();
        assertFalse(probe.emitIsOnExecutorThread());
        assertEquals(1, counters.offThreadEmits().getCount());
        assertEquals(1, counters.missingIds().getCount());
        assertEquals(1, probe.stats(ProbePoint.IN).accepted());
        assertEquals(2, probe.stats(ProbePoint.COUNT).accepted());
        probe.retire();

        assertEquals(List.of(10L), ProfileLogs.column("probe_test/3/in", "id"));
        assertEquals(List.of(10L), ProfileLogs.column("probe_test/3/out", "id"));
        assertEquals(List.of(10L, HandlerType.POISON_PILL_ID),
                ProfileLogs.column("probe_test/3/first-last", "id"));
        assertEquals(1, probe.stats(ProbePoint.IN).accepted(), "kept after closing");
    }

    @Test
    void aDisabledOrOffChannelOpensNothing() {
        TaskProbe disabled = new TaskProbe("disabled", 1,
                CpSettings.from(Map.of("cloudprofiler.enabled", "false")),
                TaskCounters.unregistered());
        TaskProbe off = new TaskProbe("off", 1,
                CpSettings.from(Map.of("cloudprofiler.handlers", "**=OFF")),
                TaskCounters.unregistered());
        for (TaskProbe probe : List.of(disabled, off)) {
            probe.bindExecutorThread();
            probe.enter(1);
            probe.handOff(1);
            probe.endOfRun();
            for (ProbePoint point : ProbePoint.values()) {
                assertTrue(probe.handler(point).isOff());
                assertNull(probe.stats(point));
            }
            probe.retire();
        }
    }
}
