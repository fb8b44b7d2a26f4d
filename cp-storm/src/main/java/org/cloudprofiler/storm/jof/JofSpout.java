package org.cloudprofiler.storm.jof;

import java.util.List;
import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.cloudprofiler.channel.ChannelNames;
import org.cloudprofiler.generator.drops.JofDrops;
import org.cloudprofiler.generator.jof.EndOfRun;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.jof.JofCounters;
import org.cloudprofiler.generator.jof.JofItem;
import org.cloudprofiler.generator.jof.QueuePoller;
import org.cloudprofiler.generator.jof.TupleBucket;
import org.cloudprofiler.storm.FiniteSpout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A drop-in for storm-kafka-client's {@code KafkaSpout} fed by the native generator through a
 * Java Object Factory: each task binds its JOF receivers in {@code open}, emits the
 * deserialized tuples of each bucket (no message ids: no acking), and is exhausted once every
 * receiver has its end of the run. By default it emits KafkaSpout's fields with the tuple id as
 * {@code offset}, which is what the profiler reads, increasing within each {@code partition}
 * ({@link JofSpoutConfig#partition}), and a full queue waits rather than drops. Called on the
 * task's executor thread.
 */
public final class JofSpout extends BaseRichSpout implements FiniteSpout {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(JofSpout.class);

    private final JofSpoutConfig config;
    private transient SpoutOutputCollector collector;
    private transient JavaObjectFactory jof;
    private transient QueuePoller poller;
    private transient long endOfRunMismatches;
    private transient String component;
    private transient int taskId;
    // The translator's stream if it has one: its values then come bare from the receivers.
    private transient String onlyStream;
    private transient boolean dropsWritten;

    public JofSpout(JofSpoutConfig config) {
        this.config = config;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context,
            SpoutOutputCollector collector) {
        this.collector = collector;
        this.component = ChannelNames.component(context.getThisComponentId());
        this.taskId = context.getThisTaskId();
        this.dropsWritten = false;
        int taskIndex = context.getThisTaskIndex();
        int spoutReceivers = context.getComponentTasks(context.getThisComponentId()).size()
                * config.receiversPerTask();
        JofRecordTranslator translator = config.translator();
        this.onlyStream = TranslatingAssembler.onlyStream(translator);
        jof = JavaObjectFactory.builder().endpoints(config.taskEndpoints(taskIndex))
                .payload(config.payload())
                .tupleAssemblers(receiver -> new TranslatingAssembler(translator, config.topic(),
                        config.spoutReceiver(taskIndex, receiver), spoutReceivers))
                .queueCapacity(config.queueCapacity()).whenQueueFull(config.whenQueueFull())
                .receiveHighWaterMark(config.receiveHighWaterMark()).start();
        poller = jof.poller();
        String prefix = "cloudprofiler.jof.";
        context.registerGauge(prefix + "tuples-received", () -> counters().tuplesReceived());
        context.registerGauge(prefix + "tuples-handed-over",
                () -> counters().tuplesHandedOver());
        context.registerGauge(prefix + "tuples-dropped", () -> counters().tuplesDropped());
        context.registerGauge(prefix + "messages-rejected", () -> counters().messagesRejected());
        context.registerGauge(prefix + "tuples-rejected", () -> counters().tuplesRejected());
        context.registerGauge(prefix + "sequence-gaps", () -> counters().sequenceGaps());
        // Not "tuples-dropped-…": a reporter that matches names by part would add the two.
        context.registerGauge(prefix + "senders-dropped-tuples",
                () -> counters().tuplesDroppedBySenders());
        context.registerGauge(prefix + "end-of-run-mismatches", () -> endOfRunMismatches);
    }

    private JofCounters counters() {
        JavaObjectFactory factory = jof;
        return factory == null ? JofCounters.NONE : factory.counters();
    }

    @Override
    public void nextTuple() {
        if (poller == null) {
            return;
        }
        for (int emitted = 0; emitted < config.maxBucketsPerNextTuple(); ) {
            JofItem item = poller.poll();
            if (item == null) {
                // Also without a profiled wrapper asking isExhausted(), the counts are left.
                isExhausted();
                return;
            }
            if (item instanceof TupleBucket bucket) {
                emit(bucket);
                emitted++;
            } else if (item instanceof EndOfRun end && !end.matchesSenders()) {
                endOfRunMismatches++;
            }
        }
    }

    /**
     * Emits the values the receivers' {@link TranslatingAssembler}s made: bare values for a
     * translator with one stream, {@code RoutedValues} otherwise; null ones emit nothing.
     */
    @SuppressWarnings("unchecked")
    private void emit(TupleBucket bucket) {
        for (int i = 0; i < bucket.size(); i++) {
            Object tuple = bucket.value(i);
            if (tuple == null) {
                continue;
            }
            if (onlyStream != null) {
                collector.emit(onlyStream, (List<Object>) tuple);
            } else {
                TranslatingAssembler.RoutedValues routed =
                        (TranslatingAssembler.RoutedValues) tuple;
                collector.emit(routed.stream(), routed.values());
            }
        }
    }

    @Override
    public boolean isExhausted() {
        boolean exhausted = poller != null && poller.isFinished();
        if (exhausted && !dropsWritten) {
            writeDrops();
        }
        return exhausted;
    }

    /**
     * Leaves the JOF's counts in {@code <log dir>/<component>/<task>/drops.json}, where the
     * analyzer reports them: once the run is through, or at close if it never got there.
     */
    private void writeDrops() {
        dropsWritten = true;
        JofDrops.write(component, taskId, counters(), jof.receiverCount()).forEach(LOG::warn);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        for (JofRecordTranslator.StreamDeclaration stream : config.translator().streams()) {
            declarer.declareStream(stream.stream(), stream.fields());
        }
    }

    @Override
    public void close() {
        if (jof != null && !dropsWritten) {
            writeDrops();
        }
        if (poller != null) {
            poller.close();
            poller = null;
        }
        if (jof != null) {
            jof.close();
            jof = null;
        }
    }
}
