package org.cloudprofiler.sync.service;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.sync.service.internal.AgentOptions;
import org.cloudprofiler.sync.service.internal.SyncNative;

/**
 * The sync agent of this node (native, UDP): registers with the sync server, answers other
 * agents' exchanges and runs its own when the server asks. It must run in a process whose
 * clock is the one the node's channels use, which is any process of that node (they share the
 * TSC), unless a test sets {@code CP_TEST_CLOCK} differently per process.
 *
 * <p>{@link #run()} serves on the calling thread; {@link #start()} on a daemon thread.
 * {@link #stop()} may come from any thread.
 */
public final class SyncAgent implements AutoCloseable {
    /** How an agent's service ended. */
    public enum Outcome {
        /** The server ended the session. */
        SHUTDOWN,
        /** {@link #stop()} was called. */
        STOPPED,
        /** The server fell silent after registration. */
        SERVER_SILENT,
        /** The server never answered the registration. */
        NEVER_REGISTERED,
        /** The server refused the registration (its message says why: e.g. the id is taken). */
        REFUSED
    }

    /** How the service ended, with a message that names the fix when it failed. */
    public record Result(Outcome outcome, String message) {
        public boolean failed() {
            return outcome == Outcome.SERVER_SILENT || outcome == Outcome.NEVER_REGISTERED
                    || outcome == Outcome.REFUSED;
        }
    }

    /**
     * Where and how to serve.
     *
     * @param serverHost the sync server's host
     * @param serverPort the sync server's port
     * @param nodeId this node's id; null for the profiler's own ({@code CP_NODE_ID} or the
     *     host name), which is what its logs carry
     * @param bindHost the address to answer on; null for the one that routes to the server
     * @param port the UDP port to answer on, 0 for any
     * @param token shared token, empty for none
     * @param serverTimeout silence from the server after which the agent gives up
     */
    public record Options(String serverHost, int serverPort, String nodeId, String bindHost,
            int port, String token, Duration serverTimeout) {

        /** Defaults: own node id, routed address, any port, no token, 10 s timeout. */
        public static Options of(String serverHost, int serverPort) {
            return new Options(serverHost, serverPort, null, null, 0, "", Duration.ofSeconds(10));
        }

        public Options withNodeId(String id) {
            return new Options(serverHost, serverPort, id, bindHost, port, token, serverTimeout);
        }

        public Options withBind(String host, int bindPort) {
            return new Options(serverHost, serverPort, nodeId, host, bindPort, token,
                    serverTimeout);
        }

        public Options withToken(String secret) {
            return new Options(serverHost, serverPort, nodeId, bindHost, port, secret,
                    serverTimeout);
        }

        public Options withServerTimeout(Duration timeout) {
            return new Options(serverHost, serverPort, nodeId, bindHost, port, token, timeout);
        }
    }

    private final String address;
    private final CompletableFuture<Result> result = new CompletableFuture<>();
    private long handle;
    private boolean running;

    private SyncAgent(long handle) {
        this.handle = handle;
        this.address = SyncNative.agentAddress0(handle);
    }

    /**
     * Binds the agent's socket.
     *
     * @throws org.cloudprofiler.CloudProfilerException if it cannot bind or resolve the server
     */
    public static SyncAgent create(Options options) {
        Objects.requireNonNull(options.serverHost(), "serverHost");
        Objects.requireNonNull(options.token(), "token (use \"\" for none)");
        Objects.requireNonNull(options.serverTimeout(), "serverTimeout");
        String nodeId = options.nodeId() != null ? options.nodeId() : defaultNodeId();
        return new SyncAgent(SyncNative.agentCreate0(new AgentOptions(options.serverHost(),
                options.serverPort(), nodeId, options.bindHost(), options.port(), options.token(),
                (int) Math.min(Integer.MAX_VALUE, options.serverTimeout().toMillis()))));
    }

    /** The node id the profiler writes into its logs. */
    public static String defaultNodeId() {
        String directory = CloudProfiler.logDirectory();
        return directory.substring(directory.lastIndexOf('/') + 1);
    }

    /** The address this agent answers on, {@code ip:port}. */
    public String address() {
        return address;
    }

    /** Serves on this thread until the server ends the session, {@link #stop()}, or failure. */
    public Result run() {
        long native0;
        synchronized (this) {
            if (running || handle == 0) {
                throw new IllegalStateException("the sync agent at " + address
                        + (handle == 0 ? " is closed" : " is already running"));
            }
            running = true;
            native0 = handle;
        }
        try {
            Result ended = SyncNative.agentRun0(native0);
            result.complete(ended);
            return ended;
        } catch (RuntimeException | Error e) {
            result.completeExceptionally(e);
            throw e;
        } finally {
            synchronized (this) {
                running = false;
                notifyAll();
            }
        }
    }

    /** Serves on a daemon thread; {@link #awaitResult(Duration)} tells how it ended. */
    public SyncAgent start() {
        Thread thread = new Thread(this::run, "cp-sync-agent");
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    /**
     * Waits for the service to end.
     *
     * @throws TimeoutException if it is still serving after {@code timeout}
     */
    public Result awaitResult(Duration timeout) throws InterruptedException, TimeoutException {
        try {
            return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the sync agent failed", e.getCause());
        }
    }

    /** Asks {@link #run()} to return (within about 100 ms). */
    public synchronized void stop() {
        if (handle != 0) {
            SyncNative.agentStop0(handle);
        }
    }

    /** Datagrams and exchanges handled so far. */
    public synchronized SyncAgentCounters counters() {
        if (handle == 0) {
            throw new IllegalStateException("the sync agent at " + address + " is closed");
        }
        return SyncNative.agentCounters0(handle);
    }

    /** Stops the agent, waits for {@link #run()} to return, and frees it. */
    @Override
    public synchronized void close() throws InterruptedException {
        if (handle == 0) {
            return;
        }
        SyncNative.agentStop0(handle);
        while (running) {
            wait();
        }
        SyncNative.agentClose0(handle);
        handle = 0;
    }
}
