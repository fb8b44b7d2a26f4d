package org.cloudprofiler.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Predicate;

/** How to tell that a started cluster process is up; asked again until it says so. */
public interface Readiness {
    /** Whether the process is up now; an exception counts as not yet. */
    boolean ready() throws IOException, InterruptedException;

    /** What is waited for, for the message when it never comes, e.g. "TCP 10.0.0.2:2181". */
    String describe();

    /** Up once something accepts a TCP connection on {@code host:port}. */
    static Readiness tcpPort(String host, int port) {
        return new Readiness() {
            @Override
            public boolean ready() throws IOException {
                try (Socket socket = new Socket()) {
                    socket.connect(new InetSocketAddress(host, port), 1_000);
                    return true;
                }
            }

            @Override
            public String describe() {
                return "TCP " + host + ":" + port;
            }
        };
    }

    /** Up once {@code url} answers 200 with a body that {@code accepted} takes. */
    static Readiness http(String url, String what, Predicate<String> accepted) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        return new Readiness() {
            @Override
            public boolean ready() throws IOException, InterruptedException {
                HttpResponse<String> response = client.send(HttpRequest.newBuilder(
                        URI.create(url)).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.ofString());
                return response.statusCode() == 200 && accepted.test(response.body());
            }

            @Override
            public String describe() {
                return what + " (" + url + ")";
            }
        };
    }

    /** Up as soon as started: for processes nothing waits on. */
    static Readiness started() {
        return new Readiness() {
            @Override
            public boolean ready() {
                return true;
            }

            @Override
            public String describe() {
                return "the process started";
            }
        };
    }
}
