package org.cloudprofiler.examples.flink.ysb;

import java.util.HashMap;
import java.util.Map;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * YSB step 4: looks up each view's campaign in an in-memory table (the benchmark keeps it in
 * Redis). A view of an ad the table does not know is counted ({@code ysb.unknown-ads}) and
 * dropped, its first occurrence logged, as Storm's JoinCampaignBolt does.
 */
final class JoinCampaign extends RichFlatMapFunction<ProjectedView, CampaignView> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(JoinCampaign.class);

    private final HashMap<String, String> campaignOfAd;
    private transient CountedDrops unknownAds;

    /** @param campaignOfAd every ad's campaign */
    JoinCampaign(Map<String, String> campaignOfAd) {
        this.campaignOfAd = new HashMap<>(campaignOfAd);
    }

    @Override
    public void open(OpenContext context) {
        unknownAds = CountedDrops.register(getRuntimeContext().getMetricGroup(),
                CountedDrops.UNKNOWN_ADS, LOG);
    }

    @Override
    public void flatMap(ProjectedView view, Collector<CampaignView> out) {
        String campaign = campaignOfAd.get(view.adId());
        if (campaign == null) {
            unknownAds.drop("YSB join: ad {} has no campaign in the table; dropping its views"
                    + " (were the events and the table made from different seeds?)", view.adId());
            return;
        }
        out.collect(new CampaignView(campaign, view.eventTimeMs()));
    }
}
