package org.cloudprofiler.flink.source.reader;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.cloudprofiler.generator.jof.TupleBucket;

/**
 * One fetch: the buckets polled from the reader's receivers, each under its split, and the
 * splits whose receivers reached their end of the run. A tuple that became no record (null) is
 * skipped. Filled by the fetcher thread, then read by the task thread.
 */
final class ReceivedBuckets implements RecordsWithSplitIds<Object> {
    private final List<String> splitIds = new ArrayList<>();
    private final List<TupleBucket> buckets = new ArrayList<>();
    private final Set<String> finished = new HashSet<>();
    private int bucket = -1;
    private int tuple;

    void add(String splitId, TupleBucket received) {
        splitIds.add(splitId);
        buckets.add(received);
    }

    void finish(String splitId) {
        finished.add(splitId);
    }

    boolean isEmpty() {
        return buckets.isEmpty() && finished.isEmpty();
    }

    @Override
    public String nextSplit() {
        bucket++;
        tuple = 0;
        return bucket < buckets.size() ? splitIds.get(bucket) : null;
    }

    @Override
    public Object nextRecordFromSplit() {
        TupleBucket current = buckets.get(bucket);
        while (tuple < current.size()) {
            Object record = current.value(tuple++);
            if (record != null) {
                return record;
            }
        }
        return null;
    }

    @Override
    public Set<String> finishedSplits() {
        return finished;
    }
}
