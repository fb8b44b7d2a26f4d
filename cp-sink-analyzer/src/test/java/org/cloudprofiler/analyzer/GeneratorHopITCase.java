package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;
import org.cloudprofiler.analyzer.report.AnalysisSummary;
import org.cloudprofiler.analyzer.report.AnalysisSummary.HopRow;
import org.cloudprofiler.channel.IngestionChannel;
import org.cloudprofiler.log.LogFileBuilder;
import org.cloudprofiler.tupleid.RootSampling;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generator's send logs (two records per bucket, docs/generator.md) next to the golden log
 * set: the analyzer expands each bucket into its tuples, measures {@code generator -> spout}
 * and {@code generator => sink} exactly, and still completes every tuple; a generator on another
 * node is translated like any other, with a bound that holds the true time.
 */
class GeneratorHopITCase {

    private static final int TUPLES = 500;
    private static final int SENDERS = 2;
    private static final int BUCKET = 10;
    /** Each bucket is sent this long before its first tuple enters the spout. */
    private static final long SEND_LEAD = 2_000;
    /** Records per block: odd, so that a bucket's two records are split between blocks. */
    private static final int BLOCK = 7;

    @TempDir
    Path directory;

    /** Tuple {@code i} is id 1000 + i, the {@code k}-th of sender i mod 2 (id base 1000). */
    private static long sendTsc(int tuple) {
        int sender = tuple % SENDERS;
        int k = tuple / SENDERS;
        int firstOfBucket = (k / BUCKET * BUCKET) * SENDERS + sender;
        return GoldenLogSet.spoutIn(firstOfBucket) - SEND_LEAD;
    }

    @Test
    void aTopologyComponentNamedGeneratorKeepsItsOutRecords() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.writeChainTopology(logs, "node-a", "generator", "sink");
        long[] ids = new long[TUPLES];
        long[] in = new long[TUPLES];
        long[] out = new long[TUPLES];
        long[] sinkIn = new long[TUPLES];
        for (int i = 0; i < TUPLES; i++) {
            ids[i] = 1000 + i;
            in[i] = 10_000L * (i + 1);
            out[i] = in[i] + 100;
            sinkIn[i] = out[i] + 400;
        }
        GoldenLogSet.writeIds(logs, "node-a", "generator/1/in", ids, in,
                LongUnaryOperator.identity());
        GoldenLogSet.writeIds(logs, "node-a", "generator/1/out", ids, out,
                LongUnaryOperator.identity());
        GoldenLogSet.writeIds(logs, "node-a", "sink/2/in", ids, sinkIn,
                LongUnaryOperator.identity());

        AnalysisSummary summary = new Analyzer(AnalyzerOptions.of(List.of(logs), null,
                directory.resolve("out")).withParallelism(1), System.err).run();

