package org.cloudprofiler.config.service;

import java.util.List;

/**
 * The configuration server's rules at one generation, in the order they are tried. Immutable.
 *
 * @param rules each in the rule syntax {@code glob=HANDLER[:param...]}
 */
public record ServerRuleList(long generation, List<String> rules) {

    public ServerRuleList {
        rules = List.copyOf(rules);
    }
}
