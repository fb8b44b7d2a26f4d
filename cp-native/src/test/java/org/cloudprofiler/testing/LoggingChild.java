package org.cloudprofiler.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.HandlerType.Parameter;
import org.cloudprofiler.log.LogFormat;

/**
 * A child JVM that logs at full speed from several threads, each owning its channels, until it
 * is killed. Prints {@code READY} once every thread is logging; its shutdown hook stops the
 * threads and prints {@code ACCEPTED <channel> <calls>} for the calls each channel accepted.
 */
public final class LoggingChild {
    public static final int THREADS = 3;
    public static final long DOWNSAMPLE_N = 10;

    private static volatile boolean stopping;

    private LoggingChild() {}

    /** The channels thread {@code thread} owns, in the order it logs to them. */
    public static List<String> channelsOf(int thread) {
        return List.of("child/" + thread + "/buffered", "child/" + thread + "/direct",
                "child/" + thread + "/sampled");
    }

    public static final String SHARED_COUNTER = "child/all/count";

    public static void main(String[] args) throws Exception {
        long counter = CloudProfiler.openChannel(SHARED_COUNTER, LogFormat.RAW, HandlerType.MPC);
        Map<String, long[]> accepted = new LinkedHashMap<>();
        List<Thread> writers = new ArrayList<>();
        CountDownLatch logging = new CountDownLatch(THREADS);
        long[] counterAccepted = new long[THREADS];
        for (int t = 0; t < THREADS; t++) {
            List<String> names = channelsOf(t);
            long[] handles = {
                CloudProfiler.openChannel(names.get(0), LogFormat.ZSTD, HandlerType.BUFFERED_ID),
                CloudProfiler.openChannel(names.get(1), LogFormat.RAW, HandlerType.ID),
                CloudProfiler.openChannel(names.get(2), LogFormat.ZSTD, HandlerType.DOWNSAMPLE),
            };
            CloudProfiler.parameterize(handles[2], Parameter.N, DOWNSAMPLE_N);
            long[] counts = new long[handles.length];
            for (int c = 0; c < handles.length; c++) {
                accepted.put(names.get(c), counts);
            }
            int thread = t;
            writers.add(new Thread(() -> {
                for (long id = 0; !stopping; id++) {
                    for (int c = 0; c < handles.length; c++) {
                        if (CloudProfiler.logTS(handles[c], id)) {
                            counts[c]++;
                        }
                    }
                    if (CloudProfiler.logTS(counter, id)) {
                        counterAccepted[thread]++;
                    }
                    if (id == 10_000) {
                        logging.countDown();
                    }
                }
            }, "writer-" + t));
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping = true;
            StringBuilder out = new StringBuilder();
            for (Thread writer : writers) {
                try {
                    writer.join(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            for (int t = 0; t < THREADS; t++) {
                List<String> names = channelsOf(t);
                long[] counts = accepted.get(names.get(0));
                for (int c = 0; c < names.size(); c++) {
                    out.append("ACCEPTED ").append(names.get(c)).append(' ').append(counts[c])
                            .append('\n');
                }
            }
            long total = 0;
            for (long count : counterAccepted) {
                total += count;
            }
            out.append("ACCEPTED ").append(SHARED_COUNTER).append(' ').append(total).append('\n');
            System.out.print(out);
            System.out.flush();
        }, "report"));
        writers.forEach(Thread::start);
        logging.await();
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
