package org.cloudprofiler.storm.testing;

import java.util.Map;

import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.cloudprofiler.storm.FiniteSpout;

/**
 * A finite spout: task {@code i} emits ids {@code i * 1,000,000 + k} for {@code k < count} with
 * a word to group by, and every {@link #NO_ID_EVERY}th tuple also a word alone on stream
 * {@link #NO_ID_STREAM}. Executor thread only.
 */
public final class NumberSpout extends BaseRichSpout implements FiniteSpout {
    private static final long serialVersionUID = 1L;

    public static final String NO_ID_STREAM = "words";
    public static final int NO_ID_EVERY = 50;
    public static final long TASK_STRIDE = 1_000_000L;

    private final int count;
    private transient SpoutOutputCollector collector;
    private transient long base;
    private transient int next;

    public NumberSpout(int count) {
        this.count = count;
    }

    /** The ids task {@code taskIndex} emits. */
    public static long id(int taskIndex, int k) {
        return taskIndex * TASK_STRIDE + k;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context,
            SpoutOutputCollector collector) {
        this.collector = collector;
        this.base = context.getThisTaskIndex() * TASK_STRIDE;
    }

    @Override
    public void nextTuple() {
        if (next < count) {
            String word = "w" + next % 7;
            collector.emit(new Values(base + next, word));
            if (next % NO_ID_EVERY == 0) {
                collector.emit(NO_ID_STREAM, new Values(word));
            }
            next++;
        }
    }

    @Override
    public boolean isExhausted() {
        return next >= count;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("offset", "word"));
        declarer.declareStream(NO_ID_STREAM, new Fields("word"));
    }
}
