/**
 * The word count of text files ({@code FileSource}, a flatMap into words, a running sum per
 * word), written as a Flink user writes it and profiled with one call
 * ({@link org.cloudprofiler.examples.flink.wordcount.WordCountJob}).
 *
 * <p>API of the examples.
 */
package org.cloudprofiler.examples.flink.wordcount;
