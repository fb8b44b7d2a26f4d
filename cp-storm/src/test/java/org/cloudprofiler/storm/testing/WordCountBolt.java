package org.cloudprofiler.storm.testing;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * A running count per word, emitted with each word it counts; checks what it sees, and records
 * in this JVM which tasks counted each word and each word's latest count.
 */
public final class WordCountBolt extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;

    /** The tasks that counted each word: one each, under a fields grouping on the word. */
    public static final Map<String, Set<Integer>> TASKS_BY_WORD = new ConcurrentHashMap<>();
    /** Each word's latest count. */
    public static final Map<String, Long> COUNTS = new ConcurrentHashMap<>();

    private final Map<String, Long> counts = new HashMap<>();
    private transient int taskId;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        taskId = context.getThisTaskId();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        FieldsCheck.expect(input, List.of("word"));
        String word = input.getStringByField("word");
        long count = counts.merge(word, 1L, Long::sum);
        TASKS_BY_WORD.computeIfAbsent(word, w -> ConcurrentHashMap.newKeySet()).add(taskId);
        COUNTS.put(word, count);
        collector.emit(new Values(word, count));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word", "count"));
    }
}
