package org.cloudprofiler.sync.service;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.cloudprofiler.sync.PairMeasurement;
import org.cloudprofiler.sync.PhaseReport;
import org.cloudprofiler.sync.SweepReport;
import org.cloudprofiler.sync.SyncAuthentication;
import org.cloudprofiler.sync.SyncData;
import org.cloudprofiler.sync.SyncException;
import org.cloudprofiler.sync.SyncNode;
import org.cloudprofiler.sync.SyncPhase;
import org.cloudprofiler.sync.TransferModel;
import org.cloudprofiler.sync.TransferSample;
import org.cloudprofiler.sync.TransferTimeFitter;
import org.cloudprofiler.sync.service.internal.PairResult;
import org.cloudprofiler.sync.service.internal.SweepPoint;
import org.cloudprofiler.sync.service.internal.SweepResult;
import org.cloudprofiler.sync.service.internal.SyncNative;

/**
 * The clock-sync server (native, UDP): agents register with it, and each phase has every
 * ordered pair of nodes run its exchanges, one pair at a time so that the rest of the network
 * stays silent. Collects everything into a {@link SyncData} for {@code sync.json}.
 *
 * <p>Thread-safe; phases run on the calling thread. {@link #close()} frees the socket and its
 * receiving thread, which never keeps a JVM alive.
 */
public final class SyncServer implements AutoCloseable {
    /** Exchanges per ordered pair and phase unless told otherwise. */
    public static final int DEFAULT_EXCHANGES = 100;
    /** An exchange whose reply takes longer than this counts as lost. */
    public static final Duration DEFAULT_EXCHANGE_TIMEOUT = Duration.ofMillis(20);

    private final String address;
    private final SyncAuthentication authentication;
    private final List<SyncPhase> phases = new ArrayList<>();
    private final List<TransferModel> transferModels = new ArrayList<>();
    private long handle;

    private SyncServer(long handle, boolean secret) {
        this.handle = handle;
        this.address = SyncNative.serverAddress0(handle);
        this.authentication = secret ? SyncAuthentication.SECRET
                : isLoopback(address.substring(0, address.lastIndexOf(':')))
                        ? SyncAuthentication.LOOPBACK : SyncAuthentication.INSECURE;
    }

    /**
     * Binds {@code bindHost:port} (port 0: any free one) and takes up to 1024 nodes. Use a
     * loopback address unless the agents run on other hosts.
     *
     * @param token the shared secret every datagram's MAC is keyed from; must match the
     *     agents'. Empty for none: then anyone who can reach the port can steer the session
     * @throws org.cloudprofiler.CloudProfilerException if the address cannot be bound
     */
    public static SyncServer start(String bindHost, int port, String token) {
        return start(bindHost, port, token, 0);
    }

    /**
     * As {@link #start(String, int, String)}, refusing registrations beyond {@code maxNodes}
     * nodes (0: 1024).
     */
    public static SyncServer start(String bindHost, int port, String token, int maxNodes) {
        Objects.requireNonNull(bindHost, "bindHost");
        Objects.requireNonNull(token, "token (use \"\" for none)");
        if (maxNodes < 0) {
            throw new IllegalArgumentException("maxNodes must be 0 (no limit) or more");
        }
        return new SyncServer(SyncNative.serverStart0(bindHost, port, token, maxNodes),
                !token.isEmpty());
    }

    private static boolean isLoopback(String ip) {
        try {
            return InetAddress.getByName(ip).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;  // a bound address is always an IP literal: not reached
        }
    }

    /** The bound address, {@code ip:port}. */
    public String address() {
        return address;
    }

    public int port() {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }

    /** The registered nodes, in the order they first registered. */
    public synchronized List<SyncNode> nodes() {
        return List.of(SyncNative.serverNodes0(open()));
    }

    /**
     * Waits until {@code count} nodes have registered.
     *
     * @throws SyncException at the timeout, naming the nodes that did register
     */
    public List<SyncNode> awaitNodes(int count, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean registered = false;
        // In slices, each under the lock, so that close() never frees the server under a waiter.
        while (!registered && System.nanoTime() < deadline) {
            synchronized (this) {
                registered = SyncNative.serverAwaitNodes0(open(), count, (int) Math.max(1,
                        Math.min(200, (deadline - System.nanoTime()) / 1_000_000)));
            }
        }
        if (!registered) {
            List<String> ids = nodes().stream().map(SyncNode::id).toList();
            throw new SyncException("only " + ids.size() + " of " + count + " sync agents"
                    + " registered with " + address + " within " + timeout.toSeconds() + " s "
                    + ids + "; start `cloudprofiler sync-agent --server " + address
                    + "` on every node, with the same secret and cloudprofiler version");
        }
        return nodes();
    }