        // Its out channel is named like a send log, but topology.json says whose it is.
        HopRow transfer = GoldenNumbersITCase.row(summary, "generator -> sink", "LOCAL");
        assertEquals(TUPLES, transfer.boundedSamples());
        assertEquals(400, transfer.latencyNs().max(), 1e-6);
        assertEquals(TUPLES, summary.tuples().complete());
        assertTrue(summary.notes().stream().noneMatch(note -> note.contains("send logs")),
                summary.notes()::toString);
    }

    @Test
    void everyBucketIsExpandedIntoItsTuplesAndTheGeneratorsHopsAreExact() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-a", LongUnaryOperator.identity());
        for (int sender = 0; sender < SENDERS; sender++) {
            writeSends(logs, sender);
        }

        AnalysisSummary summary = GoldenNumbersITCase.analyze(AnalyzerOptions.of(List.of(logs),
                null, directory.resolve("out")));

        HopRow ingestion = GoldenNumbersITCase.row(summary, "generator -> spout", "LOCAL");
        HopRow fromGenerator = GoldenNumbersITCase.row(summary, "generator => sink", "LOCAL");
        assertEquals(TUPLES, ingestion.boundedSamples());
        assertEquals(TUPLES, fromGenerator.boundedSamples());
        double[] ingestionNs = new double[TUPLES];
        for (int i = 0; i < TUPLES; i++) {
            ingestionNs[i] = GoldenLogSet.spoutIn(i) - sendTsc(i);
        }
        assertEquals(SEND_LEAD, ingestion.latencyNs().min(), 1e-6);
        assertEquals(Arrays.stream(ingestionNs).max().orElseThrow(), ingestion.latencyNs().max(),
                1e-6);
        assertEquals(Arrays.stream(ingestionNs).average().orElseThrow(),
                ingestion.latencyNs().mean(), 1e-6);
        double endToEndMean = 0;
        for (int i = 0; i < TUPLES; i++) {
            endToEndMean += (GoldenLogSet.sinkIn(i) - sendTsc(i)) / (double) TUPLES;
        }
        assertEquals(endToEndMean, fromGenerator.latencyNs().mean(), 1e-6);
        assertEquals(0, ingestion.boundNs().max(), 0);
        assertEquals(TUPLES, summary.tuples().complete());
        assertEquals(0, summary.tuples().timedOut());
        assertEquals(0, summary.input().problemCount(), summary.input().problems().toString());
    }

    /**
     * A run sampled 1/4 (docs/design.md, "Sampling"): the tasks logged the kept tuples only, the
     * generator every send; its buckets expand into the kept tuples alone, so none times out.
     */
    @Test
    void aSampledRunsBucketsExpandIntoTheKeptTuplesOnly() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-a", LongUnaryOperator.identity());
        for (int sender = 0; sender < SENDERS; sender++) {
            writeSends(logs, sender);
        }
        RootSampling sampling = RootSampling.oneIn(4);
        List<Integer> kept = IntStream.range(0, TUPLES).filter(i -> sampling.keeps(1000 + i))
                .boxed().toList();
        long[] ids = kept.stream().mapToLong(i -> 1000 + i).toArray();
        LongUnaryOperator same = LongUnaryOperator.identity();
        GoldenLogSet.writeIds(logs, "node-a", "spout/1/in", ids,
                kept.stream().mapToLong(GoldenLogSet::spoutIn).toArray(), same);
        GoldenLogSet.writeIds(logs, "node-a", "spout/1/out", ids,
                kept.stream().mapToLong(GoldenLogSet::spoutOut).toArray(), same);
        GoldenLogSet.writeIds(logs, "node-a", "sink/2/in", ids,
                kept.stream().mapToLong(GoldenLogSet::sinkIn).toArray(), same);
        Path topology = logs.resolve("node-a").resolve("topology.json");
        Files.writeString(topology, Files.readString(topology).replace("\"tupleIds\":",
                "\"sample\":\"1/4\",\"tupleIds\":"));

        AnalysisSummary summary = GoldenNumbersITCase.analyze(AnalyzerOptions.of(List.of(logs),
                null, directory.resolve("out")));

        assertTrue(kept.size() > TUPLES / 8 && kept.size() < TUPLES / 2, kept::toString);
        assertEquals(kept.size(), summary.tuples().complete(), summary.tuples()::toString);
        assertEquals(0, summary.tuples().timedOut(), summary.tuples()::toString);
        assertEquals(4, summary.tuples().sampledOneIn());
        assertEquals(kept.size(), GoldenNumbersITCase.row(summary, "generator -> spout",
                "LOCAL").boundedSamples());
        assertTrue(summary.notes().stream().anyMatch(note -> note.startsWith("sampled 1/4")),
                summary.notes()::toString);
    }

    @Test
    void aGeneratorOnAnotherNodeIsTranslatedWithABoundThatHoldsTheTruth() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, TUPLES, "node-a", LongUnaryOperator.identity());
        for (int sender = 0; sender < SENDERS; sender++) {
            writeSends(logs, sender, "node-b", GoldenNumbersITCase.NODE_B);
        }
        Path sync = directory.resolve("sync.json");
        Files.writeString(sync, GoldenNumbersITCase.syncJson());

        AnalysisSummary summary = GoldenNumbersITCase.analyze(AnalyzerOptions.of(List.of(logs),
                sync, directory.resolve("out")).withReference("node-a"));

        GoldenNumbersITCase.MinRttFormulas formulas = new GoldenNumbersITCase.MinRttFormulas();
        double latencySum = 0;
        double boundMax = 0;
        for (int i = 0; i < TUPLES; i++) {
            long sendTicks = GoldenNumbersITCase.NODE_B.applyAsLong(sendTsc(i));
            double latency = GoldenLogSet.spoutIn(i) - formulas.translate(sendTicks);
            double bound = formulas.boundWithAllowance(sendTicks);
            // Ground truth: the true time from the send to the spout lies within the bound.
            assertTrue(Math.abs(latency - (GoldenLogSet.spoutIn(i) - sendTsc(i))) <= bound,
                    "tuple " + i);
            latencySum += latency;
            boundMax = Math.max(boundMax, bound);
        }
        HopRow ingestion = GoldenNumbersITCase.row(summary, "generator -> spout", "REMOTE");
        assertEquals(TUPLES, ingestion.boundedSamples());
        assertEquals(latencySum / TUPLES, ingestion.latencyNs().mean(), 1e-6);
        assertEquals(boundMax, ingestion.boundNs().max(), 1e-6);
        assertEquals(TUPLES, GoldenNumbersITCase.row(summary, "generator => sink", "REMOTE")
                .boundedSamples());
        // The send on node-b comes before the spout: spout => sink stays on node-a.
        assertEquals(TUPLES, GoldenNumbersITCase.row(summary, "spout => sink", "LOCAL")
                .boundedSamples());
    }

    /** Sender {@code sender}'s buckets on node-a, whose clock is the truth. */
    private static void writeSends(Path logs, int sender) throws Exception {
        writeSends(logs, sender, "node-a", LongUnaryOperator.identity());
    }

    /**
     * Sender {@code sender}'s buckets, first and last id, both with the send's TSC, on
     * {@code node} whose clock is {@code clock} of the truth.
     */
    private static void writeSends(Path logs, int sender, String node, LongUnaryOperator clock)
            throws Exception {
        List<long[]> records = new ArrayList<>();
        for (int first = sender; first < TUPLES; first += BUCKET * SENDERS) {
            int last = Math.min(first + (BUCKET - 1) * SENDERS, (TUPLES - 1 - sender)
                    / SENDERS * SENDERS + sender);
            records.add(new long[] {1000 + first, clock.applyAsLong(sendTsc(first))});
            records.add(new long[] {1000 + last, clock.applyAsLong(sendTsc(first))});
        }
        String name = IngestionChannel.name(sender);
        LogFileBuilder builder = GoldenLogSet.channel(node, name, 2, clock);
        int blocks = 0;
        for (int from = 0; from < records.size(); from += BLOCK) {
            List<long[]> block = records.subList(from, Math.min(records.size(), from + BLOCK));
            builder.block(block.stream().mapToLong(r -> r[0]).toArray(),
                    block.stream().mapToLong(r -> r[1]).toArray());
            blocks++;
        }
        GoldenLogSet.write(logs, node, name, builder, blocks, records.size());
    }
}
