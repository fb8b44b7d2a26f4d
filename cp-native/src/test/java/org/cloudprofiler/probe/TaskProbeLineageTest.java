package org.cloudprofiler.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The lineage rule of docs/design.md as the shared probe applies it: which ids each output
 * carries, and what the probe logs for it at {@code in}, {@code out} and {@code lineage}.
 */
@Timeout(60)
class TaskProbeLineageTest {
    private static final CpSettings ID_EVERYWHERE = CpSettings.from(Map.of(
            "cloudprofiler.handlers", "**/{in,out}=ID"));
    private static final int ORIGIN = (3 << 12) + 2;

    @Test
    void eachFanOutOutputGetsItsOwnIdTiedToItsRootWithItsInAtTheInputsIn() throws Exception {
        Counted counted = new Counted();
        TaskProbe probe = new TaskProbe("fanout", 2, ID_EVERYWHERE, counted,
                new TupleIdMinter(ORIGIN, 33));
        List<long[]> outputs = new ArrayList<>();
        onTaskThread(probe, () -> {
            probe.enter(40, 7);
            for (int i = 0; i < 3; i++) {
                probe.handOff();
                outputs.add(new long[] {probe.outputId(), probe.outputRoot()});
            }
            probe.processed();
        });

        assertEquals(40, outputs.get(0)[0], "the first output keeps the ids in hand");
        assertEquals(7, outputs.get(0)[1]);
        long first = outputs.get(1)[0];
        long second = outputs.get(2)[0];
        for (long child : new long[] {first, second}) {
            assertTrue(MintedTupleIds.isMinted(child));
            assertEquals(ORIGIN, MintedTupleIds.origin(child));
            assertEquals(1, MintedTupleIds.epoch(child), "attempt 33 is epoch 1");
        }
        assertEquals(List.of(1L, 2L), List.of(MintedTupleIds.counter(first),
                MintedTupleIds.counter(second)));
        assertEquals(7, outputs.get(1)[1]);
        assertEquals(7, outputs.get(2)[1]);

        List<long[]> in = rows("fanout/2/in");
        assertEquals(List.of(40L, first, second), column(in, 0));
        assertEquals(1, column(in, 1).stream().distinct().count(),
                "every output's in is at the input's in TSC");
        assertEquals(List.of(40L, first, second), column(rows("fanout/2/out"), 0));
        List<long[]> lineage = rows("fanout/2/lineage");
        assertEquals(List.of(first, second), column(lineage, 0));
        assertEquals(List.of(7L, 7L), column(lineage, 1), "(child, root)");
        assertEquals(0, counted.missingIds.get());
    }

    @Test
    void outputsOutsideARecordAreMintedAsTheirOwnRootsWithTheirInAtTheTrigger()
            throws Exception {
        TaskProbe probe = new TaskProbe("window", 0, ID_EVERYWHERE, new Counted(),
                new TupleIdMinter(ORIGIN, 0));
        List<long[]> outputs = new ArrayList<>();
        long[] clock = new long[2];
        onTaskThread(probe, () -> {
            probe.enter(11, 11);
            probe.processed();
            clock[0] = CloudProfiler.readTsc();
            probe.triggered();
            clock[1] = CloudProfiler.readTsc();
            for (int i = 0; i < 2; i++) {
                probe.handOff();
                outputs.add(new long[] {probe.outputId(), probe.outputRoot()});
            }
            probe.processed();
            probe.handOff();  // told of no trigger: its own emit is the trigger
            outputs.add(new long[] {probe.outputId(), probe.outputRoot()});
        });

        for (long[] output : outputs) {
            assertTrue(MintedTupleIds.isMinted(output[0]));
            assertEquals(output[0], output[1], "a minted output outside a record is its root");
        }
        List<long[]> in = rows("window/0/in");
        assertEquals(List.of(11L, outputs.get(0)[0], outputs.get(1)[0], outputs.get(2)[0]),
                column(in, 0));
        long triggerTsc = in.get(1)[1];
        assertTrue(triggerTsc >= clock[0] && triggerTsc <= clock[1], "in at the trigger");
        assertEquals(triggerTsc, in.get(2)[1]);
        assertTrue(in.get(3)[1] >= clock[1]);
        assertEquals(List.of(), rows("window/0/lineage"), "no lineage: reported from here on");
    }

