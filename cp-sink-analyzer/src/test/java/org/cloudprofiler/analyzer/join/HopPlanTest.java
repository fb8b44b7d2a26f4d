package org.cloudprofiler.analyzer.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.cloudprofiler.analyzer.clock.NodeClock;
import org.cloudprofiler.analyzer.clock.SingleClockTranslator;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.Topology;
import org.cloudprofiler.analyzer.join.TupleEnding.Reason;
import org.cloudprofiler.analyzer.stats.HopCell;
import org.cloudprofiler.analyzer.stats.HopStatistics;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.junit.jupiter.api.Test;

/** Hops and expected records from topology.json, and how a tuple's records become samples. */
class HopPlanTest {

    private static final Topology TOPOLOGY = new Topology("run", List.of(
            new Topology.Component("spout", ComponentRole.SOURCE, "spout", List.of(1)),
            new Topology.Component("bolt", ComponentRole.INNER, "bolt", List.of(2, 3)),
            new Topology.Component("sink", ComponentRole.SINK, "sink", List.of(4))),
            List.of(new Topology.Edge("spout", "bolt", "all", false),
                    new Topology.Edge("bolt", "sink", "shuffle", false)));

    @Test
    void derivesTransferComputeAndEndToEndHops() {
        HopPlan plan = HopPlan.of(channels(), TOPOLOGY);

        // Along the data flow: each component's incoming transfers, then its compute hop; end
        // to end from the source, then from each inner operator (its minted outputs').
        assertEquals(List.of("spout", "spout -> bolt", "bolt", "bolt -> sink", "spout => sink",
                "bolt => sink"), plan.hops().stream().map(Hop::name).toList());
        // spout in+out once, bolt in+out on both tasks (all grouping), sink in twice.
        assertEquals(2 + 4 + 2, plan.expectedEvents());
    }

    @Test
    void hopsFollowTheDataFlowWhateverOrderTopologyJsonListsComponentsIn() {
        Topology reversed = new Topology("run", List.of(TOPOLOGY.components().get(2),
                TOPOLOGY.components().get(1), TOPOLOGY.components().get(0)),
                List.of(TOPOLOGY.edges().get(1), TOPOLOGY.edges().get(0)));

        assertEquals(HopPlan.of(channels(), TOPOLOGY).hops().stream().map(Hop::name).toList(),
                HopPlan.of(channels(), reversed).hops().stream().map(Hop::name).toList());
        assertEquals(List.of("spout", "bolt", "sink"), HopPlan.of(channels(), reversed)
                .components());
    }

    @Test
    void aComponentTopologyJsonDoesNotDescribeKeepsItsComputeHop() {
        List<ChannelInfo> withExtra = new ArrayList<>(channels());
        withExtra.add(channel(withExtra.size(), "a", "extra/9/in"));
        withExtra.add(channel(withExtra.size(), "a", "extra/9/out"));

        HopPlan plan = HopPlan.of(withExtra, TOPOLOGY);

        assertTrue(plan.hops().stream().anyMatch(hop -> hop.name().equals("extra")),
                plan.hops()::toString);
        assertTrue(plan.notes().stream().anyMatch(note -> note.contains("extra/9/in")),
                plan.notes()::toString);
    }

    @Test
    void aSinkWhoseOutChannelExistsHasNoComputeHop() {
        List<ChannelInfo> withSinkOut = new ArrayList<>(channels());
        withSinkOut.add(channel(withSinkOut.size(), "a", "sink/4/out"));

        List<String> names = HopPlan.of(withSinkOut, TOPOLOGY).hops().stream()
                .map(Hop::name).toList();

        assertTrue(names.contains("bolt") && !names.contains("sink"), names::toString);
    }

    @Test
    void withoutATopologyOnlyComputeHopsAndANote() {
        HopPlan plan = HopPlan.of(channels(), null);

        assertEquals(List.of(HopKind.COMPUTE, HopKind.COMPUTE),
                plan.hops().stream().map(Hop::kind).toList());
        assertEquals(0, plan.expectedEvents());
        assertTrue(plan.notes().get(0).contains("no topology.json"));
    }

