package org.cloudprofiler.config.service.internal;

import java.util.List;

/**
 * The messages of the configuration protocol (docs/config-protocol.md), one record per datagram
 * type, without the header. Immutable.
 */
public sealed interface ConfigMessage {

    /**
     * Client to server: open a session. The server's {@link Welcome} echoes {@code nonce}, so
     * only this client's hello can open its session.
     */
    record Hello(long nonce) implements ConfigMessage {}

    /** Server to client: the session is open; its random id is in the datagram's header. */
    record Welcome(long nonce) implements ConfigMessage {}

    /** Client to server: which rule applies to this channel? */
    record Query(String channelName) implements ConfigMessage {}

    /**
     * Server to client: the first rule that matches the queried channel, {@code ""} if none does.
     *
     * @param generation the rules' generation, raised by every change
     */
    record Choice(long generation, String rule) implements ConfigMessage {}

    /**
     * Client to server: set a rule; one with the same glob is replaced where it stands, a new one
     * goes last, or first if {@code first}.
     */
    record SetRule(String rule, boolean first) implements ConfigMessage {}

    /** Client to server: remove the rule with this glob. */
    record RemoveRule(String glob) implements ConfigMessage {}

    /**
     * Server to client: the answer to {@link SetRule} and {@link RemoveRule}.
     *
     * @param generation the rules' generation after the request
     * @param problem {@code ""} if the change was made, else why not and the fix
     */
    record Done(long generation, String problem) implements ConfigMessage {}

    /** Client to server: send the rules from index {@code first} on. */
    record ListRules(int first) implements ConfigMessage {}

    /**
     * Server to client: rules {@code first ..} of {@code total}, as many as fit in one datagram.
     */
    record Rules(long generation, int first, int total, List<String> rules)
            implements ConfigMessage {

        public Rules {
            rules = List.copyOf(rules);
        }
    }
}
