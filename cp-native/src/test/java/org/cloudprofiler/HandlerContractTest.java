package org.cloudprofiler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.HandlerType.Parameter;
import org.cloudprofiler.log.LogFormat;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogTrailer;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.testing.UdpPorts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The handler contract through JNI and the Java reader, for every handler and format: what the
 * handler keeps comes back exactly, what it filters is counted, the totals add up. The
 * return-trip handlers run alone here (no acks: every RET_START record is unacked);
 * RetHandlersTest pairs them.
 */
class HandlerContractTest {
    private static final int CALLS = 20_000;
    private static final EnumSet<HandlerType> PERIODIC =
            EnumSet.of(HandlerType.SPC, HandlerType.MPC, HandlerType.CPU);

    static Stream<Arguments> everyHandlerAndFormat() {
        List<Arguments> cases = new ArrayList<>();
        for (HandlerType handler : HandlerType.values()) {
            for (LogFormat format : LogFormat.values()) {
                cases.add(Arguments.of(handler, format));
            }
        }
        return cases.stream();
    }

    private static long tscOf(long i) {
        return 5_000_000_000L + 7 * i + i % 3;
    }

    /** Whether call number {@code i}, with tuple id {@code id}, is recorded. */
    private static boolean kept(HandlerType handler, long i, long id) {
        return switch (handler) {
            case ID, BUFFERED_ID, RET_START, RET_END -> true;
            case DOWNSAMPLE -> i % 9 == 0;
            case XOY -> Math.floorMod(id, 5) < 2;
            case FIRST_LAST -> i == 0 || id == HandlerType.POISON_PILL_ID;
            default -> false;
        };
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyHandlerAndFormat")
    void recordsOutEqualRecordsIn(HandlerType handler, LogFormat format) throws Exception {
        String name = "java-contract/" + handler + "-" + format + "/in";
        long channel = CloudProfiler.openChannel(name, format, handler);
        switch (handler) {
            case DOWNSAMPLE -> CloudProfiler.parameterize(channel, Parameter.N, 9);
            case XOY -> {
                CloudProfiler.parameterize(channel, Parameter.Y, 5);
                CloudProfiler.parameterize(channel, Parameter.X, 2);
            }
            case SPC, MPC, CPU ->
                CloudProfiler.parameterize(channel, Parameter.PERIOD_NS, 1_000_000);
            // No RET_END acks these starts: all wait until close, so there must be room for all.
            case RET_START -> {
                CloudProfiler.parameterize(channel, Parameter.PORT, UdpPorts.free());
                CloudProfiler.parameterize(channel, Parameter.CAPACITY, 2 * CALLS);
            }
            // Acks go to a port nobody listens on; the records are what is checked here.
            case RET_END -> CloudProfiler.parameterize(channel, Parameter.PORT, UdpPorts.free());
            default -> { }
        }
        List<long[]> expected = new ArrayList<>();
        for (long i = 0; i <= CALLS; i++) {
            long id = i == CALLS ? HandlerType.POISON_PILL_ID : i;
            assertTrue(CloudProfiler.logTS(channel, id, tscOf(i)));
            if (kept(handler, i, id)) {
                expected.add(handler == HandlerType.RET_START
                        ? new long[] {id, tscOf(i), HandlerType.NO_ACK}
                        : new long[] {id, tscOf(i)});
            }
        }
        assertTrue(CloudProfiler.closeChannel(channel));

        Path file = ChannelLogs.findOwn(name);
        try (LogReader reader = LogReader.open(file)) {
            assertEquals(handler, reader.header().handler());
            assertEquals(format, reader.header().codec());
            assertEquals(name, reader.header().channel());
            List<long[]> rows = ChannelLogs.rows(reader);
            assertTrue(reader.problems().isEmpty(), reader.problems()::toString);
            LogTrailer trailer = reader.trailer();
            assertNotNull(trailer);
            assertEquals(CALLS + 1, trailer.callsAccepted());
            assertEquals(rows.size(), trailer.recordsWritten());
            assertEquals(0, trailer.recordsDropped());
            if (PERIODIC.contains(handler)) {
                int count = reader.header().columnIndex("count");
                assertEquals(0, rows.get(0)[count]);
                assertEquals(CALLS + 1, rows.get(rows.size() - 1)[count]);
                return;
            }
            assertEquals(trailer.callsAccepted(),
                    trailer.recordsWritten() + trailer.callsFiltered() + trailer.recordsDropped());
            assertEquals(expected.size(), rows.size());
            for (int i = 0; i < rows.size(); i++) {
                assertArrayEquals(expected.get(i), rows.get(i), "record " + i);
            }
        }
    }
}
