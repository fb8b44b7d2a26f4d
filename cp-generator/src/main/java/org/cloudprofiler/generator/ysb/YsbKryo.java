package org.cloudprofiler.generator.ysb;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;

/**
 * Kryo instances that read and write {@link AdEvent} as payload class 1. A Kryo instance is not
 * thread-safe: make one per thread.
 */
public final class YsbKryo {
    private YsbKryo() {}

    /** A new Kryo that requires registration and knows {@link AdEvent}. */
    public static Kryo create() {
        Kryo kryo = new Kryo();
        register(kryo);
        return kryo;
    }

    /** Registers {@link AdEvent} with its serializer on a Kryo of the caller's (Storm's, say). */
    public static void register(Kryo kryo) {
        kryo.register(AdEvent.class, new AdEventSerializer());
    }

    /** The class-1 payload of one event: what the generator sends, exactly. */
    public static byte[] serialize(Kryo kryo, AdEvent event) {
        Output output = new Output(256, -1);
        kryo.writeObject(output, event);
        return output.toBytes();
    }
}
