package org.cloudprofiler.it.stormjobs;

import java.util.HashMap;
import java.util.Map;

import org.apache.storm.Config;
import org.apache.storm.StormSubmitter;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * The word count a Storm user writes, acking on: sentences, each emitted with a message id and
 * no id field → split into words (shuffle grouping) → count per word (fields grouping) →
 * report (global grouping), on one worker. Once Storm has acked every sentence the spout prints
 * {@value #ALL_ACKED} and the count to the worker's log. Arguments: the topology's name and how
 * many sentences.
 */
public final class WordCountTopology {
    public static final String SENTENCES = "sentences";
    public static final String SPLIT = "split";
    public static final String COUNT = "count";
    public static final String REPORT = "report";
    /** What the spout prints once every sentence is acked. */
    public static final String ALL_ACKED = "word count: every sentence acked: ";

    private static final String[] SENTENCE_TEXTS = {"the cow jumped over the moon",
        "an apple a day keeps the doctor away", "four score and seven years ago",
        "snow white and the seven dwarfs", "i am at two with nature"};

    private WordCountTopology() {}

    public static void main(String[] args) throws Exception {
        long sentences = Long.parseLong(args[1]);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout(SENTENCES, new SentenceSpout(sentences), 1);
        builder.setBolt(SPLIT, new SplitBolt(), 2).shuffleGrouping(SENTENCES);
        builder.setBolt(COUNT, new CountBolt(), 2).fieldsGrouping(SPLIT, new Fields("word"));
        builder.setBolt(REPORT, new ReportBolt(), 1).globalGrouping(COUNT);
        Config conf = new Config();
        conf.setNumWorkers(1);
        conf.setNumAckers(1);
        StormSubmitter.submitTopology(args[0], conf, builder.createTopology());
    }

    /** Sentence {@code k}. */
    static String sentence(long k) {
        return SENTENCE_TEXTS[(int) (k % SENTENCE_TEXTS.length)];
    }

    /** The words in the first {@code sentences} sentences. */
    public static long words(long sentences) {
        long words = 0;
        for (long k = 0; k < sentences; k++) {
            words += sentence(k).split(" ").length;
        }
        return words;
    }

    /** Emits the sentences once each, replaying the ones that fail. */
    static final class SentenceSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private final long sentences;
        private transient SpoutOutputCollector collector;
        private transient long next;
        private transient long acked;

        SentenceSpout(long sentences) {
            this.sentences = sentences;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context,
                SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            if (next < sentences) {
                collector.emit(new Values(sentence(next)), next);
                next++;
            }
        }

        @Override
        public void ack(Object messageId) {
            if (++acked == sentences) {
                System.out.println(ALL_ACKED + acked);
            }
        }

        @Override
        public void fail(Object messageId) {
            collector.emit(new Values(sentence((Long) messageId)), messageId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sentence"));
        }
    }

    /** One tuple per word of a sentence. */
    static final class SplitBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            for (String word : input.getString(0).split(" ")) {
                collector.emit(new Values(word));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Each word with its count so far. */
    static final class CountBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private final Map<String, Long> counts = new HashMap<>();

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            String word = input.getString(0);
            collector.emit(new Values(word, counts.merge(word, 1L, Long::sum)));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "count"));
        }
    }

    /** The sink: keeps the latest count of each word. */
    static final class ReportBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private final Map<String, Long> latest = new HashMap<>();

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            latest.put(input.getString(0), input.getLong(1));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            // A sink.
        }
    }
}
