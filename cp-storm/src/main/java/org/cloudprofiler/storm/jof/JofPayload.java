package org.cloudprofiler.storm.jof;

import java.io.Serializable;

import com.esotericsoftware.kryo.Kryo;
import org.cloudprofiler.generator.jof.JavaObjectFactory;

/** What the generator sends and the JOF deserializes: raw bytes, YSB events or a user class. */
public sealed interface JofPayload extends Serializable {

    /** Configures {@code jof} to read this payload. */
    JavaObjectFactory.Builder configure(JavaObjectFactory.Builder jof);

    /** Opaque bytes, emitted as {@code byte[]}. */
    static JofPayload raw() {
        return new Raw();
    }

    /** The built-in Yahoo-streaming-benchmark events, emitted as {@code AdEvent}. */
    static JofPayload ysb() {
        return new Ysb();
    }

    /** Kryo bytes of the user's own class (the generator's preloaded payload). */
    static JofPayload kryo(Class<?> type, KryoFactory kryo) {
        return new UserKryo(type, kryo);
    }

    /** Makes the Kryo that reads a user class, on the worker (Kryo is not serializable). */
    @FunctionalInterface
    interface KryoFactory extends Serializable {
        Kryo create();
    }

    /** See {@link #raw()}. */
    record Raw() implements JofPayload {
        @Override
        public JavaObjectFactory.Builder configure(JavaObjectFactory.Builder jof) {
            return jof.raw();
        }
    }

    /** See {@link #ysb()}. */
    record Ysb() implements JofPayload {
        @Override
        public JavaObjectFactory.Builder configure(JavaObjectFactory.Builder jof) {
            return jof.ysb();
        }
    }

    /** See {@link #kryo}. */
    record UserKryo(Class<?> type, KryoFactory kryo) implements JofPayload {
        @Override
        public JavaObjectFactory.Builder configure(JavaObjectFactory.Builder jof) {
            return jof.preloadedKryo(type, kryo::create);
        }
    }
}
