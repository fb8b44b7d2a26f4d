package org.cloudprofiler.flink.source.reader;

import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;
import org.cloudprofiler.flink.profile.TupleIdRegister;
import org.cloudprofiler.flink.source.split.JofReceiverSplit;

/**
 * Emits the records the receivers' deserialization schemas made, without timestamps: a JOF
 * record has no event time of its own. In a profiled job each record's tuple id goes into the
 * task thread's {@link TupleIdRegister} just before it is collected. Called on the task thread.
 */
final class JofRecordEmitter<T> implements RecordEmitter<Object, T, JofReceiverSplit> {
    private TupleIdRegister register;

    @Override
    public void emitRecord(Object element, SourceOutput<T> output, JofReceiverSplit split) {
        if (element instanceof IdentifiedRecords identified) {
            if (register == null) {
                register = TupleIdRegister.ofThisThread();
            }
            emit(identified.records(), output, identified.tupleId());
        } else {
            emit(element, output, 0);
        }
    }

    @SuppressWarnings("unchecked") // The receivers' assemblers collected Ts.
    private void emit(Object records, SourceOutput<T> output, long tupleId) {
        if (records instanceof SeveralRecords several) {
            for (Object record : several.records()) {
                identify(tupleId);
                output.collect((T) record);
            }
        } else {
            identify(tupleId);
            output.collect((T) records);
        }
    }

    private void identify(long tupleId) {
        if (register != null) {
            register.set(tupleId);
        }
    }
}