    @Test
    void anEndToEndHopThroughAnotherNodeIsMixed() {
        HopPlan plan = HopPlan.of(channels(), TOPOLOGY);
        HopSampler sampler = new HopSampler(plan, new SingleClockTranslator("a", Map.of(
                "a", new NodeClock(1_000_000_000L, 0, 0), "b", new NodeClock(1_000_000_000L, 0, 0))));
        TupleEvents tuple = new TupleEvents();
        tuple.add(0, 100);   // spout in, node a
        tuple.add(1, 150);   // spout out, node a
        tuple.add(2, 999);   // bolt task 2 in, node b
        tuple.add(6, 400);   // sink in, node a
        HopStatistics statistics = new HopStatistics(plan.hops().size());

        sampler.sample(7, tuple, statistics);

        int endToEnd = plan.hops().stream().filter(hop -> hop.name().equals("spout => sink"))
                .findFirst().orElseThrow().index();
        assertEquals(300, statistics.get(endToEnd, Locality.MIXED).latencyNs().max(), 0);
        assertEquals(1, statistics.get(1, Locality.REMOTE).unbounded());   // spout -> bolt
        assertEquals(50, statistics.get(0, Locality.LOCAL).latencyNs().max(), 0);  // spout
    }

    @Test
    void aSinksOutChannelIsNeverAwaitedSinceNoEdgeLeavesIt() {
        List<ChannelInfo> withSinkOut = new ArrayList<>(channels());
        withSinkOut.add(channel(withSinkOut.size(), "a", "sink/4/out"));

        HopPlan plan = HopPlan.of(withSinkOut, TOPOLOGY);

        assertEquals(2 + 4 + 2, plan.expectedEvents());
        assertTrue(plan.awaited(6), "sink in");
        assertFalse(plan.awaited(7), "sink out");
    }

    @Test
    void aTimedOutTupleIsExplainedByTheFirstGapAlongTheDataFlow() {
        HopPlan plan = HopPlan.of(channels(), TOPOLOGY);

        assertEquals(new TupleEnding(Reason.NOT_REACHED, "spout", "bolt"),
                TupleEnding.of(plan, tuple(0, 1)));
        assertEquals(new TupleEnding(Reason.ENDED_AT, "bolt", null),
                TupleEnding.of(plan, tuple(0, 1, 2, 4)));
        assertEquals(new TupleEnding(Reason.NOT_REACHED, "bolt", "sink"),
                TupleEnding.of(plan, tuple(0, 1, 2, 3, 4, 5)));
        // All grouping: bolt task 3 never had it, though task 2 passed it on to the sink.
        assertEquals(new TupleEnding(Reason.RECORDS_MISSING, null, null),
                TupleEnding.of(plan, tuple(0, 1, 2, 3, 6)));
        assertEquals(new TupleEnding(Reason.UPSTREAM_MISSING, "sink", null),
                TupleEnding.of(plan, tuple(6)));
        assertEquals(new TupleEnding(Reason.NO_COMPLETION_RULE, null, null),
                TupleEnding.of(HopPlan.of(channels(), null), tuple(0, 1)));
    }

    /** A tuple with one record on each of {@code channels}. */
    private static TupleEvents tuple(int... channels) {
        TupleEvents tuple = new TupleEvents();
        for (int channel : channels) {
            tuple.add(channel, 100 + channel);
        }
        return tuple;
    }

    @Test
    void aGeneratorThatLoggedItsSendsFeedsEverySourceAndStartsItsOwnEndToEndHop() {
        List<ChannelInfo> withGenerator = new ArrayList<>(channels());
        withGenerator.add(channel(withGenerator.size(), "g", "generator/0/out"));
        withGenerator.add(channel(withGenerator.size(), "g", "generator/1/out"));

        HopPlan plan = HopPlan.of(withGenerator, TOPOLOGY);

        assertEquals(List.of("generator -> spout", "spout", "spout -> bolt", "bolt",
                "bolt -> sink", "generator => sink", "spout => sink", "bolt => sink"),
                plan.hops().stream().map(Hop::name).toList());
        assertEquals(List.of("generator", "spout", "bolt", "sink"), plan.components());
        // The send of the tuple's bucket, then as without a generator.
        assertEquals(1 + 2 + 4 + 2, plan.expectedEvents());
        assertEquals(List.of(), plan.notes());
    }

    @Test
    void sendLogsOfTwoGeneratorRunsGiveANoteAndNoGeneratorHop() {
        List<ChannelInfo> twoRuns = new ArrayList<>(channels());
        twoRuns.add(channel(twoRuns.size(), "g", "generator/0/out"));
        twoRuns.add(channel(twoRuns.size(), "g", "generator/0/out"));

        HopPlan plan = HopPlan.of(twoRuns, TOPOLOGY);

        assertTrue(plan.hops().stream().noneMatch(hop -> hop.from().equals("generator")),
                plan.hops()::toString);
        assertEquals(1, plan.notes().size(), plan.notes()::toString);
        String note = plan.notes().get(0);
        assertTrue(note.contains("2 file(s) of senders [0]")
                && note.contains("exactly one generator run"), note);
    }

