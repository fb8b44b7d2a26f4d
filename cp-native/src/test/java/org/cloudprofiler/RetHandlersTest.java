package org.cloudprofiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.HandlerType.Parameter;
import org.cloudprofiler.log.LogColumn;
import org.cloudprofiler.log.LogFormat;
import org.cloudprofiler.log.LogReader;
import org.cloudprofiler.log.LogTrailer;
import org.cloudprofiler.testing.ChannelLogs;
import org.cloudprofiler.testing.UdpPorts;
import org.junit.jupiter.api.Test;

/**
 * The return-trip handlers through JNI over loopback, read back with the Java log reader. Waits
 * are for counts; their deadline only keeps a broken build from hanging.
 */
class RetHandlersTest {
    private static final int TUPLES = 3000;
    private static final int IN_FLIGHT = 50;

    private static long loopback() throws Exception {
        return HandlerType.ipv4((Inet4Address) InetAddress.getByName("127.0.0.1"));
    }

    private static void await(LongSupplier count, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (count.getAsLong() != expected && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(expected, count.getAsLong());
    }

    @Test
    void everyTupleIsAckedOnceAndReadsBackWithItsRoundTrip() throws Exception {
        int port = UdpPorts.free();
        String startName = "java-ret/loop/start";
        String endName = "java-ret/loop/end";
        try (Channel start = CloudProfiler.open(startName, LogFormat.ZSTD, HandlerType.RET_START);
                Channel end = CloudProfiler.open(endName, LogFormat.RAW, HandlerType.RET_END)) {
            start.parameterize(Parameter.PORT, port);
            end.parameterize(Parameter.START_ADDRESS, loopback())
                    .parameterize(Parameter.PORT, port);
            for (long id = 0; id < TUPLES; id++) {
                assertTrue(start.log(id));
                assertTrue(end.log(id));
                if ((id + 1) % IN_FLIGHT == 0) {
                    await(() -> start.stats().acks().matched(), id + 1);
                }
            }
            assertEquals(new AckStats(TUPLES, 0, 0, 0, 0, 0, 0), start.stats().acks());
            assertEquals(new AckStats(0, 0, 0, 0, 0, 0, 0), end.stats().acks());
        }

        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(startName))) {
            assertEquals(HandlerType.RET_START, reader.header().handler());
            assertEquals(List.of("id", "tsc", "ack_tsc"),
                    reader.header().columns().stream().map(LogColumn::name).toList());
            assertEquals(port, reader.header().parameter(0));
            assertEquals(loopback(), reader.header().parameter(1));
            List<long[]> rows = ChannelLogs.rows(reader);
            assertTrue(reader.problems().isEmpty(), reader.problems()::toString);
            Set<Long> ids = new HashSet<>();
            for (long[] row : rows) {
                assertTrue(ids.add(row[0]), "acked twice: " + row[0]);
                assertTrue(row[2] >= row[1], "negative RTT for " + row[0]);
            }
            assertEquals(TUPLES, ids.size());
            assertTrue(ids.stream().allMatch(id -> id >= 0 && id < TUPLES));
            LogTrailer trailer = reader.trailer();
            assertNotNull(trailer);
            assertEquals(TUPLES, trailer.callsAccepted());
            assertEquals(TUPLES, trailer.recordsWritten());
            assertEquals(0, trailer.recordsDropped());
        }
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(endName))) {
            List<long[]> rows = ChannelLogs.rows(reader);
            assertEquals(TUPLES, rows.size());
            for (int i = 0; i < TUPLES; i++) {
                assertEquals(i, rows.get(i)[0]);
            }
        }
    }

    @Test
    void startsNeverAckedAreWrittenWithNoAck() throws Exception {
        String name = "java-ret/unacked/start";
        try (Channel start = CloudProfiler.open(name, LogFormat.RAW, HandlerType.RET_START)) {
            start.parameterize(Parameter.PORT, UdpPorts.free());
            for (long id = 0; id < 10; id++) {
                assertTrue(start.log(id, 1000 + id));
            }
        }
        try (LogReader reader = LogReader.open(ChannelLogs.findOwn(name))) {
            List<long[]> rows = ChannelLogs.rows(reader);
            assertEquals(10, rows.size());
            for (int i = 0; i < 10; i++) {
                assertEquals(List.of((long) i, 1000L + i, HandlerType.NO_ACK),
                        List.of(rows.get(i)[0], rows.get(i)[1], rows.get(i)[2]));
            }
        }
    }

    @Test
    void aPortInUseFailsParameterizeWithThePortAndTheFix() throws Exception {
        try (DatagramSocket holder = new DatagramSocket(0, InetAddress.getByName("127.0.0.1"));
                Channel start = CloudProfiler.open(
                        "java-ret/in-use/start", LogFormat.RAW, HandlerType.RET_START)) {
            int taken = holder.getLocalPort();
            CloudProfilerException failure = assertThrows(CloudProfilerException.class,
                    () -> start.parameterize(Parameter.PORT, taken));
            assertTrue(failure.getMessage().contains("port " + taken), failure.getMessage());
            assertTrue(failure.getMessage().contains("parameterize(PORT, port)"),
                    failure.getMessage());
            start.parameterize(Parameter.PORT, UdpPorts.free());
        }
    }

    @Test
    void parametersOutOfRangeAreRejected() {
        try (Channel start = CloudProfiler.open(
                        "java-ret/range/start", LogFormat.RAW, HandlerType.RET_START);
                Channel end = CloudProfiler.open(
                        "java-ret/range/end", LogFormat.RAW, HandlerType.RET_END)) {
            assertThrows(IllegalArgumentException.class,
                    () -> start.parameterize(Parameter.PORT, 0));
            assertThrows(IllegalArgumentException.class,
                    () -> start.parameterize(Parameter.PORT, 65_536));
            assertThrows(IllegalArgumentException.class,
                    () -> start.parameterize(Parameter.BIND_ADDRESS, 1L << 32));
            assertThrows(IllegalArgumentException.class,
                    () -> start.parameterize(Parameter.CAPACITY, 0));
            assertThrows(IllegalArgumentException.class,
                    () -> end.parameterize(Parameter.START_ADDRESS, 0));
            assertThrows(IllegalArgumentException.class,
                    () -> end.parameterize(Parameter.PORT, -1));
        }
    }

    @Test
    void ipv4IsTheUnsignedValueInHostOrder() throws Exception {
        assertEquals(0x7F00_0001L, loopback());
        assertEquals(0xFFFF_FFFFL,
                HandlerType.ipv4((Inet4Address) InetAddress.getByName("255.255.255.255")));
        assertEquals(0x0A00_0205L,
                HandlerType.ipv4((Inet4Address) InetAddress.getByName("10.0.2.5")));
    }
}
