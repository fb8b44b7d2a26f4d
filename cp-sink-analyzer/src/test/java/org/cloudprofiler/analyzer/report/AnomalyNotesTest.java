package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cloudprofiler.analyzer.stats.TupleDuration;
import org.junit.jupiter.api.Test;

/** Every anomaly of a run gets a plain sentence at the top of the report; a clean run none. */
class AnomalyNotesTest {

    @Test
    void aCleanRunHasNoNoteAndTheReportSaysNothingIsUnusual() {
        AnalysisSummary summary = ReportFixtures.cleanRun();

        assertEquals(List.of(), AnomalyNotes.of(summary));
        assertTrue(HtmlReport.render(summary).contains("Nothing unusual"));
    }

    @Test
    void eachAnomalyIsNotedAboveTheRunFigures() {
        AnalysisSummary.TimedOut filtered = new AnalysisSummary.TimedOut("ENDED_AT", "filter",
                null, 7, "7 tuples ended at filter");
        AnalysisSummary summary = ReportFixtures.summary(new AnalysisSummary.Tuples(3, 7,
                List.of(filtered), 0, 20, 2, 10_000), new AnalysisSummary.Drops(5, 2, List.of(),
                List.of(), 11), ReportFixtures.input(3, 1, 2), ReportFixtures.row(4),
                List.of(new AnalysisSummary.Violation("spout -> sink", "REMOTE", 6,
                        new TupleDuration(12, -900, 100))));

        List<String> notes = AnomalyNotes.of(summary);

        List<String> expected = List.of("6 durations in 1 hop rows lie below zero",
                "7 of 10 tuples did not complete: the 10,000 ms tuple time-out",
                "Timed out: 7 tuples ended at filter", "channels lost 5 records and rejected 2",
                "generator or the JOF dropped 11 tuples", "spout -> sink (remote): 4 of 10"
                        + " samples are unbounded", "3 damaged blocks", "1 log files were not"
                        + " closed", "2 files were skipped");
        assertEquals(expected.size(), notes.size(), notes.toString());
        for (int i = 0; i < expected.size(); i++) {
            assertTrue(notes.get(i).contains(expected.get(i)), notes.get(i));
        }
        String html = HtmlReport.render(summary);
        int note = html.indexOf("Timed out: 7 tuples ended at filter");
        assertTrue(note >= 0 && note < html.indexOf("<h2>Run</h2>"), "the notes come first");
    }

    @Test
    void problemsReadingTheInputAreNotedEvenWhenNoFileWasSkippedOrCutShort() {
        AnalysisSummary.Input unreadable = new AnalysisSummary.Input(4, 0, 1_000, 600, 40, 0, 0,
                0, 1, List.of());
        AnalysisSummary clean = ReportFixtures.cleanRun();
        AnalysisSummary summary = ReportFixtures.summary(clean.tuples(), clean.drops(),
                unreadable, ReportFixtures.row(0), List.of());

        List<String> notes = AnomalyNotes.of(summary);

        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("1 problems were found reading the input"),
                notes.get(0));
        assertTrue(!HtmlReport.render(summary).contains("Nothing unusual"));
    }
}
