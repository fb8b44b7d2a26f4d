package org.cloudprofiler.storm.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.tuple.Fields;
import org.cloudprofiler.storm.ProfiledTopologyBuilder;
import org.cloudprofiler.storm.pill.LocalRunMonitor;
import org.cloudprofiler.storm.testing.ForwardBolt;
import org.cloudprofiler.storm.testing.NumberSpout;
import org.cloudprofiler.storm.testing.ProfileLogs;
import org.cloudprofiler.storm.testing.SinkBolt;
import org.cloudprofiler.topology.TopologyFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What Storm writes as {@code topology.json}, for a real topology on a LocalCluster with every
 * grouping a user declares, against the JSON Schema docs/topology-format.md explains (the
 * schema ships in cp-native's jar): it is valid, it keeps the rules the schema cannot express,
 * and the schema refuses it once any field it requires is taken away.
 */
class TopologyJsonSchemaITCase {

    /** Where the schema lives on the class path. */
    static final String SCHEMA = TopologyFile.SCHEMA_RESOURCE;

    private static final String NAME = "topology-json-schema-it";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode schemaDocument;
    private static JsonSchema schema;
    private static JsonNode written;

    @BeforeAll
    @SuppressWarnings("try") // LocalCluster.close() may throw InterruptedException; fine here.
    static void runATopologyWithEveryGrouping() throws Exception {
        try (InputStream in = TopologyJsonSchemaITCase.class.getResourceAsStream(SCHEMA)) {
            assertNotNull(in, SCHEMA + " is not on the class path");
            schemaDocument = MAPPER.readTree(in);
        }
        schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(schemaDocument);

        // Component names of its own: the ITCases of this module share one log directory.
        ProfiledTopologyBuilder builder = new ProfiledTopologyBuilder();
        builder.setSpout("schema-numbers", new NumberSpout(50), 2);
        builder.setBolt("schema-forward", new ForwardBolt(), 2).shuffleGrouping("schema-numbers");
        builder.setBolt("schema-by-word", new SinkBolt(), 2)
                .fieldsGrouping("schema-forward", new Fields("word"));
        builder.setBolt("schema-every-task", new SinkBolt(), 2).allGrouping("schema-forward");
        builder.setBolt("schema-one-task", new SinkBolt()).globalGrouping("schema-numbers",
                NumberSpout.NO_ID_STREAM);
        builder.setBolt("schema-near", new SinkBolt()).localOrShuffleGrouping("schema-forward",
                ForwardBolt.LENGTHS);
        builder.setBolt("schema-any", new SinkBolt()).noneGrouping("schema-forward");
        builder.setBolt("schema-partial-key", new SinkBolt())
                .partialKeyGrouping("schema-forward", new Fields("word"));

        Config conf = new Config();
        conf.setNumWorkers(1);
        conf.setNumAckers(0);
        try (LocalCluster cluster = new LocalCluster.Builder().withSupervisors(1)
                .withPortsPerSupervisor(1).build()) {
            cluster.submitTopology(NAME, conf, builder.createTopology());
            assertTrue(LocalRunMonitor.awaitRunEnd(NAME, Duration.ofSeconds(120)),
                    () -> "the pill did not reach every task: " + LocalRunMonitor.progress(NAME));
        }
        written = MAPPER.readTree(ProfileLogs.nodeDirectory().resolve(TopologyFile.FILE_NAME)
                .toFile());
        assertEquals(NAME, written.path("topologyName").asText(), "another run's topology.json");
    }

    @Test
    void whatStormWritesIsValidAgainstTheSchema() {
        assertEquals(Set.of(), schema.validate(written), written::toPrettyString);
    }

    @Test
    void everyGroupingAUserDeclaresIsWrittenAsTheSchemaNamesIt() {
        Set<String> groupings = new TreeSet<>();
        written.path("edges").forEach(edge -> groupings.add(edge.path("grouping").asText()));
        assertEquals(new TreeSet<>(List.of("all", "custom:"
                + "org.apache.storm.grouping.PartialKeyGrouping", "fields", "global",
                "local_or_shuffle", "none", "shuffle")), groupings);
    }

    @Test
    void componentsTasksEdgesAndChannelsReferToEachOther() {
        Set<String> components = new HashSet<>();
        Set<Integer> componentTasks = new HashSet<>();
        for (JsonNode component : written.path("components")) {
            components.add(component.path("id").asText());
            component.path("tasks").forEach(task -> assertTrue(componentTasks.add(task.asInt()),
                    "task " + task + " belongs to two components"));
        }
        for (JsonNode edge : written.path("edges")) {
            assertTrue(components.contains(edge.path("from").asText()), edge::toString);
            assertTrue(components.contains(edge.path("to").asText()), edge::toString);
        }
        Set<Integer> tasks = new HashSet<>();
        for (JsonNode task : written.path("tasks")) {
            tasks.add(task.path("id").asInt());
            JsonNode component = componentNamed(task.path("component").asText());
            assertTrue(contains(component.path("tasks"), task.path("id").asInt()),
                    task::toString);
            for (JsonNode channel : task.path("channels")) {
                assertEquals(component.path("channelPrefix").asText() + "/"
                        + task.path("id").asInt() + "/" + channel.path("point").asText(),
                        channel.path("name").asText());
            }
        }
        assertEquals(componentTasks, tasks);
        for (JsonNode component : written.path("components")) {
            boolean subscribedTo = false;
            for (JsonNode edge : written.path("edges")) {
                subscribedTo |= edge.path("from").asText().equals(component.path("id").asText());
            }
            String expectedRole = "spout".equals(component.path("kind").asText()) ? "source"
                    : subscribedTo ? "inner" : "sink";
            assertEquals(expectedRole, component.path("role").asText(), component::toString);
        }
    }

    @Test
    void theSchemaRefusesTheFileWhenAnyRequiredFieldIsMissing() {
        List<String> checked = new ArrayList<>();
        checkEachRequired(schemaDocument, (ObjectNode) written, "", checked);
        checkEachRequired(definition("component"), first("components"), "components[0].",
                checked);
        checkEachRequired(definition("task"), first("tasks"), "tasks[0].", checked);
        checkEachRequired(definition("channel"),
                (ObjectNode) first("tasks").path("channels").get(0), "tasks[0].channels[0].",
                checked);
        checkEachRequired(definition("edge"), first("edges"), "edges[0].", checked);
        assertEquals(3 + 4 + 3 + 3 + 3, checked.size(), checked::toString);
    }

    @Test
    void aFieldsGroupingWithoutFieldsAndAnUnknownGroupingAreRefused() {
        ObjectNode noFields = written.deepCopy();
        ObjectNode fieldsEdge = edgeWithGrouping(noFields, "fields");
        fieldsEdge.set("fields", MAPPER.createArrayNode());
        assertFalse(schema.validate(noFields).isEmpty(), "a fields grouping with no fields");

        ObjectNode unknown = written.deepCopy();
        edgeWithGrouping(unknown, "shuffle").put("grouping", "random");
        assertFalse(schema.validate(unknown).isEmpty(), "grouping random");
    }

    /** Removes each field {@code definition} requires from {@code instance}, one at a time. */
    private static void checkEachRequired(JsonNode definition, ObjectNode instance, String where,
            List<String> checked) {
        assertNotNull(instance, where);
        for (JsonNode required : definition.path("required")) {
            String field = required.asText();
            assertTrue(instance.has(field), "Storm does not write required " + where + field);
            JsonNode saved = instance.remove(field);
            Set<ValidationMessage> errors = schema.validate(written);
            instance.set(field, saved);
            assertFalse(errors.isEmpty(), "valid without " + where + field);
            assertTrue(errors.stream().anyMatch(e -> e.getMessage().contains(field)),
                    () -> where + field + ": " + errors);
            checked.add(where + field);
        }
    }

    private static JsonNode definition(String name) {
        return schemaDocument.path("$defs").path(name);
    }

    private static ObjectNode first(String array) {
        return (ObjectNode) written.path(array).get(0);
    }

    private static ObjectNode edgeWithGrouping(ObjectNode document, String grouping) {
        for (JsonNode edge : (ArrayNode) document.path("edges")) {
            if (grouping.equals(edge.path("grouping").asText())) {
                return (ObjectNode) edge;
            }
        }
        throw new AssertionError("no " + grouping + " edge in " + document);
    }

    private static JsonNode componentNamed(String id) {
        for (JsonNode component : written.path("components")) {
            if (component.path("id").asText().equals(id)) {
                return component;
            }
        }
        throw new AssertionError("no component " + id);
    }

    private static boolean contains(JsonNode array, int value) {
        for (JsonNode element : array) {
            if (element.asInt() == value) {
                return true;
            }
        }
        return false;
    }
}
