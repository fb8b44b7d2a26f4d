package org.cloudprofiler.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.wire.PayloadClass;
import org.junit.jupiter.api.Test;

class PayloadTest {

    @Test
    void eachKindIsOneWirePayloadClass() {
        assertEquals(PayloadClass.RAW, Payload.raw().payloadClass());
        assertEquals(PayloadClass.RAW, Payload.raw(8).payloadClass());
        assertEquals(PayloadClass.YSB_AD_EVENT, Payload.ysb().payloadClass());
        assertEquals(PayloadClass.PRELOADED_KRYO,
                Payload.kryo(String.class, Kryo::new).payloadClass());
        assertEquals(PayloadClass.PRELOADED_KRYO, Payload.preloaded().payloadClass());
    }

    @Test
    void rawCarriesTheGeneratorsDefaultSizeUnlessGivenOne() {
        assertEquals(new Payload.Raw(Generator.DEFAULT_RAW_PAYLOAD_BYTES), Payload.raw());
        assertEquals(8, ((Payload.Raw) Payload.raw(8)).bytes());
        assertThrows(IllegalArgumentException.class, () -> Payload.raw(-1));
    }

    @Test
    void aJofRefusesPreloadedBytesWithoutTheirClassAndNamesWhatItNeeds() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> JavaObjectFactory.builder().payload(Payload.preloaded()));

        assertTrue(refused.getMessage().contains("Payload.kryo(type, kryo)"),
                refused.getMessage());
    }

    @Test
    void aKryoPayloadTravelsToAnEnginesWorkersAndStillMakesItsKryo() throws Exception {
        Payload payload = Payload.kryo(String.class, Kryo::new);

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(payload);
        }
        Payload.UserKryo copy;
        try (ObjectInputStream in = new ObjectInputStream(
                new ByteArrayInputStream(bytes.toByteArray()))) {
            copy = (Payload.UserKryo) in.readObject();
        }

        assertEquals(String.class, copy.type());
        assertEquals(Kryo.class, copy.kryo().create().getClass());
    }
}
