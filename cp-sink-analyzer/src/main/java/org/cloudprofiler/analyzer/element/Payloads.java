package org.cloudprofiler.analyzer.element;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;

/**
 * Encodes the few large, rare payloads of {@link AnalysisElement} (file reports, hop statistics)
 * with Java serialization: HdrHistogram serializes itself compactly, and these elements are a
 * handful per file or per refresh, so a hand-written format would buy nothing.
 */
public final class Payloads {

    private Payloads() {}

    public static byte[] encode(Serializable value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode " + value.getClass().getName(), e);
        }
        return bytes.toByteArray();
    }

    public static <T> T decode(byte[] payload, Class<T> type) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(payload))) {
            return type.cast(in.readObject());
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("cannot decode a " + type.getSimpleName(), e);
        }
    }
}
