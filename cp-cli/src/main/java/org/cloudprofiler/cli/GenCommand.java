package org.cloudprofiler.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.CloudProfilerException;
import org.cloudprofiler.channel.IngestionChannel;
import org.cloudprofiler.generator.Generator;
import org.cloudprofiler.generator.GeneratorResult;
import org.cloudprofiler.generator.GeneratorStats;
import org.cloudprofiler.generator.Payload;
import org.cloudprofiler.generator.ReceiverTotals;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Runs the native generator against the JOF's receivers: one console line per second, optional
 * JSON lines, and the totals; SIGTERM or Ctrl-C ends an open-ended run with its markers sent.
 */
@Command(
        name = "gen",
        mixinStandardHelpOptions = true,
        versionProvider = CloudProfilerCommand.Version.class,
        description = {
            "Sends tuples to the JOF's receivers at a controlled rate (docs/wire-format.md):"
                    + " T sender threads, buckets of many tuples, a drop for every send that"
                    + " would block. Prints the target and achieved rate, schedule lag and drops"
                    + " every second, then the totals.",
            "Without --tuples or --duration it runs until SIGTERM or Ctrl-C.",
        },
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {
            "0:every tuple sent, every end-of-run marker delivered",
            "1:drops, undelivered markers, or a receiver that could not be reached",
            "2:bad usage",
        })
public final class GenCommand implements Callable<Integer> {

    static final int EXIT_CLEAN = 0;
    static final int EXIT_PROBLEMS = 1;

    /** The payloads the command line can choose; lower case, as the user types them. */
    enum PayloadOption { raw, ysb, preloaded }

    @Spec
    private CommandSpec spec;

    @Option(names = "--endpoint", paramLabel = "ENDPOINT", description = "A receiver's ZeroMQ"
            + " endpoint, e.g. tcp://10.0.0.5:5555; repeat for several (default: --receivers"
            + " endpoints from --host and --port).")
    private List<String> endpoints = new ArrayList<>();

    @Option(names = "--host", description = "Host of the receivers (default: ${DEFAULT-VALUE}).")
    private String host = "127.0.0.1";

    @Option(names = "--port", description = "Port of receiver 0; receiver i listens on port + i,"
            + " as the JOF binds them (default: ${DEFAULT-VALUE}).")
    private int port = 5555;

    @Option(names = "--receivers", paramLabel = "N", description = "Receivers at --host from"
            + " --port on (default: ${DEFAULT-VALUE}).")
    private int receivers = 1;

    @Option(names = {"-t", "--senders"}, paramLabel = "T", description = "Sender threads"
            + " (default: ${DEFAULT-VALUE}).")
    private int senders = 1;

    @Option(names = "--rate", paramLabel = "TUPLES/S", description = "Tuples per second, all"
            + " senders together, e.g. 1e6 (default: ${DEFAULT-VALUE}).")
    private double rate = Generator.DEFAULT_TUPLES_PER_SECOND;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Run length, e.g. 10s: rate × duration tuples.")
    private Duration duration;

    @Option(names = "--tuples", paramLabel = "N", description = "Tuples to send in all.")
    private Long tuples;

    @Option(names = "--bucket", paramLabel = "TUPLES", description = "Tuples per bucket at most;"
            + " a bucket also spans at most --bucket-span of a sender (default:"
            + " ${DEFAULT-VALUE}).")
    private int bucketTuples = Generator.DEFAULT_BUCKET_TUPLES;

    @Option(names = "--bucket-span", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How much of a sender's schedule one bucket may hold at most"
                    + " (default: 1ms, 1us to 1s); longer lets high rates fill larger buckets,"
                    + " fewer messages for the receivers to wake up to.")
    private Duration bucketSpan = Generator.DEFAULT_BUCKET_SPAN;

    @Option(names = "--payload", paramLabel = "KIND", description = "raw, ysb (built-in YSB ad"
            + " events, Kryo) or preloaded (the files of --preloaded) (default:"
            + " ${DEFAULT-VALUE}).")
    private PayloadOption payload = PayloadOption.raw;

    @Option(names = "--raw-size", paramLabel = "BYTES", description = "Size of a raw payload"
            + " (default: ${DEFAULT-VALUE}).")
    private int rawSize = Generator.DEFAULT_RAW_PAYLOAD_BYTES;

    @Option(names = "--preloaded", paramLabel = "FILE", description = "A file whose bytes are"
            + " one preloaded payload (e.g. a Kryo-serialised object); repeat for several.")
    private List<Path> preloadedFiles = new ArrayList<>();

    @Option(names = "--id-base", description = "First tuple id (default: ${DEFAULT-VALUE}).")
    private long idBase;

    @Option(names = "--seed", description = "Seed of the raw bytes and the YSB events"
            + " (default: ${DEFAULT-VALUE}).")
    private long seed = 1;

    @Option(names = "--send-hwm", paramLabel = "BUCKETS", description = "Buckets queued per"
            + " socket before a send is a drop (default: ${DEFAULT-VALUE}).")
    private int sendHighWaterMark = Generator.DEFAULT_SEND_HIGH_WATER_MARK;

    @Option(names = "--connect-timeout", paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "How long to wait for every receiver before the run (default: 5s).")
    private Duration connectTimeout = Generator.DEFAULT_CONNECT_TIMEOUT;

    @Option(names = "--marker-timeout", paramLabel = "DURATION",
            converter = DurationConverter.class, description = "How long each sender tries to"
                    + " hand over its end-of-run markers (default: 10s).")
    private Duration markerTimeout = Generator.DEFAULT_MARKER_TIMEOUT;

