package org.cloudprofiler.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The KRaft storage of the local cluster's Kafka server, formatted once, before its first start,
 * by Kafka's storage tool (what {@code kafka-storage.sh format} runs) under a new cluster id.
 * A formatted directory is left as it is: its topics and records stay.
 */
final class KafkaStorage {
    /** Kafka's storage tool, in the same jars as the server. */
    static final String MAIN_CLASS = "kafka.tools.StorageTool";

    /** The file the format writes last, once the directory is complete. */
    private static final String FORMATTED_MARKER = "meta.properties";
    /** A guard against a hung tool only; it takes seconds. */
    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final int LOG_LINES_SHOWN = 20;

    private KafkaStorage() {
    }

    /** Whether {@code dataDirectory} was formatted. */
    static boolean formatted(Path dataDirectory) {
        return Files.isRegularFile(dataDirectory.resolve(FORMATTED_MARKER));
    }

    /**
     * Formats {@code dataDirectory} unless it already is: runs {@code formatCommand} of a new
     * cluster id (in this namespace: formatting needs no network) and waits for it, its output
     * in {@code log}.
     *
     * @throws IOException naming the log and quoting its end if the tool fails or hangs
     */
    static void formatOnce(Path dataDirectory, Function<String, List<String>> formatCommand,
            Path log) throws IOException {
        if (formatted(dataDirectory)) {
            return;
        }
        Process process = new ProcessBuilder(formatCommand.apply(newClusterId()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw failure(dataDirectory, "did not end within " + TIMEOUT.toSeconds()
                        + " s and was killed", log);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while formatting Kafka's storage in "
                    + dataDirectory, e);
        }
        if (process.exitValue() != 0 || !formatted(dataDirectory)) {
            throw failure(dataDirectory, "failed (exit " + process.exitValue() + ")", log);
        }
    }

    /**
     * A cluster id as Kafka writes one: 16 random bytes in URL-safe base64 without padding, never
     * starting with '-', which the tool would take for an option (Kafka's own ids avoid it too).
     */
    static String newClusterId() {
        while (true) {
            UUID uuid = UUID.randomUUID();
            String id = Base64.getUrlEncoder().withoutPadding().encodeToString(ByteBuffer
                    .allocate(16)
                    .putLong(uuid.getMostSignificantBits())
                    .putLong(uuid.getLeastSignificantBits())
                    .array());
            if (!id.startsWith("-")) {
                return id;
            }
        }
    }

    private static IOException failure(Path dataDirectory, String what, Path log)
            throws IOException {
        List<String> lines = Files.readAllLines(log);
        return new IOException("formatting Kafka's storage in " + dataDirectory + " " + what
                + "; its output is in " + log + ", ending:\n" + String.join("\n",
                        lines.subList(Math.max(0, lines.size() - LOG_LINES_SHOWN), lines.size())));
    }
}
