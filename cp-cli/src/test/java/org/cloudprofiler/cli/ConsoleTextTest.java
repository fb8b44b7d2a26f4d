package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import java.util.regex.Pattern;
import org.cloudprofiler.analyzer.GoldenLogSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's output in the POSIX locale (ASCII) and in a UTF-8 one. */
class ConsoleTextTest {

    @TempDir
    Path directory;

    @Test
    void asciiSpellsWhatItCannotEncodeAndKeepsTheRest() {
        assertEquals("Run: 15.4 s +- 5.76 us, 3 x 4 tuples, a -> b, bound <= 3.8 us, ?",
                ConsoleText.spell("Run: 15.4 s ± 5.76 µs, 3 × 4 tuples, a → b, bound ≤ 3.8 µs, ☃",
                        StandardCharsets.US_ASCII));
    }

    @Test
    void utf8KeepsEveryCharacter() {
        String text = "Run: 15.4 s ± 5.76 µs, a → b";
        assertEquals(text, ConsoleText.spell(text, StandardCharsets.UTF_8));
    }

    @Test
    void everyPrintPathOfTheStreamAndTheWriterSpells() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream stream = ConsoleText.printStream(bytes, StandardCharsets.US_ASCII);
        stream.printf(Locale.ROOT, "%.1f µs%n", 1.5);
        stream.println("±");
        stream.print('×');
        stream.print(new char[] {'→'});
        stream.print((Object) "≤");
        stream.append("µ").println();
        PrintWriter writer = ConsoleText.printWriter(bytes, StandardCharsets.US_ASCII);
        writer.printf(Locale.ROOT, "%s ± %s%n", "1 ms", "2 µs");
        writer.print('→');
        writer.flush();

        assertEquals("1.5 us\n+-\nx-><=u\n1 ms +- 2 us\n->",
                bytes.toString(StandardCharsets.US_ASCII).replace(System.lineSeparator(), "\n"));
    }

    /**
     * `cloudprofiler analyze` in a child JVM with LANG=C LC_ALL=C, as in a minimal container or
     * an SSH session without a locale: its figures read "+-" and "us", never "?".
     */
    @Test
    void analyzeInThePosixLocalePrintsItsFiguresInAscii() throws Exception {
        List<String> figures = figureLines(analyzeIn(Map.of("LANG", "C", "LC_ALL", "C")));

        assertTrue(figures.stream().anyMatch(line -> line.startsWith("Run: ")
                && line.contains(" +- ")), () -> String.join("\n", figures));
        for (String line : figures) {
            assertFalse(line.contains("?"), line);
            assertTrue(line.chars().allMatch(c -> c < 128), line);
        }
    }

    /** In a UTF-8 locale the characters themselves: `gen --help` says "rate × duration". */
    @Test
    void aUtf8LocaleGetsTheCharactersThemselves() throws Exception {
        String help = run(Map.of("LANG", "C.UTF-8", "LC_ALL", "C.UTF-8"), "gen", "--help");

        assertTrue(help.contains("rate \u00d7 duration"), help);
        assertFalse(help.contains("?"), help);
    }

    /** The lines that carry a duration: a number and a unit of time. */
    private static List<String> figureLines(String output) {
        Pattern duration = Pattern.compile("\\d (ns|us|\u00b5s|ms|s)\\b");
        List<String> lines = output.lines().filter(line -> duration.matcher(line).find())
                .toList();
        assertFalse(lines.isEmpty(), "no figure in:\n" + output);
        return lines;
    }

    /** What `cloudprofiler analyze` of a golden log set printed, in {@code locale}. */
    private String analyzeIn(Map<String, String> locale) throws IOException, InterruptedException {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, 200, "node-a", LongUnaryOperator.identity());
        return run(locale, "analyze", "--logs", logs.toString(), "--out",
                directory.resolve("out").toString(), "--parallelism", "1");
    }

    /**
     * What a child JVM running the command line printed (the analyzer's table goes to standard
     * error, the files' names to standard output), decoded as UTF-8, of which ASCII is a part.
     */
    private static String run(Map<String, String> locale, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                CloudProfilerCommand.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("LC_"));
        builder.environment().putAll(locale);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out);
        return out;
    }
}
