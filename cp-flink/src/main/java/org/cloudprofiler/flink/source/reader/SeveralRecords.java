package org.cloudprofiler.flink.source.reader;

import java.util.List;

/**
 * What a receiver hands over for a tuple that its deserialization schema made several records
 * of; one record is handed over bare, none as null. Immutable.
 */
record SeveralRecords(List<Object> records) {}