    @Test
    void theGeneratorsHopsStartAtItsSendOnItsOwnNode() {
        List<ChannelInfo> withGenerator = new ArrayList<>(channels());
        int send = withGenerator.size();
        withGenerator.add(channel(send, "a", "generator/0/out"));
        HopPlan plan = HopPlan.of(withGenerator, TOPOLOGY);
        NodeClock gigahertz = new NodeClock(1_000_000_000L, 0, 0);
        HopSampler sampler = new HopSampler(plan, new SingleClockTranslator("a",
                Map.of("a", gigahertz, "b", gigahertz)));
        TupleEvents tuple = new TupleEvents();
        tuple.add(send, 40);  // the bucket's send
        tuple.add(0, 100);    // spout in
        tuple.add(1, 150);    // spout out
        tuple.add(6, 400);    // sink in
        HopStatistics statistics = new HopStatistics(plan.hops().size());

        sampler.sample(7, tuple, statistics);

        List<String> names = plan.hops().stream().map(Hop::name).toList();
        assertEquals(60, statistics.get(names.indexOf("generator -> spout"), Locality.LOCAL)
                .latencyNs().max(), 0);
        assertEquals(360, statistics.get(names.indexOf("generator => sink"), Locality.LOCAL)
                .latencyNs().max(), 0);
        assertEquals(300, statistics.get(names.indexOf("spout => sink"), Locality.LOCAL)
                .latencyNs().max(), 0);
    }

    /**
     * A Flink job of two subtasks per operator, subtask 0 on node a and 1 on node b, both
     * numbered 0 and 1 in every operator: the source chained to the filter, which feeds the
     * window by hash and the rules by broadcast; the rules chained to the alert.
     */
    private static final Topology FLINK_JOB = new Topology("3f2c09a1", List.of(
            flinkOperator("source", ComponentRole.SOURCE),
            flinkOperator("filter", ComponentRole.INNER),
            flinkOperator("window", ComponentRole.SINK),
            flinkOperator("rules", ComponentRole.INNER),
            flinkOperator("alert", ComponentRole.SINK)),
            List.of(new Topology.Edge("source", "filter", "forward", true),
                    new Topology.Edge("filter", "window", "hash", false),
                    new Topology.Edge("filter", "rules", "broadcast", false),
                    new Topology.Edge("rules", "alert", "forward", true)));
    private static final List<String> FLINK_CHANNELS = List.of(
            "source/0/in", "source/0/out", "source/1/in", "source/1/out",
            "filter/0/in", "filter/0/out", "filter/1/in", "filter/1/out",
            "window/0/in", "window/1/in",
            "rules/0/in", "rules/0/out", "rules/1/in", "rules/1/out",
            "alert/0/in", "alert/1/in");

    private static Topology.Component flinkOperator(String id, ComponentRole role) {
        return new Topology.Component(id, role, id, List.of(0, 1));
    }

    /** Subtask 0's channels on node a, subtask 1's on node b. */
    private static List<ChannelInfo> flinkChannels() {
        List<ChannelInfo> channels = new ArrayList<>();
        for (String name : FLINK_CHANNELS) {
            channels.add(channel(channels.size(), name.contains("/0/") ? "a" : "b", name));
        }
        return channels;
    }

    /** A tuple of the Flink job with a record per {@code <channel>@<tsc>}. */
    private static TupleEvents flinkTuple(String... records) {
        TupleEvents tuple = new TupleEvents();
        for (String record : records) {
            String[] parts = record.split("@");
            tuple.add(FLINK_CHANNELS.indexOf(parts[0]), Long.parseLong(parts[1]));
        }
        return tuple;
    }

    /** The samples of {@link #flinkTuple}{@code (records)}, both nodes' clocks at 1 GHz. */
    private static HopStatistics sampleFlinkTuple(HopPlan plan, String... records) {
        NodeClock gigahertz = new NodeClock(1_000_000_000L, 0, 0);
        HopSampler sampler = new HopSampler(plan, new SingleClockTranslator("a",
                Map.of("a", gigahertz, "b", gigahertz)));
        HopStatistics statistics = new HopStatistics(plan.hops().size());
        sampler.sample(7, flinkTuple(records), statistics);
        return statistics;
    }

