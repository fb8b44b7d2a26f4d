package org.cloudprofiler.examples.ysb;

import java.util.HashMap;
import java.util.Map;

import com.codahale.metrics.Counter;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * YSB step 4: looks up each view's campaign in an in-memory table (the benchmark keeps it in
 * Redis). A view of an ad the table does not know is counted ({@code ysb.unknown-ads}) and
 * dropped, its first occurrence logged.
 */
public final class JoinCampaignBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(JoinCampaignBolt.class);

    private final HashMap<String, String> campaignOfAd;
    private transient Counter unknownAds;

    /** @param campaignOfAd every ad's campaign */
    public JoinCampaignBolt(Map<String, String> campaignOfAd) {
        this.campaignOfAd = new HashMap<>(campaignOfAd);
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        unknownAds = context.registerCounter("ysb.unknown-ads");
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String adId = input.getStringByField(YsbFields.AD_ID);
        String campaign = campaignOfAd.get(adId);
        if (campaign == null) {
            if (unknownAds.getCount() == 0) {
                LOG.warn("YSB join: ad {} has no campaign in the table; dropping its views (were"
                        + " the events and the table made from different seeds?)", adId);
            }
            unknownAds.inc();
            return;
        }
        collector.emit(new Values(input.getValueByField(YsbFields.PARTITION),
                input.getValueByField(YsbFields.OFFSET), campaign,
                input.getValueByField(YsbFields.EVENT_TIME)));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(YsbFields.JOINED);
    }
}
