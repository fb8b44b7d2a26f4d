package org.cloudprofiler.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** FlinkClient against a stand-in for a JobManager's REST API. */
class FlinkClientTest {
    private static final Duration GUARD = Duration.ofSeconds(30);

    /** The {@code /jobs/overview} answers still to give; the last one is repeated. */
    private final Deque<String> overviews = new ConcurrentLinkedDeque<>();
    /** Every request but the overviews: method and path with query. */
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private String restUrl;

    @BeforeEach
    void startRestApi() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/jobs", this::answer);
        server.start();
        restUrl = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stopRestApi() {
        server.stop(0);
    }

    @Test
    void aJobIsFoundByNameTheLatestSubmissionFirst() throws IOException {
        String overview = overview(job("a", "ysb", "FINISHED", 100, 2, 2),
                job("b", "ysb", "RUNNING", 200, 2, 2), job("c", "other", "RUNNING", 300, 2, 2));

        assertEquals("b", FlinkClient.job(overview, "ysb").orElseThrow().path("jid").asText());
        assertTrue(FlinkClient.job(overview, "missing").isEmpty());
    }

    @Test
    void theEndIsAwaitedUntilTheJobIsInAFinalState() throws Exception {
        overviews.add(overview());
        overviews.add(overview(job("j", "ysb", "RUNNING", 1, 2, 2)));
        overviews.add(overview(job("j", "ysb", "FINISHED", 1, 0, 2)));

        assertEquals("FINISHED", FlinkClient.awaitEnd(restUrl, "ysb", GUARD));
    }

    @Test
    void aJobRunsOnceEveryTaskRuns() throws Exception {
        overviews.add(overview(job("j", "ysb", "RUNNING", 1, 1, 3)));
        overviews.add(overview(job("j", "ysb", "RUNNING", 1, 3, 3)));

        assertEquals("j", FlinkClient.awaitRunning(restUrl, "ysb", GUARD).path("jid").asText());
    }

    @Test
    void aJobThatFailsBeforeItRunsIsReportedWithItsState() {
        overviews.add(overview(job("j", "ysb", "FAILED", 1, 0, 3)));

        IOException failed = assertThrows(IOException.class,
                () -> FlinkClient.awaitRunning(restUrl, "ysb", GUARD));
        assertTrue(failed.getMessage().contains("ended FAILED"), failed.getMessage());
    }

    @Test
    void waitingForAJobThatIsNotThereGivesUpNamingIt() {
        overviews.add(overview(job("j", "other", "RUNNING", 1, 3, 3)));

        TimeoutException timedOut = assertThrows(TimeoutException.class,
                () -> FlinkClient.awaitEnd(restUrl, "ysb", Duration.ZERO));
        assertTrue(timedOut.getMessage().contains("no job named ysb"), timedOut.getMessage());
    }

    @Test
    void cancellingPatchesTheLatestRunningJobOnly() throws Exception {
        overviews.add(overview(job("old", "ysb", "FINISHED", 1, 0, 2),
                job("new", "ysb", "RUNNING", 2, 2, 2)));
        FlinkClient.cancel(restUrl, "ysb");
        overviews.add(overview(job("new", "ysb", "CANCELED", 2, 0, 2)));
        overviews.removeFirst();
        FlinkClient.cancel(restUrl, "ysb");

        assertEquals(List.of("PATCH /jobs/new?mode=cancel"), requests);
    }

    private void answer(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().toString();
        byte[] body;
        int status;
        if (path.equals("/jobs/overview")) {
            status = 200;
            body = (overviews.size() > 1 ? overviews.removeFirst() : overviews.getFirst())
                    .getBytes(StandardCharsets.UTF_8);
        } else {
            requests.add(exchange.getRequestMethod() + " " + path);
            status = 202;
            body = "{}".getBytes(StandardCharsets.UTF_8);
        }
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    private static String overview(String... jobs) {
        return "{\"jobs\":[" + String.join(",", jobs) + "]}";
    }

    private static String job(String id, String name, String state, long startTime,
            int runningTasks, int totalTasks) {
        return "{\"jid\":\"" + id + "\",\"name\":\"" + name + "\",\"state\":\"" + state
                + "\",\"start-time\":" + startTime + ",\"tasks\":{\"running\":" + runningTasks
                + ",\"total\":" + totalTasks + "}}";
    }
}
