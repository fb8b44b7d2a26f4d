package org.cloudprofiler.examples.flink.ysb;

import static org.cloudprofiler.examples.ysb.common.YsbStages.DESERIALIZE;
import static org.cloudprofiler.examples.ysb.common.YsbStages.EVENTS;
import static org.cloudprofiler.examples.ysb.common.YsbStages.FILTER;
import static org.cloudprofiler.examples.ysb.common.YsbStages.JOIN;
import static org.cloudprofiler.examples.ysb.common.YsbStages.PROJECT;
import static org.cloudprofiler.examples.ysb.common.YsbStages.SINK;
import static org.cloudprofiler.examples.ysb.common.YsbStages.WINDOW_COUNT;

import java.util.Map;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;

/**
 * The Yahoo streaming benchmark as a Flink DataStream job, with the stages and answers of the
 * Storm topology (examples' {@code YsbTopology}): events → deserialize → filter views → project
 * → join campaign (in-memory table) → keyBy(campaign) → 10 s window count → sink. The source is
 * the caller's, with the {@link AdEventReader} that makes events of its records: a
 * {@code JofSource} of {@code AdEvent}s, or a {@code KafkaSource} of the benchmark's JSON; the
 * job's code is the same for both. Every operator's name and uid is its stage's name in
 * {@code YsbStages}, the Storm topology's component ids. Stateless.
 */
public final class YsbJob {
    private YsbJob() {}

    /**
     * Adds the job to {@code env}, at its parallelism; the caller executes it.
     *
     * @param events the source; a bounded one ends the job when it ends
     * @param reader makes an event of each record {@code events} emits
     * @param campaignOfAd the join table: every ad's campaign
     * @param resultsName where the sink keeps its counts: {@code CampaignWindows.of(resultsName)}
     * @return the sink
     */
    public static <T> DataStreamSink<WindowCount> addTo(StreamExecutionEnvironment env,
            Source<T, ?, ?> events, AdEventReader<T> reader, Map<String, String> campaignOfAd,
            String resultsName) {
        // The window count reads the views' own times, as the Storm bolt does: no watermarks.
        return env.fromSource(events, WatermarkStrategy.noWatermarks(), EVENTS).uid(EVENTS)
                .flatMap(new DeserializeEvents<>(reader)).name(DESERIALIZE).uid(DESERIALIZE)
                .filter(event -> "view".equals(event.eventType())).name(FILTER).uid(FILTER)
                .map(event -> new ProjectedView(event.adId(), event.eventTimeMs()))
                .name(PROJECT).uid(PROJECT)
                .flatMap(new JoinCampaign(campaignOfAd)).name(JOIN).uid(JOIN)
                .keyBy(CampaignView::campaignId)
                .process(new CountViewsPerWindow(TumblingWindows.YSB))
                .name(WINDOW_COUNT).uid(WINDOW_COUNT)
                .sinkTo(new CampaignWindowsSink(resultsName)).name(SINK).uid(SINK);
    }
}
