package org.cloudprofiler.flink.source.reader;

import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;

/**
 * Emits the records the receivers' deserialization schemas made, without timestamps: a JOF
 * record has no event time of its own. Called on the task thread.
 */
final class JofRecordEmitter<T> implements RecordEmitter<Object, T, JofReceiverSplit> {

    @Override
    @SuppressWarnings("unchecked") // The receivers' assemblers collected Ts.
    public void emitRecord(Object element, SourceOutput<T> output, JofReceiverSplit split) {
        if (element instanceof SeveralRecords several) {
            for (Object record : several.records()) {
                output.collect((T) record);
            }
        } else {
            output.collect((T) element);
        }
    }
}
