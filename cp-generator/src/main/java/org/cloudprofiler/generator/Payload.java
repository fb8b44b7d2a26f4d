package org.cloudprofiler.generator;

import java.io.Serializable;
import java.util.Objects;
import org.cloudprofiler.generator.wire.PayloadClass;

/**
 * What the generator sends and the JOF hands over: the one description of a run's payload,
 * given alike to {@link Generator.Builder#payload}, to the JOF's builder and to JofSpout's
 * configuration. Each kind is one of the wire format's payload classes (docs/wire-format.md).
 * Serializable, so an engine can ship it to its workers.
 */
public sealed interface Payload extends Serializable {

    /** The wire format's class of this payload. */
    PayloadClass payloadClass();

    /**
     * Opaque bytes, handed over as {@code byte[]}: the generator sends
     * {@value Generator#DEFAULT_RAW_PAYLOAD_BYTES} pseudo-random bytes per tuple.
     */
    static Payload raw() {
        return new Raw(Generator.DEFAULT_RAW_PAYLOAD_BYTES);
    }

    /**
     * Opaque bytes, handed over as {@code byte[]}: the generator sends {@code bytes}
     * pseudo-random bytes per tuple; the JOF takes raw payloads of any length.
     */
    static Payload raw(int bytes) {
        return new Raw(bytes);
    }

    /**
     * The built-in Yahoo-streaming-benchmark events, handed over as
     * {@link org.cloudprofiler.generator.ysb.AdEvent}s.
     */
    static Payload ysb() {
        return new Ysb();
    }

    /**
     * Kryo bytes of the user's own class {@code type} (the paper's {@code loadBytes}): the
     * generator sends the bytes given to {@link Generator#loadBytes}, serialized with a Kryo that
     * {@code kryo} also makes; the JOF reads them with {@code kryo.create().readObject(input,
     * type)}.
     *
     * @param kryo makes a Kryo with the user's registrations, on the JOF's machine; called once
     *     per receiver, because a Kryo is not thread-safe
     */
    static Payload kryo(Class<?> type, KryoFactory kryo) {
        return new UserKryo(type, kryo);
    }

    /**
     * The bytes given to {@link Generator#loadBytes}, for a generator whose receivers are not
     * configured here (the {@code cloudprofiler gen} command): the same payload class as
     * {@link #kryo}, without what reading it needs. A JOF refuses it and asks for {@link #kryo}.
     */
    static Payload preloaded() {
        return new Preloaded();
    }

    /** The call that makes a payload of {@code payloadClass}, for messages that name the fix. */
    static String factoryCall(PayloadClass payloadClass) {
        return switch (payloadClass) {
            case RAW -> "Payload.raw()";
            case YSB_AD_EVENT -> "Payload.ysb()";
            case PRELOADED_KRYO -> "Payload.kryo(type, kryo)";
        };
    }

    /** Makes the Kryo that reads a user class, where the JOF runs (a Kryo is not serializable). */
    @FunctionalInterface
    interface KryoFactory extends Serializable {
        com.esotericsoftware.kryo.Kryo create();
    }

    /** See {@link #raw(int)}. */
    record Raw(int bytes) implements Payload {
        public Raw {
            if (bytes < 0) {
                throw new IllegalArgumentException("raw payload size " + bytes + " is negative");
            }
        }

        @Override
        public PayloadClass payloadClass() {
            return PayloadClass.RAW;
        }
    }

    /** See {@link #ysb()}. */
    record Ysb() implements Payload {
        @Override
        public PayloadClass payloadClass() {
            return PayloadClass.YSB_AD_EVENT;
        }
    }

    /** See {@link #kryo}. */
    record UserKryo(Class<?> type, KryoFactory kryo) implements Payload {
        public UserKryo {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(kryo, "kryo");
        }

        @Override
        public PayloadClass payloadClass() {
            return PayloadClass.PRELOADED_KRYO;
        }
    }

    /** See {@link #preloaded()}. */
    record Preloaded() implements Payload {
        @Override
        public PayloadClass payloadClass() {
            return PayloadClass.PRELOADED_KRYO;
        }
    }
}
