package org.cloudprofiler.netns;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of one set's namespaces and links: a tag plus a role suffix. A set that lives with its
 * process is tagged {@code cp<pid>-<set>}, so that parallel runs never collide and a crashed
 * run's leftovers can be recognised by their dead pid; a kept set (the local cluster's, which
 * outlives the command that made it) is tagged {@code cpk<name>} and is never taken for a
 * leftover.
 */
record NamespaceNames(String tag) {

    /** Linux's limit for interface names (IFNAMSIZ less the terminating NUL). */
    static final int MAX_INTERFACE_NAME = 15;

    private static final Pattern OURS =
            Pattern.compile("cp(\\d+)-[0-9a-z]+(?:b|t|[hvn]\\d+)");
    private static final Pattern KEPT_NAME = Pattern.compile("[0-9a-z]{1,6}");

    /** The names of set {@code set} of process {@code pid}. */
    static NamespaceNames ofProcess(long pid, int set) {
        if (pid <= 0 || set < 0) {
            throw new IllegalArgumentException("pid " + pid + ", set " + set);
        }
        return new NamespaceNames("cp" + pid + "-" + Integer.toString(set, Character.MAX_RADIX));
    }

    /** The names of the kept set {@code name}: 1 to 6 lower-case letters or digits. */
    static NamespaceNames kept(String name) {
        if (!KEPT_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a kept set's name is 1 to 6 of [0-9a-z], not \""
                    + name + "\"");
        }
        return new NamespaceNames("cpk" + name);
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
