package org.cloudprofiler.sync;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads and writes sync.json (docs/sync-format.md). Reading is strict: any deviation from the
 * format is a {@link SyncFormatException} naming the file, the JSON path and the fix.
 * Thread-safe.
 */
public final class SyncJson {

    private static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            // A field given twice would otherwise silently keep the last value.
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build())
            // Two documents in one file are a damaged file, not the first of them.
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private SyncJson() {}

    /**
     * Reads a sync.json file.
     *
     * @throws SyncFormatException if the file is not valid sync.json
     * @throws IOException if the file cannot be read
     */
    public static SyncData read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    }

    /**
     * Reads sync.json from a string.
     *
     * @param sourceName what error messages call the document, e.g. its file name
     * @throws SyncFormatException if the document is not valid sync.json
     */
    public static SyncData parse(String json, String sourceName) throws SyncFormatException {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new SyncFormatException(sourceName, "$", "not valid JSON" + where + ": "
                    + e.getOriginalMessage(), "correct the JSON syntax there", e);
        }
        if (root == null || root instanceof MissingNode) {
            throw new SyncFormatException(sourceName, "$", "the document is empty",
                    "the sync server did not finish writing it; measure again");
        }
        return SyncJsonReader.read(new SyncJsonValue(sourceName, "$", root));
    }

    /** Writes {@code data} to {@code file}, replacing it. */
    public static void write(SyncData data, Path file) throws IOException {
        // A temporary file moved into place: a process stopped mid-write (the sync server is
        // often ended by a signal) leaves the previous, complete file, never half of one.
        Path absolute = file.toAbsolutePath();
        Path temporary = Files.createTempFile(absolute.getParent(),
                absolute.getFileName().toString(), ".tmp");
        try {
            try (Writer writer = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                write(data, writer);
            }
            Files.move(temporary, absolute, StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** {@code data} as a sync.json document. */
    public static String toJson(SyncData data) {
        StringWriter writer = new StringWriter();
        try {
            write(data, writer);
        } catch (IOException e) {
            throw new UncheckedIOException("a StringWriter does not fail", e);
        }
        return writer.toString();
    }

    private static void write(SyncData data, Writer writer) throws IOException {
        try (JsonGenerator out = MAPPER.getFactory().createGenerator(writer)) {
            out.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            SyncJsonWriter.write(data, out);
        }
        writer.write('\n');
    }
}
