package org.cloudprofiler.analyzer.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** What report.html states in words and tables. */
class HtmlReportTest {

    @Test
    void theHopTableGivesEveryPercentileAndTheBound() {
        String html = HtmlReport.render(ReportFixtures.cleanRun());

        assertTrue(html.contains("<th>min</th><th>p50</th><th>p90</th><th>p99</th>"
                + "<th>p99.9</th><th>max</th><th>mean</th><th>bound p50</th><th>bound max</th>"),
                html);
        assertTrue(html.contains("<td>100 ns</td><td>300 ns</td><td>500 ns</td><td>2.00 µs</td>"
                + "<td>2.50 µs</td><td>3.00 µs</td><td>350 ns</td><td>300 ns</td>"
                + "<td>3.00 µs</td>"), html);
    }

    @Test
    void aRunOfSecondsReadsInSecondsAndAnExactBoundAsZeroNanoseconds() {
        assertTrue(HtmlReport.render(ReportFixtures.cleanRun())
                .contains("<td>20.000 s ± 0 ns</td>"));
    }
}
