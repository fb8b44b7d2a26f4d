package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import java.util.stream.Stream;
import org.cloudprofiler.analyzer.GoldenLogSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a user gets wrong, command by command: one line on standard error naming the thing and
 * the fix, no stack trace unless {@code --verbose}, and the documented exit code (analyze: 1
 * for a usage error; the other commands: 2 for bad usage, 1 when the work cannot be done).
 */
class UserErrorsTest {

    @TempDir
    static Path directory;

    private static Path logs;

    @BeforeAll
    static void writeInputs() throws IOException {
        logs = directory.resolve("logs");
        GoldenLogSet.write(logs, 20, "node-a", LongUnaryOperator.identity());
        Files.createDirectories(directory.resolve("empty"));
        Files.writeString(directory.resolve("bad-sync.json"), "{");
        Files.writeString(directory.resolve("a-file"), "");
    }

    @ParameterizedTest(name = "cloudprofiler {0}")
    @MethodSource("mistakes")
    void aMistakeGivesOneLineNamingTheThingAndTheFix(String args, int exitCode,
            String mentioned) {
        CommandRun run = CommandRun.of(args.isEmpty() ? new String[0] : args.split(" "));

        assertEquals(exitCode, run.exitCode(), run.err());
        List<String> lines = run.err().lines().toList();
        assertEquals(1, lines.size(), run.err());
        String first = args.split(" ")[0];
        String command = CloudProfilerCommand.commandLine().getSubcommands().containsKey(first)
                ? "cloudprofiler " + first : "cloudprofiler";
        assertTrue(lines.get(0).startsWith(command + ": "), lines.get(0));
        assertTrue(lines.get(0).contains(mentioned), lines.get(0));
    }

    static Stream<Arguments> mistakes() {
        String missing = directory.resolve("missing").toString();
        String empty = directory.resolve("empty").toString();
        String out = " --out " + directory.resolve("out");
        String analyze = "analyze --logs " + logs;
        return Stream.of(
                arguments("analyze", 1, "Missing required option: '--logs"),
                arguments("analyze --logs " + missing, 1, missing + ": does not exist"),
                arguments("analyze --logs " + empty, 1, "Fix: give --logs the directory"),
                arguments(analyze + " --bogus", 1, "Unknown option: '--bogus'"),
                arguments(analyze + out + " --sync " + missing, 1,
                        "cannot read the sync file " + missing + " (no such file"),
                arguments(analyze + out + " --sync " + empty, 1,
                        "cannot read the sync file " + empty),
                arguments(analyze + out + " --sync " + directory.resolve("bad-sync.json"), 1,
                        "not valid JSON"),
                arguments(analyze + out + " --reference node-z", 1, "\"node-z\""),
                arguments(analyze + out + " --method ntp", 1, "--method must be minrtt or hull"),
                arguments(analyze + out + " --parallelism 0", 1, "--parallelism must be"),
                arguments(analyze + out + " --refresh 5", 1, "'5' is not a duration"),
                arguments(analyze + out + " --follow --refresh 0s", 1,
                        "--refresh must be at least 1ms"),
                arguments(analyze + out + " --cluster localhost", 1,
                        "--cluster \"localhost\" is not host:port"),
                arguments(analyze + " --out " + directory.resolve("a-file/out"), 1,
                        "cannot write the outputs to"),
                arguments(analyze + out + " --samples " + directory.resolve("a-file/samples"), 1,
                        "cannot write the samples to"),
                arguments("compare " + missing + " " + missing, 1, missing + " does not exist"),
                arguments("compare " + empty, 2, "Missing required parameter: 'B'"),
                arguments("sync-server --nodes 1", 2, "--nodes must be at least 2"),
                arguments("sync-server --nodes 2 --port 70000", 2, "--port must be a UDP port"),
                arguments("sync-server --nodes 2 --out " + missing + "/sync.json", 2,
                        "--out " + missing + "/sync.json: cannot be written"),
                arguments("sync-server --nodes 2 --bind 0.0.0.0", 2,
                        "the sync server would be reachable at 0.0.0.0 without a secret: give"
                                + " one with --token-file"),
                arguments("sync-server --nodes 2 --token-file " + missing, 2,
                        "--token-file " + missing + ": cannot be read"),
                arguments("sync-server --nodes 2 --token a --insecure", 2,
                        "--insecure and a secret contradict each other"),
                arguments("sync-agent --server 192.0.2.1:7711 --bind 0.0.0.0", 2,
                        "this sync agent would be reachable at 0.0.0.0 without a secret"),
                arguments("sync-agent --server 192.0.2.1:7711", 2, "this sync agent would be"
                        + " reachable on the network of its server 192.0.2.1 without a secret"),
                arguments("config-server --bind 0.0.0.0", 2, "the configuration server would"
                        + " be reachable at 0.0.0.0 without a secret"),
                arguments("sync-agent --server localhost:seven", 2, "is not host:port"),
                arguments("sync-agent --server localhost:7711 --timeout 1s", 2,
                        "--timeout must be at least 2s"),
                arguments("gen --payload preloaded --preloaded " + missing + " --tuples 1", 2,
                        "--preloaded " + missing + " cannot be read"),
                arguments("gen --tuples 1 --json " + missing + "/gen.json", 2,
                        "--json " + missing + "/gen.json: cannot be written"),
                arguments("handler-tour --tuples 0", 2, "--tuples must be at least 1"),
                arguments("max-throughput --start 0", 2, "start 0"),
                arguments("max-throughput --json " + missing + "/search.json", 2,
                        "--json " + missing + "/search.json: cannot be written"),
                arguments("analyse", 2, "Unknown command: 'analyse' (did you mean analyze"),
                arguments("", 2, "Missing a command: analyze"));
    }

    @Test
    void verboseAddsTheStackTraceBeforeOrAfterTheCommandName() {
        String empty = directory.resolve("empty").toString();
        for (String[] args : List.of(new String[] {"--verbose", "analyze", "--logs", empty},
                new String[] {"analyze", "--logs", empty, "--verbose"})) {
            CommandRun run = CommandRun.of(args);
            assertEquals(1, run.exitCode(), run.err());
            assertTrue(run.err().startsWith("cloudprofiler analyze: no readable channel logs"),
                    run.err());
            assertTrue(run.err().contains("\tat org.cloudprofiler.analyzer.Analyzer"),
                    run.err());
        }
        assertFalse(CommandRun.of("analyze", "--logs", empty).err().contains("\tat "));
    }
}
