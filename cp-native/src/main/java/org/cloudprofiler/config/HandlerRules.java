package org.cloudprofiler.config;

import java.util.ArrayList;
import java.util.List;

/**
 * The ordered rules of {@link CpOptions#HANDLERS} followed by
 * {@link CpOptions#DEFAULT_HANDLER_RULES}; the first rule that matches a channel decides its
 * handler. Immutable.
 */
public final class HandlerRules {

    /** The glob that matches every channel name. */
    private static final String CATCH_ALL = "**";

    private final List<HandlerRule> rules;

    private HandlerRules(List<HandlerRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /**
     * The user's rules, given as a list or as text separated by commas or newlines, followed by
     * the defaults.
     *
     * @throws CpConfigException for a rule that does not parse
     */
    public static HandlerRules parse(Object userRules) {
        List<HandlerRule> rules = new ArrayList<>();
        if (userRules != null) {
            rules.addAll(parseList(CpOptions.HANDLERS, userRules));
        }
        rules.addAll(parseList(CpOptions.HANDLERS, CpOptions.DEFAULT_HANDLER_RULES));
        return new HandlerRules(rules);
    }

    /**
     * Rules alone, without the defaults, given as a list or as text separated by commas or
     * newlines: the value syntax of {@link CpOptions#HANDLERS}, wherever the rules come from
     * (the configuration server's rules file and {@code cloudprofiler config set}).
     *
     * @param source what the errors name: the key, the file or the command the rules came from
     * @throws CpConfigException for a rule that does not parse
     */
    public static List<HandlerRule> parseList(CpOption source, Object rules) {
        List<HandlerRule> parsed = new ArrayList<>();
        for (String rule : ConfigValues.items(rules)) {
            parsed.add(HandlerRule.parse(source, rule));
        }
        return List.copyOf(parsed);
    }

    /** The choice of the first matching rule; the defaults end with a catch-all. */
    public HandlerChoice choose(String channelName) {
        for (HandlerRule rule : rules) {
            if (rule.matches(channelName)) {
                return rule.choice();
            }
        }
        throw new AssertionError("the default rules end with a catch-all");
    }

    /**
     * Whether every channel is {@code OFF} whatever its name: every rule is {@code OFF} up to
     * the first catch-all ({@code **}), which is too. A rule before it that is not {@code OFF}
     * might match some channel, so the answer is then no.
     */
    public boolean everyChannelOff() {
        for (HandlerRule rule : rules) {
            if (!rule.choice().isOff()) {
                return false;
            }
            if (CATCH_ALL.equals(rule.glob())) {
                return true;
            }
        }
        return false;
    }

    /** All rules in the order they are tried. */
    public List<HandlerRule> rules() {
        return rules;
    }
}
