package org.cloudprofiler.storm.testing;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.cloudprofiler.storm.FiniteSpout;

/**
 * A finite spout as users write them: one field, {@code sentence}, no id among its values, and
 * a message id per tuple so Storm tracks it. Sentence {@code n} of a task (from 0) holds the
 * words {@code w0} to {@code w<n % MAX_WORDS>}. Exhausted once every sentence is emitted and
 * acked; a failed sentence is counted in {@link #FAILED} and not replayed, so the test sees it.
 * Executor thread only.
 */
public final class SentenceSpout extends BaseRichSpout implements FiniteSpout {
    private static final long serialVersionUID = 1L;

    /** The most words a sentence has. */
    public static final int MAX_WORDS = 4;
    /** Sentences failed by Storm in this JVM. */
    public static final AtomicLong FAILED = new AtomicLong();

    private final int count;
    private transient SpoutOutputCollector collector;
    private transient int next;
    private transient int pending;

    public SentenceSpout(int count) {
        this.count = count;
    }

    /** The words of sentence {@code n} (from 0) of a task. */
    public static int wordsOf(long n) {
        return (int) (n % MAX_WORDS) + 1;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context,
            SpoutOutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void nextTuple() {
        if (next < count) {
            StringBuilder sentence = new StringBuilder("w0");
            for (int word = 1; word < wordsOf(next); word++) {
                sentence.append(" w").append(word);
            }
            collector.emit(new Values(sentence.toString()), next);
            next++;
            pending++;
        }
    }

    @Override
    public void ack(Object messageId) {
        pending--;
    }

    @Override
    public void fail(Object messageId) {
        pending--;
        FAILED.incrementAndGet();
    }

    @Override
    public boolean isExhausted() {
        return next >= count && pending == 0;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("sentence"));
    }
}