    @Test
    void aSpentMinterPassesRecordsWithoutIdsAndCountsThem() throws Exception {
        Counted counted = new Counted();
        TaskProbe probe = new TaskProbe("spent", 1, ID_EVERYWHERE, counted,
                new TupleIdMinter(ORIGIN, 0, MintedTupleIds.LAST_COUNTER,
                        MintedTupleIds.LAST_COUNTER));
        List<Long> ids = new ArrayList<>();
        onTaskThread(probe, () -> {
            long last = probe.sourceId(TaskProbe.NO_ID);
            ids.add(last);
            probe.enter(last, last);
            probe.handOff();
            ids.add(probe.outputId());
            probe.handOff();  // a fan-out output, with nothing left to mint
            ids.add(probe.outputId());
            probe.processed();
            long none = probe.sourceId(TaskProbe.NO_ID);
            ids.add(none);
            probe.enter(none, none);
            probe.handOff();
            ids.add(probe.outputId());
            probe.processed();
        });

        long last = ids.get(0);
        assertEquals(MintedTupleIds.LAST_COUNTER, MintedTupleIds.counter(last));
        assertEquals(List.of(last, last, TaskProbe.NO_ID, TaskProbe.NO_ID, TaskProbe.NO_ID),
                ids);
        assertEquals(3, counted.missingIds.get(), "the fan-out output's out, the record's in"
                + " and its out");
        assertEquals(List.of(last), column(rows("spent/1/in"), 0));
        assertEquals(List.of(last), column(rows("spent/1/out"), 0));
        assertEquals(List.of(), rows("spent/1/lineage"));
    }

    @Test
    void aSourceKeepsItsOwnIdsAndMintsForTheRest() {
        Counted counted = new Counted();
        TaskProbe probe = new TaskProbe("ids", 0, CpSettings.from(Map.of(
                "cloudprofiler.enabled", "false")), counted, new TupleIdMinter(5, 0));
        assertEquals(0, probe.sourceId(0));
        assertEquals(42, probe.sourceId(42));
        long minted = probe.sourceId(TaskProbe.NO_ID);
        assertEquals(MintedTupleIds.compose(5, 0, 1), minted);
        assertEquals(0, counted.missingIds.get(), "a record without an id is not missing one");
        long replaced = probe.sourceId(-9);
        assertEquals(MintedTupleIds.compose(5, 0, 2), replaced);
        assertEquals(1, counted.missingIds.get(), "a negative id is no id of its own");
    }

    @Test
    void theLineageChannelLogsWithTheInChannelsHandler() {
        CpSettings settings = CpSettings.from(Map.of("cloudprofiler.handlers",
                "**/in=XOY:1:10,**/out=ID,**/first-last=OFF,**/count=OFF,**/cpu=OFF"));
        List<TopologyDescription.Channel> channels = TaskProbe.channels("listed", 4, settings);
        TopologyDescription.Channel lineage = channels.stream()
                .filter(c -> c.point().equals(ProbePoint.LINEAGE.point())).findFirst().get();
        assertEquals("listed/4/lineage", lineage.name());
        assertEquals("XOY", lineage.handler());
        assertEquals(List.of(1L, 10L), lineage.parameters());
        TaskProbe probe = new TaskProbe("listed", 4, settings, new Counted(),
                new TupleIdMinter(0, 0));
        assertEquals(probe.handler(ProbePoint.IN), probe.handler(ProbePoint.LINEAGE));

        CpSettings returnTrip = CpSettings.from(Map.of("cloudprofiler.handlers",
                "**/in=RET_END:2130706433:9000"));
        assertEquals("ID", new TaskProbe("trip", 0, returnTrip, new Counted(),
                new TupleIdMinter(0, 0)).handler(ProbePoint.LINEAGE).toString());
    }

    private static void onTaskThread(TaskProbe probe, Runnable work) throws Exception {
        Throwable[] failure = new Throwable[1];
        Thread task = new Thread(() -> {
            try {
                probe.bindExecutorThread();
                work.run();
            } catch (Throwable t) {
                failure[0] = t;
            }
        });
        task.start();
        task.join();
        probe.retire();
        if (failure[0] != null) {
            throw new AssertionError(failure[0]);
        }
    }

    private static List<long[]> rows(String channel) throws IOException {
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(channel))) {
            return ChannelLogs.rows(reader);
        }
    }

    private static List<Long> column(List<long[]> rows, int column) {
        return rows.stream().map(row -> row[column]).toList();
    }

    private static final class Counted implements TaskProbe.Counters {
        final AtomicLong missingIds = new AtomicLong();

        @Override
        public void missingId() {
            missingIds.incrementAndGet();
        }

        @Override
        public void offThreadEmit() {}
    }
}
