package org.cloudprofiler.examples.flink.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Map;
import org.cloudprofiler.analyzer.testing.AnalysisCoverage;
import org.junit.jupiter.api.Test;

/**
 * What every job written as a Flink user writes it must show, run unprofiled and profiled
 * ({@link FlinkJobRuns}): the same answer, the one its input implies; topology.json listing
 * every operator; and an analysis that {@code cloudprofiler analyze} exits 0 with, measuring
 * every operator and every edge. A test class per job extends it with what is particular to
 * its job.
 */
public abstract class ProfiledUserJobContract<T> {

    /** The job's runs, made once per test class. */
    protected abstract FlinkJobRuns<T> runs();

    /** Each record the job's sink must receive, and how often. */
    protected abstract Map<T, Long> expectedAnswer();

    @Test
    void bothRunsGiveTheAnswerTheInputImplies() {
        Map<T, Long> expected = expectedAnswer();
        assertEquals(expected, runs().unprofiled(), "unprofiled");
        assertEquals(expected, runs().profiled(), "profiled");
    }

    @Test
    void topologyJsonListsEveryOperator() {
        assertEquals(new HashSet<>(runs().operators()), new HashSet<>(runs().components()));
        assertEquals(runs().operators().size(), runs().components().size(),
                runs().components()::toString);
    }

    @Test
    void analyzeExitsZero() {
        AnalysisCoverage.assertAnalyzeExitsZero(runs().analysis());
    }

    @Test
    void everyOperatorAndEveryEdgeIsMeasured() {
        AnalysisCoverage.assertEveryOperatorAndEdgeMeasured(runs().topology(), runs().analysis());
    }
}