    @Test
    void aFlinkJobsChainedEdgesAreChainedHopsAndItsOtherEdgesTransfers() {
        HopPlan plan = HopPlan.of(flinkChannels(), FLINK_JOB);

        assertEquals(List.of("source", "source -> filter (chained)", "filter",
                "filter -> window", "filter -> rules", "rules", "rules -> alert (chained)",
                "source => window", "source => alert", "filter => window", "filter => alert",
                "rules => alert"),
                plan.hops().stream().map(Hop::name).toList());
        assertEquals(List.of(HopKind.COMPUTE, HopKind.CHAINED, HopKind.COMPUTE,
                HopKind.TRANSFER, HopKind.TRANSFER, HopKind.COMPUTE, HopKind.CHAINED,
                HopKind.END_TO_END, HopKind.END_TO_END, HopKind.END_TO_END, HopKind.END_TO_END,
                HopKind.END_TO_END),
                plan.hops().stream().map(Hop::kind).toList());
        assertEquals(List.of(), plan.notes());
    }

    @Test
    void aBroadcastSendsEveryTupleToEverySubtaskAsAnAllGroupingDoes() {
        HopPlan plan = HopPlan.of(flinkChannels(), FLINK_JOB);

        // source, filter: in and out once; window: in once (hash); rules: in and out on both
        // subtasks (broadcast); alert: in on both, one per rules subtask chained to it.
        assertEquals(2 + 2 + 1 + 4 + 2, plan.expectedEvents());
        TupleEvents complete = flinkTuple(FLINK_CHANNELS.stream()
                .filter(name -> !name.startsWith("source/0") && !name.startsWith("filter/0")
                        && !name.equals("window/1/in"))
                .map(name -> name + "@100").toArray(String[]::new));
        assertEquals(plan.expectedEvents(),
                plan.awaitedRecords(complete, HopPlan.SOURCE_RECORD));
    }

    @Test
    void aChainedHopRunsFromTheOutOfTheSubtaskInWhoseThreadItsNextOperatorRuns() {
        HopPlan plan = HopPlan.of(flinkChannels(), FLINK_JOB);

        HopStatistics statistics = sampleFlinkTuple(plan, "source/1/in@100", "source/1/out@110",
                "filter/1/in@115", "filter/1/out@140", "window/0/in@900", "rules/0/in@300",
                "rules/0/out@320", "alert/0/in@324", "rules/1/in@200", "rules/1/out@250",
                "alert/1/in@257");

        List<String> names = plan.hops().stream().map(Hop::name).toList();
        HopCell sourceToFilter = statistics.get(names.indexOf("source -> filter (chained)"),
                Locality.LOCAL);
        assertEquals(1, sourceToFilter.bounded());
        assertEquals(5, sourceToFilter.latencyNs().max(), 0);
        // Each alert subtask from the rules subtask of its own thread, on its own node: never
        // from the other subtask's earlier out, on the other node.
        int rulesToAlert = names.indexOf("rules -> alert (chained)");
        HopCell chained = statistics.get(rulesToAlert, Locality.LOCAL);
        assertEquals(2, chained.bounded());
        assertEquals(4, chained.latencyNs().min(), 0);
        assertEquals(7, chained.latencyNs().max(), 0);
        assertEquals(0, chained.boundNs().max(), 0);
        assertNull(statistics.get(rulesToAlert, Locality.REMOTE));
    }

    @Test
    void subtasksNumberedAlikeInEveryOperatorKeepTheirOwnRecords() {
        HopPlan plan = HopPlan.of(flinkChannels(), FLINK_JOB);
        String[] records = {"source/0/in@100", "source/0/out@130", "filter/0/in@131",
            "filter/0/out@181", "window/0/in@200", "rules/0/in@190", "rules/0/out@260",
            "alert/0/in@262", "rules/1/in@195", "rules/1/out@285", "alert/1/in@288"};

        HopStatistics statistics = sampleFlinkTuple(plan, records);

        List<String> names = plan.hops().stream().map(Hop::name).toList();
        // Each compute hop holds its own operator's in and out, per subtask, though source,
        // filter and rules all have a subtask 0.
        assertEquals(Map.of(0, 30.0), localTaskMaxima(statistics, names.indexOf("source")));
        assertEquals(Map.of(0, 50.0), localTaskMaxima(statistics, names.indexOf("filter")));
        assertEquals(Map.of(0, 70.0, 1, 90.0), localTaskMaxima(statistics,
                names.indexOf("rules")));
        // Both ends on node a, but the broadcast took the tuple through rules/1 on node b.
        assertEquals(100, statistics.get(names.indexOf("source => window"), Locality.MIXED)
                .latencyNs().max(), 0);
        assertEquals(plan.expectedEvents(),
                plan.awaitedRecords(flinkTuple(records), HopPlan.SOURCE_RECORD),
                "complete");
    }

