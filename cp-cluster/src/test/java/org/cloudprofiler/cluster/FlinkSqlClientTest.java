package org.cloudprofiler.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/** What FlinkSqlClient reads from the SQL client's output, as Flink 2.2's client prints it. */
class FlinkSqlClientTest {
    private static final Path SCRIPT = Path.of("revenue.sql");
    private static final Path LOG = Path.of("processes", "flink-sql.log");
    private static final String RED = "\u001B[1;31m";
    private static final String RESET = "\u001B[0m";

    @Test
    void theJobsAScriptSubmittedAreReadInOrder() throws IOException {
        String output = String.join("\n",
                "[INFO] Executing SQL from file.",
                "Flink SQL> SET 'pipeline.name' = 'revenue';",
                "[INFO] Execute statement succeeded.",
                "Flink SQL> INSERT INTO revenue SELECT 1;",
                "[INFO] Submitting SQL update statement to the cluster...",
                "[INFO] SQL update statement has been successfully submitted to the cluster:",
                "Job ID: 8f2b0c7d1e4a49b1a2c3d4e5f6a7b8c9",
                "",
                "Flink SQL> INSERT INTO revenue SELECT 2;",
                "Job ID: 0123456789abcdef0123456789abcdef",
                "");

        FlinkSqlClient.ScriptRun run = FlinkSqlClient.outcome(output, SCRIPT, LOG);

        assertEquals(List.of("8f2b0c7d1e4a49b1a2c3d4e5f6a7b8c9",
                "0123456789abcdef0123456789abcdef"), run.jobIds());
    }

    @Test
    void aFailedStatementIsOneLineWithItsReasonAndTheLog() {
        String output = String.join("\n",
                "[INFO] Executing SQL from file.",
                "Flink SQL> INSERT INTO nowhere",
                "> SELECT 1;" + RED + "[ERROR] Could not execute SQL statement. Reason:",
                "org.apache.flink.table.api.ValidationException: Table `default_catalog`."
                        + "`default_database`.`nowhere` was not found." + RESET,
                "");

        IOException failed = assertThrows(IOException.class,
                () -> FlinkSqlClient.outcome(output, SCRIPT, LOG));

        assertEquals("the SQL script revenue.sql failed: ValidationException: Table"
                + " `default_catalog`.`default_database`.`nowhere` was not found. (the SQL"
                + " client's output: " + LOG + ")", failed.getMessage());
    }

    @Test
    void anErrorWithoutAReasonIsItsOwnLine() {
        IOException failed = assertThrows(IOException.class, () -> FlinkSqlClient.outcome(
                "[ERROR] Unknown or invalid SQL statement.\n", SCRIPT, LOG));

        assertTrue(failed.getMessage().contains("failed: Unknown or invalid SQL statement."),
                failed.getMessage());
    }

    @Test
    void escapeSequencesAreLeftOutOfTheOutput() throws IOException {
        FlinkSqlClient.ScriptRun run = FlinkSqlClient.outcome(
                "\u001B[34;1m[INFO] Execute statement succeeded." + RESET + "\n", SCRIPT, LOG);

        assertEquals("[INFO] Execute statement succeeded.\n", run.output());
        assertTrue(run.jobIds().isEmpty());
    }
}
