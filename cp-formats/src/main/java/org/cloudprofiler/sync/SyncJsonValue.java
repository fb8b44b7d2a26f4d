package org.cloudprofiler.sync;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * One value of a sync.json document with its JSON path; its typed accessors fail with a
 * {@link SyncFormatException} that names the file and the path.
 */
final class SyncJsonValue {

    private static final String REGENERATE =
            "write the file as docs/sync-format.md describes (cloudprofiler sync-server does)";

    private final String source;
    private final String path;
    private final JsonNode node;

    SyncJsonValue(String source, String path, JsonNode node) {
        this.source = source;
        this.path = path;
        this.node = node;
    }

    String path() {
        return path;
    }

    boolean isNull() {
        return node.isNull();
    }

    boolean isObject() {
        return node.isObject();
    }

    boolean has(String fieldName) {
        return node.has(fieldName);
    }

    boolean isArray() {
        return node.isArray();
    }

    /**
     * Checks that this is an object with exactly the given fields: a missing field and an unknown
     * one (usually a misspelt name) are both errors.
     */
    SyncJsonValue requireObject(String... fieldNames) throws SyncFormatException {
        if (!node.isObject()) {
            throw mismatch("an object with the fields " + Arrays.toString(fieldNames));
        }
        List<String> expected = Arrays.asList(fieldNames);
        for (String name : fieldNames) {
            if (!node.has(name)) {
                throw error("the field \"" + name + "\" is missing",
                        "add it; every field of " + expected + " is required");
            }
        }
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!expected.contains(name)) {
                throw error("unknown field \"" + name + "\"",
                        "remove it or correct its spelling; the fields here are " + expected);
            }
        }
        return this;
    }

    /** A field of an object already checked with {@link #requireObject}. */
    SyncJsonValue field(String name) {
        return new SyncJsonValue(source, path + "." + name, node.get(name));
    }

    List<SyncJsonValue> elements() throws SyncFormatException {
        if (!node.isArray()) {
            throw mismatch("an array");
        }
        List<SyncJsonValue> elements = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            elements.add(new SyncJsonValue(source, path + "[" + i + "]", node.get(i)));
        }
        return elements;
    }

    String text() throws SyncFormatException {
        if (!node.isTextual()) {
            throw mismatch("a string");
        }
        return node.textValue();
    }

    long longValue() throws SyncFormatException {
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw mismatch("an integer from -2^63 to 2^63 - 1");
        }
        return node.longValue();
    }

    int intValue() throws SyncFormatException {
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw mismatch("an integer from -2^31 to 2^31 - 1");
        }
        return node.intValue();
    }

    /** A non-negative integer, e.g. a count. */
    int count() throws SyncFormatException {
        int value = intValue();
        if (value < 0) {
            throw error("must not be negative, found " + value, REGENERATE);
        }
        return value;
    }

    double doubleValue() throws SyncFormatException {
        if (!node.isNumber()) {
            throw mismatch("a number");
        }
        return node.doubleValue();
    }

    SyncFormatException error(String problem, String fix) {
        return new SyncFormatException(source, path, problem, fix);
    }

    private SyncFormatException mismatch(String expected) {
        return error("expected " + expected + ", found " + describe(node), REGENERATE);
    }

    private static String describe(JsonNode node) {
        if (node.isNull()) {
            return "null";
        }
        String text = node.toString();
        return node.getNodeType().name().toLowerCase() + " "
                + (text.length() > 40 ? text.substring(0, 40) + "..." : text);
    }
}
