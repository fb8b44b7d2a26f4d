package org.cloudprofiler.storm.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.cloudprofiler.channel.ProbePoint;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.config.service.ConfigClient;
import org.cloudprofiler.config.service.ConfigServer;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.probe.TaskProbe;
import org.cloudprofiler.probe.TupleIdMinter;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.tupleid.TupleIdExtractor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A task's probe: lazy channels on the executor thread, other threads counted, names, off. */
@Timeout(60)
class TaskProbeTest {

    @Test
    void channelsOpenOnTheExecutorThreadAndOtherThreadsAreCountedNotLogged() throws Exception {
        TaskCounters counters = TaskCounters.unregistered();
        TaskProbe probe = new TaskProbe("probe test", 3, CpSettings.from(Map.of(
                "cloudprofiler.handlers", "**/{in,out}=ID")), counters, new TupleIdMinter(3, 0));
        assertNull(probe.stats(ProbePoint.IN));

        Thread executor = new Thread(() -> {
            probe.bindExecutorThread();
            probe.enter(10, 10);
            probe.handOff();
            probe.enter(TupleIdExtractor.NO_ID, TupleIdExtractor.NO_ID);
            assertTrue(probe.emitIsOnExecutorThread());
            probe.endOfRun();
        });
        executor.start();
        executor.join();
        assertFalse(probe.emitIsOnExecutorThread());
        assertEquals(1, counters.offThreadEmits().getCount());
        assertEquals(1, counters.missingIds().getCount());
        assertEquals(1, probe.stats(ProbePoint.IN).accepted());
        assertEquals(2, probe.stats(ProbePoint.COUNT).accepted());
        probe.retire();

        assertEquals(List.of(10L), ProfileLogs.column("probe_test/3/in", "id"));
        assertEquals(List.of(10L), ProfileLogs.column("probe_test/3/out", "id"));
        assertEquals(List.of(10L, HandlerType.POISON_PILL_ID),
                ProfileLogs.column("probe_test/3/first-last", "id"));
        assertEquals(1, probe.stats(ProbePoint.IN).accepted(), "kept after closing");
    }

    @Test
    void aDisabledOrOffChannelOpensNothing() {
        TaskProbe disabled = new TaskProbe("disabled", 1,
                CpSettings.from(Map.of("cloudprofiler.enabled", "false")),
                TaskCounters.unregistered(), new TupleIdMinter(1, 0));
        TaskProbe off = new TaskProbe("off", 1,
                CpSettings.from(Map.of("cloudprofiler.handlers", "**=OFF")),
                TaskCounters.unregistered(), new TupleIdMinter(1, 0));
        for (TaskProbe probe : List.of(disabled, off)) {
            probe.bindExecutorThread();
            probe.enter(1, 1);
            probe.handOff();
            probe.endOfRun();
            for (ProbePoint point : ProbePoint.values()) {
                assertTrue(probe.handler(point).isOff());
                assertNull(probe.stats(point));
            }
            probe.retire();
        }
    }

    @Test
    void aConfigurationServerChoosesTheHandlersItHasRulesFor() throws Exception {
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "t", null);
                ConfigClient client = new ConfigClient(server.address(), "t")) {
            client.set("**/in=NULL", false, Duration.ofSeconds(5));
            client.set("**/count=SPC", false, Duration.ofSeconds(5));
            TaskProbe probe = new TaskProbe("served", 1, CpSettings.from(Map.of(
                    "cloudprofiler.handlers", "**/{in,out}=ID",
                    "cloudprofiler.count.period", "1s",
                    "cloudprofiler.config-server", "127.0.0.1:" + server.address().getPort(),
                    "cloudprofiler.config-server.token", "t")), TaskCounters.unregistered(), new TupleIdMinter(1, 0));
            assertEquals("NULL", probe.handler(ProbePoint.IN).toString());
            assertEquals("SPC:1000000000", probe.handler(ProbePoint.COUNT).toString());
            assertEquals("ID", probe.handler(ProbePoint.OUT).toString());
        }
    }

    @Test
    void withoutAnAnswerTheTasksOwnRulesDecide() throws Exception {
        int closedPort;
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        TaskProbe probe = new TaskProbe("unserved", 1, CpSettings.from(Map.of(
                "cloudprofiler.handlers", "**/{in,out}=ID",
                "cloudprofiler.config-server", "127.0.0.1:" + closedPort)),
                TaskCounters.unregistered(), new TupleIdMinter(1, 0));
        assertEquals("ID", probe.handler(ProbePoint.IN).toString());
        assertEquals("CPU:100000000", probe.handler(ProbePoint.CPU).toString());
    }

    @Test
    void openChannelsFollowTheServersRuleAsItChanges() throws Exception {
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (ConfigServer server = ConfigServer.start("127.0.0.1", 0, "", null);
                ConfigClient client = new ConfigClient(server.address(), "")) {
            client.set("**/in=NULL", false, Duration.ofSeconds(5));
            TaskProbe probe = new TaskProbe("following", 1, CpSettings.from(Map.of(
                    "cloudprofiler.handlers", "**/{in,out}=ID",
                    "cloudprofiler.config-server", "127.0.0.1:" + server.address().getPort())),
                    TaskCounters.unregistered(), new TupleIdMinter(1, 0));
            executor.submit(() -> {
                probe.bindExecutorThread();
                probe.enter(1, 1);
            }).get();
            assertEquals(0, probe.stats(ProbePoint.IN).recorded());
            client.set("**/in=BUFFERED_ID", false, Duration.ofSeconds(5));
            while (!probe.handler(ProbePoint.IN).toString().equals("BUFFERED_ID")) {
                Thread.sleep(5);
            }
            executor.submit(() -> probe.enter(2, 2)).get();
            assertEquals(1, probe.stats(ProbePoint.IN).recorded(), "the new handler's period");
            client.remove("**/in", Duration.ofSeconds(5));
            while (!probe.handler(ProbePoint.IN).toString().equals("ID")) {
                Thread.sleep(5);
            }
            executor.submit(probe::retire).get();
        } finally {
            executor.shutdown();
        }
    }
}
