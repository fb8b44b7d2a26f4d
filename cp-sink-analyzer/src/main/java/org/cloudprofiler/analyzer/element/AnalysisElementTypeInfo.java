package org.cloudprofiler.analyzer.element;

import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/** Flink's type information for {@link AnalysisElement}: an atomic type with its own serializer. */
public final class AnalysisElementTypeInfo extends TypeInformation<AnalysisElement> {

    private static final long serialVersionUID = 1L;

    /** The one instance. */
    public static final AnalysisElementTypeInfo INSTANCE = new AnalysisElementTypeInfo();

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    public int getTotalFields() {
        return 1;
    }

    @Override
    public Class<AnalysisElement> getTypeClass() {
        return AnalysisElement.class;
    }

    @Override
    public boolean isKeyType() {
        return false;
    }

    @Override
    public TypeSerializer<AnalysisElement> createSerializer(SerializerConfig config) {
        return AnalysisElementSerializer.INSTANCE;
    }

    @Override
    public String toString() {
        return "AnalysisElement";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AnalysisElementTypeInfo;
    }

    @Override
    public int hashCode() {
        return AnalysisElementTypeInfo.class.hashCode();
    }

    @Override
    public boolean canEqual(Object other) {
        return other instanceof AnalysisElementTypeInfo;
    }
}
