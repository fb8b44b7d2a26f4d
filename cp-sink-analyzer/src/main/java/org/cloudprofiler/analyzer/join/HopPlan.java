package org.cloudprofiler.analyzer.join;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.element.AnalysisElement.Kind;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.GeneratorSends;
import org.cloudprofiler.analyzer.input.Topology;
import org.cloudprofiler.analyzer.input.WatermarkLogs;
import org.cloudprofiler.channel.IngestionChannel;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.tupleid.MintedTupleIds;

/**
 * The hops to measure and how each channel takes part in them, derived from topology.json: an
 * edge is a transfer hop (upstream {@code out} to downstream {@code in}), or a chained hop if
 * its two ends run in one thread, a component with both points a compute hop, and every source
 * with every sink it reaches an end-to-end hop. A channel is its component's and its task's:
 * task ids repeat across components (Flink's subtask indexes), never within one. Without
 * a topology only compute hops can be known. A generator that logged its sends
 * ({@link IngestionChannel}), which no topology.json describes, feeds every source: a transfer
 * hop {@code generator -> <source>} and an end-to-end hop {@code generator => <sink>} from its
 * {@code out} for every sink a source reaches.
 *
 * <p>Which records a tuple awaits depends on where it starts (docs/design.md, "Tuple lineage"):
 * a <em>source record</em> (an id not minted, or minted at a source task) from its source on;
 * an <em>output</em> (an id minted at another task, by its origin, {@link #startOf}) from that
 * operator's {@code in} on. An inner operator with every sink it reaches is an end-to-end hop
 * {@code X => K} too, that of the outputs it mints outside the processing of a record (window
 * and timer results). Immutable.
 */
public final class HopPlan implements Serializable {

    private static final long serialVersionUID = 1L;

    /** A channel's part: none, or the {@code in} or {@code out} point of its component. */
    static final byte NONE = 0;
    static final byte IN = 1;
    static final byte OUT = 2;

    /** {@link #startOf} a source record: it starts at a source (or the generator). */
    public static final int SOURCE_RECORD = -1;

    private final List<String> components;
    private final int[] channelComponent;
    private final int[] channelTask;
    private final byte[] channelPoint;
    private final String[] channelNode;
    private final int[] channelNodeIndex;
    private final List<Hop> hops;
    private final int expectedEvents;
    private final boolean[] channelAwaited;
    private final Flow flow;
    private final List<String> notes;
    private final int generatorComponent;
    private final UnsampledPeriods unsampledPeriods;
    /** The component of each task's mint origin (docs/design.md, "Minted ids"). */
    private final HashMap<Integer, Integer> originComponent;
    /** Per component, the id records an output minted there has when complete; 0 if unknown. */
    private final int[] expectedFrom;
    /** Per component, the components its outputs pass: itself and all it reaches. */
    private final boolean[][] reachFrom;
    private final boolean lineage;
    private final WatermarkReleases watermarks;
    /**
     * Per firing operator, per sink component, its watermark hop's index or -1; null for a
     * component without watermark hops (looked up for every output tuple).
     */
    private final int[][] watermarkHops;

    private HopPlan(List<String> components, int[] channelComponent, int[] channelTask,
            byte[] channelPoint, String[] channelNode, List<Hop> hops, int expectedEvents,
            boolean[] channelAwaited, Flow flow, List<String> notes, int generatorComponent,
            UnsampledPeriods unsampledPeriods, HashMap<Integer, Integer> originComponent,
            int[] expectedFrom, boolean[][] reachFrom, boolean lineage,
            WatermarkReleases watermarks, int[][] watermarkHops) {
        this.watermarks = watermarks;
        this.watermarkHops = watermarkHops;
        this.unsampledPeriods = unsampledPeriods;
        this.originComponent = originComponent;
        this.expectedFrom = expectedFrom;
        this.reachFrom = reachFrom;
        this.lineage = lineage;
        this.generatorComponent = generatorComponent;
        this.components = List.copyOf(components);
        this.channelComponent = channelComponent;
        this.channelTask = channelTask;
        this.channelPoint = channelPoint;
        this.channelNode = channelNode;
        // Nodes as small integers: the sampler compares them for every record of every tuple.
        List<String> nodes = new ArrayList<>();
        this.channelNodeIndex = new int[channelNode.length];
        for (int i = 0; i < channelNode.length; i++) {
            if (!nodes.contains(channelNode[i])) {
                nodes.add(channelNode[i]);
            }
            channelNodeIndex[i] = nodes.indexOf(channelNode[i]);
        }
        this.hops = List.copyOf(hops);
        this.expectedEvents = expectedEvents;
        this.channelAwaited = channelAwaited;
        this.flow = flow;
        this.notes = List.copyOf(notes);
    }

