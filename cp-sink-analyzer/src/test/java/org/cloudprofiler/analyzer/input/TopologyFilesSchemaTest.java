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
 * docs/topology-format.md: the page's example, the least a writer must give, is valid and is
 * read as the page says, and the schema requires each field the reader would otherwise guess
 * (its defaults: role {@code inner}, grouping {@code shuffle}, prefix the id).
 */
class TopologyFilesSchemaTest {

    private static final Path DOC = Path.of("..", "docs", "topology-format.md");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonSchema schema;
    private static String example;

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
        Matcher block = Pattern.compile("## Example.*?```json\\n(.*?)```", Pattern.DOTALL)
                .matcher(Files.readString(DOC));
        assertTrue(block.find(), "no json example under ## Example in " + DOC);
        example = block.group(1);
    }

    @Test
    void theDocsExampleIsValidAndReadAsTheDocsSay() throws IOException {
        assertEquals(List.of(), List.copyOf(schema.validate(MAPPER.readTree(example))));
        Path file = write("node-a", example);
        List<InputProblem> problems = new ArrayList<>();

        Topology topology = TopologyFiles.merge(List.of(file), problems);

        assertEquals(List.of(), problems);
        assertEquals("ysb-2026-11-25", topology.runId());
        assertEquals(List.of(
                new Topology.Component("events", ComponentRole.SOURCE, "events", List.of(3, 4)),
                new Topology.Component("count", ComponentRole.SINK, "count", List.of(1, 2))),
                topology.components());
        assertEquals(List.of(new Topology.Edge("events", "count", "fields")), topology.edges());
    }

    @Test
    void aFileOfAnotherRunIsIgnoredAndReported() throws IOException {
        ObjectNode other = (ObjectNode) MAPPER.readTree(example);
        other.put("runId", "another-run");
        assertEquals(0, schema.validate(other).size());
        Path first = write("node-a", example);
        Path second = write("node-b", other.toString());
        List<InputProblem> problems = new ArrayList<>();

        Topology topology = TopologyFiles.merge(List.of(first, second), problems);

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