    /** Per task, the largest local sample of compute hop {@code hop}. */
    private static Map<Integer, Double> localTaskMaxima(HopStatistics statistics, int hop) {
        Map<Integer, Double> maxima = new TreeMap<>();
        statistics.get(hop, Locality.LOCAL).tasks().forEach((task, samples) ->
                maxima.put(task, samples.latencyNs().max()));
        return maxima;
    }

    @Test
    void anIdMintedByAnInnerTaskIsAnOutputAwaitedFromThatOperatorOn() {
        // Storm's layout: every component's mintOrigin is 0, a task's origin its task id.
        HopPlan plan = HopPlan.of(channels(), TOPOLOGY);
        int bolt = plan.componentIndex("bolt");

        assertEquals(HopPlan.SOURCE_RECORD, plan.startOf(7));
        assertEquals(HopPlan.SOURCE_RECORD, plan.startOf(MintedTupleIds.compose(1, 0, 9)));
        assertEquals(bolt, plan.startOf(MintedTupleIds.compose(3, 2, 9)));
        // An origin no task of topology.json has: read as a source record.
        assertEquals(HopPlan.SOURCE_RECORD, plan.startOf(MintedTupleIds.compose(99, 0, 1)));
        // A source record: spout in + out, bolt in + out on both tasks (all), sink in twice.
        assertEquals(8, plan.expectedEvents(HopPlan.SOURCE_RECORD));
        // An output of bolt task 3 passes only that task: its in and out, and the sink's in.
        assertEquals(3, plan.expectedEvents(bolt));
        TupleEvents output = new TupleEvents();
        output.add(0, 100);   // spout in: not on an output's way, never awaited
        output.add(4, 200);   // bolt task 3 in
        output.add(5, 300);   // bolt task 3 out
        output.add(6, 400);   // sink in
        assertEquals(3, plan.awaitedRecords(output, bolt));
        // Nothing upstream of the operator that minted it is missing from an output.
        assertEquals(Reason.ENDED_AT, TupleEnding.of(plan, tupleOf(4), bolt).reason());
        assertEquals(Reason.UPSTREAM_MISSING, TupleEnding.of(plan, tupleOf(4)).reason());
        assertFalse(plan.hasLineage());
    }

    @Test
    void aLineageChannelIsNeitherAnInNorAnOutPoint() {
        List<ChannelInfo> withLineage = new ArrayList<>(channels());
        withLineage.add(channel(withLineage.size(), "b", "bolt/3/lineage"));

        HopPlan plan = HopPlan.of(withLineage, TOPOLOGY);

        assertTrue(plan.hasLineage());
        assertEquals(HopPlan.NONE, plan.point(withLineage.size() - 1));
        assertFalse(plan.awaited(withLineage.size() - 1));
    }

    private static TupleEvents tupleOf(int... channels) {
        TupleEvents tuple = new TupleEvents();
        for (int channel : channels) {
            tuple.add(channel, 100 * channel);
        }
        return tuple;
    }

    private static List<ChannelInfo> channels() {
        List<ChannelInfo> channels = new ArrayList<>();
        String[][] names = {{"a", "spout/1/in"}, {"a", "spout/1/out"}, {"b", "bolt/2/in"},
            {"b", "bolt/2/out"}, {"b", "bolt/3/in"}, {"b", "bolt/3/out"}, {"a", "sink/4/in"}};
        for (String[] name : names) {
            channels.add(channel(channels.size(), name[0], name[1]));
        }
        return channels;
    }

    private static ChannelInfo channel(int index, String node, String name) {
        String[] parts = name.split("/");
        return new ChannelInfo(index, "/logs/" + name, 1, node, name, parts[0],
                Integer.parseInt(parts[1]), parts[2], HandlerType.BUFFERED_ID, 1_000_000_000L, 0,
                0, -1, parts[0].equals("generator"));
    }
}
