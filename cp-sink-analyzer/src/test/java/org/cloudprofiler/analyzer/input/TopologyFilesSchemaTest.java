package org.cloudprofiler.analyzer.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cloudprofiler.topology.ComponentRole;
import org.cloudprofiler.topology.TopologyFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The analyzer's reading of {@code topology.json} agrees with its JSON Schema and with
 * docs/topology-format.md: the page's example, the least a writer must give, and its Flink
 * example are valid and read as the page says, and the schema requires each field the reader
 * would otherwise guess (its defaults: role {@code inner}, grouping {@code shuffle}, prefix the
 * id).
 */
class TopologyFilesSchemaTest {

    private static final Path DOC = Path.of("..", "docs", "topology-format.md");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonSchema schema;
    private static String example;
    private static String flinkExample;

    @TempDir
    Path directory;

    @BeforeAll
    static void readTheSchemaAndTheDocsExample() throws IOException {
        try (InputStream in = TopologyFilesSchemaTest.class.getResourceAsStream(
                TopologyFile.SCHEMA_RESOURCE)) {
            assertNotNull(in, "the schema is not in cp-formats' jar");
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                    .getSchema(MAPPER.readTree(in));
        }
        example = jsonBlockUnder("## Example");
        flinkExample = jsonBlockUnder("## A Flink job");
    }

    private static String jsonBlockUnder(String heading) throws IOException {
        Matcher block = Pattern.compile(Pattern.quote(heading) + "\n.*?```json\\n(.*?)```",
                Pattern.DOTALL).matcher(Files.readString(DOC));
        assertTrue(block.find(), "no json example under " + heading + " in " + DOC);
        return block.group(1);
    }

    @Test
    void theDocsExampleIsValidAndReadAsTheDocsSay() throws IOException {
        assertEquals(List.of(), List.copyOf(schema.validate(MAPPER.readTree(example))));
        Path file = write("node-a", example);
        List<InputProblem> problems = new ArrayList<>();

        Topology topology = TopologyFiles.merge(List.of(file.toString()), problems);

        assertEquals(List.of(), problems);
        assertEquals("ysb-2026-11-25", topology.runId());
        assertEquals(List.of(
                new Topology.Component("events", ComponentRole.SOURCE, "events", List.of(3, 4)),
                new Topology.Component("count", ComponentRole.SINK, "count", List.of(1, 2))),
                topology.components());
        assertEquals(List.of(new Topology.Edge("events", "count", "fields", false)),
                topology.edges());
    }

    @Test
    void theDocsFlinkExampleIsValidAndReadWithItsSubtasksChainsAndBroadcast()
            throws IOException {
        assertEquals(List.of(), List.copyOf(schema.validate(MAPPER.readTree(flinkExample))));
        List<InputProblem> problems = new ArrayList<>();

        String file = write("node-1", flinkExample).toString();
        Topology topology = TopologyFiles.merge(List.of(file), problems);

        assertEquals(List.of(), problems);
        assertEquals("3f2c09a1d4e5b6c7f8a9b0c1d2e3f4a5", topology.runId());
        assertEquals(List.of(
                new Topology.Component("jof-source", ComponentRole.SOURCE, "jof-source",
                        List.of(0, 1)),
                new Topology.Component("filter-views", ComponentRole.INNER, "filter-views",
                        List.of(0, 1)),
                new Topology.Component("window-count", ComponentRole.SINK, "window-count",
                        List.of(0, 1)),
                new Topology.Component("rules", ComponentRole.SINK, "rules", List.of(0, 1))),
                topology.components());
        assertEquals(List.of(new Topology.Edge("jof-source", "filter-views", "forward", true),
                new Topology.Edge("filter-views", "window-count", "hash", false),
                new Topology.Edge("filter-views", "rules", "broadcast", false)),
                topology.edges());
        assertTrue(topology.edges().get(2).toEveryTask());
    }

    @Test
    void theSchemaTakesEveryFlinkPartitionerAndKindAndRefusesAChainedFlagThatIsNoBoolean()
            throws IOException {
        JsonNode valid = MAPPER.readTree(flinkExample);
        for (String grouping : List.of("forward", "hash", "rebalance", "rescale", "broadcast",
                "global", "shuffle", "custom:org.example.ByRegion")) {
            ObjectNode document = valid.deepCopy();
            ((ObjectNode) document.path("edges").get(1)).put("grouping", grouping);
            assertEquals(List.of(), List.copyOf(schema.validate(document)), grouping);
        }
        ObjectNode unknownGrouping = valid.deepCopy();
        ((ObjectNode) unknownGrouping.path("edges").get(1)).put("grouping", "keyBy");
        assertTrue(schema.validate(unknownGrouping).size() > 0);
        ObjectNode chainedAsText = valid.deepCopy();
        ((ObjectNode) chainedAsText.path("edges").get(0)).put("chained", "yes");
        assertTrue(schema.validate(chainedAsText).stream()
                .anyMatch(message -> message.getMessage().contains("chained")));
        ObjectNode unknownKind = valid.deepCopy();
        ((ObjectNode) unknownKind.path("components").get(1)).put("kind", "task");
        assertTrue(schema.validate(unknownKind).stream()
                .anyMatch(message -> message.getMessage().contains("kind")));
    }

    @Test
    void aFileOfAnotherRunIsIgnoredAndReported() throws IOException {
        ObjectNode other = (ObjectNode) MAPPER.readTree(example);
        other.put("runId", "another-run");
        assertEquals(0, schema.validate(other).size());
        Path first = write("node-a", example);
        Path second = write("node-b", other.toString());
        List<InputProblem> problems = new ArrayList<>();

        Topology topology = TopologyFiles.merge(List.of(first.toString(), second.toString()),
                problems);

        assertEquals("ysb-2026-11-25", topology.runId());
        assertEquals(1, problems.size(), problems::toString);
        assertEquals(InputProblem.Kind.BAD_TOPOLOGY, problems.get(0).kind());
    }

    @Test
    void theSchemaRequiresEveryFieldTheAnalyzerCannotGuess() throws IOException {
        JsonNode valid = MAPPER.readTree(example);
        for (String field : List.of("id", "role", "channelPrefix", "tasks")) {
            ObjectNode document = valid.deepCopy();
            ((ObjectNode) document.path("components").get(0)).remove(field);
            assertTrue(schema.validate(document).stream()
                    .anyMatch(message -> message.getMessage().contains(field)), field);
        }
        for (String field : List.of("from", "to", "grouping")) {
            ObjectNode document = valid.deepCopy();
            ((ObjectNode) document.path("edges").get(0)).remove(field);
            assertTrue(schema.validate(document).stream()
                    .anyMatch(message -> message.getMessage().contains(field)), field);
        }
    }

    private Path write(String node, String json) throws IOException {
        Path file = directory.resolve(node).resolve(TopologyFile.FILE_NAME);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, json);
    }
}
