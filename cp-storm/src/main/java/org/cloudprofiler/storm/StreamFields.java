package org.cloudprofiler.storm;

import java.util.HashMap;
import java.util.Map;

import org.apache.storm.task.TopologyContext;
import org.apache.storm.tuple.Fields;

/** The declared fields of a task's output streams, looked up once each; executor thread only. */
final class StreamFields {

    private final TopologyContext context;
    private final Map<String, Fields> fields = new HashMap<>();

    StreamFields(TopologyContext context) {
        this.context = context;
    }

    /** The fields of {@code streamId}, or {@code null} if the task declares no such stream. */
    Fields of(String streamId) {
        Fields declared = fields.get(streamId);
        if (declared == null) {
            declared = context.getThisOutputFields(streamId);
            fields.put(streamId, declared);
        }
        return declared;
    }
}
