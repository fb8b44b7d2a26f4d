package org.cloudprofiler.config;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cloudprofiler.log.HandlerType;
import org.cloudprofiler.log.LogFormat;
import org.cloudprofiler.tupleid.RootSampling;

/**
 * The values of {@link CpOptions}, parsed and checked, as one engine task uses them. Immutable.
 *
 * @param enabled {@link CpOptions#ENABLED}
 * @param handlers {@link CpOptions#HANDLERS} followed by the defaults
 * @param sampling {@link CpOptions#SAMPLE}
 * @param logFormat {@link CpOptions#LOG_FORMAT}
 * @param tupleIdField {@link CpOptions#TUPLE_ID_FIELD}
 * @param tupleIdPartitionField {@link CpOptions#TUPLE_ID_PARTITION_FIELD}; empty for none
 * @param countPeriodNs {@link CpOptions#COUNT_PERIOD}, ns
 * @param cpuPeriodNs {@link CpOptions#CPU_PERIOD}, ns
 * @param configServer {@link CpOptions#CONFIG_SERVER}; {@code null} for none
 * @param configServerToken {@link CpOptions#CONFIG_SERVER_TOKEN}
 */
public record CpSettings(
        boolean enabled,
        HandlerRules handlers,
        RootSampling sampling,
        LogFormat logFormat,
        String tupleIdField,
        String tupleIdPartitionField,
        long countPeriodNs,
        long cpuPeriodNs,
        ServerAddress configServer,
        String configServerToken) {

    /**
     * Reads every key of {@link CpOptions} from an engine's configuration; absent keys take their
     * defaults, other keys are ignored.
     *
     * @throws CpConfigException for the first value that cannot be used, naming key and fix
     */
    public static CpSettings from(Map<String, ?> config) {
        long countPeriodNs = ConfigValues.parseDurationNs(CpOptions.COUNT_PERIOD,
                value(config, CpOptions.COUNT_PERIOD));
        long cpuPeriodNs = ConfigValues.parseDurationNs(CpOptions.CPU_PERIOD,
                value(config, CpOptions.CPU_PERIOD));
        checkPeriod(CpOptions.COUNT_PERIOD, HandlerType.SPC, countPeriodNs);
        checkPeriod(CpOptions.CPU_PERIOD, HandlerType.CPU, cpuPeriodNs);
        return new CpSettings(
                ConfigValues.parseBoolean(CpOptions.ENABLED, value(config, CpOptions.ENABLED)),
                HandlerRules.parse(config.get(CpOptions.HANDLERS.key())),
                sampling(value(config, CpOptions.SAMPLE)),
                logFormat(value(config, CpOptions.LOG_FORMAT)),
                fieldName(CpOptions.TUPLE_ID_FIELD, value(config, CpOptions.TUPLE_ID_FIELD),
                        false),
                fieldName(CpOptions.TUPLE_ID_PARTITION_FIELD,
                        value(config, CpOptions.TUPLE_ID_PARTITION_FIELD), true),
                countPeriodNs,
                cpuPeriodNs,
                configServer(value(config, CpOptions.CONFIG_SERVER)),
                String.valueOf(value(config, CpOptions.CONFIG_SERVER_TOKEN)));
    }

    /** The settings of an empty configuration: every default. */
    public static CpSettings defaults() {
        return from(Map.of());
    }

    /**
     * Whether nothing would ever be logged: profiling is disabled, or every channel is
     * {@code OFF} and no configuration server can turn one on while the job runs.
     */
    public boolean logsNothing() {
        return !enabled || configServer == null && handlers.everyChannelOff();
    }

    /**
     * The handler and parameters for a channel: the first matching rule's choice, with the
     * configured periods filled in for counter and CPU handlers whose rule gives none.
     */
    public HandlerChoice handlerFor(String channelName) {
        return withPeriods(handlers.choose(channelName));
    }

    /**
     * {@code choice} with the configured periods filled in if it is a counter or CPU handler that
     * gives none: what a rule from the configuration server becomes, as a local rule would.
     */
    public HandlerChoice withPeriods(HandlerChoice choice) {
        if (choice.isOff() || !choice.parameters().isEmpty()) {
            return choice;
        }
        return switch (choice.handler()) {
            case SPC, MPC -> new HandlerChoice(choice.handler(), List.of(countPeriodNs));
            case CPU -> new HandlerChoice(choice.handler(), List.of(cpuPeriodNs));
            default -> choice;
        };
    }

    /** The sampling as {@code topology.json} names it: null where every record is logged. */
    public String sampleText() {
        return sampling.everyRecord() ? null : sampling.toString();
    }

    private static RootSampling sampling(Object value) {
        try {
            return RootSampling.parse(String.valueOf(value));
        } catch (IllegalArgumentException e) {
            throw new CpConfigException(CpOptions.SAMPLE, value,
                    "write 1/N with N a whole number (1/64 logs about one source record in 64"
                            + " and all it leads to), or 1 for every record.");
        }
    }

    private static Object value(Map<String, ?> config, CpOption option) {
        Object value = config.get(option.key());
        return value == null ? option.defaultValue() : value;
    }

    private static void checkPeriod(CpOption option, HandlerType handler, long periodNs) {
        long minimumNs = handler.parameters().get(0).min();
        if (periodNs < minimumNs) {
            throw new CpConfigException(option, periodNs + "ns",
                    "periods must be at least " + minimumNs / 1_000_000 + "ms.");
        }
    }

    private static ServerAddress configServer(Object value) {
        String text = String.valueOf(value).trim();
        return text.isEmpty() ? null : ServerAddress.parse(CpOptions.CONFIG_SERVER, text);
    }

    private static LogFormat logFormat(Object value) {
        try {
            return LogFormat.valueOf(String.valueOf(value).trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CpConfigException(CpOptions.LOG_FORMAT, value, "write RAW or ZSTD.");
        }
    }

    private static String fieldName(CpOption option, Object value, boolean mayBeEmpty) {
        String name = String.valueOf(value).trim();
        if (name.isEmpty() && !mayBeEmpty) {
            throw new CpConfigException(option, value, "name the field that holds the tuple id.");
        }
        return name;
    }
}
