package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What a {@code --cluster} that is not a reachable Flink REST endpoint gives: one message naming
 * the address and the fix, within seconds (a real cluster: {@link ClusterSubmissionITCase}).
 */
class FlinkClusterProbeTest {

    @Test
    void aClosedPortIsNamedAsUnreachable() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        ClusterAddress address = new ClusterAddress("127.0.0.1", closedPort);

        IOException e = assertThrows(IOException.class, () -> FlinkClusterProbe.check(address));

        assertTrue(e.getMessage().startsWith("cannot reach the Flink cluster at 127.0.0.1:"
                + closedPort + " (connection refused). Fix: start the cluster"), e.getMessage());
    }

    @Test
    void anEndpointThatAcceptsButNeverAnswersFailsWithinItsTimeouts() throws Exception {
        // The kernel accepts connections into the backlog; nothing ever reads or answers.
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ClusterAddress address = new ClusterAddress("127.0.0.1", silent.getLocalPort());

            IOException e = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(IOException.class, () -> FlinkClusterProbe.check(address)));

            assertTrue(e.getMessage().startsWith("the Flink cluster at " + address
                    + " did not answer within 3 s. Fix: "), e.getMessage());
        }
    }

    @Test
    void anHttpServerThatIsNotFlinkIsNamedAsSuch() throws Exception {
        HttpServer server = HttpServer.create(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = "{\"hello\":\"world\"}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            ClusterAddress address = new ClusterAddress("127.0.0.1",
                    server.getAddress().getPort());

            IOException e = assertThrows(IOException.class,
                    () -> FlinkClusterProbe.check(address));

            assertTrue(e.getMessage().startsWith(address + " answers, but not as the REST"
                    + " endpoint of a Flink cluster (HTTP 200 to GET /config). Fix: "),
                    e.getMessage());
        } finally {
            server.stop(0);
        }
    }
}
