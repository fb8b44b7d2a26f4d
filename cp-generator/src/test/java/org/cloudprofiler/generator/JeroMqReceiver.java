package org.cloudprofiler.generator;

import java.util.ArrayList;
import java.util.List;

import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * Test-only JOF stand-in on JeroMQ: a PULL socket bound to an ephemeral loopback port, read on
 * its own thread until it has a marker from every sender.
 */
final class JeroMqReceiver implements AutoCloseable {
    private final ZContext context = new ZContext();
    private final ZMQ.Socket socket = context.createSocket(SocketType.PULL);
    private final String endpoint;
    private final List<ReceivedBucket> buckets = new ArrayList<>();
    private Thread reader;

    JeroMqReceiver() {
        socket.setLinger(0);
        int port = socket.bindToRandomPort("tcp://127.0.0.1");
        endpoint = "tcp://127.0.0.1:" + port;
    }

    String endpoint() {
        return endpoint;
    }

    /** Starts reading until {@code markers} end-of-run markers have arrived. */
    void readUntilMarkers(int markers) {
        reader = new Thread(() -> {
            socket.setReceiveTimeOut(60_000);
            int seen = 0;
            while (seen < markers) {
                byte[] message = socket.recv();
                if (message == null) {
                    return;
                }
                ReceivedBucket bucket = ReceivedBucket.parse(message);
                seen += bucket.isMarker() ? 1 : 0;
                synchronized (buckets) {
                    buckets.add(bucket);
                }
            }
        }, "jeromq-receiver");
        reader.start();
    }

    /** What arrived, in order, once the reader has ended. */
    List<ReceivedBucket> awaitBuckets() throws InterruptedException {
        reader.join(120_000);
        synchronized (buckets) {
            return List.copyOf(buckets);
        }
    }

    @Override
    public void close() {
        context.close();
    }
}
