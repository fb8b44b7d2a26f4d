package org.cloudprofiler.generator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * The totals of a finished generator run, its per-second records, and its problems: one
 * sentence each (drops, undelivered markers, a receiver that got nothing), empty when clean.
 * {@code elapsedNs} runs from the start to one bucket gap after the last data bucket: the time
 * the schedule gave the tuples, exactly tuples / rate for a run that kept it.
 */
public record GeneratorResult(
        long sentTuples,
        long droppedTuples,
        long sentBuckets,
        long droppedBuckets,
        int bucketTuples,
        long elapsedNs,
        boolean stoppedEarly,
        List<ReceiverTotals> receivers,
        List<String> problems,
        List<GeneratorStats> seconds) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public GeneratorResult {
        receivers = List.copyOf(receivers);
        problems = List.copyOf(problems);
        seconds = List.copyOf(seconds);
    }

    /** Sent plus dropped. */
    public long emittedTuples() {
        return sentTuples + droppedTuples;
    }

    /** No drop, every marker delivered, every receiver reached. */
    public boolean clean() {
        return problems.isEmpty();
    }

    /** End-of-run markers that could not be handed over, all receivers together. */
    public int undeliveredMarkers() {
        return receivers.stream().mapToInt(ReceiverTotals::markersUndelivered).sum();
    }

    /** Tuples sent per second of {@code elapsedNs}. */
    public double achievedTuplesPerSecond() {
        return elapsedNs > 0 ? sentTuples * 1e9 / elapsedNs : 0;
    }

    /**
     * One JSON object on one line: {@code "type":"totals"}, the totals, the receivers and the
     * problems (the per-second records have lines of their own).
     */
    public String toJsonLine() {
        ObjectNode node = JSON.createObjectNode();
        node.put("type", "totals");
        node.put("emittedTuples", emittedTuples());
        node.put("sentTuples", sentTuples);
        node.put("droppedTuples", droppedTuples);
        node.put("sentBuckets", sentBuckets);
        node.put("droppedBuckets", droppedBuckets);
        node.put("bucketTuples", bucketTuples);
        node.put("elapsedNs", elapsedNs);
        node.put("achievedTuplesPerSecond", achievedTuplesPerSecond());
        node.put("stoppedEarly", stoppedEarly);
        node.set("receivers", JSON.valueToTree(receivers));
        node.set("problems", JSON.valueToTree(problems));
        return node.toString();
    }
}
