package org.cloudprofiler.examples.ysb.common;

import java.util.List;

/**
 * The benchmark's stages, by the name every engine gives them: the Storm topology's component
 * ids, the Flink job's operator names and uids.
 */
public final class YsbStages {
    public static final String EVENTS = "events";
    public static final String DESERIALIZE = "deserialize";
    public static final String FILTER = "filter";
    public static final String PROJECT = "project";
    public static final String JOIN = "join";
    public static final String WINDOW_COUNT = "window-count";
    public static final String SINK = "sink";
    /** Every stage, from the source to the sink. */
    public static final List<String> ALL =
            List.of(EVENTS, DESERIALIZE, FILTER, PROJECT, JOIN, WINDOW_COUNT, SINK);

    private YsbStages() {}
}
