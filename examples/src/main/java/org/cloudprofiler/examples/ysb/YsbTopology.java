package org.cloudprofiler.examples.ysb;

import static org.cloudprofiler.examples.ysb.common.YsbStages.DESERIALIZE;
import static org.cloudprofiler.examples.ysb.common.YsbStages.EVENTS;
import static org.cloudprofiler.examples.ysb.common.YsbStages.FILTER;
import static org.cloudprofiler.examples.ysb.common.YsbStages.JOIN;
import static org.cloudprofiler.examples.ysb.common.YsbStages.PROJECT;
import static org.cloudprofiler.examples.ysb.common.YsbStages.SINK;
import static org.cloudprofiler.examples.ysb.common.YsbStages.WINDOW_COUNT;

import java.util.Map;
import java.util.function.Supplier;

import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.BoltDeclarer;
import org.apache.storm.topology.IBasicBolt;
import org.apache.storm.topology.IRichSpout;
import org.apache.storm.topology.SpoutDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.cloudprofiler.examples.ysb.common.YsbStages;
import org.cloudprofiler.generator.ysb.AdEvent;
import org.cloudprofiler.generator.ysb.AdEventSerializer;
import org.cloudprofiler.storm.ProfiledTopologyBuilder;

/**
 * The Yahoo streaming benchmark as a Storm topology: events → deserialize → filter views →
 * project → join campaign → 10 s window count per campaign → sink. The events spout is the
 * caller's: {@code JofSpout} with the YSB payload, or a {@code KafkaSpout} of the benchmark's
 * JSON (both emit KafkaSpout's fields, which is all the bolts read). Its component ids are
 * {@link YsbStages}'. Stateless.
 */
public final class YsbTopology {
    private YsbTopology() {}

    /**
     * The topology with every component profiled (pills, channels, {@code topology.json}).
     *
     * @param events the source, emitting KafkaSpout's fields ({@code ProfiledKafkaSpout} for
     *     Kafka, so the ids are {@code partition << 48 | offset})
     * @param campaignOfAd the join table: every ad's campaign
     */
    public static StormTopology profiled(IRichSpout events, int spoutTasks, int boltTasks,
            Map<String, String> campaignOfAd) {
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        return wire(new Wiring(builder::setSpout, builder::setBolt, builder::createTopology),
                events, spoutTasks, boltTasks, campaignOfAd);
    }

    /** The same topology built with Storm's own builder: no profiling at all (the baseline). */
    public static StormTopology uninstrumented(IRichSpout events, int spoutTasks, int boltTasks,
            Map<String, String> campaignOfAd) {
        TopologyBuilder builder = new TopologyBuilder();
        return wire(new Wiring(builder::setSpout, builder::setBolt, builder::createTopology),
                events, spoutTasks, boltTasks, campaignOfAd);
    }

    /**
     * A topology config for it: no ackers (the generator's exact counts replace replay) and
     * {@link AdEvent} registered with Storm's Kryo, which carries it between workers.
     */
    public static Config config(int workers) {
        Config conf = new Config();
        conf.setNumWorkers(workers);
        conf.setNumAckers(0);
        conf.registerSerialization(AdEvent.class, AdEventSerializer.class);
        return conf;
    }

    private static StormTopology wire(Wiring wiring, IRichSpout events, int spoutTasks,
            int boltTasks, Map<String, String> campaignOfAd) {
        if (spoutTasks < 1 || boltTasks < 1) {
            throw new IllegalArgumentException("need at least one task per component, not "
                    + spoutTasks + " spout and " + boltTasks + " bolt tasks");
        }
        Fields byCampaign = new Fields(YsbFields.CAMPAIGN_ID);
        wiring.spout().set(EVENTS, events, spoutTasks);
        wiring.bolt().set(DESERIALIZE, new DeserializeBolt(), boltTasks).shuffleGrouping(EVENTS);
        wiring.bolt().set(FILTER, new FilterViewsBolt(), boltTasks).shuffleGrouping(DESERIALIZE);
        wiring.bolt().set(PROJECT, new ProjectBolt(), boltTasks).shuffleGrouping(FILTER);
        wiring.bolt().set(JOIN, new JoinCampaignBolt(campaignOfAd), boltTasks)
                .shuffleGrouping(PROJECT);
        wiring.bolt().set(WINDOW_COUNT, new WindowCountBolt(TumblingWindows.YSB), boltTasks)
                .fieldsGrouping(JOIN, byCampaign);
        wiring.bolt().set(SINK, new CampaignWindowSink(), boltTasks)
                .fieldsGrouping(WINDOW_COUNT, byCampaign);
        return wiring.create().get();
    }

    /** What {@link #wire} needs of a topology builder, profiled or not. */
    private record Wiring(SpoutSetter spout, BoltSetter bolt, Supplier<StormTopology> create) {}

    @FunctionalInterface
    private interface SpoutSetter {
        SpoutDeclarer set(String id, IRichSpout spout, Number tasks);
    }

    @FunctionalInterface
    private interface BoltSetter {
        BoltDeclarer set(String id, IBasicBolt bolt, Number tasks);
    }
}
