package org.cloudprofiler.config.service;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.cloudprofiler.config.CpConfigException;
import org.cloudprofiler.config.CpOption;
import org.cloudprofiler.config.HandlerRule;
import org.cloudprofiler.config.HandlerRules;
import org.cloudprofiler.config.service.internal.ConfigCodec;
import org.cloudprofiler.config.service.internal.ConfigDatagram;
import org.cloudprofiler.config.service.internal.ConfigMessage;
import org.cloudprofiler.config.service.internal.ConfigMessage.Choice;
import org.cloudprofiler.config.service.internal.ConfigKey;
import org.cloudprofiler.config.service.internal.ConfigMessage.Done;
import org.cloudprofiler.config.service.internal.ConfigMessage.Hello;
import org.cloudprofiler.config.service.internal.ConfigMessage.ListRules;
import org.cloudprofiler.config.service.internal.ConfigMessage.Query;
import org.cloudprofiler.config.service.internal.ConfigMessage.RemoveRule;
import org.cloudprofiler.config.service.internal.ConfigMessage.Rules;
import org.cloudprofiler.config.service.internal.ConfigMessage.SetRule;
import org.cloudprofiler.config.service.internal.ConfigMessage.Welcome;
import org.cloudprofiler.config.service.internal.RejectedDatagramException;
import org.cloudprofiler.config.service.internal.Rejection;
import org.cloudprofiler.config.service.internal.VersionOneRefusal;

/**
 * The configuration server (UDP, docs/config-protocol.md): answers which handler rule applies to
 * a channel, and takes rule changes from {@code cloudprofiler config} and from a rules file it
 * polls. Every datagram carries a MAC keyed from the shared secret and, after a client's
 * {@code HELLO}, its session's id; a request id is served once. Datagrams that cannot be
 * trusted are dropped, counted, and the first of each kind is logged with its reason.
 *
 * <p>One thread of its own, a daemon, receives, answers and polls the file; the rules are an
 * immutable snapshot it replaces, so the accessors are thread-safe without a lock.
 */
public final class ConfigServer implements AutoCloseable {
    /** The port unless told otherwise; the sync server's is one lower. */
    public static final int DEFAULT_PORT = 7712;

    private static final System.Logger LOG = System.getLogger(ConfigServer.class.getName());
    private static final CpOption CLIENT_SOURCE = new CpOption("config set", "",
            "A rule sent to the configuration server by cloudprofiler config set.");
    private static final int RECEIVE_POLL_MS = 50;
    private static final long FILE_POLL_NS = 100_000_000L;
    /**
     * Answers to clients of protocol version 1 are at most this frequent: each is up to a few
     * times the size of the request, and anyone can send one from a spoofed address.
     */
    private static final long VERSION_ONE_ANSWER_INTERVAL_NS = 100_000_000L;
    private static final String VERSION_ONE_PROBLEM = "this configuration server speaks"
            + " protocol version " + ConfigCodec.VERSION + ", this client version 1: run the"
            + " same cloudprofiler version on both sides";

    private final DatagramSocket socket;
    private final ConfigCodec codec;
    private final ClientSessions sessions = new ClientSessions();
    private final RulesFile rulesFile;
    private final Thread thread;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong malformed = new AtomicLong();
    private final AtomicLong oversized = new AtomicLong();
    private final AtomicLong wrongVersion = new AtomicLong();
    private final AtomicLong unauthenticated = new AtomicLong();
    private final AtomicLong wrongSession = new AtomicLong();
    private final AtomicLong replayed = new AtomicLong();
    private final AtomicLong repeatedRequests = new AtomicLong();
    private final AtomicLong unexpected = new AtomicLong();
    private final AtomicLong sessionsOpened = new AtomicLong();
    private final AtomicLong queries = new AtomicLong();
    private final AtomicLong changes = new AtomicLong();
    private final AtomicLong refusedChanges = new AtomicLong();
    private final AtomicLong rejectedFiles = new AtomicLong();
    private final Set<Rejection> rejectionsLogged = EnumSet.noneOf(Rejection.class);
    private final Set<ClientSessions.Verdict> refusalsLogged =
            EnumSet.noneOf(ClientSessions.Verdict.class);
    private volatile ServerRules rules = new ServerRules(0, List.of());
    private long nextVersionOneAnswerNs = System.nanoTime();
    private volatile boolean closing;

