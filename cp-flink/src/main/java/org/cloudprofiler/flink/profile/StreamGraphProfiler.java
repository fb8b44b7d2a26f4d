package org.cloudprofiler.flink.profile;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobType;
import org.apache.flink.streaming.api.functions.source.legacy.SourceFunction;
import org.apache.flink.streaming.api.graph.StreamEdge;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.streaming.api.graph.StreamingJobGraphGenerator;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.SimpleOperatorFactory;
import org.apache.flink.streaming.api.operators.SourceOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamSource;
import org.apache.flink.streaming.api.operators.StreamOperatorFactory;
import org.apache.flink.streaming.runtime.partitioner.CustomPartitionerWrapper;
import org.apache.flink.streaming.runtime.partitioner.StreamPartitioner;
import org.cloudprofiler.channel.ChannelNames;
import org.cloudprofiler.config.CpConfigException;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.topology.TopologyDescription;
import org.cloudprofiler.tupleid.MintedTupleIds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rewrites a job's stream graph before it is submitted so that every operator is profiled:
 * user functions and the operators the Table/SQL planner generates alike, since the rewrite works
 * on operators, not functions. Each operator's factory is replaced by a
 * {@link ProfilingOperatorFactory}; each source gets its FLIP-27 source wrapped
 * ({@link ProfiledSource}) in a factory of Flink's own kind, so Flink treats it as the source it
 * is; a legacy {@code SourceFunction} source becomes a {@link ProfiledStreamSource}, chained to
 * nothing. Every exchange whose ends are all profiled gets {@link IdCarryingSerializer}s on both
 * ends.
 *
 * <p>Both ends of an exchange must agree on the serializer, and an input of an operator has one
 * serializer for all exchanges into it, so the exchanges are grouped: an operator's output and
 * every input it feeds, and every output feeding those inputs, in one group. A group carries ids
 * unless a member cannot: an input fed by a side output (Flink serializes those with the tag's
 * own serializer), or an input of an operator that keeps its input records in its state with the
 * serializer Flink gives it (asynchronous I/O). Records arriving on an input that does not carry ids are
 * counted as missing ids.
 */
final class StreamGraphProfiler {
    private static final Logger LOG = LoggerFactory.getLogger(StreamGraphProfiler.class);

    /**
     * An operator's {@code mintOrigin} is its position in the graph shifted by this many bits,
     * leaving the low bits for its subtask (docs/design.md, "Tuple lineage").
     */
    private static final int SUBTASK_BITS = 12;
    /** The keys the rewrite reads from the job's configuration. */
    private static final String KEY_PREFIX = "cloudprofiler.";
    /** Subtasks of an operator that mint ids of their own. */
    static final int MAX_SUBTASKS = 1 << SUBTASK_BITS;
    /** Operators of a profiled job. */
    static final int MAX_OPERATORS = (MintedTupleIds.MAX_ORIGIN + 1) >> SUBTASK_BITS;

    /** Operators that keep input records in state with their configured input serializer. */
    private static final Set<String> INPUTS_IN_STATE = Set.of(
            "org.apache.flink.streaming.api.operators.async.AsyncWaitOperator",
            "org.apache.flink.table.runtime.operators.TableKeyedAsyncWaitOperator",
            "org.apache.flink.table.runtime.operators.join.deltajoin.StreamingDeltaJoinOperator");

    /** StreamGraph's cache of chain heads by stream node ({@link #forgetChainHeads}). */
    private static final String CHAIN_HEAD_CACHE = "nodeToHeadOperatorCache";

    private final StreamGraph graph;
    private final Map<Integer, String> transformationNames;
    private final Map<String, String> settings;
    private final Map<String, RecordIdExtractor<?>> extractors;
    private final ClassLoader userClassLoader;
    private final Map<Integer, String> componentIds = new LinkedHashMap<>();
    private final Set<String> extractorsUsed = new HashSet<>();

