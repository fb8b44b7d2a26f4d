package org.cloudprofiler.generator;

/** The payload classes of the generator's wire format (docs/wire-format.md), by wire id. */
public enum PayloadClass {
    /** Opaque bytes of a given size; the JOF hands them over without deserialising. */
    RAW(0),
    /** The built-in Yahoo-streaming-benchmark ad event, Kryo-serialised. */
    YSB_AD_EVENT(1),
    /** Bytes preloaded from Java with {@link Generator#loadBytes}, serialised by the user. */
    PRELOADED(2);

    private final int wireId;

    PayloadClass(int wireId) {
        this.wireId = wireId;
    }

    /** The id in a bucket's payload-class field. */
    public int wireId() {
        return wireId;
    }

    /** The class with this wire id. */
    public static PayloadClass ofWireId(int wireId) {
        for (PayloadClass payloadClass : values()) {
            if (payloadClass.wireId == wireId) {
                return payloadClass;
            }
        }
        throw new IllegalArgumentException("unknown payload class " + wireId
                + ": the wire format knows 0 (raw), 1 (YSB ad event) and 2 (preloaded)");
    }
}
