package org.cloudprofiler.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.testing.ChannelLogs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The watermark points of a task: a watermark it generates is logged on {@code watermark-out}
 * once it advances, one it passes on is not; a watermark whose arrival makes it emit kept
 * outputs is logged on {@code watermark-in} once, at the TSC of those outputs' {@code in}; a
 * task that sees no watermark opens neither channel.
 */
@Timeout(60)
class TaskProbeWatermarkTest {

    @Test
    void generatedWatermarksAreLoggedAsTheyAdvanceAndPassedOnOnesAreNot() throws Exception {
        TaskProbe probe = probe("assigner", "**=ID");
        onTaskThread(probe, () -> {
            probe.watermarkEmitted(100);
            probe.watermarkEmitted(100);
            probe.watermarkEmitted(90);
            probe.watermarkArrived(Long.MAX_VALUE);
            probe.watermarkEmitted(Long.MAX_VALUE);  // passed on, not generated
            probe.processed();
            probe.watermarkEmitted(250);
        });

        assertEquals(List.of(100L, 250L), column("assigner/1/watermark-out", 0));
        assertEquals(List.of(), column("assigner/1/watermark-in", 0), "nothing fired");
    }

    @Test
    void aGeneratorsOwnIdlenessIsLoggedOnceAndIdlenessPassedOnIsNot() throws Exception {
        TaskProbe probe = probe("idling", "**=ID");
        onTaskThread(probe, () -> {
            probe.watermarkEmitted(100);
            probe.idle();
            probe.idle();
            probe.passingOnStatus(true);
            probe.idle();  // an upstream task's idleness, passed on
            probe.passingOnStatus(false);
            probe.watermarkEmitted(300);
            probe.idle();
        });

        assertEquals(List.of(100L, ProbePoint.IDLE_WATERMARK, 300L, ProbePoint.IDLE_WATERMARK),
                column("idling/1/watermark-out", 0));
    }

    @Test
    void theWatermarkThatFiredOutputsIsLoggedOnceAtTheirInTsc() throws Exception {
        TaskProbe probe = probe("window", "**=ID");
        List<Long> fired = new ArrayList<>();
        onTaskThread(probe, () -> {
            probe.enter(7, 7);
            probe.processed();
            probe.watermarkArrived(500);
            for (int result = 0; result < 3; result++) {
                probe.handOff();
                fired.add(probe.outputId());
            }
            probe.watermarkEmitted(500);  // the window passes the watermark on
            probe.processed();
            probe.triggered();  // a processing-time timer: no watermark
            probe.handOff();
            probe.processed();
        });

        List<long[]> in = rows("window/1/in");
        List<long[]> watermarkIn = rows("window/1/watermark-in");
        assertEquals(1, watermarkIn.size());
        assertEquals(500, watermarkIn.get(0)[0]);
        for (long[] record : in) {
            if (fired.contains(record[0])) {
                assertEquals(watermarkIn.get(0)[1], record[1], "an output fired by 500");
            }
        }
        assertEquals(List.of(), column("window/1/watermark-out", 0), "generated none");
    }

    @Test
    void aTaskThatSeesNoWatermarkOpensNoWatermarkChannel() throws Exception {
        TaskProbe probe = probe("map", "**=ID");
        onTaskThread(probe, () -> {
            probe.enter(1, 1);
            probe.handOff();
            probe.processed();
        });

        String own = "." + ProcessHandle.current().pid() + ".";
        try (Stream<Path> files = Files.list(ChannelLogs.findOwn("map/1/in").getParent())) {
            assertEquals(List.of(), files.map(file -> file.getFileName().toString())
                    .filter(name -> name.startsWith("watermark-") && name.contains(own))
                    .toList());
        }
    }

    private static TaskProbe probe(String component, String handlers) {
        return new TaskProbe(component, 1, CpSettings.from(Map.of(
                "cloudprofiler.handlers", handlers)), new NoCounters(),
                new TupleIdMinter(1 << 12, 0));
    }

    private static void onTaskThread(TaskProbe probe, Runnable work) throws Exception {
        Thread task = new Thread(() -> {
            probe.bindExecutorThread();
            work.run();
        });
        task.start();
        task.join();
        probe.retire();
    }

    private static List<long[]> rows(String channel) throws IOException {
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(channel))) {
            return ChannelLogs.rows(reader);
        }
    }

    private static List<Long> column(String channel, int column) throws IOException {
        List<Long> values = new ArrayList<>();
        for (long[] row : rows(channel)) {
            values.add(row[column]);
        }
        return values;
    }

    private static final class NoCounters implements TaskProbe.Counters {
        @Override
        public void missingId() {}

        @Override
        public void offThreadEmit() {}
    }
}
