package org.cloudprofiler.storm.pill;

import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.cloudprofiler.log.HandlerType;

/**
 * The stream poison pills travel on, declared by every profiled component. Its name does not
 * start with {@code __}, which Storm reserves for its own streams. Constants only.
 */
public final class PillStream {

    /** The stream id. */
    public static final String ID = "cloudprofiler-pill";
    /** Its one field, holding {@link HandlerType#POISON_PILL_ID}. */
    public static final String FIELD = "cloudprofiler_pill";

    private PillStream() {}

    /** Declares the pill stream next to the component's own streams. */
    public static void declare(OutputFieldsDeclarer declarer) {
        declarer.declareStream(ID, new Fields(FIELD));
    }

    /** Whether {@code tuple} is a pill. */
    public static boolean isPill(Tuple tuple) {
        return ID.equals(tuple.getSourceStreamId());
    }

    /** The values of a pill tuple. */
    public static Values pill() {
        return new Values(HandlerType.POISON_PILL_ID);
    }
}