    private ConfigServer(DatagramSocket socket, String token, RulesFile rulesFile) {
        this.socket = socket;
        this.codec = new ConfigCodec(ConfigKey.fromSecret(token));
        this.rulesFile = rulesFile;
        this.thread = new Thread(this::serve, "cp-config-server");
        this.thread.setDaemon(true);
    }

    /**
     * Binds {@code bindHost:port} (port 0: any free one) and starts serving. Use a loopback
     * address unless the channels run on other hosts.
     *
     * @param token the secret shared with the clients, which every datagram's MAC is keyed
     *     from; {@code ""} for none (then anyone who can reach the port can change the rules)
     * @param rulesFile where the rules come from and changes go to; {@code null} to keep them in
     *     memory only. A missing file is created by the first change.
     * @throws CpConfigException if the rules file holds a rule that does not parse
     * @throws IOException if the address cannot be bound or the file cannot be read
     */
    public static ConfigServer start(String bindHost, int port, String token, Path rulesFile)
            throws IOException {
        Objects.requireNonNull(bindHost, "bindHost");
        Objects.requireNonNull(token, "token (use \"\" for none)");
        RulesFile file = rulesFile == null ? null : new RulesFile(rulesFile);
        List<HandlerRule> initial = file == null ? null : file.readIfChanged();
        String problem = initial == null ? null : ServerRules.problemWith(initial);
        if (problem != null) {
            throw new IOException(rulesFile + ": " + problem);
        }
        DatagramSocket socket;
        try {
            socket = new DatagramSocket(new InetSocketAddress(InetAddress.getByName(bindHost),
                    port));
        } catch (SocketException e) {
            throw new IOException("cannot bind the configuration server to " + bindHost + ":"
                    + port + " (" + e.getMessage() + "); choose another --port or stop the"
                    + " process that holds it", e);
        }
        socket.setSoTimeout(RECEIVE_POLL_MS);
        ConfigServer server = new ConfigServer(socket, token, file);
        server.rules = new ServerRules(0, initial == null ? List.of() : initial);
        server.thread.start();
        return server;
    }

    /** The bound address. */
    public InetSocketAddress address() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    /** The rules in force, in the order they are tried. */
    public List<HandlerRule> rules() {
        return rules.rules();
    }

    /** Raised by every change; clients compare it to notice changes. */
    public long generation() {
        return rules.generation();
    }

    public ConfigServerCounters counters() {
        return new ConfigServerCounters(received.get(), malformed.get(), oversized.get(),
                wrongVersion.get(), unauthenticated.get(), wrongSession.get(), replayed.get(),
                repeatedRequests.get(), unexpected.get(), sessionsOpened.get(), queries.get(),
                changes.get(),
                refusedChanges.get(), rejectedFiles.get());
    }

