package org.cloudprofiler.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyFileTest {

    @TempDir
    Path directory;

    private static TopologyDescription stormRun(String stormId, String runId) {
        return new TopologyDescription(TopologyDescription.FORMAT, "storm", "ysb", stormId, runId,
                "node-a", "__pill", "field id", null,
                List.of(new TopologyDescription.Component("events", null, "spout",
                        ComponentRole.SOURCE, "events", 1, List.of(1), 0)),
                List.of(new TopologyDescription.Task(1, "events", "10.0.0.1", 6700L,
                        List.of(new TopologyDescription.Channel("in", "events/1/in",
                                "BUFFERED_ID", List.of())))),
                List.of(new TopologyDescription.Edge("events", "sink", "default", "shuffle",
                        List.of(), false)));
    }

    /** A Flink job: subtasks 0 and 1 in both operators, the two chained. */
    private static TopologyDescription flinkJob() {
        return new TopologyDescription(TopologyDescription.FORMAT, "flink", "ysb", null,
                "3f2c09a1", "node-a", null, "JofSource ids", "1/64",
                List.of(new TopologyDescription.Component("jof-source", "jof-source", "source",
                        ComponentRole.SOURCE, "jof-source", 2, List.of(0, 1), 0),
                        new TopologyDescription.Component("filter-views", null, "operator",
                                ComponentRole.SINK, "filter-views", 2, List.of(0, 1), 1 << 12)),
                List.of(new TopologyDescription.Task(0, "jof-source", "tm-1", null, List.of()),
                        new TopologyDescription.Task(0, "filter-views", "tm-1", null, List.of())),
                List.of(new TopologyDescription.Edge("jof-source", "filter-views", "default",
                        "forward", List.of(), true)));
    }

    /** What {@link TopologyFile#read} makes of a file of this format holding {@code fields}. */
    private TopologyDescription readWritten(String fields) throws IOException {
        Path file = directory.resolve(TopologyFile.FILE_NAME);
        Files.writeString(file, "{\"format\": \"" + TopologyDescription.FORMAT + "\", "
                + fields + "}");
        return TopologyFile.read(file);
    }

    @Test
    void whatIsWrittenIsReadBackWhole() throws IOException {
        TopologyDescription description = stormRun("ysb-1-2", null);
        Path file = directory.resolve(TopologyFile.FILE_NAME);

        TopologyFile.write(file, description);

        assertEquals(description, TopologyFile.read(file));
        assertEquals(List.of(TopologyFile.FILE_NAME), List.of(directory.toFile().list()),
                "the partial file is renamed away");
    }

    @Test
    void aFlinkJobsUidsAndChainedEdgesAreReadBackWhole() throws IOException {
        Path file = directory.resolve(TopologyFile.FILE_NAME);

        TopologyFile.write(file, flinkJob());

        TopologyDescription read = TopologyFile.read(file);
        assertEquals(flinkJob(), read);
        assertEquals("jof-source", read.components().get(0).uid());
        assertTrue(read.edges().get(0).chained());
    }

    @Test
    void aFileWithoutUidOrChainedReadsAsNoUidAndNotChained() throws IOException {
        TopologyDescription read = readWritten("\"components\": [{\"id\": \"a\","
                + " \"role\": \"source\"}], \"edges\": [{\"from\": \"a\", \"to\": \"b\","
                + " \"grouping\": \"all\"}]");

        assertNull(read.components().get(0).uid());
        assertFalse(read.edges().get(0).chained());
    }

    @Test
    void stormsAllAndFlinksBroadcastSendEveryTupleToEveryTask() {
        assertTrue(TopologyDescription.Edge.toEveryTask("all"));
        assertTrue(TopologyDescription.Edge.toEveryTask("broadcast"));
        for (String grouping : List.of("shuffle", "fields", "global", "forward", "hash",
                "rebalance", "rescale", "custom:org.example.Everywhere")) {
            assertFalse(TopologyDescription.Edge.toEveryTask(grouping), grouping);
        }
    }

    @Test
    void aStormFileHasNoRunIdFieldAndItsRunIsItsStormId() throws IOException {
        Path file = directory.resolve(TopologyFile.FILE_NAME);

        TopologyFile.write(file, stormRun("ysb-1-2", null));

        assertFalse(Files.readString(file).contains("runId"));
        assertEquals("ysb-1-2", TopologyFile.read(file).run());
        assertEquals("job-7", stormRun(null, "job-7").run());
    }

    @Test
    void fieldsThisVersionDoesNotKnowAreIgnoredAndAbsentOnesAreNull() throws IOException {
        TopologyDescription read = readWritten("\"engine\": \"flink\", \"runId\": \"job-7\","
                + " \"addedLater\": {\"x\": 1}, \"components\": [], \"edges\": []");

        assertEquals("job-7", read.run());
        assertNull(read.tasks());
        assertNull(read.stormId());
    }

    @Test
    void rolesAreReadByTheirJsonNamesAndOneThisVersionDoesNotKnowIsNull() throws IOException {
        List<TopologyDescription.Component> components = readWritten("\"components\":"
                + " [{\"id\": \"a\", \"role\": \"sink\"}, {\"id\": \"b\", \"role\": \"broker\"}],"
                + " \"edges\": []").components();

        assertEquals(ComponentRole.SINK, components.get(0).role());
        assertNull(components.get(1).role());
        assertEquals("source", ComponentRole.SOURCE.jsonName());
    }

    @Test
    void aFileThatIsNotJsonIsAnIoException() throws IOException {
        Path file = directory.resolve(TopologyFile.FILE_NAME);
        Files.writeString(file, "{\"format\": ");

        assertThrows(IOException.class, () -> TopologyFile.read(file));
    }

    @Test
    void theSchemaIsOnTheClassPathAndNamesThisFormat() throws IOException {
        try (InputStream in = TopologyFile.class.getResourceAsStream(
                TopologyFile.SCHEMA_RESOURCE)) {
            assertNotNull(in);
            String schema = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(schema.contains("\"const\": \"" + TopologyDescription.FORMAT + "\""));
        }
    }
}
