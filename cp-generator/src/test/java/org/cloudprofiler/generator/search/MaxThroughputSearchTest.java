package org.cloudprofiler.generator.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The search's logic against a pipeline with a known capacity. */
class MaxThroughputSearchTest {
    private static final Duration RUN = Duration.ofSeconds(1);

    /** Sustains up to {@code capacity} tuples/s; above it, drops what it cannot take. */
    private static IngestionPipeline withCapacity(long capacity, List<Long> asked) {
        return (rate, duration) -> {
            asked.add(rate);
            long emitted = rate * duration.toSeconds();
            long dropped = Math.max(0, rate - capacity) * duration.toSeconds();
            return new RunResult(rate, rate, emitted, dropped, emitted - dropped, 1000, 2000, 500);
        };
    }

    @Test
    void doublesThenBisectsToTheResolution() throws Exception {
        List<Long> asked = new ArrayList<>();
        List<SearchStep> told = new ArrayList<>();
        SearchResult result = new MaxThroughputSearch(withCapacity(3_700_000, asked),
                PassCriteria.DEFAULT, RUN, 100_000, 100_000_000, 10_000, told::add).search();
        assertTrue(result.maxSustainedTuplesPerSecond() <= 3_700_000);
        assertTrue(result.maxSustainedTuplesPerSecond() > 3_700_000 - 10_000);
        assertTrue(result.lowestFailedTuplesPerSecond() - result.maxSustainedTuplesPerSecond()
                <= 10_000);
        assertEquals(List.of(100_000L, 200_000L, 400_000L, 800_000L, 1_600_000L, 3_200_000L,
                6_400_000L), asked.subList(0, 7));
        assertEquals(result.steps(), told);
        assertEquals("doubling", told.get(6).stage());
        assertTrue(told.subList(7, told.size()).stream()
                .allMatch(step -> step.stage().equals("bisection")));
        assertEquals(List.of("2,700,000 tuples dropped", "ingested 3,700,000 of 6,400,000"
                + " emitted"), told.get(6).failures());
    }

    @Test
    void aWarmUpRunsFirstAtHalfTheStartRateAndItsFailureDoesNotEndTheSearch() throws Exception {
        List<Long> asked = new ArrayList<>();
        List<SearchStep> told = new ArrayList<>();
        // A pipeline whose first run fails whatever its rate, as cold code does.
        IngestionPipeline warm = withCapacity(3_000_000, asked);
        IngestionPipeline coldFirst = (rate, duration) -> asked.isEmpty()
                ? withCapacity(0, asked).run(rate, duration) : warm.run(rate, duration);
        SearchResult result = new MaxThroughputSearch(coldFirst, PassCriteria.DEFAULT, RUN,
                2_000_000, 2_000_000, 100_000, told::add).warmUpFirst(Duration.ofSeconds(3))
                .search();
        assertEquals(List.of(1_000_000L, 2_000_000L), asked);
        assertEquals(2_000_000, result.maxSustainedTuplesPerSecond());
        SearchStep warmUp = result.warmUp();
        assertEquals(-1, warmUp.index());
        assertEquals("warm-up", warmUp.stage());
        assertFalse(warmUp.passed());
        assertEquals(3_000_000, warmUp.result().emitted());
        assertEquals(warmUp, told.get(0));
        assertEquals(result.steps(), told.subList(1, told.size()));

        assertNull(new MaxThroughputSearch(warm, PassCriteria.DEFAULT, RUN, 1_000, 1_000, 100,
                step -> { }).search().warmUp());
        assertThrows(IllegalArgumentException.class, () -> new MaxThroughputSearch(warm,
                PassCriteria.DEFAULT, RUN, 1_000, 1_000, 100, step -> { })
                .warmUpFirst(Duration.ofSeconds(-1)));
    }

    @Test
    void halvesWhenTheStartRateIsAlreadyTooMuch() throws Exception {
        List<Long> asked = new ArrayList<>();
        SearchResult result = new MaxThroughputSearch(withCapacity(300_000, asked),
                PassCriteria.DEFAULT, RUN, 1_000_000, 10_000_000, 1_000, step -> { }).search();
        assertEquals(List.of(1_000_000L, 500_000L, 250_000L), asked.subList(0, 3));
        assertTrue(result.maxSustainedTuplesPerSecond() > 299_000);
        assertTrue(result.maxSustainedTuplesPerSecond() <= 300_000);
    }

    @Test
    void stopsAtTheUpperLimitWhenEverythingPasses() throws Exception {
        SearchResult result = new MaxThroughputSearch(withCapacity(Long.MAX_VALUE / 4,
                new ArrayList<>()), PassCriteria.DEFAULT, RUN, 1_000, 5_000, 100, step -> { })
                .search();
        assertEquals(5_000, result.maxSustainedTuplesPerSecond());
        assertEquals(-1, result.lowestFailedTuplesPerSecond());
    }

    @Test
    void nothingPassesAtAll() throws Exception {
        SearchResult result = new MaxThroughputSearch(withCapacity(0, new ArrayList<>()),
                PassCriteria.DEFAULT, RUN, 8_000, 10_000, 1_000, step -> { }).search();
        assertEquals(0, result.maxSustainedTuplesPerSecond());
        assertEquals(1_000, result.lowestFailedTuplesPerSecond());  // 8 k, 4 k, 2 k, 1 k failed
    }

    @Test
    void everyCriterionFailsARunWithItsReason() {
        PassCriteria criteria = new PassCriteria(0.005, Duration.ofMillis(10));
        assertEquals(List.of(), criteria.failures(
                new RunResult(1_000_000, 995_000, 10, 0, 10, 9_000_000, 1, 9_000_000)));
        List<String> failures = criteria.failures(
                new RunResult(1_000_000, 990_000, 10, 1, 8, 11_000_000, 1, 0));
        assertEquals(4, failures.size(), failures.toString());
        assertTrue(failures.get(0).contains("1 tuples dropped"));
        assertTrue(failures.get(1).contains("ingested 8 of 10 emitted"));
        assertTrue(failures.get(2).contains("below 995,000"));
        assertTrue(failures.get(3).contains("schedule lag p99 11.000 ms"));
        assertThrows(IllegalArgumentException.class, () -> new PassCriteria(1.5, RUN));
        assertThrows(IllegalArgumentException.class, () -> new MaxThroughputSearch(
                withCapacity(1, new ArrayList<>()), criteria, RUN, 10, 5, 1, step -> { }));
    }
}