    /** The plan for {@code channels}, with {@code topology} (may be null). */
    public static HopPlan of(List<ChannelInfo> channels, Topology topology) {
        return of(channels, topology, WatermarkLogs.NONE);
    }

    /**
     * The plan for {@code channels}, with {@code topology} (may be null) and the records of
     * their watermark channels.
     */
    public static HopPlan of(List<ChannelInfo> channels, Topology topology,
            WatermarkLogs watermarkLogs) {
        List<String> notes = new ArrayList<>();
        if (GeneratorSends.problem(channels) != null) {
            notes.add(GeneratorSends.problem(channels));
        }
        Map<String, Integer> byPrefix = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        Map<String, Topology.Component> described = new LinkedHashMap<>();
        boolean generatorFeeds = false;
        if (topology != null) {
            // Components along the data flow, so hops and operators are reported in that order.
            topology.components().forEach(component -> described.put(component.id(), component));
            generatorFeeds = GeneratorSends.senderCount(channels) > 0;
            if (generatorFeeds) {
                byPrefix.put(IngestionChannel.COMPONENT, names.size());
                names.add(IngestionChannel.COMPONENT);
            }
            for (String id : flowOrder(List.copyOf(described.keySet()), topology)) {
                byPrefix.put(described.get(id).channelPrefix(), names.size());
                names.add(id);
            }
        } else {
            notes.add("no topology.json in the log directories: only compute hops (in -> out of"
                    + " one task) can be measured; transfer and end-to-end hops need the edges");
        }
        int[] component = new int[channels.size()];
        int[] task = new int[channels.size()];
        byte[] point = new byte[channels.size()];
        String[] node = new String[channels.size()];
        for (ChannelInfo channel : channels) {
            int i = channel.index();
            Integer index = byPrefix.get(channel.component());
            if (index == null) {
                if (topology != null && !GeneratorSends.isSendChannel(channel)) {
                    notes.add("channel " + channel.channel() + " belongs to no component of"
                            + " topology.json; it is measured as a component of its own");
                }
                index = names.size();
                byPrefix.put(channel.component(), index);
                names.add(channel.component());
            }
            component[i] = index;
            task[i] = channel.task();
            node[i] = channel.node();
            point[i] = channel.is(ProbePoint.IN) ? IN
                    : channel.is(ProbePoint.OUT) ? OUT : NONE;
        }
        boolean[][] has = new boolean[names.size()][3];
        for (ChannelInfo channel : channels) {
            if (channel.elementKind() == Kind.ID) {
                has[component[channel.index()]][point[channel.index()]] = true;
            }
        }
        // Along the data flow: each component's incoming transfers, then its compute hop.
        List<Hop> hops = new ArrayList<>();
        for (String name : names) {
            if (generatorFeeds && described.containsKey(name)
                    && described.get(name).role() == ComponentRole.SOURCE) {
                hops.add(new Hop(hops.size(), HopKind.TRANSFER,
                        IngestionChannel.COMPONENT + " -> " + name, IngestionChannel.COMPONENT,
                        name));
            }
            if (topology != null) {
                for (Topology.Edge edge : topology.edges()) {
                    if (edge.to().equals(name)) {
                        hops.add(edgeHop(hops.size(), edge));
                    }
                }
            }
            int c = names.indexOf(name);
            // A sink's out channel stays empty: no edge leaves it, so nothing is handed off.
            boolean handsOff = topology == null || !described.containsKey(name)
                    || topology.edges().stream().anyMatch(edge -> edge.from().equals(name));
            if (has[c][IN] && has[c][OUT] && handsOff) {
                hops.add(new Hop(hops.size(), HopKind.COMPUTE, name, name, name));
            }
        }
        int expected = 0;
        boolean[] awaited = new boolean[channels.size()];
        Flow flow = null;
        if (topology != null) {
            if (generatorFeeds) {
                for (Topology.Component sink : topology.components()) {
                    if (sink.role() == ComponentRole.SINK
                            && topology.components().stream().anyMatch(
                                    source -> source.role() == ComponentRole.SOURCE
                                            && reaches(topology, source.id(), sink.id()))) {
                        hops.add(new Hop(hops.size(), HopKind.END_TO_END,
                                IngestionChannel.COMPONENT + " => " + sink.id(),
                                IngestionChannel.COMPONENT, sink.id()));
                    }
                }
            }
            // From each source; then from each inner operator with in records, the way of the
            // outputs it mints outside the processing of a record, whose lineage starts there.
            for (ComponentRole role : List.of(ComponentRole.SOURCE, ComponentRole.INNER)) {
                for (Topology.Component from : topology.components()) {
                    if (from.role() == role && (role == ComponentRole.SOURCE
                            || has[names.indexOf(from.id())][IN])) {
                        addEndToEnd(hops, topology, from.id());
                    }
                }
            }
            int generator = generatorFeeds ? names.indexOf(IngestionChannel.COMPONENT) : -1;
            flow = Flow.of(topology, names, has, generator);
            expected = expectedEvents(topology, names, flow, described, null);
            if (generator >= 0 && expected > 0 && flow.awaits(generator, OUT)) {
                expected += 1;  // the send of the tuple's bucket
            }
            for (ChannelInfo channel : channels) {
                int i = channel.index();
                awaited[i] = expected > 0 && (described.containsKey(names.get(component[i]))
                        || component[i] == generator) && flow.awaits(component[i], point[i]);
            }
        }
        WatermarkReleases watermarks = new WatermarkReleases(names, byPrefix, topology,
                watermarkLogs);
        int[][] watermarkHops = new int[names.size()][];
        if (topology != null) {
            addWatermarkHops(hops, watermarkHops, watermarks, topology, names, notes);
        }
        HashMap<Integer, Integer> origins = new HashMap<>();
        int[] expectedFrom = new int[names.size()];
        boolean[][] reachFrom = new boolean[names.size()][names.size()];
        if (topology != null) {
            for (Topology.Component minting : topology.components()) {
                int c = names.indexOf(minting.id());
                minting.tasks().forEach(t -> origins.put(minting.mintOrigin() + t, c));
                reachFrom[c][c] = true;
                for (int other = 0; other < names.size(); other++) {
                    reachFrom[c][other] |= reaches(topology, minting.id(), names.get(other));
                }
                expectedFrom[c] = expectedEvents(topology, names, flow, described,
                        minting.id());
            }
        }
        boolean lineage = channels.stream()
                .anyMatch(channel -> channel.elementKind() == Kind.LINEAGE);
        return new HopPlan(names, component, task, point, node, hops, expected, awaited, flow,
                notes, generatorFeeds ? names.indexOf(IngestionChannel.COMPONENT) : -1,
                UnsampledPeriods.of(channels, component, point, awaited, names.size()), origins,
                expectedFrom, reachFrom, lineage, watermarks, watermarkHops);
    }

