package org.cloudprofiler.bench.storm;

import java.util.Map;

import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.cloudprofiler.bench.ingestion.RunTally;
import org.cloudprofiler.bench.ingestion.ScheduleLagRecorder;
import org.cloudprofiler.bench.ingestion.SourceReport;

/**
 * The ceiling of Storm ingestion on this machine: a spout whose tuples cost nothing to make.
 * It emits preallocated tuples with KafkaSpout's fields ({@code topic, partition, offset, key,
 * value}, the value a preallocated byte array); with {@code freshTuples} it makes each tuple as
 * it emits it instead (a new {@code Values}, offset and value array, as any spout that reads
 * its records from somewhere must). Either on an absolute schedule of {@code rate × duration}
 * tuples: each {@code nextTuple} emits every tuple that is due, at most {@code
 * maxTuplesPerCall}. A spout that falls behind catches up after the schedule's end, for at most
 * {@code giveUpNs}; then, or once every tuple is out, it is exhausted and reports to its {@link
 * RunTally}. No message ids. The rate is the task's. Called on the task's executor thread.
 */
final class CeilingSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    // Tuples are reused round-robin from this many; none is ever changed after open().
    private static final int PREALLOCATED_TUPLES = 4096;

    private final String runId;
    private final long tuplesPerSecond;
    private final long durationNs;
    private final long giveUpNs;
    private final long tupleCount;
    private final int maxTuplesPerCall;
    private final int valueBytes;
    private final boolean freshTuples;
    private transient SpoutOutputCollector collector;
    private transient Values[] tuples;
    private transient int partition;
    private transient RunTally tally;
    private transient ScheduleLagRecorder lag;
    private transient long startNs;
    private transient long emitted;
    private transient boolean done;

    /**
     * @param giveUpNs how long after the schedule's end a late spout may go on emitting
     * @param maxTuplesPerCall bounds one {@code nextTuple}, so Storm's executor gets its turn
     * @param valueBytes the size of the {@code value} field
     * @param freshTuples whether each tuple is made as it is emitted instead of reused
     */
    CeilingSpout(String runId, long tuplesPerSecond, long durationNs, long giveUpNs,
            int maxTuplesPerCall, int valueBytes, boolean freshTuples) {
        this.runId = runId;
        this.tuplesPerSecond = tuplesPerSecond;
        this.durationNs = durationNs;
        this.giveUpNs = giveUpNs;
        this.tupleCount = Math.multiplyExact(tuplesPerSecond, durationNs) / 1_000_000_000L;
        this.maxTuplesPerCall = maxTuplesPerCall;
        this.valueBytes = valueBytes;
        this.freshTuples = freshTuples;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context,
            SpoutOutputCollector collector) {
        this.collector = collector;
        this.tally = RunTally.of(runId);
        this.partition = context.getThisTaskIndex();
        if (freshTuples) {
            return;
        }
        byte[] value = new byte[valueBytes];
        tuples = new Values[PREALLOCATED_TUPLES];
        for (int i = 0; i < tuples.length; i++) {
            tuples[i] = new Values("ceiling", partition, (long) i, null, value);
        }
    }

    @Override
    public void nextTuple() {
        if (done) {
            return;
        }
        long nowNs = System.nanoTime();
        if (startNs == 0) {
            // The schedule starts with the first call: the topology is running by then.
            startNs = nowNs;
            lag = new ScheduleLagRecorder(nowNs);
        }
        // Tuple k is due k / rate seconds into the run; elapsed·rate fits a long for runs of
        // up to 15 minutes at 10⁷ tuples/s.
        long due = Math.min(tupleCount, (nowNs - startNs) * tuplesPerSecond / 1_000_000_000L + 1);
        if (due > emitted) {
            lag.record(nowNs, nowNs - dueNs(emitted));
            long end = Math.min(due, emitted + maxTuplesPerCall);
            for (; emitted < end; emitted++) {
                collector.emit(freshTuples
                        ? new Values("ceiling", partition, emitted, null, new byte[valueBytes])
                        : tuples[(int) (emitted % PREALLOCATED_TUPLES)]);
            }
        }
        if (emitted == tupleCount || nowNs - startNs >= durationNs + giveUpNs) {
            done = true;
            tally.reportSource(new SourceReport(emitted, 0, startNs, System.nanoTime(),
                    lag.finish()));
        }
    }

    private long dueNs(long tuple) {
        return startNs + tuple * 1_000_000_000L / tuplesPerSecond;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("topic", "partition", "offset", "key", "value"));
    }
}
