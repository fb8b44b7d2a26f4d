package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.analyzer.clock.ClockSpec;
import org.cloudprofiler.analyzer.clock.NodeClock;
import org.cloudprofiler.analyzer.input.ChannelInfo;
import org.cloudprofiler.analyzer.input.LogSet;
import org.cloudprofiler.analyzer.input.RunStart;
import org.cloudprofiler.analyzer.join.HopPlan;
import org.cloudprofiler.analyzer.join.TimeSelection;
import org.cloudprofiler.analyzer.stats.RunAccumulator;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.sync.translate.TranslationMethod;
import org.junit.jupiter.api.Test;

/**
 * Sync data taken with {@code --insecure}, as sync.json records it: the analysis says so first,
 * in one line, on the console, in summary.json's notes and under "Read first" in report.html;
 * sync data taken with a secret, or on loopback, get no such line.
 */
class InsecureSyncNoteTest {

    private static final long SECOND_NS = 1_000_000_000L;
    private static final Map<String, NodeClock> CLOCKS = Map.of(
            "node-a", new NodeClock(SECOND_NS, 0, 0), "node-b", new NodeClock(SECOND_NS, 0, 0));
    private static final List<ChannelInfo> CHANNELS = List.of(new ChannelInfo(0,
            "/logs/node-a/spout/1/count", 1, "node-a", "spout/1/count", "spout", 1, "count",
            HandlerType.SPC, SECOND_NS, 0, 0, -1, false));

    @Test
    void syncDataTakenWithInsecureAreNamedFirstOnTheConsoleInTheSummaryAndTheReport()
            throws Exception {
        AnalysisSummary summary = summaryWith("insecure");
        assertEquals(InsecureSyncNote.TEXT, summary.notes().get(0));
        assertEquals(InsecureSyncNote.TEXT, AnomalyNotes.of(summary).get(0));
        String html = HtmlReport.render(summary);
        int readFirst = html.indexOf("Read first");
        assertTrue(readFirst >= 0 && html.indexOf("sync.json was taken with --insecure")
                > readFirst, html);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        ConsoleTable.print(summary, new PrintStream(console, true, StandardCharsets.UTF_8));
        List<String> lines = console.toString(StandardCharsets.UTF_8).lines()
                .filter(line -> line.contains("--insecure")).toList();
        assertEquals(List.of("Note: " + InsecureSyncNote.TEXT), lines);
    }

    @Test
    void syncDataTakenWithASecretOrOnLoopbackGetNoSuchNote() throws Exception {
        for (String authentication : List.of("secret", "loopback")) {
            AnalysisSummary summary = summaryWith(authentication);
            assertFalse(summary.notes().contains(InsecureSyncNote.TEXT), authentication);
            assertFalse(AnomalyNotes.of(summary).contains(InsecureSyncNote.TEXT));
        }
    }

    private static AnalysisSummary summaryWith(String authentication) throws Exception {
        ClockSpec spec = new ClockSpec(syncJson(authentication), "sync.json", null,
                TranslationMethod.MINRTT, CLOCKS);
        LogSet logSet = new LogSet(CHANNELS, null, List.of(), List.of(), Map.of(), List.of());
        SummaryBuilder builder = new SummaryBuilder(logSet, HopPlan.of(CHANNELS, null),
                spec.create(), new RunAccumulator(0, SECOND_NS),
                new RunStart("node-a", 0, "the first channel's opening"), TimeSelection.WHOLE_RUN);
        return builder.build(true, false, "minrtt", true, 1000, List.of());
    }

    /** Two nodes of one clock, measured at the start and the end. */
    private static String syncJson(String authentication) {
        String pair = """
                {"from":"node-a","to":"node-b","exchanges":1,"lost":0,
                 "min":{"s":%d,"b":%d,"r":%d},"all":[]}""";
        return """
                {"schemaVersion":2,"authentication":"%s",
                 "nodes":[{"id":"node-a","host":"10.0.0.1","tscHz":1000000000},
                          {"id":"node-b","host":"10.0.0.2","tscHz":1000000000}],
                 "phases":[{"name":"start","index":0,"startedRealtimeNs":0,"pairs":[%s]},
                           {"name":"end","index":1,"startedRealtimeNs":0,"pairs":[%s]}],
                 "transferModels":[]}
                """.formatted(authentication, pair.formatted(1000, 1010, 1020),
                pair.formatted(9_000_000_000L, 9_000_000_010L, 9_000_000_020L));
    }
}
