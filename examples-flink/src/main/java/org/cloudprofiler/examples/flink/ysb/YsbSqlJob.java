package org.cloudprofiler.examples.flink.ysb;

import static org.cloudprofiler.examples.ysb.common.YsbStages.EVENTS;
import static org.cloudprofiler.examples.ysb.common.YsbStages.SINK;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;
import org.cloudprofiler.examples.ysb.common.TumblingWindows;
import org.cloudprofiler.generator.ysb.AdEvent;

/**
 * The YSB window count in Flink SQL: views per campaign per 10 s tumbling window of event time
 * ({@code TUMBLE} table function and {@code GROUP BY}), over a table made from a stream of
 * {@code AdEvent}s (a {@code JofSource}), each window's count emitted once when the watermark
 * passes its end, into the DataStream job's sink. The watermark trails the newest event time by
 * {@link #OUT_OF_ORDERNESS}; a view behind it is dropped by the window (Flink SQL counts no
 * late rows), and with a bounded source every window is emitted at the end of input. Views of
 * ads the campaign table does not know are dropped uncounted (the DataStream job counts them).
 * The operators it names ({@code YsbStages.EVENTS}, {@link #TO_ROWS}, {@link #TO_COUNTS},
 * {@code YsbStages.SINK}) have their name as uid; the planner names its own. Stateless.
 */
public final class YsbSqlJob {
    /** The events as rows of the table's columns. */
    public static final String TO_ROWS = "to-rows";
    /** The windows' counts as the sink's records. */
    public static final String TO_COUNTS = "to-counts";
    /** How far behind the newest event time the watermark trails. */
    public static final Duration OUT_OF_ORDERNESS = Duration.ofSeconds(5);

    private static final String[] COLUMNS = {"ad_id", "event_type", "event_time_ms"};

    private YsbSqlJob() {}

    /**
     * Adds the job to {@code env}, at its parallelism; the caller executes it. The table
     * environment it makes is the job's own (its session time zone is UTC, so that windows start
     * at multiples of 10 s since the epoch, as the DataStream job's do).
     *
     * @param events the source of ad events; a bounded one ends the job when it ends
     * @param campaignOfAd the join table: every ad's campaign
     * @param resultsName where the sink keeps its counts: {@code CampaignWindows.of(resultsName)}
     * @return the sink
     */
    public static DataStreamSink<WindowCount> addTo(StreamExecutionEnvironment env,
            Source<AdEvent, ?, ?> events, Map<String, String> campaignOfAd, String resultsName) {
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.getConfig().setLocalTimeZone(ZoneOffset.UTC);
        tables.createTemporarySystemFunction("CAMPAIGN_OF", new CampaignOfAd(campaignOfAd));

        DataStream<Row> rows = env.fromSource(events, WatermarkStrategy
                        .<AdEvent>forBoundedOutOfOrderness(OUT_OF_ORDERNESS)
                        .withTimestampAssigner((event, previous) -> event.eventTimeMs()), EVENTS)
                .uid(EVENTS)
                .map(event -> Row.of(event.adId(), event.eventType(), event.eventTimeMs()))
                .returns(Types.ROW_NAMED(COLUMNS, Types.STRING, Types.STRING, Types.LONG))
                .name(TO_ROWS).uid(TO_ROWS);
        // The rows' time is the stream record's timestamp, and the watermark the stream's.
        tables.createTemporaryView("ad_events", tables.fromDataStream(rows, Schema.newBuilder()
                .columnByMetadata("event_time", DataTypes.TIMESTAMP_LTZ(3), "rowtime")
                .watermark("event_time", "SOURCE_WATERMARK()").build()));
        tables.createTemporaryView("campaign_views", tables.sqlQuery(
                "SELECT campaign_id, event_time FROM (SELECT CAMPAIGN_OF(ad_id) AS campaign_id,"
                        + " event_time FROM ad_events WHERE event_type = 'view')"
                        + " WHERE campaign_id IS NOT NULL"));
        Table counts = tables.sqlQuery("SELECT campaign_id, window_start, COUNT(*) AS view_count"
                + " FROM TABLE(TUMBLE(TABLE campaign_views, DESCRIPTOR(event_time), INTERVAL '"
                + TumblingWindows.YSB.windowMs() / 1000 + "' SECOND))"
                + " GROUP BY campaign_id, window_start, window_end");
        return tables.toDataStream(counts)
                .map(row -> new WindowCount(row.<String>getFieldAs("campaign_id"),
                        row.<LocalDateTime>getFieldAs("window_start").toInstant(ZoneOffset.UTC)
                                .toEpochMilli(), row.<Long>getFieldAs("view_count")))
                .name(TO_COUNTS).uid(TO_COUNTS)
                .sinkTo(new CampaignWindowsSink(resultsName)).name(SINK).uid(SINK);
    }
}
