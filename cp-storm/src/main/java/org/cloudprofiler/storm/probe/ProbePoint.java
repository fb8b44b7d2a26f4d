package org.cloudprofiler.storm.probe;

/** The instrumented points of a task; each is one channel {@code <component>/<task>/<point>}. */
public enum ProbePoint {
    /** A tuple enters the task: a bolt's execute, a spout's emit. */
    IN("in"),
    /** A tuple is handed to the transport: each emit, just before Storm takes it. */
    OUT("out"),
    /** Tuples entering the task, counted per period. */
    COUNT("count"),
    /** Tuples entering the task and the executor thread's CPU time, per period. */
    CPU("cpu"),
    /** The first tuple and the end of the run (the poison pill, id -1). */
    FIRST_LAST("first-last");

    private final String point;

    ProbePoint(String point) {
        this.point = point;
    }

    /** The last component of the channel name. */
    public String point() {
        return point;
    }

    /** {@code <component>/<task>/<point>}, with the component made a valid name component. */
    public String channelName(String componentId, int taskId) {
        return ChannelNames.component(componentId) + "/" + taskId + "/" + point;
    }
}
