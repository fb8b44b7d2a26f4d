package org.cloudprofiler.flink.source.reader;

import java.util.Map;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.util.InstantiationUtil;
import org.apache.flink.util.UserCodeClassLoader;
import org.cloudprofiler.channel.ChannelNames;
import org.cloudprofiler.flink.source.JofRecordDeserializationSchema;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;

/**
 * A JofSource reader: one fetcher thread binds this subtask's receivers and drains them;
 * records reach the task thread through {@code SourceReaderBase}'s queue, which also keeps the
 * standard source metrics ({@code numRecordsIn}, ...). The JOF's own counts are gauges in the
 * group {@code cloudprofiler.jof} and, once the reader closes, the subtask's
 * {@code drops.json}. A reader without receivers finishes as soon as it hears that none come.
 */
public final class JofSourceReader<T> extends SingleThreadMultiplexSourceReaderBase<Object, T,
        JofReceiverSplit, JofReceiverSplit> {
    // Flink's scope variable for the operator's name (ScopeFormat.SCOPE_OPERATOR_NAME, which
    // is in flink-runtime, not in the API), and what Flink puts before a source's given name.
    private static final String OPERATOR_NAME_VARIABLE = "<operator_name>";
    private static final String SOURCE_NAME_PREFIX = "Source: ";

    private final JofReaderCounts counts;

    /**
     * @param starter binds a split's receiver as the source is configured
     * @param schema the configured schema; each receiver runs its own opened copy
     * @param endsWithTheRun whether a split ends with its receiver's end of the run
     * @param identify whether records carry their tuple ids into a profiled job
     *     ({@link org.cloudprofiler.flink.profile.TupleIdSource})
     */
    public JofSourceReader(ReceiverStarter starter, JofRecordDeserializationSchema<T> schema,
            boolean endsWithTheRun, boolean identify, SourceReaderContext context) {
        this(starter, schema, endsWithTheRun, identify, context, new JofReaderCounts());
    }

    private JofSourceReader(ReceiverStarter starter, JofRecordDeserializationSchema<T> schema,
            boolean endsWithTheRun, boolean identify, SourceReaderContext context,
            JofReaderCounts counts) {
        super(() -> new JofSplitReader(starter,
                        split -> new DeserializingAssembler<>(openCopy(schema, context),
                                split.receiver(), identify),
                        endsWithTheRun, counts),
                new JofRecordEmitter<>(), context.getConfiguration(), context);
        this.counts = counts;
        counts.registerGauges(context.metricGroup().addGroup("cloudprofiler").addGroup("jof"));
    }

    /** A copy of {@code schema} for one receiver, opened: a schema need not be thread-safe. */
    private static <T> JofRecordDeserializationSchema<T> openCopy(
            JofRecordDeserializationSchema<T> schema, SourceReaderContext context) {
        try {
            JofRecordDeserializationSchema<T> copy = InstantiationUtil.clone(schema,
                    context.getUserCodeClassLoader().asClassLoader());
            copy.open(new DeserializationSchema.InitializationContext() {
                @Override
                public MetricGroup getMetricGroup() {
                    return context.metricGroup();
                }

                @Override
                public UserCodeClassLoader getUserCodeClassLoader() {
                    return context.getUserCodeClassLoader();
                }
            });
            return copy;
        } catch (Exception e) {
            throw new IllegalStateException("cannot copy and open the JofSource's"
                    + " deserialization schema " + schema.getClass().getName()
                    + ": it must be serializable, and its open() must succeed", e);
        }
    }

    @Override
    protected void onSplitFinished(Map<String, JofReceiverSplit> finished) {
        // The split's JOF was closed by the fetcher when its end of the run came.
    }

    @Override
    protected JofReceiverSplit initializedState(JofReceiverSplit split) {
        return split;
    }

    @Override
    protected JofReceiverSplit toSplitType(String splitId, JofReceiverSplit state) {
        return state;
    }

    /** The name given to the source in the job ({@code fromSource(..., name)}). */
    private String sourceName() {
        String operator = context.metricGroup().getAllVariables()
                .getOrDefault(OPERATOR_NAME_VARIABLE, "jof-source");
        return operator.startsWith(SOURCE_NAME_PREFIX)
                ? operator.substring(SOURCE_NAME_PREFIX.length()) : operator;
    }

    /** Closes the fetcher, and with it every receiver, then writes {@code drops.json}. */
    @Override
    public void close() throws Exception {
        try {
            super.close();
        } finally {
            counts.writeDrops(ChannelNames.component(sourceName()), context.getIndexOfSubtask());
        }
    }
}
