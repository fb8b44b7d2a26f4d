package org.cloudprofiler.examples.flink.wordcount;

/** How often {@code word} has occurred so far. */
public record WordCount(String word, long count) {}
