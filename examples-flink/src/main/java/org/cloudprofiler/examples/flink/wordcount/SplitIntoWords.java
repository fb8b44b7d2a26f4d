package org.cloudprofiler.examples.flink.wordcount;

import java.util.Locale;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/** Each word of a line, in lower case, counted once. Stateless. */
public final class SplitIntoWords implements FlatMapFunction<String, WordCount> {
    private static final long serialVersionUID = 1L;

    @Override
    public void flatMap(String line, Collector<WordCount> out) {
        for (String word : line.toLowerCase(Locale.ROOT).split("\\W+")) {
            if (!word.isEmpty()) {
                out.collect(new WordCount(word, 1));
            }
        }
    }
}
