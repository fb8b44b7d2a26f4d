package org.cloudprofiler.netns;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * N network namespaces, each with its own IP on one private /24, connected through veth pairs to
 * a bridge in the root namespace that has an IP too (so a root-namespace server reaches them);
 * where namespaces cannot be created, N nodes sharing 127.0.0.1 with distinct ports instead.
 *
 * <pre>{@code
 * try (NetworkNamespaces network = NetworkNamespaces.create(3)) {
 *     NetworkNode node = network.node(0);
 *     new ProcessBuilder(node.command(List.of("java", "-jar", "server.jar",
 *             node.ip(), Integer.toString(node.port(7000))))).start();
 * }
 * }</pre>
 *
 * <p>{@link #close()} (and, should the JVM exit first, a shutdown hook) kills what still runs in
 * the namespaces and removes every namespace and link it created. Names carry the creating pid
 * ({@link NamespaceNames}), so {@link #create} also removes leftovers of runs whose JVM died
 * without cleaning up. Where the host's firewall filters bridged traffic (a machine that runs
 * Docker), the bridge gets a rule that lets it forward between its ports ({@link
 * BridgeForwarding}), removed with it. Setting {@code -Dcloudprofiler.test.netns=off} forces the
 * fallback.
 * Thread-safe.
 */
public final class NetworkNamespaces implements AutoCloseable {
    /** System property that forces the loopback fallback when set to {@code off}. */
    public static final String SWITCH_PROPERTY = "cloudprofiler.test.netns";
    /** Node indexes fit two digits of the interface names ({@link NamespaceNames}). */
    public static final int MAX_NODES = 99;

    private static final String LOOPBACK = "127.0.0.1";
    private static final int BRIDGE_HOST = 1;
    private static final int FIRST_NODE_HOST = 2;
    private static final Duration KILL_WAIT = Duration.ofSeconds(5);
    private static final AtomicInteger SETS = new AtomicInteger();
    private static final Pattern INET = Pattern.compile("\\binet (\\S+)");

    private static Availability availability;

    private final List<NetworkNode> nodes;
    private final String hostIp;
    private final String description;
    private final SystemCommand ip;
    private final NamespaceNames names;
    private final List<String> createdLinks = new ArrayList<>();
    private final List<String> createdNamespaces = new ArrayList<>();
    private final Thread shutdownHook;
    private boolean closed;

    private NetworkNamespaces(List<NetworkNode> nodes, String hostIp, String description,
            SystemCommand ip, NamespaceNames names, boolean tearDownAtExit) {
        this.nodes = List.copyOf(nodes);
        this.hostIp = hostIp;
        this.description = description;
        this.ip = ip;
        this.names = names;
        this.shutdownHook = tearDownAtExit
                ? new Thread(this::teardownAtExit, "netns-teardown") : null;
    }

    /**
     * Whether namespaces can be created here: a real attempt (a namespace, a veth pair, a bridge,
     * all removed again), made once per JVM.
     */
    public static synchronized Availability available() {
        if (availability == null) {
            availability = probe();
        }
        return availability;
    }

    /**
     * {@code nodeCount} nodes in namespaces if {@link #available()}, else on the loopback (see
     * {@link #loopback}); {@link #isolated()} and {@link #toString()} tell which, and why.
     *
     * @throws IOException naming the failed {@code ip} command and its stderr if namespaces are
     *     available but building these fails (whatever was built is removed again)
     */
    public static NetworkNamespaces create(int nodeCount) throws IOException {
        checkNodeCount(nodeCount);
        Availability available = available();
        if (!available.available()) {
            return loopback(nodeCount, available.reason());
        }
        SystemCommand ip = SystemCommand.ip().orElseThrow();
        removeStale(ip);
        return build(ip, nextNames(), nodeCount, true);
    }

    /**
     * {@code nodeCount} nodes in namespaces that outlive this JVM (no shutdown hook), named after
     * {@code name} so that {@link #attachKept} finds them again from another process, and never
     * taken for a dead run's leftovers. Needs {@link #available()}.
     *
     * @param name 1 to 6 lower-case letters or digits, unique among the kept sets of the machine
     * @throws IOException if namespaces are not available, a set of that name exists, or
     *     building fails (whatever was built is removed again)
     */
    public static NetworkNamespaces createKept(int nodeCount, String name) throws IOException {
        checkNodeCount(nodeCount);
        NamespaceNames names = NamespaceNames.kept(name);
        Availability available = available();
        if (!available.available()) {
            throw new IOException("no network namespaces here: " + available.reason());
        }
        SystemCommand ip = SystemCommand.ip().orElseThrow();
        if (namespaceNames(ip.run("netns", "list")).contains(names.namespace(0))) {
            throw new IOException("network namespace " + names.namespace(0)
                    + " exists already: a kept set named " + name + " is up");
        }
        return build(ip, names, nodeCount, false);
    }

    /**
     * The kept set {@code name} of {@code nodeCount} nodes that {@link #createKept} made, maybe
     * in another process; {@link #close()} removes it.
     *
     * @throws IOException if its namespaces are not all there
     */
    public static NetworkNamespaces attachKept(int nodeCount, String name) throws IOException {
        checkNodeCount(nodeCount);
        NamespaceNames names = NamespaceNames.kept(name);
        SystemCommand ip = SystemCommand.ip().orElseThrow(
                () -> new IOException("no `ip` command (package iproute2)"));
        List<NetworkNode> nodes = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            nodes.add(new NetworkNode(i, address(ip.run("-n", names.namespace(i), "-o", "-4",
                    "addr", "show", "dev", names.nodeVeth(i)), names.namespace(i)),
                    List.of(ip.executable(), "netns", "exec", names.namespace(i)), true));
        }
        String hostIp = address(ip.run("-o", "-4", "addr", "show", "dev", names.bridge()),
                names.bridge());
        NetworkNamespaces network = new NetworkNamespaces(nodes, hostIp,
                describe(nodes, names, hostIp), ip, names, false);
        network.createdLinks.add(names.bridge());
        for (int i = 0; i < nodeCount; i++) {
            network.createdLinks.add(names.hostVeth(i));
            network.createdNamespaces.add(names.namespace(i));
        }
        return network;
    }

    /**
     * Removes whatever is left of the kept set {@code name} of {@code nodeCount} nodes, also when
     * parts of it are gone: kills what runs in its namespaces, deletes its links and namespaces.
     *
     * @return what could not be removed, empty if all is gone
     */
    public static List<String> removeKept(int nodeCount, String name) throws IOException {
        checkNodeCount(nodeCount);
        NamespaceNames names = NamespaceNames.kept(name);
        SystemCommand ip = SystemCommand.ip().orElseThrow(
                () -> new IOException("no `ip` command (package iproute2)"));
        List<String> namespaces = namespaceNames(ip.run("netns", "list"));
        List<String> links = linkNames(ip.run("-o", "link", "show"));
        NetworkNamespaces remnants = new NetworkNamespaces(List.of(), "", "the remnants of "
                + names.tag(), ip, names, false);
        for (int i = nodeCount - 1; i >= 0; i--) {
            if (namespaces.contains(names.namespace(i))) {
                remnants.createdNamespaces.add(names.namespace(i));
            }
            if (links.contains(names.hostVeth(i))) {
                remnants.createdLinks.add(names.hostVeth(i));
            }
        }
        if (links.contains(names.bridge())) {
            remnants.createdLinks.add(0, names.bridge());
        }
        return remnants.teardown();
    }

    private static NetworkNamespaces build(SystemCommand ip, NamespaceNames names, int nodeCount,
            boolean tearDownAtExit) throws IOException {
        PrivateSubnet subnet = PrivateSubnet.choose(names.tag().hashCode(),
                prefixesInUse(ip.run("-o", "-4", "addr", "show"), ip.run("-4", "route", "show")));
        List<NetworkNode> nodes = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            nodes.add(new NetworkNode(i, subnet.host(FIRST_NODE_HOST + i),
                    List.of(ip.executable(), "netns", "exec", names.namespace(i)), true));
        }
        NetworkNamespaces network = new NetworkNamespaces(nodes, subnet.host(BRIDGE_HOST),
                describe(nodes, names, subnet.host(BRIDGE_HOST)), ip, names, tearDownAtExit);
        if (tearDownAtExit) {
            Runtime.getRuntime().addShutdownHook(network.shutdownHook);
        }
        try {
            network.build(subnet);
        } catch (IOException | RuntimeException e) {
            try {
                network.close();
            } catch (RuntimeException teardown) {
                e.addSuppressed(teardown);
            }
            throw e;
        }
        return network;
    }

    private static String describe(List<NetworkNode> nodes, NamespaceNames names, String hostIp) {
        return nodes.size() + " nodes in network namespaces " + names.namespace(0) + ".."
                + names.namespace(nodes.size() - 1) + " on bridge " + names.bridge() + " ("
                + hostIp + "), nodes from " + nodes.get(0).ip();
    }

    private static String address(String output, String where) throws IOException {
        Matcher inet = INET.matcher(output);
        if (!inet.find()) {
            throw new IOException("no IPv4 address on " + where + ": " + output.strip());
        }
        String cidr = inet.group(1);
        return cidr.substring(0, cidr.indexOf('/'));
    }

    /**
     * {@code nodeCount} nodes that all live in the root namespace on 127.0.0.1: commands run
     * unchanged, and {@link NetworkNode#port} keeps their services apart.
     */
    public static NetworkNamespaces loopback(int nodeCount, String reason) {
        checkNodeCount(nodeCount);
        List<NetworkNode> nodes = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            nodes.add(new NetworkNode(i, LOOPBACK, List.of(), false));
        }
        return new NetworkNamespaces(nodes, LOOPBACK, nodeCount
                + " nodes share the root namespace on " + LOOPBACK + " (fallback: " + reason + ")",
                null, null, false);
    }

    /** Whether every node has its own namespace and IP; false in the loopback fallback. */
    public boolean isolated() {
        return ip != null;
    }

    /** Number of nodes. */
    public int size() {
        return nodes.size();
    }

    /** Node {@code index}, from 0. */
    public NetworkNode node(int index) {
        return nodes.get(index);
    }

    /** All nodes, by index. */
    public List<NetworkNode> nodes() {
        return nodes;
    }

    /** The root namespace's address on the nodes' network: the bridge's, or 127.0.0.1. */
    public String hostIp() {
        return hostIp;
    }

    /** The namespaces and links of this set that still exist; empty in the fallback. */
    public List<String> remaining() throws IOException {
        if (!isolated()) {
            return List.of();
        }
        List<String> present = new ArrayList<>(linkNames(ip.run("-o", "link", "show")));
        present.addAll(namespaceNames(ip.run("netns", "list")));
        List<String> ours = new ArrayList<>();
        ours.add(names.bridge());
        for (int i = 0; i < nodes.size(); i++) {
            ours.add(names.hostVeth(i));
            ours.add(names.namespace(i));
        }
        present.retainAll(ours);
        return present;
    }

    /**
     * Kills what still runs in the namespaces and removes them, the veth pairs and the bridge.
     * Idempotent.
     *
     * @throws IllegalStateException if something could not be removed, with the commands' stderr
     */
    @Override
    public void close() {
        if (!isolated()) {
            return;
        }
        List<String> problems = teardown();
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException shutdownInProgress) {
                // The hook is running or about to; teardown() makes it a no-op.
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException(
                    "could not tear down " + this + ":\n" + String.join("\n", problems));
        }
    }

    @Override
    public String toString() {
        return description;
    }

    private void build(PrivateSubnet subnet) throws IOException {
        String bridge = names.bridge();
        createLink(bridge, "type", "bridge");
        BridgeForwarding.allow(bridge);
        ip.run("addr", "add", subnet.hostWithPrefix(BRIDGE_HOST), "dev", bridge);
        ip.run("link", "set", bridge, "up");
        for (int i = 0; i < nodes.size(); i++) {
            String namespace = names.namespace(i);
            String nodeVeth = names.nodeVeth(i);
            synchronized (this) {
                checkOpen();
                ip.run("netns", "add", namespace);
                createdNamespaces.add(namespace);
            }
            // The peer is created inside the namespace, so its name never meets the root's.
            createLink(names.hostVeth(i), "type", "veth", "peer", "name", nodeVeth,
                    "netns", namespace);
            ip.run("link", "set", names.hostVeth(i), "master", bridge, "up");
            ip.run("-n", namespace, "addr", "add", subnet.hostWithPrefix(FIRST_NODE_HOST + i),
                    "dev", nodeVeth);
            ip.run("-n", namespace, "link", "set", nodeVeth, "up");
            ip.run("-n", namespace, "link", "set", "lo", "up");
        }
    }

    private synchronized void createLink(String name, String... spec) throws IOException {
        checkOpen();
        List<String> args = new ArrayList<>(List.of("link", "add", name));
        args.addAll(List.of(spec));
        ip.run(args.toArray(String[]::new));
        createdLinks.add(name);
    }

    // The shutdown hook may tear down a set still being built; nothing may be added after it.
    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException(this + " was torn down while being built");
        }
    }

    private void teardownAtExit() {
        List<String> problems = teardown();
        if (!problems.isEmpty()) {
            System.err.println("could not tear down " + this + ":\n" + String.join("\n", problems));
        }
    }

    private synchronized List<String> teardown() {
        if (closed) {
            return List.of();
        }
        closed = true;
        List<String> problems = new ArrayList<>();
        // A namespace lives on while a process is in it; so do its veth and the bridge port.
        for (String namespace : createdNamespaces) {
            try {
                killProcessesIn(namespace);
            } catch (IOException e) {
                problems.add(e.getMessage());
            }
        }
        // Links first and explicitly: a namespace's own links vanish asynchronously.
        List<String> links = new ArrayList<>(createdLinks);
        Collections.reverse(links);
        for (String link : links) {
            runCollecting(problems, "link", "delete", link);
        }
        for (String namespace : createdNamespaces) {
            runCollecting(problems, "netns", "delete", namespace);
        }
        try {
            if (BridgeForwarding.bridgesWithRules().contains(names.bridge())) {
                BridgeForwarding.remove(names.bridge());
            }
        } catch (IOException e) {
            problems.add(e.getMessage());
        }
        try {
            List<String> left = remaining();
            return left.isEmpty() ? List.of() : withLeftovers(problems, left);
        } catch (IOException e) {
            problems.add(e.getMessage());
            return problems;
        }
    }

    private static List<String> withLeftovers(List<String> problems, List<String> left) {
        List<String> all = new ArrayList<>(problems);
        all.add("still present: " + left);
        return all;
    }

    private void runCollecting(List<String> problems, String... args) {
        try {
            ip.run(args);
        } catch (IOException e) {
            problems.add(e.getMessage());
        }
    }

    private void killProcessesIn(String namespace) throws IOException {
        for (String pid : ip.run("netns", "pids", namespace).split("\\s+")) {
            if (pid.isEmpty()) {
                continue;
            }
            Optional<ProcessHandle> process = ProcessHandle.of(Long.parseLong(pid));
            if (process.isPresent()) {
                process.get().destroyForcibly();
                try {
                    process.get().onExit().get(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
                } catch (Exception e) {
                    throw new IOException("process " + pid + " in " + namespace
                            + " did not die within " + KILL_WAIT.toSeconds() + " s", e);
                }
            }
        }
    }

    private static Availability probe() {
        if ("off".equals(System.getProperty(SWITCH_PROPERTY))) {
            return Availability.no("disabled by -D" + SWITCH_PROPERTY + "=off");
        }
        Optional<SystemCommand> found = SystemCommand.ip();
        if (found.isEmpty()) {
            return Availability.no(
                    "no `ip` command (package iproute2) on the PATH or in /usr/sbin, /sbin");
        }
        OptionalLong uid = effectiveUid();
        if (uid.isPresent() && uid.getAsLong() != 0) {
            return Availability.no("not root (uid " + uid.getAsLong()
                    + "); creating network namespaces needs root");
        }
        SystemCommand ip = found.get();
        String probe = nextNames().probe();
        try {
            ip.run("netns", "add", probe);
            try {
                ip.run("link", "add", probe, "type", "veth", "peer", "name", "probe",
                        "netns", probe);
                ip.run("link", "delete", probe);
                ip.run("link", "add", probe, "type", "bridge");
                ip.run("link", "delete", probe);
            } finally {
                ip.run("netns", "delete", probe);
            }
            return Availability.yes();
        } catch (IOException e) {
            return Availability.no("cannot create a namespace, veth pair and bridge: "
                    + e.getMessage());
        }
    }

    // The owner of /proc/self is the effective uid; no JDK API offers it directly.
    private static OptionalLong effectiveUid() {
        try {
            return OptionalLong.of(((Number) Files.getAttribute(Path.of("/proc/self"),
                    "unix:uid")).longValue());
        } catch (IOException | UnsupportedOperationException e) {
            return OptionalLong.empty();
        }
    }

    private static NamespaceNames nextNames() {
        return NamespaceNames.ofProcess(ProcessHandle.current().pid(), SETS.getAndIncrement());
    }

    /** Best effort: a leftover we cannot remove must not fail a run that does not need it. */
    private static void removeStale(SystemCommand ip) {
        try {
            LongPredicate alive = pid -> ProcessHandle.of(pid).isPresent();
            for (String link : staleNames(linkNames(ip.run("-o", "link", "show")), alive)) {
                removeStale(ip, "link", link);
            }
            for (String namespace : staleNames(namespaceNames(ip.run("netns", "list")), alive)) {
                removeStale(ip, "netns", namespace);
            }
            for (String bridge : staleNames(BridgeForwarding.bridgesWithRules(), alive)) {
                BridgeForwarding.remove(bridge);
                System.err.println("removed the stale forwarding rule of bridge " + bridge
                        + " of a run that is gone");
            }
        } catch (IOException e) {
            System.err.println("could not look for stale network namespaces: " + e.getMessage());
        }
    }

    private static void removeStale(SystemCommand ip, String object, String name) {
        try {
            ip.run(object, "delete", name);
            System.err.println("removed stale " + object + " " + name + " of a run that is gone");
        } catch (IOException e) {
            // A parallel run may have removed it first.
            System.err.println("could not remove stale " + object + " " + name + ": "
                    + e.getMessage());
        }
    }

    /** The names that {@link NamespaceNames} made for a process that no longer runs. */
    static List<String> staleNames(List<String> names, LongPredicate alive) {
        return names.stream().filter(name -> {
            OptionalLong pid = NamespaceNames.ownerPid(name);
            return pid.isPresent() && !alive.test(pid.getAsLong());
        }).toList();
    }

    /** Interface names from {@code ip -o link show}: {@code "7: name@if2: <...> ..."}. */
    static List<String> linkNames(String output) {
        List<String> result = new ArrayList<>();
        for (String line : output.split("\n")) {
            String[] fields = line.split(": ", 3);
            if (fields.length >= 2) {
                int peer = fields[1].indexOf('@');
                result.add(peer < 0 ? fields[1] : fields[1].substring(0, peer));
            }
        }
        return result;
    }

    /** Namespace names from {@code ip netns list}: {@code "name (id: 0)"} or {@code "name"}. */
    static List<String> namespaceNames(String output) {
        List<String> result = new ArrayList<>();
        for (String line : output.split("\n")) {
            String[] fields = line.strip().split("\\s+", 2);
            if (!fields[0].isEmpty()) {
                result.add(fields[0]);
            }
        }
        return result;
    }

    /**
     * The IPv4 prefixes the root namespace already uses, from {@code ip -o -4 addr show} and
     * {@code ip -4 route show}; the default route does not count.
     */
    static List<String> prefixesInUse(String addresses, String routes) {
        List<String> result = new ArrayList<>();
        Matcher inet = INET.matcher(addresses);
        while (inet.find()) {
            result.add(inet.group(1));
        }
        for (String line : routes.split("\n")) {
            String destination = line.strip().split("\\s+", 2)[0];
            if (!destination.isEmpty() && Character.isDigit(destination.charAt(0))) {
                result.add(destination);
            }
        }
        return result;
    }

    private static void checkNodeCount(int nodeCount) {
        if (nodeCount < 1 || nodeCount > MAX_NODES) {
            throw new IllegalArgumentException(
                    "node count " + nodeCount + " is not in 1-" + MAX_NODES);
        }
    }
}
