package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * {@code --help} on every command the command line has, found from its picocli model, so that a
 * command added later is checked too: no required option stands in the way.
 */
class EveryCommandHelpTest {

    @ParameterizedTest(name = "cloudprofiler {0} --help")
    @MethodSource("everyCommand")
    void helpPrintsTheUsageAndExitsZero(String command) {
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        args.removeIf(String::isEmpty);
        args.add("--help");

        CommandRun run = CommandRun.of(args.toArray(String[]::new));

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("Usage: cloudprofiler " + command), run.out());
        assertTrue(run.out().contains(ErrorReporter.VERBOSE), run.out());
        assertEquals("", run.err());
    }

    static Stream<String> everyCommand() {
        List<String> names = new ArrayList<>();
        collect(CloudProfilerCommand.commandLine(), names);
        assertTrue(names.size() > 1, names.toString());
        return names.stream();
    }

    /** The command's path below {@code cloudprofiler}, then its subcommands', depth first. */
    private static void collect(CommandLine command, List<String> names) {
        String qualified = command.getCommandSpec().qualifiedName();
        names.add(qualified.substring("cloudprofiler".length()).strip());
        command.getSubcommands().values().stream().distinct()
                .forEach(subcommand -> collect(subcommand, names));
    }
}
