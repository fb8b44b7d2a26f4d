package org.cloudprofiler.bench;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.jof.JofCounters;
import org.cloudprofiler.generator.jof.JofItem;
import org.cloudprofiler.generator.jof.QueuePoller;
import org.cloudprofiler.generator.jof.TupleBucket;
import org.cloudprofiler.generator.wire.BucketEncoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * A JOF with one receiver, fed over loopback TCP by a Java PUSH sender thread that sends
 * buckets of 1000 YSB events as fast as ZeroMQ takes them; the benchmark thread is the consumer
 * and polls buckets. Scores are tuples per second through socket, receiver (decode +
 * deserialize) and queue. The sender, two ZeroMQ I/O threads, the receiver and the consumer
 * share the machine's cores, so on 2 cores this is a lower bound for a JOF whose generator runs
 * elsewhere. The trial prints the JOF's counts: a run with drops measured the consumer.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class JofEndToEndBenchmark {
    private static final int TUPLES_PER_BUCKET = 1000;
    private static final int TEMPLATES = 16;
    private static final int SEND_TIMEOUT_MS = 100;

    private JavaObjectFactory jof;
    private QueuePoller poller;
    private Thread sender;
    private volatile boolean sending;

    @Setup(Level.Trial)
    public void start() {
        jof = JavaObjectFactory.builder().receivers("127.0.0.1", 0, 1).payload(Payload.ysb())
                .queueCapacity(64).receiveHighWaterMark(16).start();
        poller = jof.poller();
        byte[][] templates = YsbBuckets.encode(TEMPLATES, TUPLES_PER_BUCKET);
        String endpoint = jof.endpoints().get(0);
        sending = true;
        sender = new Thread(() -> send(endpoint, templates), "bench-push-sender");
        sender.setDaemon(true);
        sender.start();
    }

    @Benchmark
    @OperationsPerInvocation(TUPLES_PER_BUCKET)
    public int pollBucket() {
        int idlePolls = 0;
        while (true) {
            JofItem item = poller.poll();
            if (item instanceof TupleBucket bucket) {
                return bucket.size();
            }
            // Leave the cores to the receiver and the sender while the queue is empty.
            if (++idlePolls > 100) {
                LockSupport.parkNanos(10_000);
            }
        }
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        sending = false;
        sender.join();
        poller.close();
        jof.close();
        JofCounters counters = jof.counters();
        System.out.printf("%nJOF: %,d tuples received, %,d handed over, %,d dropped (queue"
                + " full), %,d rejected%n", counters.tuplesReceived(),
                counters.tuplesHandedOver(), counters.tuplesDropped(),
                counters.tuplesRejected());
    }

    private void send(String endpoint, byte[][] templates) {
        try (ZContext context = new ZContext()) {
            ZMQ.Socket push = context.createSocket(SocketType.PUSH);
            push.setSendTimeOut(SEND_TIMEOUT_MS);
            push.setSndHWM(16);
            // JeroMQ's connecting side may stall a fresh connection until this timer fires
            // (docs/wire-format.md, "Java senders").
            push.setHandshakeIvl(500);
            push.connect(endpoint);
            long sequence = 0;
            while (sending) {
                // JeroMQ keeps the array it is given until the I/O thread has written it, so
                // every send gets its own copy to renumber.
                byte[] bucket = templates[(int) (sequence % TEMPLATES)];
                bucket = Arrays.copyOf(bucket, bucket.length);
                BucketEncoder.writeSequence(bucket, sequence);
                if (push.send(bucket, 0)) {
                    sequence++;
                }
            }
        }
    }
}
