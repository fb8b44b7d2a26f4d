package org.cloudprofiler.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cloudprofiler max-throughput}: real generator → JOF runs, far below any limit. */
class MaxThroughputCommandTest {

    @TempDir
    Path directory;

    @Test
    void aWarmUpAtHalfTheStartRateRunsBeforeTheSearchAndIsNotPartOfIt() throws Exception {
        JsonNode result = search("--warm-up", "1s");
        JsonNode warmUp = result.path("warmUp");
        assertEquals(-1, warmUp.path("index").asInt(), warmUp::toString);
        assertEquals("warm-up", warmUp.path("stage").asText());
        assertEquals(25_000, warmUp.path("result").path("targetTuplesPerSecond").asLong());
        long emitted = warmUp.path("result").path("emitted").asLong();
        assertTrue(emitted > 0 && emitted <= 25_000, warmUp::toString);
        // The search starts at 50 k as if there had been no warm-up. Whether its runs pass is
        // not this test's business (a stalled machine may fail one).
        JsonNode first = result.path("steps").path(0);
        assertEquals(0, first.path("index").asInt(), result::toString);
        assertEquals(50_000, first.path("result").path("targetTuplesPerSecond").asLong());
        result.path("steps").forEach(step -> assertTrue(step.path("index").asInt() >= 0));
    }

    @Test
    void aWarmUpTooShortToWarmAnythingIsRefusedNamingTheOption() {
        CommandRun run = CommandRun.of("max-throughput", "--warm-up", "100ms");
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("--warm-up must be 0s (none) or at least 1s"), run.err());
    }

    @Test
    void aZeroWarmUpHasNone() throws Exception {
        JsonNode result = search("--warm-up", "0s");
        assertTrue(result.path("warmUp").isNull(), result::toString);
        assertEquals(50_000, result.path("steps").path(0).path("result")
                .path("targetTuplesPerSecond").asLong(), result::toString);
    }

    private JsonNode search(String... warmUp) throws Exception {
        Path json = directory.resolve("search.json");
        String[] args = {"max-throughput", "--start", "50000", "--max", "100000",
            "--resolution", "50000", "--run", "1s", "--json", json.toString(), warmUp[0],
            warmUp[1]};
        CommandRun run = CommandRun.of(args);
        // 1 if no run passed at all, which a stalled machine may cause; the JSON is written
        // either way.
        assertTrue(Files.exists(json), () -> "exit " + run.exitCode() + ": " + run.err());
        return new ObjectMapper().readTree(json.toFile());
    }
}
