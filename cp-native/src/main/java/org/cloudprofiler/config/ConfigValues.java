package org.cloudprofiler.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Parsers for the value syntaxes of the configuration keys; stateless. */
final class ConfigValues {

    private ConfigValues() {}

    /** {@code true} or {@code false}, as a Boolean or as text in any case. */
    static boolean parseBoolean(CpOption option, Object value) {
        if (value instanceof Boolean flag) {
            return flag;
        }
        String text = String.valueOf(value).trim().toLowerCase(Locale.ROOT);
        if (text.equals("true") || text.equals("false")) {
            return Boolean.parseBoolean(text);
        }
        throw new CpConfigException(option, value, "write true or false.");
    }

    /**
     * A duration with a unit ({@code ns}, {@code us}, {@code ms}, {@code s}), in nanoseconds.
     * A bare number is refused: whether it meant milliseconds or nanoseconds cannot be told.
     */
    static long parseDurationNs(CpOption option, Object value) {
        Long ns = durationNsOrNull(String.valueOf(value).trim());
        if (ns == null) {
            throw new CpConfigException(option, value,
                    "write a positive duration with a unit (ns, us, ms or s), e.g. 100ms.");
        }
        return ns;
    }

    /** The duration in ns if {@code text} is a number followed by a unit, else {@code null}. */
    static Long durationNsOrNull(String text) {
        String[] units = {"ns", "us", "ms", "s"};
        long[] scale = {1L, 1_000L, 1_000_000L, 1_000_000_000L};
        for (int i = 0; i < units.length; i++) {
            if (text.endsWith(units[i])) {
                String number = text.substring(0, text.length() - units[i].length()).trim();
                Long amount = longOrNull(number);
                if (amount == null || amount <= 0) {
                    return null;
                }
                try {
                    return Math.multiplyExact(amount, scale[i]);
                } catch (ArithmeticException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** A decimal integer, {@code _} allowed between digits, or {@code null}. */
    static Long longOrNull(String text) {
        String digits = text.replace("_", "");
        if (digits.isEmpty() || text.startsWith("_") || text.endsWith("_")) {
            return null;
        }
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The items of a list value: a {@link List} as given (Storm's YAML), or text split at
     * newlines and at commas outside {@code {...}} (which globs use for alternatives).
     */
    static List<String> items(Object value) {
        List<String> items = new ArrayList<>();
        if (value instanceof List<?> list) {
            for (Object item : list) {
                items.add(String.valueOf(item).trim());
            }
        } else {
            String text = String.valueOf(value);
            int depth = 0;
            StringBuilder current = new StringBuilder();
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                depth += c == '{' ? 1 : c == '}' ? -1 : 0;
                if ((c == ',' && depth <= 0) || c == '\n') {
                    items.add(current.toString().trim());
                    current.setLength(0);
                } else {
                    current.append(c);
                }
            }
            items.add(current.toString().trim());
        }
        items.removeIf(String::isEmpty);
        return items;
    }
}
