package org.cloudprofiler.config;

import java.util.List;
import java.util.stream.Collectors;
import org.cloudprofiler.log.HandlerType;

/**
 * What a handler rule chose for a channel: a handler and its parameters by index, or no channel
 * at all ({@link #OFF}). Immutable.
 *
 * @param handler the handler, or {@code null} for {@link #OFF}
 * @param parameters values for the handler's parameters {@code 0..n-1}; the rest keep their
 *     defaults
 */
public record HandlerChoice(HandlerType handler, List<Long> parameters) {

    /** The channel is not opened: no file, no cost. */
    public static final HandlerChoice OFF = new HandlerChoice(null, List.of());

    public HandlerChoice {
        parameters = List.copyOf(parameters);
    }

    /** Whether the channel is not to be opened. */
    public boolean isOff() {
        return handler == null;
    }

    /** The rule syntax: {@code OFF}, {@code HANDLER} or {@code HANDLER:p0:p1...}. */
    @Override
    public String toString() {
        if (isOff()) {
            return "OFF";
        }
        return handler.name() + parameters.stream().map(p -> ":" + p)
                .collect(Collectors.joining());
    }
}
