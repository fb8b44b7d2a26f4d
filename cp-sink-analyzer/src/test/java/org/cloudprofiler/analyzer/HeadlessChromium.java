package org.cloudprofiler.analyzer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Test-only driver of headless Chromium (Debian's {@code chromium}, which
 * scripts/install-deps.sh installs): screenshots of a page, no script run. Skips the calling
 * test, saying so loudly, where Chromium is not installed.
 */
final class HeadlessChromium {

    private HeadlessChromium() {}

    /**
     * Renders {@code page} in a window {@code width} x {@code height} px into {@code png}, with a
     * fresh profile under {@code workDirectory}; {@code extraFlags} go to Chromium as they are.
     */
    static void screenshot(Path page, Path png, int width, int height, Path workDirectory,
            String... extraFlags) throws Exception {
        List<String> command = new ArrayList<>(List.of(chromium().toString(), "--headless",
                "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + workDirectory.resolve("profile"),
                "--window-size=" + width + "," + height, "--screenshot=" + png));
        command.addAll(List.of(extraFlags));
        command.add(page.toUri().toString());
        Path log = workDirectory.resolve("chromium.log");
        Process browser = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        assertTrue(browser.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
        assertTrue(Files.exists(png), Files.readString(log));
    }

    private static Path chromium() {
        for (String candidate : new String[] {"/usr/bin/chromium", "/usr/bin/chromium-browser"}) {
            if (Files.isExecutable(Path.of(candidate))) {
                return Path.of(candidate);
            }
        }
        System.err.println("!!!!! report rendering test SKIPPED: no chromium on this machine."
                + " Run scripts/install-deps.sh (apt-get install chromium) to render report.html"
                + " in the tests. !!!!!");
        Assumptions.assumeTrue(false, "chromium is not installed");
        return null;
    }
}