    /**
     * Adds, for each operator whose outputs watermarks fired and each sink it reaches, the hop
     * from the watermarks' release at the generators nearest upstream to those outputs at the
     * sink; or a note where no generator upstream logged them.
     */
    private static void addWatermarkHops(List<Hop> hops, int[][] watermarkHops,
            WatermarkReleases watermarks, Topology topology, List<String> names,
            List<String> notes) {
        Map<String, Integer> byName = new LinkedHashMap<>();
        for (int firing = 0; firing < names.size(); firing++) {
            if (!watermarks.fires(firing)) {
                continue;
            }
            List<Integer> generators = watermarks.generatorsOf(firing);
            if (generators.isEmpty()) {
                notes.add(names.get(firing) + " emitted results when watermarks arrived, but no"
                        + " task upstream of it logged generating them (watermarks a FLIP-27"
                        + " source's WatermarkStrategy makes are not seen): its results are"
                        + " measured from " + names.get(firing) + " on, not from the"
                        + " watermarks' release. Fix: assign them with"
                        + " assignTimestampsAndWatermarks after the source");
                continue;
            }
            String from = String.join("+", generators.stream().map(names::get).toList());
            for (Topology.Component sink : topology.components()) {
                if (sink.role() != ComponentRole.SINK
                        || !reaches(topology, names.get(firing), sink.id())) {
                    continue;
                }
                String name = from + " => " + sink.id() + " (watermark)";
                Integer index = byName.get(name);
                if (index == null) {
                    index = hops.size();
                    byName.put(name, index);
                    hops.add(new Hop(index, HopKind.WATERMARK, name,
                            names.get(generators.get(0)), sink.id()));
                }
                if (watermarkHops[firing] == null) {
                    watermarkHops[firing] = new int[names.size()];
                    Arrays.fill(watermarkHops[firing], -1);
                }
                watermarkHops[firing][names.indexOf(sink.id())] = index;
            }
        }
    }

    /** The watermark hop from the release of {@code firing}'s watermarks to {@code sink}, or -1. */
    int watermarkHop(int firing, int sink) {
        return watermarkHops[firing] == null ? -1 : watermarkHops[firing][sink];
    }

