package org.cloudprofiler.examples.ysb;

import java.util.Map;

import org.apache.storm.Config;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.cloudprofiler.examples.ysb.common.CampaignWindows;
import org.cloudprofiler.examples.ysb.common.WindowKey;

/**
 * YSB step 6, the sink: keeps each campaign window's latest count in {@link CampaignWindows}
 * (the benchmark writes it to Redis). Emits nothing.
 */
public final class CampaignWindowSink extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    private transient String topologyName;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        topologyName = (String) topoConf.get(Config.TOPOLOGY_NAME);
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        CampaignWindows.record(topologyName, new WindowKey(
                input.getStringByField(YsbFields.CAMPAIGN_ID),
                input.getLongByField(YsbFields.WINDOW_START)),
                input.getLongByField(YsbFields.WINDOW_COUNT));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // A sink.
    }
}
