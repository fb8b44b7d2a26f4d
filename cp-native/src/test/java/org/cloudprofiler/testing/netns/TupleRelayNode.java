package org.cloudprofiler.testing.netns;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.HandlerType.Parameter;
import org.cloudprofiler.log.LogFormat;

/**
 * A node of the tuple relay workload, run as a child JVM ({@link RelaySettings} for the
 * arguments): node {@code i} accepts a TCP connection from node {@code i - 1}, connects to node
 * {@code i + 1}, and passes on every 8-byte tuple id it reads until the id has made its hops;
 * node 0 originates the ids at a steady rate. Each hop is logged on both sides with the
 * {@code ID} handler: {@code relay/<from>-<to>/send} right before the write and
 * {@code relay/<from>-<to>/recv} right after the read.
 *
 * <p>Needs {@code CP_NODE_ID} (logs go to {@code $CP_LOG_DIR/<node>/}). Prints {@code READY} once
 * it listens and {@code DONE <ids received>} at the end, then exits 0. The end travels the ring
 * as a TCP half-close after the last id. Any failure prints a message naming the node and exits
 * 1 (2 for bad arguments; 3 if still blocked, e.g. in a write, a second after the deadline).
 */
public final class TupleRelayNode {
    /** Every message is one big-endian {@code long}: a tuple id, or the hello's node index. */
    private static final int FRAME_BYTES = Long.BYTES;
    private static final long CONNECT_RETRY_MS = 20;
    private static final long CONNECT_ATTEMPT_MS = 1000;
    /** Lets a connect, accept or read that times out at the deadline report it first. */
    private static final long WATCHDOG_GRACE_MS = 1000;

    private final RelaySettings settings;
    private final String node;
    private final long deadlineNanos;
    private long sendChannel;
    private long receiveChannel;
    // Return-trip baseline: node 0's RET_START, node 1's RET_END; 0 when not in use.
    private long returnTripChannel;

