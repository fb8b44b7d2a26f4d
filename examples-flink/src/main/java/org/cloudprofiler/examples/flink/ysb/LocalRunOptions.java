package org.cloudprofiler.examples.flink.ysb;

import picocli.CommandLine.Option;

/** The options both YSB local runs take (a picocli mixin). */
final class LocalRunOptions {
    /** The events are held in memory as the generator's payloads: about 300 bytes each. */
    static final long MAX_TUPLES = 1_000_000;

    @Option(names = "--rate", description = "Tuples per second (default ${DEFAULT-VALUE}).")
    long tuplesPerSecond = 20_000;

    @Option(names = "--seconds", description = "How long the generator emits; rate x seconds"
            + " is at most " + MAX_TUPLES + " events (default ${DEFAULT-VALUE}).")
    int seconds = 10;

    @Option(names = "--parallelism", description = "Parallelism of every operator, and JOF"
            + " receivers, one per source subtask (default ${DEFAULT-VALUE}).")
    int parallelism = 2;

    @Option(names = "--port", description = "First JOF port; receiver r binds port + r"
            + " (default ${DEFAULT-VALUE}).")
    int basePort = 27_100;

    @Option(names = "--seed", description = "Seed of the YSB events and campaigns"
            + " (default ${DEFAULT-VALUE}).")
    long seed = 1;

    long tuples() {
        return tuplesPerSecond * seconds;
    }
}
