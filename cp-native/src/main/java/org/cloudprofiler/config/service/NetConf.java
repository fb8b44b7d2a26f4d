package org.cloudprofiler.config.service;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.UnaryOperator;
import org.cloudprofiler.CloudProfiler;
import org.cloudprofiler.config.CpSettings;
import org.cloudprofiler.config.HandlerChoice;
import org.cloudprofiler.config.ServerAddress;
import org.cloudprofiler.log.LogFormat;

/**
 * The seed paper's {@code NET_CONF} handler: a channel asks the configuration server at open
 * which handler it gets. Without a valid answer within {@link #ANSWER_TIMEOUT} (the server
 * unreachable, slow, refusing, or answering garbage) the channel keeps the handler it requested;
 * every such fallback is counted, and the first in the process is logged with the fix.
 *
 * <p>Thread-safe, and callers never wait for each other: each call has a socket of its own.
 */
public final class NetConf {
    /** The longest a lookup keeps its caller from opening the channel. */
    public static final Duration ANSWER_TIMEOUT = Duration.ofMillis(200);
    /**
     * How long a lookup waits for answers: less than {@link #ANSWER_TIMEOUT}, because a cold
     * JVM's first lookup spends tens of ms loading and linking the classes it runs.
     */
    private static final Duration WAIT_BUDGET = Duration.ofMillis(150);
    /** How often the watcher asks the server for the rules of the channels that follow them. */
    public static final Duration FOLLOW_INTERVAL = Duration.ofMillis(250);

    private static final System.Logger LOG = System.getLogger(NetConf.class.getName());
    private static final AtomicBoolean FALLBACK_LOGGED = new AtomicBoolean();
    private static final AtomicBoolean FOLLOW_PROBLEM_LOGGED = new AtomicBoolean();
    private static final LongAdder ANSWERED = new LongAdder();
    private static final LongAdder FALLBACKS = new LongAdder();

    static {
        warmUp();
    }

    private final ServerAddress server;
    private final InetSocketAddress resolved;
    private final String token;
    /** Completes a server's choice with the engine's settings (periods the rule leaves out). */
    private final UnaryOperator<HandlerChoice> completion;
    private final Set<NetConfChannel> following = ConcurrentHashMap.newKeySet();
    private Thread watcher;  // guarded by this
    /**
     * The watcher's client, kept from one interval to the next so that its session is too
     * (docs/config-protocol.md); used by the watcher thread only, handed over under this.
     */
    private ConfigClient followClient;

    private NetConf(ServerAddress server, InetSocketAddress resolved, String token,
            UnaryOperator<HandlerChoice> completion) {
        this.server = server;
        this.resolved = resolved;
        this.token = token;
        this.completion = completion;
    }

    /**
     * Lookups at {@code server}, whose name is resolved now, once: a name that does not resolve
     * makes every lookup fall back. A rule's handler without parameters gets the handler's
     * defaults (a period of 100 ms for {@code SPC}, {@code MPC} and {@code CPU}).
     */
    public static NetConf of(ServerAddress server, String token) {
        Objects.requireNonNull(token, "token (use \"\" for none)");
        return new NetConf(server, server.resolve(), token, UnaryOperator.identity());
    }

    /**
     * Lookups at an engine's configuration server ({@link CpSettings#configServer()}, with its
     * token): a rule of {@code SPC}, {@code MPC} or {@code CPU} without a period gets the
     * engine's ({@link CpSettings#withPeriods}), at open and after every change, as the
     * engine's own rules do.
     */
    public static NetConf of(CpSettings settings) {
        Objects.requireNonNull(settings.configServer(), "settings name no configuration server");
        return new NetConf(settings.configServer(), settings.configServer().resolve(),
                settings.configServerToken(), settings::withPeriods);
    }

    /**
     * The server's choice for {@code channelName}: its first matching rule's, or
     * {@code requested} if none of its rules matches or it gave no valid answer in time.
     */
    public HandlerChoice choose(String channelName, HandlerChoice requested) {
        return chooseAll(Map.of(channelName, requested)).get(channelName);
    }

    /**
     * {@link #choose} for several channels within one {@link #ANSWER_TIMEOUT}, as a task asks for
     * its probe points: once a lookup gets no answer, the channels after it keep their requested
     * handlers without asking.
     *
     * @param requested channel names and their requested handlers, in the order to ask
     * @return the same names, in the same order, with their choices
     */
    public Map<String, HandlerChoice> chooseAll(Map<String, HandlerChoice> requested) {
        Map<String, HandlerChoice> chosen = new LinkedHashMap<>();
        long deadlineNs = System.nanoTime() + WAIT_BUDGET.toNanos();
        IOException failure = null;
        try (ConfigClient client = resolved.isUnresolved() ? null
                : new ConfigClient(resolved, token)) {
            for (Map.Entry<String, HandlerChoice> channel : requested.entrySet()) {
                HandlerChoice choice = channel.getValue();
                if (failure == null) {
                    try {
                        choice = ask(client, channel.getKey(), choice, deadlineNs);
                        ANSWERED.increment();
                    } catch (IOException e) {
                        failure = e;
                    }
                }
                if (failure != null) {
                    fallBack(channel.getKey(), choice, failure);
                }
                chosen.put(channel.getKey(), choice);
            }
        } catch (IOException e) {
            requested.forEach((name, choice) -> fallBack(name, choice, e));
            return new LinkedHashMap<>(requested);
        }
        return chosen;
    }

