package org.cloudprofiler.generator;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Test-only: the YSB ad event's fields read and written with Kryo 5's own Input and Output, in
 * the order of docs/wire-format.md; the JOF's AdEventSerializer does the same.
 */
record KryoAdEventReader(
        String userId,
        String pageId,
        String adId,
        String adType,
        String eventType,
        long eventTimeMs,
        String ipAddress) {

    /** Reads one event that must fill {@code bytes} exactly. */
    static KryoAdEventReader read(byte[] bytes) {
        try (Input in = new Input(bytes)) {
            KryoAdEventReader event = new KryoAdEventReader(in.readString(), in.readString(),
                    in.readString(), in.readString(), in.readString(), in.readVarLong(true),
                    in.readString());
            if (in.position() != bytes.length) {
                throw new AssertionError((bytes.length - in.position())
                        + " bytes left after the last field");
            }
            return event;
        }
    }

    byte[] write() {
        try (Output out = new Output(256, -1)) {
            out.writeString(userId);
            out.writeString(pageId);
            out.writeString(adId);
            out.writeString(adType);
            out.writeString(eventType);
            out.writeVarLong(eventTimeMs, true);
            out.writeString(ipAddress);
            return out.toBytes();
        }
    }
}
