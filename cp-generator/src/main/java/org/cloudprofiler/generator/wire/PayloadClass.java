package org.cloudprofiler.generator.wire;

/** The payload classes of the wire format, each with the id a bucket header carries. */
public enum PayloadClass {
    /** Opaque bytes, handed over as {@code byte[]}. */
    RAW(0),
    /** The built-in Yahoo-streaming-benchmark event, {@code ysb.AdEvent}, Kryo-serialised. */
    YSB_AD_EVENT(1),
    /** Bytes the user serialised with Kryo from a class of their own (the paper's loadBytes). */
    PRELOADED_KRYO(2);

    private static final PayloadClass[] BY_ID = values();

    private final int id;

    PayloadClass(int id) {
        this.id = id;
    }

    /** The id in the bucket header. */
    public int id() {
        return id;
    }

    /** Whether this version of the format defines a class with this id ({@code id} is a u32). */
    public static boolean isDefined(long id) {
        return id >= 0 && id < BY_ID.length;
    }

    /**
     * The class with this id.
     *
     * @throws IllegalArgumentException if the format defines none
     */
    public static PayloadClass ofId(long id) {
        if (!isDefined(id)) {
            throw new IllegalArgumentException("payload class " + id
                    + " is not defined by wire format version " + WireFormat.VERSION);
        }
        return BY_ID[(int) id];
    }
}
