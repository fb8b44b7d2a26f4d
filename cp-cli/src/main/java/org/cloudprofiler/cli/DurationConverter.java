package org.cloudprofiler.cli;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads durations as people write them: {@code 50us}, {@code 20ms}, {@code 10s}, {@code 5m},
 * {@code 1h}.
 */
public final class DurationConverter implements ITypeConverter<Duration> {
    private static final Pattern FORMAT = Pattern.compile("(\\d+)(us|ms|s|m|h)");

    @Override
    public Duration convert(String value) {
        Matcher matcher = FORMAT.matcher(value.trim());
        if (!matcher.matches()) {
            throw new TypeConversionException("'" + value + "' is not a duration: write a whole"
                    + " number and a unit, e.g. 50us, 500ms, 10s, 5m or 1h");
        }
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "us" -> Duration.of(amount, ChronoUnit.MICROS);
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
    }
}
