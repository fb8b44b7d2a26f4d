package org.cloudprofiler.examples.flink.clicks;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.PrintSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Clicks per page per half second of event time, written as a Flink user writes it: a
 * {@code DataGeneratorSource} of clicks → normalize the page → assign timestamps and watermarks
 * → {@code keyBy(page)} → 500 ms tumbling event-time window, fired by the watermark → clicks
 * per second → sink. The source runs as one subtask, so that its clicks, and the watermarks, go
 * forward in event time on every subtask after it; the rest runs at the environment's
 * parallelism. Every operator has its name as uid. {@link #main} runs it profiled
 * (docs/flink.md, "Profiling a job") on a local MiniCluster and prints the rates.
 */
@Command(name = "click-windows", mixinStandardHelpOptions = true,
        description = "DataGeneratorSource -> normalize -> watermarks -> keyBy(page) -> 500 ms"
                + " event-time window -> clicks per second -> print, profiled, on a local"
                + " MiniCluster.")
public final class ClickWindowsJob implements Callable<Integer> {
    public static final String CLICKS = "clicks";
    public static final String NORMALIZE = "normalize";
    public static final String WATERMARKS = "watermarks";
    public static final String WINDOW = "window";
    public static final String RATE = "rate";
    public static final String SINK = "sink";
    /** The operators, in data-flow order. */
    public static final List<String> OPERATORS =
            List.of(CLICKS, NORMALIZE, WATERMARKS, WINDOW, RATE, SINK);
    /** The width of a window, in ms of event time. */
    public static final long WINDOW_MS = 500;
    /** How far behind the newest click the watermark trails. */
    public static final Duration OUT_OF_ORDERNESS = Duration.ofMillis(50);

    @Option(names = "--clicks", description = "Clicks the source generates (default"
            + " ${DEFAULT-VALUE}).")
    long clicks = 20_000;

    @Option(names = "--clicks-per-second", description = "The source's rate, over all its"
            + " subtasks (default ${DEFAULT-VALUE}).")
    double clicksPerSecond = 5_000;

    @Option(names = "--seed", description = "Seed of the clicks (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--parallelism", description = "Parallelism of the operators after the"
            + " source (default ${DEFAULT-VALUE}).")
    int parallelism = 2;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ClickWindowsJob()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (clicks < 1 || clicksPerSecond <= 0 || parallelism < 1) {
            System.err.println("click-windows: --clicks, --clicks-per-second and --parallelism"
                    + " must be positive");
            return 2;
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        addTo(env, source(clicks, clicksPerSecond, seed), new PrintSink<>());
        CloudProfilerFlink.profile(env).execute("click-windows");
        return 0;
    }

    /**
     * The seeded click stream: {@code clicks} clicks of {@link ClickGenerator} at
     * {@code clicksPerSecond}; bounded.
     */
    public static DataGeneratorSource<Click> source(long clicks, double clicksPerSecond,
            long seed) {
        return new DataGeneratorSource<>(new ClickGenerator(seed), clicks,
                RateLimiterStrategy.perSecond(clicksPerSecond), TypeInformation.of(Click.class));
    }

    /**
     * Adds the job to {@code env}; the caller executes it.
     *
     * @param clicks the click source; a bounded one ends the job, firing every window
     * @param sink where the rates go
     * @return the sink
     */
    public static DataStreamSink<PageRate> addTo(StreamExecutionEnvironment env,
            DataGeneratorSource<Click> clicks, Sink<PageRate> sink) {
        return env.fromSource(clicks, WatermarkStrategy.noWatermarks(), CLICKS)
                .uid(CLICKS).setParallelism(1)
                .map(new NormalizePage()).name(NORMALIZE).uid(NORMALIZE)
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Click>forBoundedOutOfOrderness(OUT_OF_ORDERNESS)
                        .withTimestampAssigner((click, previous) -> click.timestampMs()))
                .name(WATERMARKS).uid(WATERMARKS)
                .keyBy(Click::page)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(WINDOW_MS)))
                .aggregate(new CountClicks(), new EmitPageClicks()).name(WINDOW).uid(WINDOW)
                .map(new ToClicksPerSecond(WINDOW_MS)).name(RATE).uid(RATE)
                .sinkTo(sink).name(SINK).uid(SINK);
    }
}