    /** Stops serving and frees the port; waits for the server's thread (one poll, 50 ms). */
    @Override
    public void close() {
        closing = true;
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;  // the port must still be freed: finish, then pass it on
            }
        }
        socket.close();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void serve() {
        byte[] buffer = new byte[ConfigCodec.MAX_DATAGRAM_BYTES + 1];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        long nextFilePollNs = System.nanoTime() + FILE_POLL_NS;
        while (!closing) {
            try {
                packet.setLength(buffer.length);
                socket.receive(packet);
                // A datagram longer than the buffer arrives cut to its length: one byte more
                // than the protocol allows is enough to tell it was oversized.
                receive(buffer, packet.getLength(), packet.getSocketAddress());
            } catch (SocketTimeoutException e) {
                // Nothing arrived: time to look at the file.
            } catch (IOException e) {
                LOG.log(Level.WARNING, "configuration server: receiving failed: " + e);
            }
            if (rulesFile != null && System.nanoTime() - nextFilePollNs >= 0) {
                pollFile();
                nextFilePollNs = System.nanoTime() + FILE_POLL_NS;
            }
        }
    }

    private void receive(byte[] buffer, int length, SocketAddress from) throws IOException {
        received.incrementAndGet();
        ConfigDatagram datagram;
        try {
            datagram = codec.decode(buffer, length);
        } catch (RejectedDatagramException e) {
            reject(e, from);
            if (e.rejection() == Rejection.WRONG_VERSION) {
                answerVersionOne(buffer, length, from);
            }
            return;
        }
        ConfigMessage message = datagram.message();
        if (message instanceof Hello hello) {
            // A replayed hello opens a session its sender cannot use: it has no key to sign in it.
            sessionsOpened.incrementAndGet();
            send(codec.encode(new Welcome(hello.nonce()), sessions.open(), datagram.requestId()),
                    from);
            return;
        }
        if (!isRequest(message)) {
            unexpected.incrementAndGet();
            return;
        }
        ClientSessions.Verdict verdict = sessions.admit(datagram.session(), datagram.requestId());
        switch (verdict) {
            case SERVE -> {
                ConfigMessage reply = serve(message, from);
                byte[] bytes = codec.encode(reply, datagram.session(), datagram.requestId());
                sessions.answered(datagram.session(), datagram.requestId(), bytes);
                send(bytes, from);
            }
            case ANSWER_AGAIN -> {
                // A retry (its reply was lost) or a replay of the latest request: the same
                // answer again, never the change made twice.
                repeatedRequests.incrementAndGet();
                send(sessions.answer(datagram.session()), from);
            }
            case UNKNOWN_SESSION -> refuse(verdict, wrongSession, from,
                    "a session this server did not open (an earlier server's, or one closed"
                            + " after " + ClientSessions.CAPACITY + " newer ones)");
            case REPLAYED -> refuse(verdict, replayed, from,
                    "a request id already served or more than 64 behind the latest: a replay");
        }
    }

    /** Tells a client of protocol version 1 why it gets no rules, in its own layout. */
    private void answerVersionOne(byte[] buffer, int length, SocketAddress from)
            throws IOException {
        long now = System.nanoTime();
        if (now - nextVersionOneAnswerNs < 0) {
            return;
        }
        byte[] answer = VersionOneRefusal.answer(buffer, length, VERSION_ONE_PROBLEM);
        if (answer != null) {
            nextVersionOneAnswerNs = now + VERSION_ONE_ANSWER_INTERVAL_NS;
            send(answer, from);
        }
    }

    private static boolean isRequest(ConfigMessage message) {
        return message instanceof Query || message instanceof SetRule
                || message instanceof RemoveRule || message instanceof ListRules;
    }

    private void send(byte[] bytes, SocketAddress to) throws IOException {
        socket.send(new DatagramPacket(bytes, bytes.length, to));
    }

    private void refuse(ClientSessions.Verdict verdict, AtomicLong counter, SocketAddress from,
            String why) {
        counter.incrementAndGet();
        Level level = refusalsLogged.add(verdict) ? Level.WARNING : Level.DEBUG;
        LOG.log(level, "configuration server: dropped an authentic datagram from " + from + ": "
                + why + (level == Level.WARNING ? " (further ones are only counted)" : ""));
    }

    private ConfigMessage serve(ConfigMessage message, SocketAddress from) {
        ConfigMessage reply;
        if (message instanceof Query query) {
            reply = answer(query);
        } else if (message instanceof SetRule set) {
            reply = set(set, from);
        } else if (message instanceof RemoveRule remove) {
            reply = remove(remove, from);
        } else {
            reply = list((ListRules) message);
        }
        return reply;
    }

    private void reject(RejectedDatagramException e, SocketAddress from) {
        AtomicLong counter = switch (e.rejection()) {
            case MALFORMED -> malformed;
            case OVERSIZED -> oversized;
            case WRONG_VERSION -> wrongVersion;
            case UNAUTHENTICATED -> unauthenticated;
        };
        counter.incrementAndGet();
        Level level = rejectionsLogged.add(e.rejection()) ? Level.WARNING : Level.DEBUG;
        LOG.log(level, "configuration server: dropped a datagram from " + from + ": "
                + e.getMessage() + (level == Level.WARNING
                        ? " (further " + e.rejection() + " datagrams are only counted)" : ""));
    }

    private Choice answer(Query query) {
        queries.incrementAndGet();
        ServerRules current = rules;
        HandlerRule rule = current.match(query.channelName());
        return new Choice(current.generation(), rule == null ? "" : rule.toString());
    }

    private Done set(SetRule set, SocketAddress from) {
        HandlerRule rule;
        try {
            List<HandlerRule> parsed = HandlerRules.parseList(CLIENT_SOURCE, List.of(set.rule()));
            if (parsed.size() != 1) {
                return refuse("give exactly one rule glob=HANDLER[:param...], not '"
                        + set.rule() + "'");
            }
            rule = parsed.get(0);
        } catch (CpConfigException e) {
            return refuse(e.getMessage());
        }
        ServerRules changed = rules.with(rule, set.first());
        String problem = ServerRules.problemWith(changed.rules());
        return problem != null ? refuse(problem) : change(changed, "set " + rule, from);
    }

    private Done remove(RemoveRule remove, SocketAddress from) {
        ServerRules changed = rules.without(remove.glob().trim());
        if (changed == null) {
            return refuse("no rule has the glob '" + remove.glob() + "'; cloudprofiler config"
                    + " list shows the rules");
        }
        return change(changed, "removed the rule for " + remove.glob(), from);
    }

    private Done change(ServerRules changed, String what, SocketAddress from) {
        if (rulesFile != null) {
            try {
                rulesFile.write(changed);
            } catch (IOException e) {
                return refuse("cannot write the rules file " + rulesFile.path() + " (" + e
                        + "); the rules stay as they were");
            }
        }
        rules = changed;
        changes.incrementAndGet();
        LOG.log(Level.INFO, "configuration server: " + what + " (generation "
                + changed.generation() + ", from " + from + ")");
        return new Done(changed.generation(), "");
    }

    private Done refuse(String problem) {
        refusedChanges.incrementAndGet();
        return new Done(rules.generation(), problem);
    }

    private Rules list(ListRules list) {
        ServerRules current = rules;
        List<String> texts = new ArrayList<>();
        int bytes = ConfigCodec.RULES_PREFIX_BYTES;
        for (int i = list.first(); i < current.rules().size() && texts.size() < 255; i++) {
            String text = current.rules().get(i).toString();
            bytes += ConfigCodec.textBytes(text);
            if (bytes > ConfigCodec.MAX_DATAGRAM_BYTES) {
                break;
            }
            texts.add(text);
        }
        int first = Math.min(list.first(), current.rules().size());
        return new Rules(current.generation(), first, current.rules().size(), texts);
    }

    private void pollFile() {
        List<HandlerRule> fromFile;
        try {
            fromFile = rulesFile.readIfChanged();
        } catch (IOException | CpConfigException e) {
            rejectedFiles.incrementAndGet();
            LOG.log(Level.WARNING, "configuration server: kept the rules in force: " + e
                    .getMessage());
            return;
        }
        String problem = fromFile == null ? null : ServerRules.problemWith(fromFile);
        if (problem != null) {
            rejectedFiles.incrementAndGet();
            LOG.log(Level.WARNING, "configuration server: kept the rules in force: "
                    + rulesFile.path() + ": " + problem);
        } else if (fromFile != null) {
            ServerRules changed = rules.replacedBy(fromFile);
            rules = changed;
            changes.incrementAndGet();
            LOG.log(Level.INFO, "configuration server: " + fromFile.size() + " rule(s) from "
                    + rulesFile.path() + " (generation " + changed.generation() + ")");
        }
    }
}
