package org.cloudprofiler.examples.sentences;

import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.cloudprofiler.storm.ProfiledTopologyBuilder;
import org.cloudprofiler.storm.RunEndSignal;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The word count every Storm user has written, with acking on: random sentences, each emitted
 * with a message id and no id field → split into words (shuffle grouping) → count (fields
 * grouping on the word) → report (global grouping). {@link #plain} builds it with Storm's
 * {@code TopologyBuilder}, {@link #profiled} the same with {@code ProfiledTopologyBuilder}
 * (docs/storm.md), the one change profiling takes, and a signal for when the spout's run ends.
 * {@link #main} runs it profiled on a LocalCluster and prints the most frequent words.
 */
@Command(name = "sentence-word-count", mixinStandardHelpOptions = true,
        description = "Random sentences -> split -> count -> report, acking on, profiled, on a"
                + " LocalCluster.")
public final class SentenceWordCountTopology implements Callable<Integer> {
    public static final String SENTENCES = "sentences";
    public static final String SPLIT = "split";
    public static final String COUNT = "count";
    public static final String REPORT = "report";
    private static final int BOLT_TASKS = 2;

    @Option(names = "--sentences", description = "Sentences the spout emits (default"
            + " ${DEFAULT-VALUE}).")
    long sentences = 20_000;

    @Option(names = "--seed", description = "Seed of the sentences (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(names = "--workers", description = "Worker processes, i.e. LocalCluster slots"
            + " (default ${DEFAULT-VALUE}).")
    int workers = 2;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SentenceWordCountTopology()).execute(args));
    }

    /** The topology, unprofiled. */
    public static StormTopology plain(long sentences, long seed) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout(SENTENCES, new RandomSentenceSpout(sentences, seed), 1);
        builder.setBolt(SPLIT, new SplitSentenceBolt(), BOLT_TASKS).shuffleGrouping(SENTENCES);
        builder.setBolt(COUNT, new WordCountBolt(), BOLT_TASKS)
                .fieldsGrouping(SPLIT, new Fields(SplitSentenceBolt.WORD));
        builder.setBolt(REPORT, new ReportBolt(), 1).globalGrouping(COUNT);
        return builder.createTopology();
    }

    /** The topology, profiled; the spout's run ends once it has emitted every sentence. */
    public static StormTopology profiled(long sentences, long seed) {
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout(SENTENCES, new RandomSentenceSpout(sentences, seed), 1,
                RunEndSignal.afterEmitted(sentences));
        builder.setBolt(SPLIT, new SplitSentenceBolt(), BOLT_TASKS).shuffleGrouping(SENTENCES);
        builder.setBolt(COUNT, new WordCountBolt(), BOLT_TASKS)
                .fieldsGrouping(SPLIT, new Fields(SplitSentenceBolt.WORD));
        builder.setBolt(REPORT, new ReportBolt(), 1).globalGrouping(COUNT);
        return builder.createTopology();
    }

    @Override
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    public Integer call() throws Exception {
        if (sentences < 1 || workers < 1) {
            System.err.println("sentence-word-count: --sentences and --workers must be"
                    + " positive");
            return 2;
        }
        String name = "sentence-word-count";
        Config conf = new Config();
        conf.setNumWorkers(workers);
        try (LocalCluster cluster = new LocalCluster.Builder().withSupervisors(1)
                .withPortsPerSupervisor(workers).build()) {
            cluster.submitTopology(name, conf, profiled(sentences, seed));
            if (!LocalRunMonitor.awaitRunEnd(name, Duration.ofMinutes(5))) {
                System.out.println("PROBLEM: the run did not end: "
                        + LocalRunMonitor.progress(name));
                return 1;
            }
        }
        Map<String, Long> counts = ReportedCounts.of(name);
        System.out.printf(Locale.ROOT, "%,d words in %,d sentences; the most frequent:%n",
                counts.values().stream().mapToLong(Long::longValue).sum(), sentences);
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
                .limit(10).forEach(word -> System.out.printf(Locale.ROOT, "%10d %s%n",
                        word.getValue(), word.getKey()));
        return 0;
    }
}
