package org.cloudprofiler.sync;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a parsed sync.json document into {@link SyncData}, checking every rule of
 * docs/sync-format.md; the first broken rule is thrown as a {@link SyncFormatException}.
 */
final class SyncJsonReader {

    private static final String REGENERATE =
            "regenerate the file with cloudprofiler sync-server, or correct it as"
                    + " docs/sync-format.md describes";

    private final Map<String, SyncNode> nodesById = new HashMap<>();

    private SyncJsonReader() {}

    static SyncData read(SyncJsonValue root) throws SyncFormatException {
        return new SyncJsonReader().readRoot(root);
    }

    private SyncData readRoot(SyncJsonValue root) throws SyncFormatException {
        if (!root.isObject()) {
            throw root.error("the document is not a JSON object",
                    "a sync.json holds one object, see docs/sync-format.md");
        }
        // The version is checked first: a file of another version may have other fields.
        if (!root.has("schemaVersion")) {
            throw root.error("the field \"schemaVersion\" is missing",
                    "add \"schemaVersion\": " + SyncData.SCHEMA_VERSION
                            + " if the file follows docs/sync-format.md");
        }
        SyncJsonValue versionValue = root.field("schemaVersion");
        int version = versionValue.intValue();
        if (version != SyncData.SCHEMA_VERSION && version != SyncData.FIRST_SCHEMA_VERSION) {
            throw versionValue.error("schema version " + version + " is not supported, this"
                    + " release reads versions " + SyncData.FIRST_SCHEMA_VERSION + " and "
                    + SyncData.SCHEMA_VERSION, "read the file with the Cloudprofiler release that"
                            + " wrote it, or measure again with this release's sync-server");
        }
        SyncAuthentication authentication = SyncAuthentication.UNRECORDED;
        if (version == SyncData.FIRST_SCHEMA_VERSION) {
            root.requireObject("schemaVersion", "nodes", "phases", "transferModels");
        } else {
            root.requireObject("schemaVersion", "authentication", "nodes", "phases",
                    "transferModels");
            authentication = readAuthentication(root.field("authentication"));
        }
        List<SyncNode> nodes = new ArrayList<>();
        for (SyncJsonValue node : root.field("nodes").elements()) {
            nodes.add(readNode(node));
        }
        List<SyncJsonValue> phaseValues = root.field("phases").elements();
        List<SyncPhase> phases = new ArrayList<>();
        for (int i = 0; i < phaseValues.size(); i++) {
            phases.add(readPhase(phaseValues.get(i), i, phaseValues.size()));
        }
        List<TransferModel> models = new ArrayList<>();
        Set<String> modelPairs = new HashSet<>();
        for (SyncJsonValue model : root.field("transferModels").elements()) {
            TransferModel read = readTransferModel(model);
            if (!modelPairs.add(read.from() + "\n" + read.to())) {
                throw model.error("a second transfer model for " + read.from() + " -> "
                        + read.to(), "keep one model per directed pair");
            }
            models.add(read);
        }
        return new SyncData(version, authentication, nodes, phases, models);
    }

    private static SyncAuthentication readAuthentication(SyncJsonValue value)
            throws SyncFormatException {
        String name = value.text();
        SyncAuthentication authentication = SyncAuthentication.ofJsonName(name);
        if (authentication == null) {
            throw value.error("unknown authentication \"" + name + "\"",
                    "use \"secret\", \"loopback\" or \"insecure\"");
        }
        return authentication;
    }

    private SyncNode readNode(SyncJsonValue value) throws SyncFormatException {
        value.requireObject("id", "host", "tscHz");
        String id = value.field("id").text();
        if (id.isEmpty()) {
            throw value.field("id").error("a node id must not be empty",
                    "use the node's CP_NODE_ID or host name");
        }
        long tscHz = value.field("tscHz").longValue();
        if (tscHz <= 0) {
            throw value.field("tscHz").error("the clock frequency must be positive, found "
                    + tscHz, "use the TSC frequency in Hz from the node's log headers");
        }
        SyncNode node = new SyncNode(id, value.field("host").text(), tscHz);
        if (nodesById.putIfAbsent(id, node) != null) {
            throw value.field("id").error("the node id \"" + id + "\" appears twice",
                    "give every node its own CP_NODE_ID");
        }
        return node;
    }

    private SyncPhase readPhase(SyncJsonValue value, int position, int phaseCount)
            throws SyncFormatException {
        value.requireObject("name", "index", "startedRealtimeNs", "pairs");
        SyncJsonValue nameValue = value.field("name");
        String name = nameValue.text();
        boolean known = name.equals(SyncPhase.START) || name.equals(SyncPhase.MID)
                || name.equals(SyncPhase.END);
        if (!known) {
            throw nameValue.error("unknown phase name \"" + name + "\"",
                    "use \"start\", \"mid\" or \"end\"");
        }
        if (name.equals(SyncPhase.START) && position != 0) {
            throw nameValue.error("a start phase must be the first phase",
                    "move it first, or rename it \"mid\"");
        }
        if (name.equals(SyncPhase.END) && position != phaseCount - 1) {
            throw nameValue.error("an end phase must be the last phase",
                    "move it last, or rename it \"mid\"");
        }
        int index = value.field("index").intValue();
        if (index != position) {
            throw value.field("index").error("index " + index + " differs from the phase's"
                    + " position " + position, "list the phases in the order they ran and"
                            + " number them 0, 1, 2, ...");
        }
        long startedRealtimeNs = value.field("startedRealtimeNs").longValue();
        List<PairMeasurement> pairs = new ArrayList<>();
        Set<String> measured = new HashSet<>();
        for (SyncJsonValue pairValue : value.field("pairs").elements()) {
            PairMeasurement pair = readPair(pairValue);
            if (!measured.add(pair.from() + "\n" + pair.to())) {
                throw pairValue.error("a second measurement of " + pair.from() + " -> "
                        + pair.to() + " in this phase", "keep one entry per ordered pair and"
                                + " phase; merge the exchanges of both into it");
            }
            pairs.add(pair);
        }
        return new SyncPhase(name, index, startedRealtimeNs, pairs);
    }