    /**
     * Measures every ordered pair of the registered nodes: {@code exchanges} each, keeping all
     * of them in the result if {@code keepAll} (else only the min-RTT exchange).
     *
     * @param name {@link SyncPhase#START}, {@link SyncPhase#MID} or {@link SyncPhase#END}
     */
    public synchronized PhaseReport runPhase(String name, int exchanges, boolean keepAll,
            Duration exchangeTimeout) {
        if (!List.of(SyncPhase.START, SyncPhase.MID, SyncPhase.END).contains(name)) {
            throw new IllegalArgumentException("phase " + name + " is not start, mid or end");
        }
        long started = Instant.now().toEpochMilli() * 1_000_000L;
        PairResult[] results = SyncNative.serverRunPhase0(open(), exchanges, keepAll,
                (int) Math.max(1, Math.min(Integer.MAX_VALUE, exchangeTimeout.toMillis())));
        // After the phase: the native side measured the nodes registered then, and its list only
        // grows at the end, so its indices are valid in this one.
        List<SyncNode> nodes = nodes();
        List<PairMeasurement> pairs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (PairResult result : results) {
            if (!result.problem().isEmpty()) {
                problems.add(name + " phase, " + result.problem());
            }
            if (result.min() != null) {
                pairs.add(new PairMeasurement(nodes.get(result.from()).id(),
                        nodes.get(result.to()).id(), result.completed(), result.lost(),
                        result.min(), List.of(result.all())));
            }
        }
        SyncPhase phase = new SyncPhase(name, phases.size(), started, pairs);
        phases.add(phase);
        return new PhaseReport(phase, problems);
    }

    /**
     * Has every ordered pair time TCP transfers of each payload size (the fastest of
     * {@code repetitions}) and fits the transfer-time model {@code t = p + q·size + r·size²}
     * next to a linear one. The models also go into {@link #data()}.
     *
     * @param payloadSizes at least 3 distinct sizes, bytes, at most 16 MiB each
     * @param timeout a single transfer taking longer ends that pair's sweep
     */
    public synchronized SweepReport runTransferSweep(int[] payloadSizes, int repetitions,
            Duration timeout) {
        Objects.requireNonNull(payloadSizes, "payloadSizes");
        if (Arrays.stream(payloadSizes).distinct().count() < 3) {
            throw new IllegalArgumentException("a transfer sweep needs at least 3 distinct payload"
                    + " sizes for its fit, not " + Arrays.toString(payloadSizes));
        }
        SweepResult[] results = SyncNative.serverRunSweep0(open(), payloadSizes, repetitions,
                (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis())));
        List<SyncNode> nodes = nodes();
        List<TransferModel> models = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (SweepResult result : results) {
            SyncNode from = nodes.get(result.from());
            SyncNode to = nodes.get(result.to());
            List<TransferSample> samples = new ArrayList<>();
            for (SweepPoint point : result.points()) {
                if (point.completed() > 0) {
                    double ns = point.minTicks() * 1e9 / from.tscHz();
                    samples.add(new TransferSample(point.payloadBytes(), point.completed(), ns));
                }
            }
            if (!result.problem().isEmpty()) {
                problems.add("transfer sweep, " + result.problem());
            } else if (samples.size() < 3) {
                problems.add("transfer sweep, " + from.id() + " → " + to.id() + ": only "
                        + samples.size() + " payload sizes completed, 3 are needed for a fit");
            } else {
                models.add(new TransferModel(from.id(), to.id(), samples,
                        TransferTimeFitter.quadratic(samples), TransferTimeFitter.linear(samples)));
            }
        }
        transferModels.addAll(models);
        return new SweepReport(models, problems);
    }

    /**
     * Whether the session's datagrams are authenticated: by a secret, or not at all, on
     * loopback or off it (what {@code --insecure} allows), as sync.json records it.
     */
    public SyncAuthentication authentication() {
        return authentication;
    }

    /** Everything measured so far: the contents of {@code sync.json}. */
    public synchronized SyncData data() {
        return new SyncData(SyncData.SCHEMA_VERSION, authentication, nodes(), phases,
                transferModels);
    }

    /** Datagrams dropped or ignored so far. */
    public synchronized SyncServerCounters counters() {
        return SyncNative.serverCounters0(open());
    }

    /** Tells every agent to exit; returns how many confirmed within {@code timeout}. */
    public synchronized int shutdownAgents(Duration timeout) {
        return SyncNative.serverShutdownAgents0(open(),
                (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
    }

    @Override
    public synchronized void close() {
        if (handle != 0) {
            SyncNative.serverClose0(handle);
            handle = 0;
        }
    }

    private synchronized long open() {
        if (handle == 0) {
            throw new IllegalStateException("the sync server at " + address + " is closed");
        }
        return handle;
    }
}