    private TupleRelayNode(RelaySettings settings, String node) {
        this.settings = settings;
        this.node = node;
        this.deadlineNanos =
                System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.deadlineMs());
    }

    /** The channel the sender of the hop {@code from -> to} logs each id on. */
    public static String sendChannel(int from, int to) {
        return "relay/" + from + "-" + to + "/send";
    }

    /** The channel the receiver of the hop {@code from -> to} logs each id on. */
    public static String receiveChannel(int from, int to) {
        return "relay/" + from + "-" + to + "/recv";
    }

    /**
     * The id of the {@code sequence}-th tuple node {@code origin} originates: the origin plus one
     * in bits 40 and up, so no id is 0 or equal to its sequence number, which would hide mix-ups.
     */
    public static long tupleId(int origin, long sequence) {
        return ((long) (origin + 1) << 40) | sequence;
    }

    public static void main(String[] args) {
        System.exit(runNode(args));
    }

    private static int runNode(String[] args) {
        String node = System.getenv("CP_NODE_ID");
        if (node == null || node.isBlank()) {
            System.err.println(
                    "tuple relay: CP_NODE_ID is not set; give every node its own id, e.g. n0");
            return 2;
        }
        RelaySettings settings;
        try {
            settings = RelaySettings.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("tuple relay " + node + ": " + e.getMessage() + "\nusage: "
                    + TupleRelayNode.class.getName() + " index=I nodes=N listen=HOST:PORT"
                    + " next=HOST:PORT tuples=K hops=H rate=PER_SECOND deadline-ms=MS");
            return 2;
        }
        TupleRelayNode relay = new TupleRelayNode(settings, node);
        relay.startWatchdog();
        try {
            long received = relay.run();
            System.out.println("DONE " + received);
            return 0;
        } catch (Exception e) {
            System.err.println(relay.failure(e));
            return 1;
        }
    }

    private long run() throws IOException, InterruptedException {
        try (ServerSocket server = new ServerSocket()) {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(settings.listenHost(), settings.listenPort()));
            openChannels();
            if (settings.index() == 1) {
                openReturnTrip();
            }
            System.out.println("READY");
            System.out.flush();
            try (Socket next = connectToSuccessor()) {
                // A hello frame carrying the sender's index goes round the ring first: when it
                // is back at node 0, every node is connected and reading.
                if (settings.index() == 0) {
                    writeFrame(next.getOutputStream(), settings.index());
                }
                server.setSoTimeout(remainingMs());
                try (Socket previous = acceptPredecessor(server)) {
                    previous.setTcpNoDelay(true);
                    previous.setSoTimeout(remainingMs());
                    InputStream in = previous.getInputStream();
                    byte[] hello = new byte[FRAME_BYTES];
                    if (in.readNBytes(hello, 0, FRAME_BYTES) != FRAME_BYTES
                            || ByteBuffer.wrap(hello).getLong() != settings.predecessor()) {
                        throw new IOException("expected a hello from node "
                                + settings.predecessor() + " on " + previous);
                    }
                    Thread origin = null;
                    if (settings.index() == 0) {
                        origin = startOrigin(next);
                    } else {
                        writeFrame(next.getOutputStream(), settings.index());
                    }
                    long received = relay(in, next);
                    if (origin != null) {
                        origin.join();
                    }
                    closeChannels();
                    return received;
                }
            }
        }
    }

    private void openChannels() {
        // RAW and ID: the cheapest path, so logging adds least to the latency it measures.
        if (settings.sends()) {
            sendChannel = CloudProfiler.openChannel(sendChannel(settings.index(),
                    settings.successor()), LogFormat.RAW, HandlerType.ID);
        }
        if (settings.receives()) {
            receiveChannel = CloudProfiler.openChannel(receiveChannel(settings.predecessor(),
                    settings.index()), LogFormat.RAW, HandlerType.ID);
        }
    }

    /** The channel of the return-trip baseline on node 0 (start) or node 1 (end). */
    public static String returnTripChannel(int index) {
        return "relay/ret/" + (index == 0 ? "start" : "end");
    }

    private void openReturnTrip() throws IOException {
        if (settings.returnTrip().isEmpty() || settings.index() > 1) {
            return;
        }
        int colon = settings.returnTrip().lastIndexOf(':');
        long ip = HandlerType.ipv4((Inet4Address) InetAddress.getByName(
                settings.returnTrip().substring(0, colon)));
        long port = Long.parseLong(settings.returnTrip().substring(colon + 1));
        if (settings.index() == 0) {
            returnTripChannel = CloudProfiler.openChannel(returnTripChannel(0), LogFormat.RAW,
                    HandlerType.RET_START);
            // The address before the port: setting the port binds.
            CloudProfiler.parameterize(returnTripChannel, Parameter.BIND_ADDRESS, ip);
            CloudProfiler.parameterize(returnTripChannel, Parameter.PORT, port);
        } else {
            returnTripChannel = CloudProfiler.openChannel(returnTripChannel(1), LogFormat.RAW,
                    HandlerType.RET_END);
            CloudProfiler.parameterize(returnTripChannel, Parameter.START_ADDRESS, ip);
            CloudProfiler.parameterize(returnTripChannel, Parameter.PORT, port);
        }
    }

    private void closeChannels() throws IOException {
        if (returnTripChannel != 0 && !CloudProfiler.closeChannel(returnTripChannel)) {
            throw new IOException("could not close the return-trip channel");
        }
        if (settings.sends() && !CloudProfiler.closeChannel(sendChannel)) {
            throw new IOException("could not close the send channel");
        }
        if (settings.receives() && !CloudProfiler.closeChannel(receiveChannel)) {
            throw new IOException("could not close the receive channel");
        }
    }

    private Socket connectToSuccessor() throws IOException, InterruptedException {
        InetSocketAddress address =
                new InetSocketAddress(settings.nextHost(), settings.nextPort());
        IOException last = null;
        while (remainingMs() > 1) {
            Socket socket = new Socket();
            try {
                socket.setTcpNoDelay(true);
                socket.connect(address, (int) Math.min(CONNECT_ATTEMPT_MS, remainingMs()));
                return socket;
            } catch (IOException e) {
                // The successor may not listen yet.
                socket.close();
                last = e;
                Thread.sleep(CONNECT_RETRY_MS);
            }
        }
        throw new IOException("could not connect to node " + settings.successor() + " at "
                + address + " before the deadline: " + last, last);
    }

    private Socket acceptPredecessor(ServerSocket server) throws IOException {
        try {
            return server.accept();
        } catch (SocketTimeoutException e) {
            throw new IOException("node " + settings.predecessor() + " did not connect to "
                    + server.getLocalSocketAddress() + " before the deadline", e);
        }
    }

    /** Reads ids until the predecessor half-closes, forwarding them if they have hops left. */
    private long relay(InputStream in, Socket next) throws IOException {
        boolean forwards = settings.index() != 0 && settings.sends();
        OutputStream out = next.getOutputStream();
        byte[] frame = new byte[FRAME_BYTES];
        ByteBuffer id = ByteBuffer.wrap(frame);
        long received = 0;
        int read;
        try {
            while ((read = in.readNBytes(frame, 0, FRAME_BYTES)) == FRAME_BYTES) {
                log(receiveChannel, id.getLong(0));
                if (returnTripChannel != 0 && settings.index() == 1) {
                    log(returnTripChannel, id.getLong(0));  // node 1 acknowledges to node 0
                }
                received++;
                if (forwards) {
                    log(sendChannel, id.getLong(0));
                    out.write(frame);
                }
            }
        } catch (SocketTimeoutException e) {
            throw new IOException("node " + settings.predecessor() + " neither sent an id nor"
                    + " ended the stream before the deadline, after " + received + " ids", e);
        }
        if (read != 0) {
            throw new IOException("the stream from node " + settings.predecessor()
                    + " ended inside an id, after " + received + " ids");
        }
        if (settings.index() != 0) {
            next.shutdownOutput();
        }
        return received;
    }

    private Thread startOrigin(Socket next) {
        Thread origin = new Thread(() -> {
            try {
                originate(next);
            } catch (IOException | RuntimeException e) {
                exit(1, failure(e));
            }
        }, "origin");
        origin.start();
        return origin;
    }

    /** Sends the ids on an absolute schedule, so a late wake-up does not slow the whole run. */
    private void originate(Socket next) throws IOException {
        openReturnTrip();  // here: a parameterized channel belongs to the thread that set it up
        OutputStream out = next.getOutputStream();
        byte[] frame = new byte[FRAME_BYTES];
        ByteBuffer id = ByteBuffer.wrap(frame);
        long intervalNanos = TimeUnit.SECONDS.toNanos(1) / settings.ratePerSecond();
        long due = System.nanoTime();
        for (long sequence = 0; sequence < settings.tuples(); sequence++) {
            due += intervalNanos;
            for (long wait; (wait = due - System.nanoTime()) > 0; ) {
                LockSupport.parkNanos(wait);
            }
            id.putLong(0, tupleId(0, sequence));
            log(sendChannel, id.getLong(0));
            if (returnTripChannel != 0) {
                log(returnTripChannel, id.getLong(0));
            }
            out.write(frame);
        }
        next.shutdownOutput();
    }

    private static void writeFrame(OutputStream out, long value) throws IOException {
        out.write(ByteBuffer.allocate(FRAME_BYTES).putLong(value).array());
    }

    private static void log(long channel, long id) {
        if (!CloudProfiler.logTS(channel, id)) {
            throw new IllegalStateException("a channel rejected id " + id + ": "
                    + CloudProfiler.warnings());
        }
    }

    private int remainingMs() {
        long remaining = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, remaining));
    }

    /** Ends the process soon after the deadline, whatever it is blocked in (e.g. a write). */
    private void startWatchdog() {
        long endNanos = deadlineNanos + TimeUnit.MILLISECONDS.toNanos(WATCHDOG_GRACE_MS);
        Thread watchdog = new Thread(() -> {
            for (long left; (left = endNanos - System.nanoTime()) > 0; ) {
                LockSupport.parkNanos(left);
            }
            exit(3, "tuple relay " + node + ": still running " + WATCHDOG_GRACE_MS
                    + " ms after the deadline of " + settings.deadlineMs() + " ms");
        }, "deadline");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private String failure(Exception e) {
        return "tuple relay " + node + " (node " + settings.index() + " of " + settings.nodes()
                + "): " + e;
    }

    private static void exit(int code, String message) {
        System.err.println(message);
        System.err.flush();
        System.exit(code);
    }
}
