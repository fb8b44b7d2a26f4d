package org.cloudprofiler.analyzer.join;

import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.cloudprofiler.analyzer.element.AnalysisElement;
import org.cloudprofiler.analyzer.element.AnalysisElementTypeInfo;

/**
 * Sends id and lineage records on to the join and everything else (samples, markers, reports,
 * progress) to {@link #OTHERS}, which goes straight to the client: only they need joining by
 * tuple.
 */
public final class ElementRouter extends ProcessFunction<AnalysisElement, AnalysisElement> {

    private static final long serialVersionUID = 1L;

    /** The side output of every element that is neither an id nor a lineage record. */
    public static final OutputTag<AnalysisElement> OTHERS =
            new OutputTag<>("others", AnalysisElementTypeInfo.INSTANCE);

    @Override
    public void processElement(AnalysisElement element, Context context,
            Collector<AnalysisElement> out) {
        if (element.kind() == AnalysisElement.Kind.ID
                || element.kind() == AnalysisElement.Kind.LINEAGE) {
            out.collect(element);
        } else {
            context.output(OTHERS, element);
        }
    }
}
