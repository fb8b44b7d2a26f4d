package org.cloudprofiler.config;

import java.util.List;

/**
 * Every configuration key the engine integrations read, defined once with its default. Storm
 * reads them from the topology config, Flink from the job configuration; both parse them with
 * {@link CpSettings#from}. Constants only, so thread-safe.
 */
public final class CpOptions {

    /** Turns profiling on or off without changing the topology or job. */
    public static final CpOption ENABLED = new CpOption("cloudprofiler.enabled", "true",
            "Whether profiled operators open channels and log; pills still flow when off.");

    /**
     * Which handler each channel gets: an ordered list of {@code glob=HANDLER[:param...]}, the
     * first rule whose glob matches the channel name wins, and {@link #DEFAULT_HANDLER_RULES}
     * follow the user's rules.
     */
    public static final CpOption HANDLERS = new CpOption("cloudprofiler.handlers", "",
            "Ordered rules glob=HANDLER[:param...] (or OFF), first match wins, e.g. "
                    + "'sink/**=BUFFERED_ID, **=NULL'; the defaults follow the user's rules.");

    /**
     * Which records are logged: about one source record in N and everything descending from it
     * (docs/design.md, "Sampling: which records are logged"); the counters see every record.
     */
    public static final CpOption SAMPLE = new CpOption("cloudprofiler.sample", "1",
            "Log about 1 source record in N and all it leads to, written 1/N (e.g. 1/64); 1 logs"
                    + " every record. Counters and CPU see every record either way.");

    /** How channel blocks are stored. */
    public static final CpOption LOG_FORMAT = new CpOption("cloudprofiler.log-format", "ZSTD",
            "Block codec of every channel: RAW or ZSTD.");

    /** The tuple field that carries the tuple id. */
    public static final CpOption TUPLE_ID_FIELD = new CpOption("cloudprofiler.tuple-id.field",
            "offset", "Name of the tuple field holding the tuple id (a number).");

    /**
     * A field whose value goes into the id's top bits, for sources whose offsets are only unique
     * per partition (Kafka): {@code id = partition << 48 | offset}.
     */
    public static final CpOption TUPLE_ID_PARTITION_FIELD = new CpOption(
            "cloudprofiler.tuple-id.partition-field", "",
            "If set, the id is (this field << 48) | (id field), for offsets unique per partition.");

    /** Sampling period of periodic counter channels whose rule gives none. */
    public static final CpOption COUNT_PERIOD = new CpOption("cloudprofiler.count.period", "100ms",
            "Period of SPC/MPC counter channels whose handler rule gives no period.");

    /** Sampling period of {@code CPU} channels whose rule gives none. */
    public static final CpOption CPU_PERIOD = new CpOption("cloudprofiler.cpu.period", "100ms",
            "Period of CPU channels whose handler rule gives no period.");

    /**
     * The configuration server every channel asks at open which handler it gets; the rules above
     * decide when it does not answer in time, and for channels none of its rules match.
     */
    public static final CpOption CONFIG_SERVER = new CpOption("cloudprofiler.config-server", "",
            "host:port of a cloudprofiler config-server that channels ask for their handler at"
                    + " open (docs/config-protocol.md); empty: none.");

    /** The configuration server's shared token. */
    public static final CpOption CONFIG_SERVER_TOKEN = new CpOption(
            "cloudprofiler.config-server.token", "",
            "The --token of the configuration server; empty: none.");

    /**
     * Rules that follow the user's: ids at entry and exit buffered, one counter, one CPU channel
     * and the first/last markers per task; anything else buffered.
     */
    public static final List<String> DEFAULT_HANDLER_RULES = List.of(
            "**/in=BUFFERED_ID",
            "**/out=BUFFERED_ID",
            "**/count=SPC",
            "**/cpu=CPU",
            "**/first-last=FIRST_LAST",
            "**=BUFFERED_ID");

    private CpOptions() {}

    /** All keys, in documentation order. */
    public static List<CpOption> all() {
        return List.of(ENABLED, HANDLERS, SAMPLE, LOG_FORMAT, TUPLE_ID_FIELD, TUPLE_ID_PARTITION_FIELD,
                COUNT_PERIOD, CPU_PERIOD, CONFIG_SERVER, CONFIG_SERVER_TOKEN);
    }
}
