package org.cloudprofiler.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.CpSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The points whose handlers only count ({@code count}, {@code cpu}, and any point set to
 * {@code NULL}) take a task's first call natively and count the rest in a cell: the channels
 * count every record, live and at close.
 */
@Timeout(60)
class TaskProbeCountingTest {
    private static final int RECORDS = 10_000;

    @Test
    void countingPointsCountEveryRecordAfterTheirFirstNativeCall() throws Exception {
        CpSettings settings = CpSettings.from(Map.of("cloudprofiler.handlers",
                "**/{in,out}=NULL"));
        TaskProbe probe = new TaskProbe("counting", 4, settings, new NoCounters(),
                new TupleIdMinter(4, 0));
        AtomicReference<Map<ProbePoint, Long>> accepted = new AtomicReference<>();
        Thread task = new Thread(() -> {
            probe.bindExecutorThread();
            for (long id = 1; id <= RECORDS; id++) {
                probe.enter(id, id);
                probe.handOff();
                probe.processed();
            }
            accepted.set(Map.of(
                    ProbePoint.COUNT, probe.stats(ProbePoint.COUNT).accepted(),
                    ProbePoint.CPU, probe.stats(ProbePoint.CPU).accepted(),
                    ProbePoint.IN, probe.stats(ProbePoint.IN).accepted(),
                    ProbePoint.OUT, probe.stats(ProbePoint.OUT).accepted()));
        });
        task.start();
        task.join();

        for (ProbePoint point : new ProbePoint[] {ProbePoint.COUNT, ProbePoint.CPU,
                ProbePoint.IN, ProbePoint.OUT}) {
            assertEquals((long) RECORDS, accepted.get().get(point), point.point());
        }
        probe.retire();
        assertEquals((long) RECORDS, probe.stats(ProbePoint.COUNT).accepted(),
                "the last sample at close counts every record");
    }

    private static final class NoCounters implements TaskProbe.Counters {
        @Override
        public void missingId() {}

        @Override
        public void offThreadEmit() {}
    }
}
