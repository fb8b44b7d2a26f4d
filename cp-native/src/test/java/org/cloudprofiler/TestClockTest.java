package org.cloudprofiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogColumn;
import org.cloudprofiler.log.LogHeader;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.testing.ChildJvm;
import org.cloudprofiler.testing.TestClockChild;
import org.cloudprofiler.testing.TestLibrary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The test-only CP_TEST_CLOCK hook: skewed, offset timestamps with the raw TSC alongside. */
class TestClockTest {
    private static final long PARTS_PER_BILLION = -50_125;
    private static final long OFFSET_TICKS = 9_000_000_000_000L;

    @TempDir
    Path logs;

    @Test
    void idFamilyLogsCarryTheRawTscAndItsExactSkewedValue() throws Exception {
        long rawBefore = CloudProfiler.readTsc();  // this JVM runs without the hook
        runChild("-50.125:" + OFFSET_TICKS, "DONE");
        long rawAfter = CloudProfiler.readTsc();

        for (HandlerType handler : TestClockChild.HANDLERS) {
            Path file = ChannelLogs.find(logs.resolve("skewed"),
                    TestClockChild.channelOf(handler));
            try (LogReader reader = LogReader.open(file)) {
                LogHeader header = reader.header();
                assertTrue(header.testClock(), handler + " header lacks the test-clock flag");
                assertEquals(List.of("id", "tsc", "raw_tsc"),
                        header.columns().stream().map(LogColumn::name).toList(), handler.name());
                List<long[]> rows = ChannelLogs.rows(reader);
                assertFalse(rows.isEmpty(), handler.name());
                for (long[] row : rows) {
                    long raw = row[2];
                    // One machine has one TSC: the child's raw values lie between ours.
                    assertTrue(raw >= rawBefore && raw <= rawAfter, handler + " raw " + raw);
                    assertEquals(skewed(raw), row[1], handler + " id " + row[0]);
                }
                assertTrue(reader.problems().isEmpty(), reader.problems().toString());
            }
        }
    }

    @Test
    void aMistypedHookRefusesEveryChannelWithTheFix() throws Exception {
        List<String> out = runChild("80ppm:0", "REFUSED");
        String refusal = out.stream().filter(l -> l.startsWith("REFUSED")).findFirst().get();
        assertTrue(refusal.contains("CP_TEST_CLOCK=80ppm:0 is not valid"), refusal);
        assertTrue(refusal.contains("unset it outside tests"), refusal);
    }

    private List<String> runChild(String testClock, String expectedLine) throws Exception {
        try (ChildJvm child = ChildJvm.start(TestClockChild.class, List.of(TestLibrary.jvmOption()),
                Map.of("CP_LOG_DIR", logs.toString(), "CP_NODE_ID", "skewed",
                        "CP_TEST_CLOCK", testClock))) {
            assertEquals(0, child.awaitExit(60_000), child.stderr());
            assertTrue(child.stdout().stream().anyMatch(l -> l.startsWith(expectedLine)),
                    child.stdout() + "\n" + child.stderr());
            return child.stdout();
        }
    }

    /** raw + floor(raw · ppb / 1e9) + offset, as docs/configuration.md defines the hook. */
    private static long skewed(long raw) {
        BigInteger[] quotient = BigInteger.valueOf(raw).multiply(
                BigInteger.valueOf(PARTS_PER_BILLION)).divideAndRemainder(
                        BigInteger.valueOf(1_000_000_000L));
        BigInteger floor = quotient[1].signum() < 0
                ? quotient[0].subtract(BigInteger.ONE) : quotient[0];
        return raw + floor.longValueExact() + OFFSET_TICKS;
    }
}
