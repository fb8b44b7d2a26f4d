package org.cloudprofiler.netns;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of one set's namespaces and links: {@code cp<pid>-<set>} plus a role suffix, so that
 * parallel runs never collide and a crashed run's leftovers can be recognised by their dead pid.
 */
record NamespaceNames(long pid, int set) {

    /** Linux's limit for interface names (IFNAMSIZ less the terminating NUL). */
    static final int MAX_INTERFACE_NAME = 15;

    private static final Pattern OURS =
            Pattern.compile("cp(\\d+)-[0-9a-z]+(?:b|t|[hvn]\\d+)");

    NamespaceNames {
        if (pid <= 0 || set < 0) {
            throw new IllegalArgumentException("pid " + pid + ", set " + set);
        }
    }

    /** The prefix all names of this set share. */
    String tag() {
        return "cp" + pid + "-" + Integer.toString(set, Character.MAX_RADIX);
    }

    /** The bridge in the root namespace. */
    String bridge() {
        return checked(tag() + "b");
    }

    /** The namespace of node {@code index}. */
    String namespace(int index) {
        return checked(tag() + "n" + index);
    }

    /** The root-namespace end of node {@code index}'s veth pair, enslaved to the bridge. */
    String hostVeth(int index) {
        return checked(tag() + "h" + index);
    }

    /** The end of node {@code index}'s veth pair inside its namespace. */
    String nodeVeth(int index) {
        return checked(tag() + "v" + index);
    }

    /** The throw-away namespace and link name of an availability probe. */
    String probe() {
        return checked(tag() + "t");
    }

    /** The pid that created {@code name}, if it is a name of this class; else empty. */
    static OptionalLong ownerPid(String name) {
        Matcher matcher = OURS.matcher(name);
        if (!matcher.matches()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(matcher.group(1)));
        } catch (NumberFormatException tooLong) {
            return OptionalLong.empty();
        }
    }

    // Namespace names may be longer, but checking them all keeps one rule for every name.
    private static String checked(String name) {
        if (name.length() > MAX_INTERFACE_NAME) {
            throw new IllegalStateException("interface name " + name + " exceeds Linux's "
                    + MAX_INTERFACE_NAME + " characters: too many nodes or namespace sets");
        }
        return name;
    }
}
