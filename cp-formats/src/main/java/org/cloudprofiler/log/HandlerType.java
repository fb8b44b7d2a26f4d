package org.cloudprofiler.log;

import java.net.Inet4Address;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * What a channel does with each {@code logTS} call. The ids are the log format's handler ids
 * (docs/log-format.md) and the native core's; never renumber them.
 */
public enum HandlerType {
    /** Accepts and counts calls, records nothing: the cost of the instrumentation alone. */
    NULL(0, List.of()),
    /** Every call recorded; full blocks encoded and written by the calling thread. */
    ID(1, List.of()),
    /** Every call recorded; full blocks compressed and written by background threads. */
    BUFFERED_ID(2, List.of()),
    /** Single-writer periodic counter: one {@code (tsc, count)} sample per period. */
    SPC(3, List.of(Parameter.PERIOD_NS)),
    /** Multi-writer periodic counter; any thread may log to it. */
    MPC(4, List.of(Parameter.PERIOD_NS)),
    /** Records calls 1, n+1, 2n+1, ...; the rest are counted as filtered. */
    DOWNSAMPLE(5, List.of(Parameter.N)),
    /** Records a call iff {@code floorMod(id, y) < x}. */
    XOY(6, List.of(Parameter.X, Parameter.Y)),
    /** Records the first call and the first poison pill (id {@code -1}). */
    FIRST_LAST(7, List.of()),
    /** Per period: calls and the writer thread's CPU time, i.e. task-level CPU efficiency. */
    CPU(8, List.of(Parameter.PERIOD_NS)),
    /**
     * Start point of the return-trip (ReT) baseline: notes each tuple's TSC; an ack thread
     * receives the {@link #RET_END} node's UDP acks and writes {@code (id, tsc, ack_tsc)}, so
     * {@code RTT = ack_tsc - tsc} (starts never acked: {@code ack_tsc = -1}). Parameters:
     * {@code port} the UDP port to receive acks on (required; bound when set, which throws
     * {@code CloudProfilerException} naming the port if it is in use), {@code bindAddress} the
     * IPv4 address to bind, see {@link #ipv4(Inet4Address)} (default loopback; {@code 0} = every
     * interface, which a real cross-node run needs), {@code capacity} how many starts may wait
     * for their acks: one still waiting after that many later starts is written unacked.
     */
    RET_START(9, List.of(Parameter.PORT, Parameter.BIND_ADDRESS, Parameter.CAPACITY)),
    /**
     * End point of the return-trip baseline: records {@code (id, tsc)} like {@link #ID} and sends
     * the {@link #RET_START} node an ack for the id, never blocking (a refused send is counted in
     * cp-native's {@code AckStats.sendFailures()}). Parameters: {@code startAddress} the start
     * node's IPv4 address, see {@link #ipv4(Inet4Address)} (default loopback), {@code port} its
     * ack port (required).
     */
    RET_END(10, List.of(Parameter.START_ADDRESS, Parameter.PORT));

    /** Id of the poison pill that marks the end of a run for {@link #FIRST_LAST}. */
    public static final long POISON_PILL_ID = -1L;

    /** {@code ack_tsc} of a {@link #RET_START} record whose ack never came. */
    public static final long NO_ACK = -1L;

    private final int id;
    private final List<Parameter> parameters;

    HandlerType(int id, List<Parameter> parameters) {
        this.id = id;
        this.parameters = parameters;
    }

    /** The handler id of the log format and the native core. */
    public int id() {
        return id;
    }

    /** The parameters {@code CloudProfiler.parameterize} accepts, in the log header's order. */
    public List<Parameter> parameters() {
        return parameters;
    }

    /** Only multi-writer handlers may be logged to from several threads. */
    public boolean isMultiWriter() {
        return this == MPC;
    }

    /** The handler with this id, or {@code null} if the id is unknown. */
    public static HandlerType fromId(int id) {
        for (HandlerType type : values()) {
            if (type.id == id) {
                return type;
            }
        }
        return null;
    }

    /**
     * An IPv4 address as the return-trip handlers take it: the unsigned 32-bit value in host
     * order, e.g. {@code 127.0.0.1} is {@code 0x7F000001}.
     */
    public static long ipv4(Inet4Address address) {
        return Integer.toUnsignedLong(ByteBuffer.wrap(address.getAddress()).getInt());
    }

    /**
     * One handler parameter: its name, default and inclusive range. A default outside the range
     * (the return-trip handlers' ports) means "not set": the parameter must be given. The
     * constants are every parameter a handler takes; set one with
     * cp-native's {@code CloudProfiler.parameterize(long, Parameter, long)}.
     */
    public record Parameter(String name, long defaultValue, long min, long max) {
        /** The sampling period of {@link HandlerType#SPC}, {@code MPC} and {@code CPU}, ns. */
        public static final Parameter PERIOD_NS =
                new Parameter("periodNs", 100_000_000L, 1_000_000L, Long.MAX_VALUE);
        /** {@link HandlerType#DOWNSAMPLE}: one call in {@code n} is recorded. */
        public static final Parameter N = new Parameter("n", 100L, 1L, Long.MAX_VALUE);
        /** {@link HandlerType#XOY}: ids with {@code floorMod(id, y) < x} are recorded. */
        public static final Parameter X = new Parameter("x", 1L, 0L, Long.MAX_VALUE);
        /** {@link HandlerType#XOY}: see {@link #X}. */
        public static final Parameter Y = new Parameter("y", 100L, 1L, Long.MAX_VALUE);
        /**
         * {@link HandlerType#RET_START}: the ack port to bind; {@link HandlerType#RET_END}: the
         * port to ack to.
         */
        public static final Parameter PORT = new Parameter("port", 0L, 1L, 65_535L);
        /** {@link HandlerType#RET_START}: the IPv4 address to bind the ack port on. */
        public static final Parameter BIND_ADDRESS =
                new Parameter("bindAddress", 0x7F00_0001L, 0L, 0xFFFF_FFFFL);
        /** {@link HandlerType#RET_START}: how many starts may wait for their acks. */
        public static final Parameter CAPACITY = new Parameter("capacity", 65_536L, 1L, 1L << 24);
        /** {@link HandlerType#RET_END}: the IPv4 address of the {@code RET_START} node. */
        public static final Parameter START_ADDRESS =
                new Parameter("startAddress", 0x7F00_0001L, 1L, 0xFFFF_FFFFL);
    }
}
