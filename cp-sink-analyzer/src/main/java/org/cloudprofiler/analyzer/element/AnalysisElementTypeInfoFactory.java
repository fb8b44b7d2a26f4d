package org.cloudprofiler.analyzer.element;

import java.lang.reflect.Type;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/** Tells Flink's type extraction to use {@link AnalysisElementTypeInfo} wherever it meets the class. */
public final class AnalysisElementTypeInfoFactory extends TypeInfoFactory<AnalysisElement> {

    @Override
    public TypeInformation<AnalysisElement> createTypeInfo(Type type,
            Map<String, TypeInformation<?>> genericParameters) {
        return AnalysisElementTypeInfo.INSTANCE;
    }
}