    /** Whether outputs that {@code component} emits when watermarks arrive have watermark hops. */
    boolean hasWatermarkHops(int component) {
        return watermarkHops[component] != null;
    }

    /** When the watermarks that fired outputs were released. */
    WatermarkReleases watermarks() {
        return watermarks;
    }

    /** Adds an end-to-end hop from {@code from} to each sink it reaches. */
    private static void addEndToEnd(List<Hop> hops, Topology topology, String from) {
        for (Topology.Component sink : topology.components()) {
            if (sink.role() == ComponentRole.SINK && reaches(topology, from, sink.id())) {
                hops.add(new Hop(hops.size(), HopKind.END_TO_END, from + " => " + sink.id(),
                        from, sink.id()));
            }
        }
    }

    /** The hop of {@code edge}: chained if its two ends run in one thread, else a transfer. */
    private static Hop edgeHop(int index, Topology.Edge edge) {
        String name = edge.from() + " -> " + edge.to();
        return edge.chained()
                ? new Hop(index, HopKind.CHAINED, name + " (chained)", edge.from(), edge.to())
                : new Hop(index, HopKind.TRANSFER, name, edge.from(), edge.to());
    }

    /**
     * {@code names} in topological order of the edges (Kahn's algorithm, ties in the order of
     * {@code names}); components on a cycle, which Storm refuses anyway, come last.
     */
    private static List<String> flowOrder(List<String> names, Topology topology) {
        Map<String, Integer> incoming = new LinkedHashMap<>();
        names.forEach(name -> incoming.put(name, 0));
        for (Topology.Edge edge : topology.edges()) {
            incoming.merge(edge.to(), 1, Integer::sum);
        }
        List<String> order = new ArrayList<>();
        boolean progressed = true;
        while (progressed) {
            progressed = false;
            for (String name : names) {
                if (!order.contains(name) && incoming.get(name) == 0) {
                    order.add(name);
                    progressed = true;
                    for (Topology.Edge edge : topology.edges()) {
                        if (edge.from().equals(name)) {
                            incoming.merge(edge.to(), -1, Integer::sum);
                        }
                    }
                }
            }
        }
        names.stream().filter(name -> !order.contains(name)).forEach(order::add);
        return order;
    }

    private static boolean reaches(Topology topology, String from, String to) {
        if (from.equals(to)) {
            return false;
        }
        List<String> frontier = new ArrayList<>(List.of(from));
        List<String> seen = new ArrayList<>(frontier);
        while (!frontier.isEmpty()) {
            String at = frontier.remove(frontier.size() - 1);
            for (Topology.Edge edge : topology.edges()) {
                if (edge.from().equals(at) && !seen.contains(edge.to())) {
                    if (edge.to().equals(to)) {
                        return true;
                    }
                    seen.add(edge.to());
                    frontier.add(edge.to());
                }
            }
        }
        return false;
    }

    /**
     * The id records a tuple leaves when nothing filters it: per component, the points where
     * its records can arrive ({@link Flow#awaits}) times how many of its tasks see the tuple
     * (all of them downstream of an {@code all} or {@code broadcast} grouping). 0 (wait for the
     * time-out) if the topology has a cycle.
     *
     * @param start the component an output starts at, or null for a source record
     */
    private static int expectedEvents(Topology topology, List<String> names, Flow flow,
            Map<String, Topology.Component> described, String start) {
        Map<String, Integer> copies = new HashMap<>();
        for (Topology.Component component : topology.components()) {
            if (startsAt(component, start)) {
                copies.put(component.id(), 1);
            }
        }
        for (int round = 0; round <= topology.components().size(); round++) {
            for (Topology.Component component : topology.components()) {
                int sum = startsAt(component, start) ? 1 : 0;
                for (Topology.Edge edge : topology.edges()) {
                    if (edge.to().equals(component.id())) {
                        int fanOut = edge.toEveryTask()
                                ? Math.max(1, component.tasks().size()) : 1;
                        sum += copies.getOrDefault(edge.from(), 0) * fanOut;
                    }
                }
                copies.put(component.id(), sum);
            }
        }
        int events = 0;
        for (int c = 0; c < names.size(); c++) {
            if (described.containsKey(names.get(c))) {
                int points = (flow.awaits(c, IN) ? 1 : 0) + (flow.awaits(c, OUT) ? 1 : 0);
                events += copies.getOrDefault(names.get(c), 0) * points;
            }
        }
        return events;
    }