    /**
     * @param transformationNames the names of the job's transformations by id (a stream node's
     *     id is its transformation's), where known, so that an extractor may name its source
     *     as the job did
     * @param settings the job's {@code cloudprofiler.*} keys
     * @param extractors id extractors by source uid or name
     * @param userClassLoader the loader of the job's classes
     */
    StreamGraphProfiler(StreamGraph graph, Map<Integer, String> transformationNames,
            Map<String, String> settings, Map<String, RecordIdExtractor<?>> extractors,
            ClassLoader userClassLoader) {
        this.graph = graph;
        this.transformationNames = transformationNames;
        this.settings = settings;
        this.extractors = extractors;
        this.userClassLoader = userClassLoader;
    }

    /**
     * The one rewrite of both ways to profile a job ({@link ProfiledJob} and
     * {@link ProfilingExecutor}): rewrites {@code graph} in place unless {@code configuration}
     * says {@code cloudprofiler.enabled=false}, sets every channel {@code OFF} with no
     * configuration server ({@link CpSettings#logsNothing}), or the graph is profiled already.
     *
     * @param configuration the job's configuration, whose {@code cloudprofiler.*} keys apply
     * @return whether the graph was rewritten
     * @throws IllegalArgumentException for a {@code cloudprofiler.*} value that cannot be used, a
     *     job that cannot be profiled, or an extractor for a source the job does not have
     */
    static boolean profile(StreamGraph graph, Configuration configuration,
            Map<Integer, String> transformationNames,
            Map<String, RecordIdExtractor<?>> extractors, ClassLoader userClassLoader) {
        Map<String, String> settings = new HashMap<>();
        configuration.toMap().forEach((key, value) -> {
            if (key.startsWith(KEY_PREFIX)) {
                settings.put(key, value);
            }
        });
        try {
            CpSettings parsed = CpSettings.from(settings);
            if (!parsed.enabled()) {
                return false;
            }
            if (parsed.logsNothing()) {
                // Wrappers and ids on every record would cost a share of the job for nothing.
                LOG.info("cloudprofiler: every channel is OFF and no configuration server is"
                        + " set, so nothing would be logged: the job runs unprofiled");
                return false;
            }
        } catch (CpConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (isProfiled(graph)) {
            return false;
        }
        new StreamGraphProfiler(graph, transformationNames, settings, extractors,
                userClassLoader).rewrite();
        return true;
    }

    /**
     * Whether {@code graph} went through the rewrite already: a job that calls
     * {@code profile(env)} submitted to an executor that profiles too is profiled once.
     */
    static boolean isProfiled(StreamGraph graph) {
        for (StreamNode node : graph.getStreamNodes()) {
            StreamOperatorFactory<?> factory = node.getOperatorFactory();
            boolean profiled = factory instanceof ProfilingOperatorFactory<?>
                    || factory instanceof SourceOperatorFactory<?> source
                            && SourceOperatorFactories.source(source) instanceof ProfiledSource
                    || factory instanceof SimpleOperatorFactory<?> simple
                            && simple.getOperator() instanceof ProfiledStreamSource;
            if (profiled) {
                return true;
            }
        }
        return false;
    }

    /**
     * Rewrites the graph in place.
     *
     * @throws IllegalArgumentException if an extractor names no source of the job
     */
    private void rewrite() {
        if (graph.getJobType() == JobType.BATCH) {
            throw new IllegalArgumentException("cloudprofiler profiles jobs in STREAMING"
                    + " execution mode only (in BATCH mode sorted inputs and the planner's batch"
                    + " operators would mix up the records' ids): set execution.runtime-mode:"
                    + " STREAMING, or cloudprofiler.enabled=false to run the job unprofiled");
        }
        List<StreamNode> nodes = new ArrayList<>(graph.getStreamNodes());
        nodes.sort(Comparator.comparingInt(StreamNode::getId));
        checkSize(nodes);
        for (StreamNode node : nodes) {
            StreamOperatorFactory<?> factory = node.getOperatorFactory();
            if (factory == null || factory.isLegacySource() && legacySource(factory) == null) {
                throw new IllegalArgumentException("cloudprofiler cannot profile the operator '"
                        + node.getOperatorName() + "': a source that is neither a FLIP-27 source"
                        + " nor a SourceFunction; set cloudprofiler.enabled=false to run the job"
                        + " unprofiled");
            }
        }
        Set<String> prefixes = new HashSet<>();
        for (StreamNode node : nodes) {
            componentIds.put(node.getId(), componentId(node, prefixes));
        }
        IdGroups groups = IdGroups.of(nodes, userClassLoader);
        TopologyDescription topology = describe(nodes);
        for (StreamNode node : nodes) {
            OperatorProfile profile = new OperatorProfile(componentIds.get(node.getId()),
                    groups.inputsCarryingIds(node), Map.copyOf(settings), topology);
            replaceFactory(node, profile);
            groups.wrapSerializers(node);
        }
        forgetChainHeads();
        Set<String> unused = new HashSet<>(extractors.keySet());
        unused.removeAll(extractorsUsed);
        if (!unused.isEmpty()) {
            throw new IllegalArgumentException("no source of the job has the uid or name "
                    + unused + " given to withTupleIds; sources: " + sourceNames(nodes));
        }
    }

    /**
     * Refuses a job whose minted ids would not be unique: more operators, or more subtasks of
     * one, than the layout of minted ids has origins for.
     */
    private void checkSize(List<StreamNode> nodes) {
        if (nodes.size() > MAX_OPERATORS) {
            throw new IllegalArgumentException("cloudprofiler profiles jobs of at most "
                    + MAX_OPERATORS + " operators, and this job has " + nodes.size()
                    + "; profile a smaller job, or set cloudprofiler.enabled=false");
        }
        for (StreamNode node : nodes) {
            int parallelism = node.getParallelism() > 0 ? node.getParallelism()
                    : graph.getExecutionConfig().getParallelism();
            if (parallelism > MAX_SUBTASKS) {
                throw new IllegalArgumentException("cloudprofiler profiles operators of at most "
                        + MAX_SUBTASKS + " subtasks, and '" + node.getOperatorName()
                        + "' has " + parallelism + "; lower its parallelism, or set"
                        + " cloudprofiler.enabled=false");
            }
        }
    }

    /** The legacy source operator {@code factory} makes, or null if it makes none. */
    private static StreamSource<?, ?> legacySource(StreamOperatorFactory<?> factory) {
        return factory instanceof SimpleOperatorFactory<?> simple
                && simple.getOperator() instanceof StreamSource<?, ?> source ? source : null;
    }

    /** The operator's uid if it has one, else its name; made unique by its node id. */
    private static String componentId(StreamNode node, Set<String> prefixes) {
        String uid = node.getTransformationUID();
        String id = uid != null && !uid.isBlank() ? uid : node.getOperatorName();
        if (!prefixes.add(ChannelNames.component(id))) {
            id = id + "-" + node.getId();
            prefixes.add(ChannelNames.component(id));
        }
        return id;
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // A node's factory and source share one type.
    private void replaceFactory(StreamNode node, OperatorProfile profile) {
        StreamOperatorFactory<?> factory = node.getOperatorFactory();
        if (factory instanceof SourceOperatorFactory<?> sourceFactory) {
            node.setOperatorFactory(SourceOperatorFactories.withSource(sourceFactory,
                    ProfiledSource.of((Source) SourceOperatorFactories.source(sourceFactory),
                            profile, extractorFor(node))));
        } else if (legacySource(factory) != null) {
            StreamSource legacy = legacySource(factory);
            SimpleOperatorFactory profiled = SimpleOperatorFactory.of(new ProfiledStreamSource(
                    (SourceFunction) legacy.getUserFunction(), legacy.emitsProgressiveWatermarks(),
                    profile, extractorFor(node)));
            profiled.setChainingStrategy(ChainingStrategy.NEVER);
            node.setOperatorFactory(profiled);
        } else {
            node.setOperatorFactory(ProfilingOperatorFactory.of((StreamOperatorFactory) factory,
                    profile));
        }
    }

    private RecordIdExtractor<?> extractorFor(StreamNode node) {
        String name = transformationNames.get(node.getId());
        for (String key : new String[] {node.getTransformationUID(), name,
                node.getOperatorName()}) {
            if (key != null && extractors.containsKey(key)) {
                extractorsUsed.add(key);
                return extractors.get(key);
            }
        }
        return null;
    }

    private static List<String> sourceNames(List<StreamNode> nodes) {
        List<String> names = new ArrayList<>();
        for (StreamNode node : nodes) {
            if (isSource(node)) {
                names.add(node.getOperatorName());
            }
        }
        return names;
    }

    private TopologyDescription describe(List<StreamNode> nodes) {
        List<TopologyDescription.Component> components = new ArrayList<>();
        for (int position = 0; position < nodes.size(); position++) {
            StreamNode node = nodes.get(position);
            String id = componentIds.get(node.getId());
            ComponentRole role = node.getInEdges().isEmpty() ? ComponentRole.SOURCE
                    : node.getOutEdges().isEmpty() ? ComponentRole.SINK : ComponentRole.INNER;
            String uid = node.getTransformationUID();
            components.add(new TopologyDescription.Component(id,
                    uid == null || uid.isBlank() ? null : uid,
                    isSource(node) ? "source" : "operator",
                    role, ChannelNames.component(id), Math.max(0, node.getParallelism()),
                    List.of(), position << SUBTASK_BITS));
        }
        List<TopologyDescription.Edge> edges = new ArrayList<>();
        for (StreamNode node : nodes) {
            for (StreamEdge edge : node.getOutEdges()) {
                edges.add(new TopologyDescription.Edge(componentIds.get(edge.getSourceId()),
                        componentIds.get(edge.getTargetId()),
                        edge.getOutputTag() == null ? "default" : edge.getOutputTag().getId(),
                        partitionerName(edge.getPartitioner()), List.of(), chained(edge)));
            }
        }
        return new TopologyDescription(TopologyDescription.FORMAT, "flink", graph.getJobName(),
                null, null, null, null, "JofSource ids, profiled KafkaSource partition << 48"
                        + " | offset, or extractors, else minted at the source; carried through"
                        + " the job by the lineage rule",
                CpSettings.from(settings).sampleText(), components, List.of(), edges);
    }

    /** Flink's partitioner as {@code topology.json} names it. */
    static String partitionerName(StreamPartitioner<?> partitioner) {
        if (partitioner instanceof CustomPartitionerWrapper<?, ?>) {
            return "custom:" + partitioner.getClass().getName();
        }
        return partitioner.toString().toLowerCase(Locale.ROOT);
    }

    private static boolean isSource(StreamNode node) {
        return node.getOperatorFactory() instanceof SourceOperatorFactory<?>
                || legacySource(node.getOperatorFactory()) != null;
    }

    /**
     * Whether Flink will chain the two ends of {@code edge} into one task: never after a legacy
     * source, which the rewrite chains to nothing.
     */
    private boolean chained(StreamEdge edge) {
        return legacySource(graph.getStreamNode(edge.getSourceId()).getOperatorFactory()) == null
                && StreamingJobGraphGenerator.isChainable(edge, graph);
    }

    /**
     * Empties the cache of chain heads that {@link StreamingJobGraphGenerator#isChainable} fills
     * in the graph, a field Java serialization sends as it is: its stream nodes, with their key
     * selectors and the factories from before the rewrite, would reach a session cluster's
     * JobManager outside the graph's holder of user objects, and the JobManager, which reads the
     * graph without the job's classes, would refuse the job. Flink fills it again when it builds
     * the job graph.
     */
    private void forgetChainHeads() {
        try {
            Field cache = StreamGraph.class.getDeclaredField(CHAIN_HEAD_CACHE);
            cache.setAccessible(true);
            ((Map<?, ?>) cache.get(graph)).clear();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("cannot empty StreamGraph." + CHAIN_HEAD_CACHE
                    + " of this Flink version; cloudprofiler is built for Flink 2.2", e);
        }
    }

    /** The groups of outputs and inputs that must agree on carrying ids (class comment). */
    private static final class IdGroups {
        private final Map<String, String> parent = new HashMap<>();
        private final Set<String> cannotCarry = new HashSet<>();

        private static String output(int node) {
            return "out:" + node;
        }

        private static String input(int node, int index) {
            return "in:" + node + ":" + index;
        }

        private static int inputIndex(StreamEdge edge) {
            return edge.getTypeNumber() == 0 ? 0 : edge.getTypeNumber() - 1;
        }

        static IdGroups of(List<StreamNode> nodes, ClassLoader classLoader) {
            IdGroups groups = new IdGroups();
            for (StreamNode node : nodes) {
                boolean keepsInputsInState = keepsInputsInState(node, classLoader);
                for (StreamEdge edge : node.getInEdges()) {
                    String in = input(edge.getTargetId(), inputIndex(edge));
                    if (edge.getOutputTag() != null) {
                        // Not the producer's output serializer: the tag's, left as it is.
                        groups.cannotCarry.add(in);
                    } else {
                        groups.union(in, output(edge.getSourceId()));
                    }
                    if (keepsInputsInState) {
                        groups.cannotCarry.add(in);
                    }
                }
            }
            Set<String> roots = new HashSet<>();
            for (String member : groups.cannotCarry) {
                roots.add(groups.find(member));
            }
            groups.cannotCarry.clear();
            groups.cannotCarry.addAll(roots);
            return groups;
        }

        /**
         * Whether the node's operator keeps its input records in its state through the input
         * serializer Flink configures for it (asynchronous I/O, delta joins): wrapped, its state
         * could not be restored by the same job unprofiled. Their results come asynchronously
         * and carry no id anyway.
         */
        private static boolean keepsInputsInState(StreamNode node, ClassLoader classLoader) {
            for (Class<?> type = node.getOperatorFactory().getStreamOperatorClass(classLoader);
                    type != null; type = type.getSuperclass()) {
                if (INPUTS_IN_STATE.contains(type.getName())) {
                    return true;
                }
            }
            return false;
        }

        private String find(String member) {
            String root = parent.getOrDefault(member, member);
            if (root.equals(member)) {
                return member;
            }
            String top = find(root);
            parent.put(member, top);
            return top;
        }

        private void union(String a, String b) {
            String ra = find(a);
            String rb = find(b);
            if (!ra.equals(rb)) {
                parent.put(ra, rb);
            }
        }

        private boolean carries(String member) {
            return !cannotCarry.contains(find(member));
        }

        boolean[] inputsCarryingIds(StreamNode node) {
            TypeSerializer<?>[] in = node.getTypeSerializersIn();
            boolean[] carrying = new boolean[Math.max(1, in.length)];
            for (int i = 0; i < carrying.length; i++) {
                carrying[i] = carries(input(node.getId(), i));
            }
            return carrying;
        }

        @SuppressWarnings({"unchecked", "rawtypes"}) // Wrapping keeps each serializer's type.
        void wrapSerializers(StreamNode node) {
            TypeSerializer<?>[] in = node.getTypeSerializersIn();
            TypeSerializer<?>[] wrapped = in.clone();
            for (int i = 0; i < in.length; i++) {
                if (in[i] != null && carries(input(node.getId(), i))) {
                    wrapped[i] = new IdCarryingSerializer(in[i]);
                }
            }
            if (wrapped.length > 0) {
                node.setSerializersIn(wrapped);
            }
            TypeSerializer<?> out = node.getTypeSerializerOut();
            if (out != null && carries(output(node.getId()))) {
                node.setSerializerOut(new IdCarryingSerializer(out));
            }
        }
    }
}
