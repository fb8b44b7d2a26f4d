package org.cloudprofiler.it.flinkjobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

/**
 * A DataStream job as a Flink user writes it, knowing nothing of the profiler: numbers → the
 * word each stands for → a running count per word (keyed, so records cross an exchange) →
 * discarded. Arguments: the job's name and how many numbers.
 */
public final class NumberWordsJob {
    private static final int WORDS = 50;

    private NumberWordsJob() {}

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSource(new NumberSequenceSource(1, Long.parseLong(args[1])),
                        WatermarkStrategy.noWatermarks(), "numbers").uid("numbers")
                .map(number -> Tuple2.of("word-" + number % WORDS, 1L))
                .returns(Types.TUPLE(Types.STRING, Types.LONG)).uid("words")
                .keyBy(word -> word.f0)
                .sum(1).uid("counts")
                .sinkTo(new DiscardingSink<>()).uid("discard");
        env.execute(args[0]);
    }
}
