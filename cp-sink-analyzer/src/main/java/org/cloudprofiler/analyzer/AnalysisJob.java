package org.cloudprofiler.analyzer;

import java.nio.file.Path;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.operators.collect.CollectSinkOperatorFactory;
import org.apache.flink.util.CloseableIterator;
import org.cloudprofiler.analyzer.clock.ClockSpec;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.AnalysisElementTypeInfo;
import org.cloudprofiler.analyzer.input.LogSet;
import org.cloudprofiler.analyzer.input.RunStart;
import org.cloudprofiler.analyzer.join.ElementRouter;
import org.cloudprofiler.analyzer.join.HopPlan;
import org.cloudprofiler.analyzer.join.LineageJoinOperator;
import org.cloudprofiler.analyzer.join.TupleCombiner;
import org.cloudprofiler.analyzer.join.TupleJoinOperator;
import org.cloudprofiler.analyzer.samples.SampleExport;
import org.cloudprofiler.analyzer.source.LogSource;

/**
 * The Flink job: {@link LogSource} → {@link ElementRouter} → {@link TupleCombiner} → tuples
 * keyed by tuple id → {@link TupleJoinOperator}, and, when the logs hold lineage records, its
 * ended tuples keyed by root → {@link LineageJoinOperator}; their statistics and every other
 * element are collected back to the client. Runs on an embedded MiniCluster, or on the cluster of
 * {@link AnalyzerOptions#cluster()}.
 */
final class AnalysisJob {

    /** How far behind the watermark a tuple may wait in the combiner: well within time-outs. */
    private static final long COMBINER_SLACK_MILLIS = 1000;

    private AnalysisJob() {}

    /**
     * Starts the job; closing the iterator cancels it.
     *
     * @param samples where the join writes every sample, or null
     * @throws Exception if it cannot be submitted
     */
    static CloseableIterator<AnalysisElement> start(AnalyzerOptions options, LogSet logSet,
            HopPlan plan, ClockSpec clocks, RunStart runStart, SampleExport samples)
            throws Exception {
        StreamExecutionEnvironment environment = environment(options);
        WatermarkStrategy<AnalysisElement> watermarks = WatermarkStrategy
                .forBoundedOutOfOrderness(java.time.Duration.ofMillis(100));
        if (options.follow()) {
            // A file that has not grown for a while must not hold every tuple back.
            watermarks = watermarks.withIdleness(options.refresh());
        }
        SingleOutputStreamOperator<AnalysisElement> routed = environment
                .fromSource(new LogSource(logSet.channels(), options.follow(),
                        logSet.sampling()), watermarks, "channel logs",
                        AnalysisElementTypeInfo.INSTANCE)
                .setParallelism(options.readers())
                .process(new ElementRouter(), AnalysisElementTypeInfo.INSTANCE)
                .setParallelism(options.readers())
                .name("route by record kind");
        long refreshMillis = options.follow() ? options.refresh().toMillis() : 0;
        SingleOutputStreamOperator<AnalysisElement> joined = routed
                .transform("combine records per tuple", AnalysisElementTypeInfo.INSTANCE,
                        new TupleCombiner(plan, COMBINER_SLACK_MILLIS))
                .setParallelism(options.readers())
                .keyBy(AnalysisElement::id, Types.LONG)
                .transform("join by tuple id", AnalysisElementTypeInfo.INSTANCE,
                        new TupleJoinOperator(plan, clocks, options.tupleTimeout().toMillis(),
                                refreshMillis, samples, runStart, options.selection()));
        DataStream<AnalysisElement> results = joined.union(
                routed.getSideOutput(ElementRouter.OTHERS));
        if (plan.hasLineage()) {
            results = results.union(joined.getSideOutput(TupleJoinOperator.LINEAGE_PARTS)
                    .keyBy(LineageJoinOperator::rootOf, Types.LONG)
                    .transform("join outputs to their source records",
                            AnalysisElementTypeInfo.INSTANCE,
                            new LineageJoinOperator(plan, clocks,
                                    options.tupleTimeout().toMillis(), refreshMillis, samples,
                                    runStart, options.selection())));
        }
        return results.executeAndCollect("cloudprofiler analyze");
    }

    private static StreamExecutionEnvironment environment(AnalyzerOptions options) {
        Configuration configuration = new Configuration();
        configuration.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.STREAMING);
        // Elements are made fresh by the source and never changed after: safe to pass on.
        configuration.set(PipelineOptions.OBJECT_REUSE, true);
        // The hop statistics reach the client as one record each: a run with many hops and
        // wide latency ranges makes them larger than the collect sink's 2 MiB default. 64 MiB
        // stays below the 100 MiB a cluster's REST client takes by default (--cluster).
        configuration.set(CollectSinkOperatorFactory.MAX_BATCH_SIZE, MemorySize.ofMebiBytes(64));
        if (options.cluster() == null) {
            return StreamExecutionEnvironment.createLocalEnvironment(options.parallelism(),
                    configuration);
        }
        ClusterAddress address = ClusterAddress.parse(options.cluster());
        StreamExecutionEnvironment environment = StreamExecutionEnvironment
                .createRemoteEnvironment(address.host(), address.port(), configuration,
                        options.jars().stream().map(Path::toString).toArray(String[]::new));
        environment.setParallelism(options.parallelism());
        return environment;
    }
}
