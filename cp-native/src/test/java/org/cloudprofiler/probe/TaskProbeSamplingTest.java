package org.cloudprofiler.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.tupleid.RootSampling;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Id-consistent sampling in the probe: a record's points, its fan-out outputs and lineage are
 * logged iff its root is kept; a triggered output iff its own minted id is; counters see all.
 */
@Timeout(60)
class TaskProbeSamplingTest {
    private static final int RECORDS = 4_000;

    @Test
    void onlyTheRecordsOfKeptRootsAndTheirOutputsAreLogged() throws Exception {
        CpSettings settings = CpSettings.from(Map.of(
                "cloudprofiler.handlers", "**/{in,out}=ID",
                "cloudprofiler.sample", "1/8"));
        RootSampling sampling = settings.sampling();
        TaskProbe probe = new TaskProbe("sampled", 1, settings, new NoCounters(),
                new TupleIdMinter(1 << 12, 0));
        List<long[]> outputs = new ArrayList<>();
        List<Long> triggered = new ArrayList<>();
        Thread task = new Thread(() -> {
            probe.bindExecutorThread();
            for (long given = 0; given < RECORDS; given++) {
                long root = 1_000 + given;
                probe.enter(given, root);
                for (int output = 0; output < 2; output++) {
                    probe.handOff();
                    outputs.add(new long[] {given, root, probe.outputId(), probe.outputRoot()});
                }
                probe.processed();
                if (given % 40 == 0) {
                    probe.triggered();
                    probe.handOff();
                    triggered.add(probe.outputId());
                    probe.processed();
                }
            }
        });
        task.start();
        task.join();
        assertEquals((long) RECORDS, probe.stats(ProbePoint.COUNT).accepted(), "every record");
        probe.retire();

        Set<Long> expectedIn = new HashSet<>();
        Set<Long> expectedOut = new HashSet<>();
        Set<Long> expectedLineage = new HashSet<>();
        int keptRoots = 0;
        for (long[] output : outputs) {
            long given = output[0];
            long root = output[1];
            assertEquals(root, output[3], "every output keeps its input's root");
            if (sampling.keeps(root)) {
                expectedIn.add(given);
                expectedIn.add(output[2]);
                expectedOut.add(output[2]);
                if (output[2] != given) {
                    expectedLineage.add(output[2]);
                }
            } else {
                assertEquals(given, output[2], "an unkept record's outputs carry its id");
            }
        }
        for (long[] output : outputs) {
            keptRoots += sampling.keeps(output[1]) && output[2] == output[0] ? 1 : 0;
        }
        for (long output : triggered) {
            if (sampling.keeps(output)) {
                expectedIn.add(output);
                expectedOut.add(output);
            }
        }
        assertTrue(keptRoots > RECORDS / 16 && keptRoots < RECORDS / 4, "kept: " + keptRoots);
        assertEquals(expectedIn, ids("sampled/1/in"));
        assertEquals(expectedOut, ids("sampled/1/out"));
        assertEquals(expectedLineage, ids("sampled/1/lineage"));
    }

    private static Set<Long> ids(String channel) throws IOException {
        Set<Long> ids = new HashSet<>();
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(channel))) {
            for (long[] row : ChannelLogs.rows(reader)) {
                ids.add(row[0]);
            }
        }
        return ids;
    }

    private static final class NoCounters implements TaskProbe.Counters {
        @Override
        public void missingId() {}

        @Override
        public void offThreadEmit() {}
    }
}