    /** Whether a tuple that starts at {@code start} (null: a source record) starts here. */
    private static boolean startsAt(Topology.Component component, String start) {
        return start == null ? component.role() == ComponentRole.SOURCE
                : component.id().equals(start);
    }

    public List<Hop> hops() {
        return hops;
    }

    /**
     * Where the tuple {@code tupleId} starts: {@link #SOURCE_RECORD} for an id not minted, or
     * minted at a source task or at a task topology.json does not name; else the component
     * index of the operator that minted it.
     */
    public int startOf(long tupleId) {
        if (!MintedTupleIds.isMinted(tupleId)) {
            return SOURCE_RECORD;
        }
        Integer component = originComponent.get(MintedTupleIds.origin(tupleId));
        return component == null || flow == null || flow.isSource(component) ? SOURCE_RECORD
                : component;
    }

    /** Whether the logs hold lineage channels: outputs may then descend from source records. */
    public boolean hasLineage() {
        return lineage;
    }

    /** {@link #expectedEvents()} of a tuple that starts at {@code start} ({@link #startOf}). */
    public int expectedEvents(int start) {
        return start == SOURCE_RECORD ? expectedEvents : expectedFrom[start];
    }

    /**
     * {@link #awaited(int)} for a tuple that starts at {@code start}: an output is awaited only
     * from the operator that minted it on.
     */
    boolean awaited(int channel, int start) {
        return channelAwaited[channel]
                && (start == SOURCE_RECORD || reachFrom[start][channelComponent[channel]]);
    }

    /** Whether a tuple that starts at {@code start} can pass {@code component}. */
    boolean passes(int start, int component) {
        return start == SOURCE_RECORD || reachFrom[start][component];
    }

    /**
     * Whether the end-to-end hop from {@code from} (a component index) is a tuple's that starts
     * at {@code start}: a source record's from its source or the generator, an output's from the
     * operator that minted it.
     */
    boolean endToEndOf(int from, int start) {
        return start == SOURCE_RECORD ? isGenerator(from) || flow != null && flow.isSource(from)
                : from == start;
    }

    /** Component names, by index. */
    public List<String> components() {
        return components;
    }

    /**
     * Id records a complete tuple has on {@linkplain #awaited awaited} channels; 0 if unknown
     * (then only the time-out ends a tuple).
     */
    public int expectedEvents() {
        return expectedEvents;
    }

    /**
     * Whether a complete tuple has records on {@code channel}: the {@code in} of a component of
     * topology.json, its {@code out} if an edge leaves it. Only these count towards
     * {@link #expectedEvents()}; records elsewhere are sampled but never awaited.
     */
    boolean awaited(int channel) {
        return channelAwaited[channel];
    }

    /** The records of {@code tuple}, which starts at {@code start}, on awaited channels. */
    int awaitedRecords(TupleEvents tuple, int start) {
        int records = 0;
        for (int i = 0; i < tuple.size; i++) {
            records += awaited(tuple.channels[i], start) ? 1 : 0;
        }
        return records;
    }

    /**
     * Whether {@code tuple}, which ended by its time-out, lacks a record at a point while that
     * point's channel was under a handler that keeps no ids: not sampled there, rather than lost
     * ({@link UnsampledPeriods}).
     *
     * @param timeoutNs the join's time-out: how long after its last record it could have
     *     passed there
     */
    boolean unsampled(TupleEvents tuple, int start, long timeoutNs) {
        return unsampledPeriods.explain(this, tuple, start, timeoutNs);
    }

    /** The components' points and edges, by component index; null without a topology. */
    Flow flow() {
        return flow;
    }

    /** What the plan could not do, for the user. */
    public List<String> notes() {
        return notes;
    }

    int component(int channel) {
        return channelComponent[channel];
    }

    int task(int channel) {
        return channelTask[channel];
    }

    byte point(int channel) {
        return channelPoint[channel];
    }

    String node(int channel) {
        return channelNode[channel];
    }

    /** The node of {@code channel} as an index: equal indices, equal nodes. */
    int nodeIndex(int channel) {
        return channelNodeIndex[channel];
    }

    /** Whether {@code component} is the generator that feeds the sources. */
    boolean isGenerator(int component) {
        return component == generatorComponent;
    }

    /**
     * The point at which an end-to-end hop from {@code component} starts: a source's
     * {@code in}, the generator's {@code out} (it has no {@code in}: it makes its tuples).
     */
    byte endToEndStart(int component) {
        return isGenerator(component) ? OUT : IN;
    }

    /** The component index of a hop's start or end. */
    int componentIndex(String name) {
        return components.indexOf(name);
    }
}
