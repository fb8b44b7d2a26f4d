package org.cloudprofiler.analyzer.element;

import static org.junit.jupiter.api.Assertions.assertSame;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.junit.jupiter.api.Test;

/** Flink's type extraction gives AnalysisElement its own serializer, never Kryo or a POJO's. */
class AnalysisElementTypeInfoTest {

    @Test
    void typeExtractionFindsTheElementsTypeInformation() {
        TypeInformation<AnalysisElement> extracted = TypeInformation.of(AnalysisElement.class);

        assertSame(AnalysisElementTypeInfo.INSTANCE, extracted);
        assertSame(AnalysisElementSerializer.INSTANCE,
                extracted.createSerializer(new SerializerConfigImpl()));
    }
}
