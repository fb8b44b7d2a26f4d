package org.cloudprofiler.sync;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;

import java.io.IOException;

/**
 * Writes {@link SyncData} as sync.json (docs/sync-format.md): indented, with the exchanges of
 * {@code all} as compact {@code [s, b, r]} arrays, one per line.
 */
final class SyncJsonWriter {

    private final JsonGenerator out;

    private SyncJsonWriter(JsonGenerator out) {
        this.out = out;
    }

    static void write(SyncData data, JsonGenerator out) throws IOException {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        out.setPrettyPrinter(new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                .withObjectIndenter(indenter)
                .withArrayIndenter(indenter));
        new SyncJsonWriter(out).writeData(data);
        out.flush();
    }

    private void writeData(SyncData data) throws IOException {
        out.writeStartObject();
        out.writeNumberField("schemaVersion", data.schemaVersion());
        if (data.authentication() != SyncAuthentication.UNRECORDED) {
            out.writeStringField("authentication", data.authentication().jsonName());
        }
        out.writeArrayFieldStart("nodes");
        for (SyncNode node : data.nodes()) {
            out.writeStartObject();
            out.writeStringField("id", node.id());
            out.writeStringField("host", node.host());
            out.writeNumberField("tscHz", node.tscHz());
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeArrayFieldStart("phases");
        for (SyncPhase phase : data.phases()) {
            writePhase(phase);
        }
        out.writeEndArray();
        out.writeArrayFieldStart("transferModels");
        for (TransferModel model : data.transferModels()) {
            writeTransferModel(model);
        }
        out.writeEndArray();
        out.writeEndObject();
    }

    private void writePhase(SyncPhase phase) throws IOException {
        out.writeStartObject();
        out.writeStringField("name", phase.name());
        out.writeNumberField("index", phase.index());
        out.writeNumberField("startedRealtimeNs", phase.startedRealtimeNs());
        out.writeArrayFieldStart("pairs");
        for (PairMeasurement pair : phase.pairs()) {
            out.writeStartObject();
            out.writeStringField("from", pair.from());
            out.writeStringField("to", pair.to());
            out.writeNumberField("exchanges", pair.exchanges());
            out.writeNumberField("lost", pair.lost());
            out.writeFieldName("min");
            if (pair.min() == null) {
                out.writeNull();
            } else {
                out.writeStartObject();
                out.writeNumberField("s", pair.min().s());
                out.writeNumberField("b", pair.min().b());
                out.writeNumberField("r", pair.min().r());
                out.writeEndObject();
            }
            out.writeArrayFieldStart("all");
            for (SyncExchange exchange : pair.all()) {
                // Raw, so that the pretty printer keeps the triple on one line.
                out.writeRawValue("[" + exchange.s() + ", " + exchange.b() + ", "
                        + exchange.r() + "]");
            }
            out.writeEndArray();
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeEndObject();
    }

    private void writeTransferModel(TransferModel model) throws IOException {
        out.writeStartObject();
        out.writeStringField("from", model.from());
        out.writeStringField("to", model.to());
        out.writeArrayFieldStart("samples");
        for (TransferSample sample : model.samples()) {
            out.writeStartObject();
            out.writeNumberField("payloadBytes", sample.payloadBytes());
            out.writeNumberField("repetitions", sample.repetitions());
            writeFinite("minNs", sample.minNs());
            out.writeEndObject();
        }
        out.writeEndArray();
        writeFit("quadratic", model.quadratic());
        writeFit("linear", model.linear());
        out.writeEndObject();
    }

    private void writeFit(String name, TransferFit fit) throws IOException {
        out.writeObjectFieldStart(name);
        writeFinite("p", fit.p());
        writeFinite("q", fit.q());
        writeFinite("r", fit.r());
        writeFinite("mseNs2", fit.mseNs2());
        writeFinite("mapePercent", fit.mapePercent());
        out.writeEndObject();
    }

    private void writeFinite(String name, double value) throws IOException {
        // JSON has no NaN or infinity; Jackson would write a string that no reader accepts.
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("sync.json cannot hold the value " + value
                    + " of \"" + name + "\" (at " + out.getOutputContext().pathAsPointer()
                    + "): JSON numbers are finite");
        }
        out.writeNumberField(name, value);
    }
}
