package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.function.LongUnaryOperator;
import javax.imageio.ImageIO;
import org.cloudprofiler.channel.IngestionChannel;
import org.cloudprofiler.log.LogFileBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a YSB-shaped run (the generator and the demo's seven components, every hop
 * drawn) fits a 1400 px window: rendered by headless Chromium in a wider one, nothing lies right
 * of 1400 px, so a reader at 1400 px never scrolls sideways and no chart is cut.
 */
class ReportLayoutITCase {

    private static final List<String> COMPONENTS = List.of("events", "deserialize", "filter",
            "project", "join", "window-count", "sink");
    private static final int TUPLES = 2_000;
    private static final int PAGE_WIDTH = 1400;
    /** Wider than the page may be, so that what overflows it is drawn and seen. */
    private static final int WINDOW_WIDTH = 1800;
    private static final int WHITE = 0xffffff;

    @TempDir
    Path directory;

    @Test
    void theReportOfAYsbRunFitsA1400PixelWideWindow() throws Exception {
        Path logs = directory.resolve("logs");
        writeYsbRun(logs);
        Path out = directory.resolve("out");
        new Analyzer(AnalyzerOptions.of(List.of(logs), null, out).withParallelism(1),
                new PrintStream(OutputStream.nullOutputStream())).run();
        Path screenshot = directory.resolve("report.png");

        HeadlessChromium.screenshot(out.resolve("report.html"), screenshot, WINDOW_WIDTH, 6000,
                directory);

        BufferedImage image = ImageIO.read(screenshot.toFile());
        // Kept for a look by eye: target/report-layout.png.
        Files.copy(screenshot, Path.of("target", "report-layout.png"),
                StandardCopyOption.REPLACE_EXISTING);
        assertTrue(drawnPixels(image, 0, PAGE_WIDTH) > 100_000, "the page is blank");
        assertEquals(0, drawnPixels(image, PAGE_WIDTH, WINDOW_WIDTH),
                "the report is drawn beyond " + PAGE_WIDTH + " px (see target/report-layout.png)");
    }

    /** Pixels other than the page's white in the columns from {@code from} to {@code to} - 1. */
    private static long drawnPixels(BufferedImage image, int from, int to) {
        long count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = from; x < Math.min(to, image.getWidth()); x++) {
                if ((image.getRGB(x, y) & 0xffffff) != WHITE) {
                    count++;
                }
            }
        }
        return count;
    }

    /**
     * One node, one clock: tuple {@code i} sent by the generator 2 µs before it enters the
     * first component, each component's {@code out} 300 + i ns after its {@code in}, the next
     * component's {@code in} 700 ns after that; the sink has no {@code out}.
     */
    private static void writeYsbRun(Path logs) throws Exception {
        LongUnaryOperator clock = LongUnaryOperator.identity();
        long[] ids = new long[TUPLES];
        long[] tsc = new long[TUPLES];
        for (int i = 0; i < TUPLES; i++) {
            ids[i] = 1000 + i;
            tsc[i] = GoldenLogSet.spoutIn(i);
        }
        long[] sends = tsc.clone();
        for (int i = 0; i < TUPLES; i++) {
            sends[i] -= 2_000;
        }
        // A bucket of one tuple: its first and last id, both at the send.
        long[] bucketIds = new long[2 * TUPLES];
        long[] bucketTsc = new long[2 * TUPLES];
        for (int i = 0; i < TUPLES; i++) {
            bucketIds[2 * i] = ids[i];
            bucketIds[2 * i + 1] = ids[i];
            bucketTsc[2 * i] = sends[i];
            bucketTsc[2 * i + 1] = sends[i];
        }
        GoldenLogSet.writeIds(logs, "node-a", IngestionChannel.name(0), bucketIds, bucketTsc,
                clock);
        for (int c = 0; c < COMPONENTS.size(); c++) {
            String channel = COMPONENTS.get(c) + "/" + (c + 1) + "/";
            GoldenLogSet.writeIds(logs, "node-a", channel + "in", ids, tsc, clock);
            if (c == COMPONENTS.size() - 1) {
                break;
            }
            for (int i = 0; i < TUPLES; i++) {
                tsc[i] += 300 + i;
            }
            GoldenLogSet.writeIds(logs, "node-a", channel + "out", ids, tsc, clock);
            for (int i = 0; i < TUPLES; i++) {
                tsc[i] += 700;
            }
        }
        long first = GoldenLogSet.spoutIn(0);
        long last = tsc[TUPLES - 1];
        firstLast(logs, COMPONENTS.get(0) + "/1/first-last", ids[0], first, last);
        firstLast(logs, "sink/" + COMPONENTS.size() + "/first-last", ids[0], first + 7_000,
                last + 1_000);
        for (int c = 0; c < COMPONENTS.size(); c++) {
            String name = COMPONENTS.get(c) + "/" + (c + 1) + "/count";
            GoldenLogSet.write(logs, "node-a", name, GoldenLogSet.channel("node-a", name, 3, clock)
                    .columns("tsc", "count").block(new long[] {first, (first + last) / 2, last},
                            new long[] {0, TUPLES / 2, TUPLES}), 1, 3);
        }
        GoldenLogSet.writeChainTopology(logs, "node-a", COMPONENTS.toArray(String[]::new));
    }

    private static void firstLast(Path logs, String name, long firstId, long firstTsc,
            long pillTsc) throws Exception {
        LogFileBuilder builder = GoldenLogSet.channel("node-a", name, 7,
                LongUnaryOperator.identity()).block(new long[] {firstId, -1},
                        new long[] {firstTsc, pillTsc});
        GoldenLogSet.write(logs, "node-a", name, builder, 1, 2);
    }
}
