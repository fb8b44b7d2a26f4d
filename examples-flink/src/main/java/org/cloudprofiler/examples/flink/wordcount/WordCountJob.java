package org.cloudprofiler.examples.flink.wordcount;

import java.io.File;
import java.util.List;
import java.util.concurrent.Callable;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.reader.TextLineInputFormat;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.PrintSink;
import org.cloudprofiler.flink.profile.CloudProfilerFlink;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The word count every Flink user has written: the lines of text files ({@code FileSource}) →
 * split into words → {@code keyBy(word)} → running sum → sink, which receives each word's count
 * so far every time the word occurs. Every operator has its name as uid. {@link #main} runs it
 * profiled (docs/flink.md, "Profiling a job") on a local MiniCluster and prints the counts.
 */
@Command(name = "word-count", mixinStandardHelpOptions = true,
        description = "FileSource -> split into words -> keyBy(word) -> running sum -> print,"
                + " profiled, on a local MiniCluster.")
public final class WordCountJob implements Callable<Integer> {
    public static final String LINES = "lines";
    public static final String SPLIT = "split";
    public static final String COUNT = "count";
    public static final String SINK = "sink";
    /** The operators, in data-flow order. */
    public static final List<String> OPERATORS = List.of(LINES, SPLIT, COUNT, SINK);

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Text files to count the"
            + " words of.")
    List<File> files;

    @Option(names = "--parallelism", description = "Parallelism of every operator (default"
            + " ${DEFAULT-VALUE}).")
    int parallelism = 2;

    public static void main(String[] args) {
        System.exit(new CommandLine(new WordCountJob()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        for (File file : files) {
            if (!file.canRead()) {
                System.err.println("word-count: cannot read " + file + "; name a readable"
                        + " text file");
                return 2;
            }
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        addTo(env, source(files.stream().map(file -> new Path(file.toURI())).toList()),
                new PrintSink<>());
        CloudProfilerFlink.profile(env).execute("word-count");
        return 0;
    }

    /** The lines of {@code files}, read once: bounded. */
    public static FileSource<String> source(List<Path> files) {
        return FileSource.forRecordStreamFormat(new TextLineInputFormat(),
                files.toArray(Path[]::new)).build();
    }

    /**
     * Adds the job to {@code env}; the caller executes it.
     *
     * @param lines the source of lines
     * @param sink where each word's running count goes
     * @return the sink
     */
    public static DataStreamSink<WordCount> addTo(StreamExecutionEnvironment env,
            FileSource<String> lines, Sink<WordCount> sink) {
        return env.fromSource(lines, WatermarkStrategy.noWatermarks(), LINES).uid(LINES)
                .flatMap(new SplitIntoWords()).name(SPLIT).uid(SPLIT)
                .keyBy(WordCount::word)
                .reduce((sum, one) -> new WordCount(sum.word(), sum.count() + one.count()))
                .name(COUNT).uid(COUNT)
                .sinkTo(sink).name(SINK).uid(SINK);
    }
}
