package org.cloudprofiler.storm.jof;

import java.io.Serializable;
import java.util.List;
import java.util.function.Function;

/**
 * A serializable record-to-values function, for {@link JofSpoutConfig.Builder#setRecordTranslator(
 * JofRecordFunction, org.apache.storm.tuple.Fields)} (KafkaSpout's {@code Func}). Returns null to
 * emit nothing for a record.
 */
@FunctionalInterface
public interface JofRecordFunction extends Function<JofRecord, List<Object>>, Serializable {}
