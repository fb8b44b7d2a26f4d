package org.cloudprofiler.sync.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.CloudProfilerException;
import org.cloudprofiler.sync.PairMeasurement;
import org.cloudprofiler.sync.PhaseReport;
import org.cloudprofiler.sync.SweepReport;
import org.cloudprofiler.sync.SyncAuthentication;
import org.cloudprofiler.sync.SyncData;
import org.cloudprofiler.sync.SyncException;
import org.cloudprofiler.sync.SyncExchange;
import org.cloudprofiler.sync.SyncNode;
import org.cloudprofiler.sync.SyncPhase;
import org.cloudprofiler.sync.TransferModel;
import org.cloudprofiler.sync.TransferSample;
import org.junit.jupiter.api.Test;

/** The native sync service driven from Java, over loopback in one process (one TSC). */
class SyncServiceTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void aPhaseMeasuresEveryOrderedPairAndTheAgentsLeaveWhenTold() throws Exception {
        try (SyncServer server = SyncServer.start("127.0.0.1", 0, "tok")) {
            List<SyncAgent> agents = new ArrayList<>();
            for (String id : List.of("n0", "n1", "n2")) {
                agents.add(SyncAgent.create(SyncAgent.Options.of("127.0.0.1", server.port())
                        .withNodeId(id).withToken("tok")).start());
            }
            List<SyncNode> nodes = server.awaitNodes(3, WAIT);
            assertEquals(List.of("n0", "n1", "n2"),
                    nodes.stream().map(SyncNode::id).sorted().toList());
            assertTrue(nodes.stream().allMatch(n -> n.host().equals("127.0.0.1") && n.tscHz() > 0));

            PhaseReport start = server.runPhase(SyncPhase.START, 30, true,
                    SyncServer.DEFAULT_EXCHANGE_TIMEOUT);
            PhaseReport end = server.runPhase(SyncPhase.END, 30, false,
                    SyncServer.DEFAULT_EXCHANGE_TIMEOUT);
            assertEquals(List.of(), start.problems());
            assertEquals(6, start.phase().pairs().size());
            for (PairMeasurement pair : start.phase().pairs()) {
                assertEquals(30, pair.exchanges() + pair.lost());
                assertEquals(pair.exchanges(), pair.all().size());
                for (SyncExchange exchange : pair.all()) {
                    // One process, one TSC: the responder's reading lies inside [s, r].
                    assertTrue(exchange.s() <= exchange.b() && exchange.b() <= exchange.r());
                    assertTrue(exchange.rttTicks() >= pair.min().rttTicks());
                }
            }
            assertTrue(end.phase().pairs().stream().allMatch(p -> p.all().isEmpty()));
            SyncData data = server.data();
            assertEquals(List.of(SyncPhase.START, SyncPhase.END),
                    data.phases().stream().map(SyncPhase::name).toList());
            assertEquals(1, data.phases().get(1).index());
            assertEquals(SyncAuthentication.SECRET, data.authentication());

            assertEquals(3, server.shutdownAgents(WAIT));
            for (SyncAgent agent : agents) {
                assertEquals(SyncAgent.Outcome.SHUTDOWN, agent.awaitResult(WAIT).outcome());
                assertTrue(agent.counters().pingsAnswered() >= 60);
                agent.close();
            }
        }
    }

    @Test
    void aTransferSweepModelsEveryOrderedPairAndTheCountersNameWhatEachSideSaw()
            throws Exception {
        try (SyncServer server = SyncServer.start("127.0.0.1", 0, "")) {
            List<SyncAgent> agents = new ArrayList<>();
            for (String id : List.of("n0", "n1")) {
                agents.add(SyncAgent.create(SyncAgent.Options.of("127.0.0.1", server.port())
                        .withNodeId(id)).start());
            }
            server.awaitNodes(2, WAIT);
            int[] sizes = {64, 4096, 65536};
            SweepReport sweep = server.runTransferSweep(sizes, 3, WAIT);
            assertEquals(List.of(), sweep.problems());
            assertEquals(List.of("n0 → n1", "n1 → n0"), sweep.models().stream()
                    .map(m -> m.from() + " → " + m.to()).sorted().toList());
            for (TransferModel model : sweep.models()) {
                assertEquals(List.of(64, 4096, 65536),
                        model.samples().stream().map(TransferSample::payloadBytes).toList());
                assertTrue(model.samples().stream()
                        .allMatch(s -> s.repetitions() == 3 && s.minNs() > 0), model.toString());
            }
            assertEquals(sweep.models(), server.data().transferModels());
            assertEquals(SyncAuthentication.LOOPBACK, server.data().authentication());

            SyncServerCounters counters = server.counters();
            assertTrue(counters.registrations() >= 2, counters.toString());
            assertEquals(0, counters.refused() + counters.unauthenticated() + counters.malformed(),
                    counters.toString());
            assertEquals(2, server.shutdownAgents(WAIT));
            long framesAnswered = 0;
            for (SyncAgent agent : agents) {
                assertEquals(SyncAgent.Outcome.SHUTDOWN, agent.awaitResult(WAIT).outcome());
                SyncAgentCounters agentCounters = agent.counters();
                assertEquals(0, agentCounters.badSweepFrames(), agentCounters.toString());
                framesAnswered += agentCounters.sweepFramesAnswered();
                agent.close();
            }
            assertTrue(framesAnswered >= 2 * 3 * sizes.length, "frames " + framesAnswered);
        }
    }

    @Test
    void anAgentWithoutServerEndsWithAMessageNamingTheFix() throws Exception {
        int silentPort;
        try (DatagramSocket nobody = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            silentPort = nobody.getLocalPort();
            try (SyncAgent agent = SyncAgent.create(SyncAgent.Options.of("127.0.0.1", silentPort)
                    .withServerTimeout(Duration.ofMillis(500)))) {
                SyncAgent.Result result = agent.run();
                assertEquals(SyncAgent.Outcome.NEVER_REGISTERED, result.outcome());
                assertTrue(result.failed());
                assertTrue(result.message().contains("cloudprofiler sync-server"),
                        result.message());
            }
        }
    }

    @Test
    void tooFewAgentsAndABusyPortAreClearErrors() {
        try (SyncServer server = SyncServer.start("127.0.0.1", 0, "")) {
            SyncException few = assertThrows(SyncException.class,
                    () -> server.awaitNodes(2, Duration.ofMillis(200)));
            assertTrue(few.getMessage().contains("only 0 of 2 sync agents"), few.getMessage());
            CloudProfilerException busy = assertThrows(CloudProfilerException.class,
                    () -> SyncServer.start("127.0.0.1", server.port(), ""));
            assertTrue(busy.getMessage().contains("another process uses that port"),
                    busy.getMessage());
            assertThrows(IllegalStateException.class, () -> server.runPhase(SyncPhase.START, 10,
                    false, SyncServer.DEFAULT_EXCHANGE_TIMEOUT));
        }
    }
}
