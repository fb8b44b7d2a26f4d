package org.cloudprofiler.analyzer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * Asks a Flink cluster's REST endpoint for its configuration before anything is submitted:
 * Flink's own client retries an endpoint it cannot reach for about a minute, then fails with a
 * long trace, where the user needs one line within seconds.
 */
final class FlinkClusterProbe {

    /** How long the endpoint may take to accept the connection, and then to answer. */
    static final Duration TIMEOUT = Duration.ofSeconds(3);

    private static final String FIX = "Fix: start the cluster, or give --cluster the host:port of"
            + " its REST endpoint (rest.address and rest.port, 8081 by default)";

    private FlinkClusterProbe() {}

    /**
     * Returns when {@code address} answers as a Flink REST endpoint, within 2 × {@link #TIMEOUT}.
     *
     * @throws IOException naming the address, what went wrong and the fix, if it does not
     */
    static void check(ClusterAddress address) throws IOException {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(TIMEOUT).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + address + "/config"))
                .timeout(TIMEOUT).GET().build();
        HttpResponse<String> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new IOException("the Flink cluster at " + address + " did not answer within "
                    + TIMEOUT.toSeconds() + " s. " + FIX, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reaching " + address);
        } catch (IOException e) {
            throw new IOException("cannot reach the Flink cluster at " + address + " ("
                    + reason(e) + "). " + FIX, e);
        }
        if (response.statusCode() != 200 || !isFlinkConfiguration(response.body())) {
            throw new IOException(address + " answers, but not as the REST endpoint of a Flink"
                    + " cluster (HTTP " + response.statusCode() + " to GET /config). " + FIX);
        }
    }

    private static String reason(IOException e) {
        if (e.getMessage() != null) {
            return e.getMessage();
        }
        return e instanceof ConnectException ? "connection refused"
                : e.getClass().getSimpleName();
    }

    /** Flink's {@code GET /config} names the cluster's Flink version. */
    private static boolean isFlinkConfiguration(String body) {
        try {
            return new ObjectMapper().readTree(body).has("flink-version");
        } catch (JsonProcessingException e) {
            return false;
        }
    }
}
