package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html rendered by headless Chromium ({@link HeadlessChromium}): the screenshot shows the
 * plots in their colours, and Chromium's network log holds no request beyond the page itself.
 */
class ReportRenderingITCase {

    private static final int LATENCY_RGB = 0x3b6fd4;
    private static final int BOUND_RGB = 0xe8833a;
    /** The golden spout's CPU bar: a source's whole thread, not split. */
    private static final int UNSPLIT_CPU_RGB = 0xb7d7bd;
    private static final Pattern BROWSER_SERVICES =
            Pattern.compile("^https?://[^/]*(google\\.com|googleapis\\.com|gvt1\\.com)/");

    @TempDir
    Path directory;

    @Test
    void showsThePlotsAndMakesNoNetworkRequest() throws Exception {
        Path logs = directory.resolve("logs");
        GoldenLogSet.write(logs, 300, "node-a", LongUnaryOperator.identity());
        Path out = directory.resolve("out");
        GoldenNumbersITCase.analyze(AnalyzerOptions.of(List.of(logs), null, out)
                .withParallelism(1));
        Path report = out.resolve("report.html");
        Path screenshot = directory.resolve("report.png");
        Path netLog = directory.resolve("netlog.json");

        HeadlessChromium.screenshot(report, screenshot, 1400, 2600, directory,
                "--log-net-log=" + netLog);

        BufferedImage image = ImageIO.read(screenshot.toFile());
        assertTrue(pixels(image, LATENCY_RGB) > 300, "latency boxes are not drawn");
        assertTrue(pixels(image, BOUND_RGB) > 30, "bound boxes are not drawn");
        assertTrue(pixels(image, UNSPLIT_CPU_RGB) > 300, "CPU bars are not drawn");
        assertEquals(List.of(), requests(Files.readString(netLog)),
                "the report requested something from the network");
        // The only URL the page holds is the SVG namespace, which is a name, not a load.
        assertEquals(List.of(), Pattern.compile("(?:https?|wss?|ftp)://[^\"'<> ]+")
                .matcher(Files.readString(report)).results().map(m -> m.group())
                .filter(url -> !url.equals("http://www.w3.org/2000/svg")).toList());
    }

    /** Pixels within a small distance of {@code rgb} (anti-aliasing and opacity aside). */
    private static int pixels(BufferedImage image, int rgb) {
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int pixel = image.getRGB(x, y);
                int distance = Math.abs(((pixel >> 16) & 0xFF) - ((rgb >> 16) & 0xFF))
                        + Math.abs(((pixel >> 8) & 0xFF) - ((rgb >> 8) & 0xFF))
                        + Math.abs((pixel & 0xFF) - (rgb & 0xFF));
                if (distance < 60) {
                    count++;
                }
            }
        }
        return count;
    }

    /**
     * Every URL in the network log that is not a local file, an internal page, or one of the
     * browser's own background services (update checks, time, accounts), which it contacts
     * whatever page it shows.
     */
    private static List<String> requests(String netLog) {
        List<String> urls = new ArrayList<>();
        Matcher matcher = Pattern.compile("\"url\":\"([^\"]*)\"").matcher(netLog);
        while (matcher.find()) {
            String url = matcher.group(1);
            if (!url.startsWith("file:") && !url.startsWith("data:")
                    && !url.startsWith("chrome") && !url.startsWith("about:")
                    && !BROWSER_SERVICES.matcher(url).find()) {
                urls.add(url);
            }
        }
        return urls;
    }
}