    @Option(names = "--io-threads", paramLabel = "N", description = "ZeroMQ I/O threads"
            + " (default: ${DEFAULT-VALUE}).")
    private int ioThreads = 1;

    @Option(names = "--spin", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long before each bucket's due time a sender stops sleeping and"
                    + " spins (default: 50us, at most 1ms); 0 never spins, for a generator on"
                    + " the same cores as the engine it feeds.")
    private Duration spinWindow = Generator.DEFAULT_SPIN_WINDOW;

    @Option(names = "--log-sends", description = "Log each sent tuple's id with its bucket's"
            + " send time on channel generator/<sender>/out (in $CP_LOG_DIR/<$CP_NODE_ID>), so"
            + " that `cloudprofiler analyze` shows the hop from the generator to the spout.")
    private boolean logSends;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write each second's"
            + " record, then the totals, as JSON lines to FILE.")
    private Path json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<byte[]> preloaded = readPreloaded();
        if (json != null) {
            OutputFileOption.requireWritable(spec, "--json", json);
        }
        try (BufferedWriter jsonLines = json == null ? null : Files.newBufferedWriter(json);
                Generator generator = build(out, jsonLines)) {
            if (payload == PayloadOption.preloaded) {
                generator.loadBytes(preloaded);
            }
            try {
                generator.start();
            } catch (CloudProfilerException e) {
                err.println("cloudprofiler gen: " + e.getMessage());
                return EXIT_PROBLEMS;
            }
            out.printf(Locale.ROOT, "sending to %s with %d sender(s) at %,.0f tuples/s%n",
                    String.join(", ", endpoints()), senders, rate);
            if (logSends) {
                out.println("logging the sends to " + Path.of(CloudProfiler.logDirectory(),
                        IngestionChannel.COMPONENT));
            }
            out.flush();
            GeneratorResult result = runToEnd(generator);
            printTotals(result, out, err);
            if (jsonLines != null) {
                jsonLines.write(result.toJsonLine());
                jsonLines.newLine();
            }
            return result.clean() ? EXIT_CLEAN : EXIT_PROBLEMS;
        }
    }

    private Generator build(PrintWriter out, BufferedWriter jsonLines) {
        Generator.Builder builder = Generator.builder().endpoints(endpoints())
                .senderThreads(senders).tuplesPerSecond(rate).bucketTuples(bucketTuples)
                .bucketSpan(bucketSpan)
                .seed(seed).idBase(idBase).sendHighWaterMark(sendHighWaterMark)
                .connectTimeout(connectTimeout).markerTimeout(markerTimeout)
                .ioThreads(ioThreads).spinWindow(spinWindow).logSends(logSends)
                .onSecond(stats -> report(stats, out, jsonLines));
        if (duration != null) {
            builder.duration(duration);
        }
        if (tuples != null) {
            builder.tupleCount(tuples);
        }
        switch (payload) {
            case raw -> builder.payload(Payload.raw(rawSize));
            case ysb -> builder.payload(Payload.ysb());
            case preloaded -> builder.payload(Payload.preloaded());
        }
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private List<String> endpoints() {
        if (!endpoints.isEmpty()) {
            return endpoints;
        }
        List<String> derived = new ArrayList<>();
        for (int i = 0; i < receivers; i++) {
            derived.add("tcp://" + host + ":" + (port + i));
        }
        return derived;
    }

    private List<byte[]> readPreloaded() {
        if ((payload == PayloadOption.preloaded) == preloadedFiles.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--payload preloaded and --preloaded FILE go together");
        }
        List<byte[]> payloads = new ArrayList<>();
        for (Path file : preloadedFiles) {
            try {
                payloads.add(Files.readAllBytes(file));
            } catch (IOException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--preloaded "
                        + file + " cannot be read (" + ErrorReporter.describe(e) + ")");
            }
        }
        return payloads;
    }

    // A shutdown hook stops the run so that the markers still go out; the JVM then waits for
    // the totals to be printed, at most a little longer than the markers may take.
    private GeneratorResult runToEnd(Generator generator) throws InterruptedException {
        CountDownLatch printed = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            generator.stop();
            try {
                printed.await(markerTimeout.toMillis() * 2 + 5000, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "cloudprofiler-gen-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return generator.awaitEnd();
        } finally {
            printed.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook itself is running.
            }
        }
    }

    private static void report(GeneratorStats stats, PrintWriter out, BufferedWriter jsonLines) {
        out.println(stats.toConsoleLine());
        out.flush();
        if (jsonLines != null) {
            try {
                synchronized (jsonLines) {
                    jsonLines.write(stats.toJsonLine());
                    jsonLines.newLine();
                    jsonLines.flush();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static void printTotals(GeneratorResult result, PrintWriter out, PrintWriter err) {
        out.printf(Locale.ROOT, "sent %,d of %,d tuples (%,d dropped) in %.3f s: %,.0f tuples/s,"
                        + " buckets of %,d tuples%s%n",
                result.sentTuples(), result.emittedTuples(), result.droppedTuples(),
                result.elapsedNs() / 1e9, result.achievedTuplesPerSecond(),
                result.bucketTuples(), result.stoppedEarly() ? "; stopped early" : "");
        for (ReceiverTotals receiver : result.receivers()) {
            out.printf(Locale.ROOT, "  %s: %,d tuples in %,d buckets, %,d dropped; markers %d of"
                            + " %d delivered%n",
                    receiver.endpoint(), receiver.sentTuples(), receiver.sentBuckets(),
                    receiver.droppedTuples(), receiver.markersDelivered(),
                    receiver.markersDelivered() + receiver.markersUndelivered());
        }
        out.flush();
        for (String problem : result.problems()) {
            err.println("problem: " + problem);
        }
        err.flush();
    }
}
