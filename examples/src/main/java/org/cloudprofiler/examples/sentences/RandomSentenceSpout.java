package org.cloudprofiler.examples.sentences;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;

/**
 * Emits a fixed number of random sentences, reliably: each with a message id, kept until Storm
 * acks it and emitted again if it fails. Sentence {@code k} is drawn from a random generator
 * seeded with the seed and {@code k}, so that every run emits the same sentences. The single
 * field {@code sentence}; nothing else. Runs on one executor thread, as every spout.
 */
public final class RandomSentenceSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    public static final String SENTENCE = "sentence";

    static final List<String> SUBJECTS = List.of("the cow", "an apple", "snow white",
            "the seven dwarfs", "a nature lover", "four score", "the storm", "a stream");
    static final List<String> VERBS = List.of("jumped over", "keeps away", "walked with",
            "went to", "counted", "processed");
    static final List<String> OBJECTS = List.of("the moon", "the doctor", "the dwarfs",
            "the lake", "seven years", "every tuple");

    private final long sentences;
    private final long seed;
    private transient SpoutOutputCollector collector;
    private transient Map<Long, String> pending;
    private transient long next;

    /**
     * @param sentences how many sentences to emit in all
     * @param seed the seed of the sentences
     */
    public RandomSentenceSpout(long sentences, long seed) {
        this.sentences = sentences;
        this.seed = seed;
    }

    /** Sentence {@code k} of the sentences seeded with {@code seed}. */
    public static String sentence(long seed, long k) {
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + k);
        return SUBJECTS.get(random.nextInt(SUBJECTS.size())) + " "
                + VERBS.get(random.nextInt(VERBS.size())) + " "
                + OBJECTS.get(random.nextInt(OBJECTS.size()));
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context,
            SpoutOutputCollector collector) {
        this.collector = collector;
        this.pending = new HashMap<>();
    }

    @Override
    public void nextTuple() {
        if (next < sentences) {
            String sentence = sentence(seed, next);
            pending.put(next, sentence);
            collector.emit(new Values(sentence), next);
            next++;
        }
        // Past the last sentence Storm's spout wait strategy keeps this call from spinning.
    }

    @Override
    public void ack(Object messageId) {
        pending.remove(messageId);
    }

    @Override
    public void fail(Object messageId) {
        collector.emit(new Values(pending.get(messageId)), messageId);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(SENTENCE));
    }
}