    private HandlerChoice ask(ConfigClient client, String channelName, HandlerChoice requested,
            long deadlineNs) throws ConfigServiceException {
        if (client == null) {
            throw new ConfigServiceException("the host of " + server + " does not resolve");
        }
        long leftNs = deadlineNs - System.nanoTime();
        if (leftNs <= 0) {
            throw new ConfigServiceException("no answer from the configuration server at "
                    + server + " within " + WAIT_BUDGET.toMillis() + " ms");
        }
        ServerChoice answer = client.query(channelName, Duration.ofNanos(leftNs));
        return answer.rule() == null ? requested : completion.apply(answer.rule().choice());
    }

    private static void fallBack(String channelName, HandlerChoice requested, IOException why) {
        FALLBACKS.increment();
        if (FALLBACK_LOGGED.compareAndSet(false, true)) {
            String message = "cloudprofiler: channel " + channelName + " keeps its requested"
                    + " handler " + requested + ": " + why.getMessage() + " (later channels that"
                    + " fall back are counted by NetConf.counters(), not logged)";
            // Logged on another thread: a logging framework's first use can take longer than
            // the whole lookup budget, and the caller must not wait for it.
            CompletableFuture.runAsync(() -> LOG.log(Level.WARNING, message));
        }
    }

    /**
     * Opens a {@code NET_CONF} channel: the handler is {@link #choose chosen}, then the channel
     * opened with it.
     *
     * @return the channel's handle, or 0 if the chosen rule is {@code OFF} (no channel)
     * @throws org.cloudprofiler.CloudProfilerException as
     *     {@link CloudProfiler#openChannel(String, LogFormat, HandlerChoice)}
     */
    public long openChannel(String name, LogFormat format, HandlerChoice requested) {
        HandlerChoice choice = choose(name, requested);
        return choice.isOff() ? 0 : CloudProfiler.openChannel(name, format, choice);
    }

    /**
     * Runs a lookup's code once without waiting, when the class is loaded (before any lookup's
     * budget starts): a cold JVM spends tens of ms loading and linking what a lookup and its
     * failure run, which would come out of the first lookup's budget.
     */
    private static void warmUp() {
        try (ConfigClient client = new ConfigClient(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 9), "")) {
            client.query("warm/0/up", Duration.ZERO);
        } catch (IOException expected) {
            // No answer within zero time: the failure path is the one that wanted warming.
        }
    }

    /**
     * Opens a {@code NET_CONF} channel that follows its rule while open: the handler is
     * {@link #choose chosen} as for {@link #openChannel}, and a change of the server's rule
     * reaches the channel within {@link #FOLLOW_INTERVAL} and the time of one lookup. An
     * {@code OFF} rule continues it as {@code NULL}. While the server does not answer, the
     * channel keeps the handler it has.
     *
     * @throws org.cloudprofiler.CloudProfilerException as
     *     {@link CloudProfiler#openChannel(String, LogFormat, HandlerChoice)}
     */
    public NetConfChannel open(String name, LogFormat format, HandlerChoice requested) {
        return follow(name, format, requested, choose(name, requested));
    }

    /**
     * As {@link #open}, for a channel whose handler was {@link #chooseAll chosen} before (a
     * task asks for its probe points when it starts, and opens them on its first tuple).
     */
    public NetConfChannel follow(String name, LogFormat format, HandlerChoice requested,
            HandlerChoice chosen) {
        NetConfChannel channel = new NetConfChannel(this, name, format, requested, chosen);
        following.add(channel);
        startWatcher();
        return channel;
    }

    void stopFollowing(NetConfChannel channel) {
        following.remove(channel);
    }

    private synchronized void startWatcher() {
        if (watcher == null) {
            watcher = new Thread(this::watch, "cp-netconf-watcher " + server);
            watcher.setDaemon(true);
            watcher.start();
        }
    }

    /** Asks for every following channel's rule each interval, until none is left open. */
    private void watch() {
        while (true) {
            try {
                Thread.sleep(FOLLOW_INTERVAL.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            synchronized (this) {
                // A channel opened from now on starts a new watcher: open() adds it first.
                if (following.isEmpty()) {
                    watcher = null;
                    if (followClient != null) {
                        followClient.close();
                        followClient = null;
                    }
                    return;
                }
            }
            followRules();
        }
    }

    private void followRules() {
        if (resolved.isUnresolved()) {
            return;
        }
        try {
            if (followClient == null) {
                followClient = new ConfigClient(resolved, token);
            }
            for (NetConfChannel channel : following) {
                ServerChoice answer = followClient.query(channel.name(), WAIT_BUDGET);
                channel.follow(answer.rule() == null ? channel.requested()
                        : completion.apply(answer.rule().choice()));
            }
        } catch (IOException | RuntimeException e) {
            // No answer, or a successor that could not be opened: the handlers stay, and the
            // next interval asks again. Said once per process, as for lookups at open.
            if (FOLLOW_PROBLEM_LOGGED.compareAndSet(false, true)) {
                CompletableFuture.runAsync(() -> LOG.log(Level.WARNING, "cloudprofiler: open"
                        + " NET_CONF channels keep their handlers: " + e.getMessage()
                        + " (asked again every " + FOLLOW_INTERVAL.toMillis() + " ms)"));
            }
        }
    }

    /** This process's lookups so far, over every server. */
    public static NetConfCounters counters() {
        return new NetConfCounters(ANSWERED.sum(), FALLBACKS.sum());
    }
}
