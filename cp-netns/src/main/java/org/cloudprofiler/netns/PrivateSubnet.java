package org.cloudprofiler.netns;

import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A /24 in {@code 10.213.0.0/16} for one set of namespaces: host {@code .1} is the bridge in the
 * root namespace, {@code .2} onwards the nodes.
 */
record PrivateSubnet(int thirdOctet) {

    private static final int FIRST_TWO_OCTETS = (10 << 24) | (213 << 16);
    private static final Pattern CIDR =
            Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})(?:/(\\d{1,2}))?");

    PrivateSubnet {
        if (thirdOctet < 0 || thirdOctet > 255) {
            throw new IllegalArgumentException("third octet " + thirdOctet);
        }
    }

    /**
     * The first /24, starting at {@code seed} and wrapping, that overlaps none of
     * {@code prefixesInUse} ({@code a.b.c.d/len} or bare addresses); a second set on the same
     * /24 would make the root namespace's route to it ambiguous.
     *
     * @throws IllegalStateException if all 256 are taken
     */
    static PrivateSubnet choose(int seed, Collection<String> prefixesInUse) {
        for (int step = 0; step < 256; step++) {
            PrivateSubnet candidate = new PrivateSubnet(Math.floorMod(seed + step, 256));
            if (prefixesInUse.stream().noneMatch(candidate::overlaps)) {
                return candidate;
            }
        }
        throw new IllegalStateException("every /24 of 10.213.0.0/16 is in use: " + prefixesInUse);
    }

    /** The address of host {@code host} (1-254) of this subnet. */
    String host(int host) {
        if (host < 1 || host > 254) {
            throw new IllegalArgumentException("host " + host + " is not in 1-254");
        }
        return "10.213." + thirdOctet + "." + host;
    }

    /** {@code host} with the prefix length, as {@code ip addr add} wants it. */
    String hostWithPrefix(int host) {
        return host(host) + "/24";
    }

    /** Whether the prefix {@code cidr} ({@code a.b.c.d/len}, or an address) overlaps this /24. */
    boolean overlaps(String cidr) {
        Matcher matcher = CIDR.matcher(cidr);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("not an IPv4 prefix: " + cidr);
        }
        int address = 0;
        for (int octet = 1; octet <= 4; octet++) {
            address = (address << 8) | Integer.parseInt(matcher.group(octet));
        }
        int length = matcher.group(5) == null ? 32 : Integer.parseInt(matcher.group(5));
        // Two prefixes overlap iff they agree on the bits of the shorter one.
        int common = Math.min(length, 24);
        int mask = common == 0 ? 0 : -1 << (32 - common);
        return ((address ^ (FIRST_TWO_OCTETS | thirdOctet << 8)) & mask) == 0;
    }
}
