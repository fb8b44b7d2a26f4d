package org.cloudprofiler.generator.ysb;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Kryo serializer of {@link AdEvent}, field by field in the order and encodings that
 * docs/wire-format.md gives for payload class 1, which the native generator writes without Kryo.
 * Stateless, so one instance may serve any number of Kryo instances and threads.
 */
public final class AdEventSerializer extends Serializer<AdEvent> {

    public AdEventSerializer() {
        super(false, true);
    }

    @Override
    public void write(Kryo kryo, Output output, AdEvent event) {
        output.writeString(event.userId());
        output.writeString(event.pageId());
        output.writeString(event.adId());
        output.writeString(event.adType());
        output.writeString(event.eventType());
        output.writeVarLong(event.eventTimeMs(), true);
        output.writeString(event.ipAddress());
    }

    @Override
    public AdEvent read(Kryo kryo, Input input, Class<? extends AdEvent> type) {
        // Arguments are evaluated left to right, which is the order on the wire.
        return new AdEvent(input.readString(), input.readString(), input.readString(),
                input.readString(), input.readString(), input.readVarLong(true),
                input.readString());
    }
}
