package org.cloudprofiler.generator.jof;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;

/**
 * Reads payloads written by {@code kryo.writeObject(output, value)} into objects of one class.
 * Not thread-safe (nor is its Kryo): one instance per receiver thread.
 */
public final class KryoPayloadReader implements PayloadReader {
    private final Kryo kryo;
    private final Class<?> type;
    private final Input input = new Input();

    /**
     * @param kryo a Kryo of this reader's own, configured as the sender's was
     * @throws IllegalArgumentException if {@code kryo} requires registration and {@code type}
     *     is not registered (Kryo's message says how to register it)
     */
    public KryoPayloadReader(Kryo kryo, Class<?> type) {
        // Fails here, when the JOF starts, rather than on every bucket of the run.
        kryo.getRegistration(type);
        this.kryo = kryo;
        this.type = type;
    }

    @Override
    public Object read(byte[] array, int offset, int length) {
        input.setBuffer(array, offset, length);
        Object value = kryo.readObject(input, type);
        int consumed = input.position() - offset;
        if (consumed != length) {
            throw new KryoException(type.getName() + " read " + consumed + " of the payload's "
                    + length + " bytes");
        }
        return value;
    }
}
