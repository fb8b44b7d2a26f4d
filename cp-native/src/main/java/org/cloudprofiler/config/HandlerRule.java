package org.cloudprofiler.config;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.PatternSyntaxException;
import org.cloudprofiler.log.HandlerType;

/**
 * One rule {@code glob=HANDLER[:param...]}: channels whose name matches the glob get that
 * handler. Globs are file-system globs over {@code <operator>/<task>/<point>}: {@code *} stays
 * within one name component, {@code **} crosses them, {@code {a,b}} are alternatives. Immutable.
 */
public final class HandlerRule {

    private final String glob;
    private final HandlerChoice choice;
    private final PathMatcher matcher;

    private HandlerRule(String glob, HandlerChoice choice, PathMatcher matcher) {
        this.glob = glob;
        this.choice = choice;
        this.matcher = matcher;
    }

    /**
     * Parses {@code glob=HANDLER[:param...]} or {@code glob=OFF}. A parameter is an integer
     * ({@code _} allowed) or a duration with a unit, converted to ns ({@code SPC:250ms}).
     *
     * @throws CpConfigException naming {@code option}, the rule and the fix
     */
    public static HandlerRule parse(CpOption option, String rule) {
        int equals = rule.lastIndexOf('=');
        if (equals <= 0 || equals == rule.length() - 1) {
            throw new CpConfigException(option, rule,
                    "a rule is glob=HANDLER[:param...], e.g. 'sink/**=BUFFERED_ID' or '**=NULL'.");
        }
        String glob = rule.substring(0, equals).trim();
        String spec = rule.substring(equals + 1).trim();
        PathMatcher matcher;
        try {
            matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
        } catch (PatternSyntaxException e) {
            throw new CpConfigException(option, rule,
                    "the glob '" + glob + "' is malformed (" + e.getDescription() + ").");
        }
        return new HandlerRule(glob, parseChoice(option, rule, spec), matcher);
    }

    private static HandlerChoice parseChoice(CpOption option, String rule, String spec) {
        String[] parts = spec.split(":", -1);
        String name = parts[0].trim().toUpperCase(Locale.ROOT);
        if (name.equals("OFF") && parts.length == 1) {
            return HandlerChoice.OFF;
        }
        HandlerType handler;
        try {
            handler = HandlerType.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new CpConfigException(option, rule, "unknown handler '" + parts[0]
                    + "'; use OFF or one of " + List.of(HandlerType.values()) + ".");
        }
        List<HandlerType.Parameter> declared = handler.parameters();
        if (parts.length - 1 > declared.size()) {
            throw new CpConfigException(option, rule, handler + " takes at most "
                    + declared.size() + " parameter(s) " + names(declared) + ".");
        }
        List<Long> values = new ArrayList<>();
        for (int i = 1; i < parts.length; i++) {
            HandlerType.Parameter parameter = declared.get(i - 1);
            String text = parts[i].trim();
            Long value = ConfigValues.longOrNull(text);
            if (value == null) {
                value = ConfigValues.durationNsOrNull(text);
            }
            if (value == null || value < parameter.min() || value > parameter.max()) {
                throw new CpConfigException(option, rule, handler + " parameter "
                        + parameter.name() + " must be an integer (or a duration like 100ms) in ["
                        + parameter.min() + ", " + parameter.max() + "], not '" + text + "'.");
            }
            values.add(value);
        }
        return new HandlerChoice(handler, values);
    }

    private static List<String> names(List<HandlerType.Parameter> parameters) {
        return parameters.stream().map(HandlerType.Parameter::name).toList();
    }

    /** Whether this rule applies to the channel {@code <operator>/<task>/<point>}. */
    public boolean matches(String channelName) {
        return matcher.matches(Path.of(channelName));
    }

    public String glob() {
        return glob;
    }

    public HandlerChoice choice() {
        return choice;
    }

    @Override
    public String toString() {
        return glob + "=" + choice;
    }
}
