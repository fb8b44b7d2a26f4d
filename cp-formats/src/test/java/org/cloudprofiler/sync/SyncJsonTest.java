package org.cloudprofiler.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** sync.json round trips, and every rule of docs/sync-format.md is enforced with a clear error. */
class SyncJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static final SyncExchange FIRST = new SyncExchange(1000, 5_000_000_000_000L, 1300);
    private static final SyncExchange SECOND = new SyncExchange(2000, 5_000_000_000_900L, 2200);

    @TempDir
    Path directory;

    /** Two nodes, a start, mid and end phase, one transfer model. */
    static SyncData sample() {
        List<SyncNode> nodes = List.of(new SyncNode("r", "10.0.0.1", 2_000_000_000L),
                new SyncNode("b", "10.0.0.2", 3_000_000_000L));
        PairMeasurement kept = new PairMeasurement("r", "b", 2, 1, SECOND,
                List.of(FIRST, SECOND));
        PairMeasurement minOnly = new PairMeasurement("b", "r", 100, 0,
                new SyncExchange(Long.MAX_VALUE - 10, -5, Long.MAX_VALUE), List.of());
        PairMeasurement noneCompleted = new PairMeasurement("r", "b", 0, 100, null, List.of());
        List<SyncPhase> phases = List.of(
                new SyncPhase(SyncPhase.START, 0, 1_700_000_000_000_000_000L,
                        List.of(kept, minOnly)),
                new SyncPhase(SyncPhase.MID, 1, 1_700_000_060_000_000_000L,
                        List.of(noneCompleted)),
                new SyncPhase(SyncPhase.END, 2, 1_700_000_120_000_000_000L, List.of(kept)));
        TransferModel model = new TransferModel("r", "b",
                List.of(new TransferSample(64, 100, 20_512.5),
                        new TransferSample(65_536, 100, 81_000.25)),
                new TransferFit(20_000.0, 0.9, 1e-7, 4.5e3, 1.25),
                new TransferFit(19_500.0, 0.95, 0, 9.0e3, 2.5));
        return new SyncData(SyncData.SCHEMA_VERSION, SyncAuthentication.SECRET, nodes, phases,
                List.of(model));
    }

    @Test
    void roundTripKeepsEveryValue() throws IOException {
        Path file = directory.resolve("sync.json");
        SyncJson.write(sample(), file);
        assertEquals(sample(), SyncJson.read(file));
    }

    @Test
    void writesAllCompactlyAndMinAsAnObject() {
        String json = SyncJson.toJson(sample());
        assertTrue(json.contains("[1000, 5000000000000, 1300]"), json);
        assertTrue(json.contains("\"min\": {"), json);
        assertTrue(json.contains("\"min\": null"), json);
        assertTrue(json.endsWith("}\n"), json);
    }

    @Test
    void acceptsExchangesInEitherForm() throws IOException {
        ObjectNode root = sampleTree();
        ArrayNode all = (ArrayNode) root.at("/phases/0/pairs/0/all");
        all.set(0, MAPPER.valueToTree(FIRST));
        ObjectNode min = (ObjectNode) root.at("/phases/0/pairs/0");
        min.set("min", MAPPER.createArrayNode().add(SECOND.s()).add(SECOND.b())
                .add(SECOND.r()));
        assertEquals(sample(), SyncJson.parse(root.toString(), "edited.json"));
    }

    @Test
    void namesTheFileItReads() throws IOException {
        Path file = directory.resolve("broken-sync.json");
        Files.writeString(file, "{\"schemaVersion\": 7}", StandardCharsets.UTF_8);
        SyncFormatException e = assertThrows(SyncFormatException.class,
                () -> SyncJson.read(file));
        assertEquals(file.toString(), e.source());
        assertTrue(e.getMessage().startsWith(file + ": $.schemaVersion: schema version 7 is"
                + " not supported, this release reads versions 1 and 2. Fix: "), e.getMessage());
    }

    @Test
    void rejectsInvalidJson() {
        assertRejected("{\"schemaVersion\": 2,", "$", "not valid JSON at line 1, column 21");
        assertRejected("", "$", "the document is empty");
        assertRejected("[]", "$", "the document is not a JSON object");
        assertRejected(SyncJson.toJson(sample()) + "{}", "$", "not valid JSON");
        assertRejected("{\"schemaVersion\": 1, \"schemaVersion\": 1}", "$",
                "Duplicate field 'schemaVersion'");
    }

    @Test
    void writesTheAuthenticationAndReadsEachValue() throws IOException {
        assertTrue(SyncJson.toJson(sample()).contains("\"authentication\": \"secret\""));
        for (SyncAuthentication authentication : List.of(SyncAuthentication.SECRET,
                SyncAuthentication.LOOPBACK, SyncAuthentication.INSECURE)) {
            SyncData data = sample();
            SyncData written = new SyncData(data.schemaVersion(), authentication, data.nodes(),
                    data.phases(), data.transferModels());
            assertEquals(written, SyncJson.parse(SyncJson.toJson(written), "sync.json"));
        }
    }

    @Test
    void readsTheFirstSchemaWhichDoesNotRecordTheAuthentication() throws IOException {
        ObjectNode root = sampleTree();
        root.put("schemaVersion", 1);
        root.remove("authentication");
        SyncData data = SyncJson.parse(root.toString(), "old-sync.json");
        assertEquals(SyncAuthentication.UNRECORDED, data.authentication());
        assertEquals(1, data.schemaVersion());
        assertEquals(sample().phases(), data.phases());
        assertFalse(SyncJson.toJson(data).contains("authentication"));
        // The first schema has no such field: one there is misspelt or misplaced.
        assertRejected(tree -> tree.put("schemaVersion", 1), "$",
                "unknown field \"authentication\"");
    }

    @Test
    void rejectsAMissingOrUnknownAuthentication() {
        assertRejected(root -> root.remove("authentication"), "$",
                "the field \"authentication\" is missing");
        assertRejected(root -> root.put("authentication", "unrecorded"), "$.authentication",
                "unknown authentication \"unrecorded\"");
        assertRejected(root -> root.put("authentication", "none"), "$.authentication",
                "unknown authentication \"none\"");
    }

    @Test
    void rejectsOtherSchemaVersions() {
        assertRejected(root -> root.put("schemaVersion", 3), "$.schemaVersion",
                "schema version 3 is not supported");
        assertRejected(root -> root.remove("schemaVersion"), "$",
                "the field \"schemaVersion\" is missing");
        assertRejected(root -> root.put("schemaVersion", "1"), "$.schemaVersion",
                "expected an integer from -2^31 to 2^31 - 1, found string \"1\"");
    }

    @Test
    void rejectsMissingAndUnknownFields() {
        assertRejected(root -> root.remove("transferModels"), "$",
                "the field \"transferModels\" is missing");
        assertRejected(root -> pair(root, 0, 0).remove("lost"), "$.phases[0].pairs[0]",
                "the field \"lost\" is missing");
        assertRejected(root -> node(root, 1).put("tschz", 1), "$.nodes[1]",
                "unknown field \"tschz\"");
        assertRejected(root -> ((ObjectNode) root.at("/phases/0/pairs/0/min")).remove("b"),
                "$.phases[0].pairs[0].min", "the field \"b\" is missing");
    }

    @Test
    void rejectsReplyBeforeSend() {
        assertRejected(root -> ((ObjectNode) root.at("/phases/0/pairs/0/min")).put("r", 1999),
                "$.phases[0].pairs[0].min.r", "the reply r=1999 comes before the send s=2000");
        assertRejected(root -> ((ArrayNode) root.at("/phases/2/pairs/0/all/0")).set(2, 999),
                "$.phases[2].pairs[0].all[0][2]", "the reply r=999 comes before the send s=1000");
    }

    @Test
    void rejectsMalformedExchanges() {
        assertRejected(root -> ((ArrayNode) root.at("/phases/0/pairs/0/all/1")).remove(2),
                "$.phases[0].pairs[0].all[1]", "an exchange array holds 2 values");
        assertRejected(root -> ((ArrayNode) root.at("/phases/0/pairs/0/all/1")).set(1, 1.5),
                "$.phases[0].pairs[0].all[1][1]", "expected an integer from -2^63 to 2^63 - 1");
        assertRejected(root -> ((ArrayNode) root.at("/phases/0/pairs/0/all/1"))
                        .set(1, MAPPER.getNodeFactory().numberNode(
                                java.math.BigInteger.ONE.shiftLeft(64))),
                "$.phases[0].pairs[0].all[1][1]", "expected an integer from -2^63 to 2^63 - 1");
    }

    @Test
    void rejectsPairsNamingUnknownNodes() {
        assertRejected(root -> pair(root, 0, 0).put("to", "c"), "$.phases[0].pairs[0].to",
                "names the node \"c\", which is not in \"nodes\"");
        assertRejected(root -> pair(root, 0, 0).put("to", "r"), "$.phases[0].pairs[0].to",
                "a node cannot be measured against itself");
        assertRejected(root -> ((ObjectNode) root.at("/transferModels/0")).put("from", "x"),
                "$.transferModels[0].from", "names the node \"x\"");
    }

    @Test
    void rejectsDuplicates() {
        assertRejected(root -> pair(root, 0, 1).put("from", "r").put("to", "b"),
                "$.phases[0].pairs[1]", "a second measurement of r -> b in this phase");
        assertRejected(root -> node(root, 1).put("id", "r"), "$.nodes[1].id",
                "the node id \"r\" appears twice");
        assertRejected(root -> ((ArrayNode) root.get("transferModels"))
                        .add(root.at("/transferModels/0").deepCopy()),
                "$.transferModels[1]", "a second transfer model for r -> b");
    }

    @Test
    void rejectsNodesWithoutIdOrFrequency() {
        assertRejected(root -> node(root, 0).put("id", ""), "$.nodes[0].id",
                "a node id must not be empty");
        assertRejected(root -> node(root, 0).put("tscHz", 0), "$.nodes[0].tscHz",
                "the clock frequency must be positive");
    }

    @Test
    void rejectsMisorderedPhases() {
        assertRejected(root -> phase(root, 1).put("index", 5), "$.phases[1].index",
                "index 5 differs from the phase's position 1");
        assertRejected(root -> phase(root, 1).put("name", "start"), "$.phases[1].name",
                "a start phase must be the first phase");
        assertRejected(root -> phase(root, 1).put("name", "end"), "$.phases[1].name",
                "an end phase must be the last phase");
        assertRejected(root -> phase(root, 1).put("name", "middle"), "$.phases[1].name",
                "unknown phase name \"middle\"");
    }

    @Test
    void rejectsCountsThatContradictTheExchanges() {
        assertRejected(root -> pair(root, 0, 0).put("exchanges", 3), "$.phases[0].pairs[0].all",
                "holds 2 exchanges but \"exchanges\" says 3 completed");
        assertRejected(root -> pair(root, 0, 0).put("lost", -1), "$.phases[0].pairs[0].lost",
                "must not be negative, found -1");
        assertRejected(root -> ((ObjectNode) root.at("/phases/0/pairs/0/min")).put("b", 1),
                "$.phases[0].pairs[0].min",
                "is not the exchange of \"all\" with the smallest round-trip time (200 ticks)");
        assertRejected(root -> pair(root, 0, 1).putNull("min"), "$.phases[0].pairs[1].min",
                "\"min\" is null although 100 exchanges completed");
        assertRejected(root -> pair(root, 1, 0).set("min", root.at("/phases/0/pairs/0/min")),
                "$.phases[1].pairs[0].min", "\"exchanges\" is 0 but a min exchange is given");
    }

    @Test
    void refusesToWriteNumbersJsonCannotHold() {
        SyncData data = sample();
        TransferModel model = data.transferModels().get(0);
        SyncData withNan = new SyncData(data.schemaVersion(), data.authentication(),
                data.nodes(), data.phases(),
                List.of(new TransferModel(model.from(), model.to(), model.samples(),
                        new TransferFit(1, 2, 3, Double.NaN, 4), model.linear())));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SyncJson.toJson(withNan));
        assertTrue(e.getMessage().contains("\"mseNs2\" (at /transferModels/0/quadratic"),
                e.getMessage());
    }

    private static ObjectNode sampleTree() {
        try {
            return (ObjectNode) MAPPER.readTree(SyncJson.toJson(sample()));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static ObjectNode node(JsonNode root, int index) {
        return (ObjectNode) root.get("nodes").get(index);
    }

    private static ObjectNode phase(JsonNode root, int index) {
        return (ObjectNode) root.get("phases").get(index);
    }

    private static ObjectNode pair(JsonNode root, int phase, int index) {
        return (ObjectNode) phase(root, phase).get("pairs").get(index);
    }

    private static void assertRejected(Consumer<ObjectNode> edit, String path,
            String problem) {
        ObjectNode root = sampleTree();
        edit.accept(root);
        assertRejected(root.toString(), path, problem);
    }

    private static void assertRejected(String json, String path, String problem) {
        SyncFormatException e = assertThrows(SyncFormatException.class,
                () -> SyncJson.parse(json, "test-sync.json"));
        assertEquals(path, e.jsonPath(), e.getMessage());
        assertTrue(e.getMessage().startsWith("test-sync.json: " + path + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertTrue(e.fix().length() > 10, e.getMessage());
    }
}
