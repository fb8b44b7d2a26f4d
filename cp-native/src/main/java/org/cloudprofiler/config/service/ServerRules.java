package org.cloudprofiler.config.service;

import java.util.ArrayList;
import java.util.List;
import org.cloudprofiler.config.HandlerRule;
import org.cloudprofiler.config.service.internal.ConfigCodec;

/**
 * The configuration server's rules at one generation: ordered, the first match wins, and no
 * defaults follow them (a channel no rule matches keeps the handler it asked for). Immutable;
 * every change makes the next generation.
 */
record ServerRules(long generation, List<HandlerRule> rules) {
    /** Most rules a server holds: a list must fit the protocol's 16-bit indices. */
    static final int MAX_RULES = 4096;

    ServerRules {
        rules = List.copyOf(rules);
    }

    /** The first rule that matches the channel, or {@code null}. */
    HandlerRule match(String channelName) {
        for (HandlerRule rule : rules) {
            if (rule.matches(channelName)) {
                return rule;
            }
        }
        return null;
    }

    /**
     * With {@code rule} set: one with the same glob is replaced where it stands, a new one goes
     * last, or first if {@code first}.
     */
    ServerRules with(HandlerRule rule, boolean first) {
        List<HandlerRule> changed = new ArrayList<>(rules);
        int index = indexOf(rule.glob());
        if (index >= 0) {
            changed.set(index, rule);
        } else if (first) {
            changed.add(0, rule);
        } else {
            changed.add(rule);
        }
        return new ServerRules(generation + 1, changed);
    }

    /** Without the rule whose glob is {@code glob}; {@code null} if there is none. */
    ServerRules without(String glob) {
        int index = indexOf(glob);
        if (index < 0) {
            return null;
        }
        List<HandlerRule> changed = new ArrayList<>(rules);
        changed.remove(index);
        return new ServerRules(generation + 1, changed);
    }

    /** These rules replaced by {@code replacement}, one generation on. */
    ServerRules replacedBy(List<HandlerRule> replacement) {
        return new ServerRules(generation + 1, replacement);
    }

    /**
     * Why {@code candidate} cannot be the rules, or {@code null} if they can: too many, or a
     * rule whose text does not fit a datagram's text field.
     */
    static String problemWith(List<HandlerRule> candidate) {
        if (candidate.size() > MAX_RULES) {
            return candidate.size() + " rules, more than the " + MAX_RULES + " a server holds";
        }
        for (HandlerRule rule : candidate) {
            if (ConfigCodec.textBytes(rule.toString()) - 2 > ConfigCodec.MAX_TEXT_BYTES) {
                return "the rule '" + rule + "' is longer than " + ConfigCodec.MAX_TEXT_BYTES
                        + " bytes; shorten its glob";
            }
        }
        return null;
    }

    /** The rules in the file syntax, one per line. */
    String text() {
        StringBuilder text = new StringBuilder();
        rules.forEach(rule -> text.append(rule).append('\n'));
        return text.toString();
    }

    private int indexOf(String glob) {
        for (int i = 0; i < rules.size(); i++) {
            if (rules.get(i).glob().equals(glob)) {
                return i;
            }
        }
        return -1;
    }
}
