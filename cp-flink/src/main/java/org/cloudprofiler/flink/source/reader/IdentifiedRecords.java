package org.cloudprofiler.flink.source.reader;

/**
 * What a receiver hands over in a profiled job: the record (or {@link SeveralRecords}) a tuple
 * became, with the tuple's id. Immutable.
 */
record IdentifiedRecords(long tupleId, Object records) {}
