package org.cloudprofiler.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.clock.BoundedDuration;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.AnalysisElement.Kind;
import org.cloudprofiler.analyzer.element.Payloads;
import org.cloudprofiler.analyzer.input.FileReport;
import org.cloudprofiler.analyzer.join.Locality;
import org.cloudprofiler.analyzer.stats.RunAccumulator.Sample;
import org.junit.jupiter.api.Test;

/** What the client gathers from the job's output, element kind by element kind. */
class RunAccumulatorTest {

    private final RunAccumulator run = new RunAccumulator(1, 1_000_000_000L);

    private static AnalysisElement statistics(double latencyNs) {
        HopStatistics statistics = new HopStatistics(1);
        statistics.add(0, Locality.LOCAL, new BoundedDuration(latencyNs, 0, "SAME_NODE"), 1,
                Double.NaN, -1);
        statistics.countComplete(2);
        return AnalysisElement.payload(Kind.HOP_STATISTICS, -1, Payloads.encode(statistics));
    }

    @Test
    void theStatisticsOfEverySubtaskAreMerged() {
        run.add(statistics(10));
        run.add(statistics(30));

        assertEquals(2, run.hops().completeTuples());
        assertEquals(4, run.hops().events());
        assertEquals(30, run.hops().get(0, Locality.LOCAL).latencyNs().max(), 0);
    }

    @Test
    void eachFirstLastChannelKeepsItsFirstTupleAndItsFirstPill() {
        run.add(AnalysisElement.firstLast(3, 17, 500));
        run.add(AnalysisElement.firstLast(3, 18, 400));
        run.add(AnalysisElement.firstLast(3, -1, 900));
        run.add(AnalysisElement.firstLast(3, -1, 950));
        run.add(AnalysisElement.firstLast(4, -1, 990));

        assertEquals(Map.of(3, 500L), run.firstTsc());
        assertEquals(Map.of(3, 900L, 4, 990L), run.pillTsc());
    }

    @Test
    void counterAndCpuSamplesAreKeptPerChannelInOrder() {
        run.add(AnalysisElement.count(2, 100, 10));
        run.add(AnalysisElement.cpu(5, 150, 12, 3_000));
        run.add(AnalysisElement.count(2, 200, 25));

        assertEquals(Map.of(2, List.of(new Sample(100, 10, -1), new Sample(200, 25, -1)),
                5, List.of(new Sample(150, 12, 3_000))), run.samples());
    }

    @Test
    void aFileReportIsKeptUnderItsChannel() {
        FileReport report = new FileReport(6, 1_000, 4, false, -1, -1, -1, 512, 1, 2,
                List.of("block 3: bad checksum"), null);

        run.add(AnalysisElement.payload(Kind.FILE_REPORT, 6, Payloads.encode(report)));

        assertEquals(Map.of(6, report), run.reports());
    }

    @Test
    void progressAddsUp() {
        run.add(AnalysisElement.progress(0, 4096, 300));
        run.add(AnalysisElement.progress(1, 1024, 50));

        assertEquals(5120, run.bytesRead());
        assertEquals(350, run.recordsRead());
    }

    @Test
    void anElementTheJobDoesNotEmitIsRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> run.add(AnalysisElement.idRecord(1, 42, 1000)));

        assertEquals("the job does not emit ID{channel=1, id=42, tsc=1000, count=0, cpuNs=0}",
                refused.getMessage());
    }
}