    private PairMeasurement readPair(SyncJsonValue value) throws SyncFormatException {
        value.requireObject("from", "to", "exchanges", "lost", "min", "all");
        String from = knownNode(value.field("from"));
        String to = knownNode(value.field("to"));
        if (from.equals(to)) {
            throw value.field("to").error("a node cannot be measured against itself",
                    "remove the entry " + from + " -> " + to);
        }
        int exchanges = value.field("exchanges").count();
        int lost = value.field("lost").count();
        SyncJsonValue minValue = value.field("min");
        SyncExchange min = null;
        if (exchanges == 0) {
            if (!minValue.isNull()) {
                throw minValue.error("\"exchanges\" is 0 but a min exchange is given",
                        "write \"min\": null when no exchange completed, or correct"
                                + " \"exchanges\"");
            }
        } else if (minValue.isNull()) {
            throw minValue.error("\"min\" is null although " + exchanges
                    + " exchanges completed", REGENERATE);
        } else {
            min = readExchange(minValue);
        }
        List<SyncExchange> all = new ArrayList<>();
        for (SyncJsonValue exchange : value.field("all").elements()) {
            all.add(readExchange(exchange));
        }
        if (!all.isEmpty()) {
            checkAllAgreesWithMin(value, exchanges, min, all);
        }
        return new PairMeasurement(from, to, exchanges, lost, min, all);
    }

    private static void checkAllAgreesWithMin(SyncJsonValue pair, int exchanges,
            SyncExchange min, List<SyncExchange> all) throws SyncFormatException {
        if (all.size() != exchanges) {
            throw pair.field("all").error("holds " + all.size() + " exchanges but"
                    + " \"exchanges\" says " + exchanges + " completed",
                    "keep every completed exchange in \"all\", or leave it empty");
        }
        long smallestRtt = Long.MAX_VALUE;
        for (SyncExchange exchange : all) {
            smallestRtt = Math.min(smallestRtt, exchange.rttTicks());
        }
        if (!all.contains(min) || min.rttTicks() != smallestRtt) {
            throw pair.field("min").error("is not the exchange of \"all\" with the smallest"
                    + " round-trip time (" + smallestRtt + " ticks)", REGENERATE);
        }
    }

    private String knownNode(SyncJsonValue value) throws SyncFormatException {
        String id = value.text();
        if (!nodesById.containsKey(id)) {
            throw value.error("names the node \"" + id + "\", which is not in \"nodes\"",
                    "add the node to \"nodes\" or correct the id; known nodes are "
                            + nodesById.keySet().stream().sorted().toList());
        }
        return id;
    }

    /** An exchange, written either as {@code {"s":..,"b":..,"r":..}} or as {@code [s, b, r]}. */
    private static SyncExchange readExchange(SyncJsonValue value) throws SyncFormatException {
        long s;
        long b;
        SyncJsonValue reply;
        if (value.isArray()) {
            List<SyncJsonValue> ticks = value.elements();
            if (ticks.size() != 3) {
                throw value.error("an exchange array holds " + ticks.size() + " values",
                        "write an exchange as [s, b, r]");
            }
            s = ticks.get(0).longValue();
            b = ticks.get(1).longValue();
            reply = ticks.get(2);
        } else {
            value.requireObject("s", "b", "r");
            s = value.field("s").longValue();
            b = value.field("b").longValue();
            reply = value.field("r");
        }
        long r = reply.longValue();
        if (r < s) {
            throw reply.error("the reply r=" + r + " comes before the send s=" + s,
                    "s and r are both the initiator's clock and r >= s; check that they are"
                            + " not swapped and that the initiator's TSC is invariant");
        }
        return new SyncExchange(s, b, r);
    }

    private TransferModel readTransferModel(SyncJsonValue value) throws SyncFormatException {
        value.requireObject("from", "to", "samples", "quadratic", "linear");
        String from = knownNode(value.field("from"));
        String to = knownNode(value.field("to"));
        List<TransferSample> samples = new ArrayList<>();
        for (SyncJsonValue sample : value.field("samples").elements()) {
            sample.requireObject("payloadBytes", "repetitions", "minNs");
            samples.add(new TransferSample(sample.field("payloadBytes").count(),
                    sample.field("repetitions").count(), sample.field("minNs").doubleValue()));
        }
        return new TransferModel(from, to, samples, readFit(value.field("quadratic")),
                readFit(value.field("linear")));
    }

    private static TransferFit readFit(SyncJsonValue value) throws SyncFormatException {
        value.requireObject("p", "q", "r", "mseNs2", "mapePercent");
        return new TransferFit(value.field("p").doubleValue(), value.field("q").doubleValue(),
                value.field("r").doubleValue(), value.field("mseNs2").doubleValue(),
                value.field("mapePercent").doubleValue());
    }
}
