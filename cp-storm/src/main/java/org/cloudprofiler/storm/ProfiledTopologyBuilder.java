package org.cloudprofiler.storm;

import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.storm.generated.StormTopology;
import org.apache.storm.hooks.IWorkerHook;
import org.apache.storm.topology.BasicBoltExecutor;
import org.apache.storm.topology.BoltDeclarer;
import org.apache.storm.topology.IBasicBolt;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.topology.IRichSpout;
import org.apache.storm.topology.IWindowedBolt;
import org.apache.storm.topology.SpoutDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.WindowedBoltExecutor;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.storm.pill.PillWiring;
import org.cloudprofiler.storm.tupleid.TupleIdExtractor;

/**
 * Storm's {@link TopologyBuilder} with every spout and bolt profiled: replace
 * {@code new TopologyBuilder()} with {@code new ProfiledTopologyBuilder()} and nothing else
 * changes. {@code setSpout} and {@code setBolt} return Storm's own declarers, so groupings and
 * component settings are declared as usual; {@link #createTopology()} adds the pill stream
 * subscriptions that mirror them. Not thread-safe, like the builder it wraps.
 */
public class ProfiledTopologyBuilder {

    private final TopologyBuilder builder = new TopologyBuilder();
    private final Map<String, ProfiledSpout> spouts = new LinkedHashMap<>();
    private final Map<String, ProfiledBolt> bolts = new LinkedHashMap<>();
    private TupleIdExtractor tupleIds;

    /**
     * Checks the {@code cloudprofiler.*} keys of a topology config, so a mistake fails at
     * submission instead of leaving tasks unprofiled.
     *
     * @throws org.cloudprofiler.config.CpConfigException naming the key and the fix
     */
    public static void checkConfig(Map<String, Object> topologyConf) {
        CpSettings.from(topologyConf);
    }

    /**
     * Finds tuple ids with {@code extractor} in every component, instead of the extractor the
     * configuration or a source ({@code ProfiledKafkaSpout}) asks for.
     */
    public ProfiledTopologyBuilder withTupleIds(TupleIdExtractor extractor) {
        this.tupleIds = extractor;
        return this;
    }

    public SpoutDeclarer setSpout(String id, IRichSpout spout) {
        return setSpout(id, spout, null);
    }

    /**
     * As {@link TopologyBuilder#setSpout(String, IRichSpout, Number)}; the run ends when the
     * spout is an exhausted {@link FiniteSpout}, or when the topology is deactivated. A
     * {@link ProfiledSpout} is taken as it is.
     */
    public SpoutDeclarer setSpout(String id, IRichSpout spout, Number parallelismHint) {
        return setSpout(id, spout instanceof ProfiledSpout profiled
                ? profiled : new ProfiledSpout(spout), parallelismHint);
    }

    /**
     * As {@link #setSpout(String, IRichSpout, Number)}, the run ending when {@code runEnd} says.
     *
     * @throws IllegalArgumentException for a {@link ProfiledSpout}, which has its signal already
     */
    public SpoutDeclarer setSpout(String id, IRichSpout spout, Number parallelismHint,
            RunEndSignal runEnd) {
        if (spout instanceof ProfiledSpout) {
            throw new IllegalArgumentException("spout " + id + " is profiled already; give the"
                    + " RunEndSignal to its constructor instead");
        }
        return setSpout(id, new ProfiledSpout(spout, runEnd), parallelismHint);
    }

    private SpoutDeclarer setSpout(String id, ProfiledSpout spout, Number parallelismHint) {
        SpoutDeclarer declarer = builder.setSpout(id, spout, parallelismHint);
        spouts.put(id, spout);
        return declarer;
    }

    public BoltDeclarer setBolt(String id, IRichBolt bolt) {
        return setBolt(id, bolt, null);
    }

    /** As {@link TopologyBuilder#setBolt(String, IRichBolt, Number)}. */
    public BoltDeclarer setBolt(String id, IRichBolt bolt, Number parallelismHint) {
        ProfiledBolt profiled = bolt instanceof ProfiledBolt given ? given : new ProfiledBolt(bolt);
        BoltDeclarer declarer = builder.setBolt(id, profiled, parallelismHint);
        bolts.put(id, profiled);
        return declarer;
    }

    public BoltDeclarer setBolt(String id, IBasicBolt bolt) {
        return setBolt(id, bolt, null);
    }

    /** As {@link TopologyBuilder#setBolt(String, IBasicBolt, Number)}. */
    public BoltDeclarer setBolt(String id, IBasicBolt bolt, Number parallelismHint) {
        return setBolt(id, new BasicBoltExecutor(bolt), parallelismHint);
    }

    public BoltDeclarer setBolt(String id, IWindowedBolt bolt) {
        return setBolt(id, bolt, null);
    }

    /**
     * As {@link TopologyBuilder#setBolt(String, IWindowedBolt, Number)}, for windows on
     * processing time or counts. Event-time windows ({@code withTimestampField}) are not
     * supported: Storm's watermarks would wait for timestamps on the pill stream.
     */
    public BoltDeclarer setBolt(String id, IWindowedBolt bolt, Number parallelismHint) {
        return setBolt(id, new WindowedBoltExecutor(bolt), parallelismHint);
    }

    /** As {@link TopologyBuilder#addWorkerHook(IWorkerHook)}. */
    public void addWorkerHook(IWorkerHook workerHook) {
        builder.addWorkerHook(workerHook);
    }

    /**
     * The topology to submit: the user's components, profiled, and the pill stream subscriptions
     * mirroring every edge.
     *
     * @throws IllegalArgumentException if the components' edges form a cycle, or two sources
     *     imply different tuple ids and none was chosen with {@link #withTupleIds}
     */
    public StormTopology createTopology() {
        TupleIdExtractor chosen = tupleIds != null ? tupleIds : sourceTupleIds();
        spouts.values().forEach(spout -> spout.useTupleIds(chosen));
        bolts.values().forEach(bolt -> bolt.useTupleIds(chosen));
        StormTopology topology = builder.createTopology();
        PillWiring.mirror(topology);
        return topology;
    }

    private TupleIdExtractor sourceTupleIds() {
        TupleIdExtractor chosen = null;
        for (Map.Entry<String, ProfiledSpout> spout : spouts.entrySet()) {
            TupleIdExtractor implied = spout.getValue().sourceTupleIds();
            if (implied == null) {
                continue;
            }
            if (chosen != null && !chosen.equals(implied)) {
                throw new IllegalArgumentException("spout " + spout.getKey() + " finds tuple ids"
                        + " by " + implied + ", another spout by " + chosen + "; choose one for"
                        + " the whole topology with withTupleIds(...)");
            }
            chosen = implied;
        }
        return chosen;
    }
}
