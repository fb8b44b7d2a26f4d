package org.cloudprofiler.config.service;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.SocketTimeoutException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.cloudprofiler.config.CpConfigException;
import org.cloudprofiler.config.CpOption;
import org.cloudprofiler.config.HandlerRule;
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

/**
 * Asks a {@link ConfigServer}: a request is sent again a few times within its timeout (UDP may
 * lose it), and the call returns or throws by the timeout, never later. The first call opens a
 * session ({@code HELLO}, answered by the server's random session id); every later request is
 * bound to it by the MAC and carries the next request id. A session whose request goes
 * unanswered is dropped, and the next call opens a new one. Replies that do not decode, are of
 * another session or answer another request are ignored and counted in
 * {@link #ignoredReplies()}.
 *
 * <p>Thread-safe: calls take turns on the one socket.
 */
public final class ConfigClient implements AutoCloseable {
    /** Sends of a request within its timeout. */
    private static final int ATTEMPTS = 3;
    private static final CpOption SERVER_SOURCE = new CpOption("configuration server", "",
            "A rule the configuration server answered with.");

    private final InetSocketAddress server;
    /** {@code host:port} as messages name it. */
    private final String serverName;
    private final ConfigCodec codec;
    private final DatagramSocket socket;
    private final SecureRandom random = new SecureRandom();
    private final byte[] buffer = new byte[ConfigCodec.MAX_DATAGRAM_BYTES + 1];
    /** The open session's id, 0 for none. */
    private long session;
    /** The session in the header of the latest reply taken. */
    private long lastReplySession;
    private int nextRequestId;
    private long ignoredReplies;

    /**
     * A client of the server at {@code server}, whose datagrams' MACs are keyed from
     * {@code token}, the server's secret ({@code ""} for none).
     *
     * @throws IOException if no local socket can be opened
     */
    public ConfigClient(InetSocketAddress server, String token) throws IOException {
        this.server = Objects.requireNonNull(server, "server");
        this.serverName = server.getHostString() + ":" + server.getPort();
        this.codec = new ConfigCodec(ConfigKey.fromSecret(Objects.requireNonNull(token, "token")));
        this.socket = new DatagramSocket();
        // Connected, so that a closed port is reported (ICMP) instead of waited out.
        this.socket.connect(server);
    }

    /**
     * The first of the server's rules that matches {@code channelName}.
     *
     * @throws ConfigServiceException if no valid answer came within {@code timeout}
     */
    public synchronized ServerChoice query(String channelName, Duration timeout)
            throws ConfigServiceException {
        Choice choice = exchange(new Query(channelName), Choice.class, timeout);
        if (choice.rule().isEmpty()) {
            return new ServerChoice(choice.generation(), null);
        }
        try {
            return new ServerChoice(choice.generation(),
                    HandlerRule.parse(SERVER_SOURCE, choice.rule()));
        } catch (CpConfigException e) {
            throw new ConfigServiceException("the configuration server at " + serverName
                    + " answered a rule this client cannot use (" + e.getMessage()
                    + "); run the same cloudprofiler version on both sides", e);
        }
    }

    /**
     * Sets {@code rule}: a rule with the same glob is replaced where it stands, a new one goes
     * last, or first if {@code first}.
     *
     * @return the rules generation after the change
     * @throws ConfigServiceException if the server refused it (the message is its reason) or did
     *     not answer within {@code timeout}
     */
    public synchronized long set(String rule, boolean first, Duration timeout)
            throws ConfigServiceException {
        return done(exchange(new SetRule(rule, first), Done.class, timeout));
    }

    /**
     * Removes the rule whose glob is {@code glob}.
     *
     * @return the rules generation after the change
     * @throws ConfigServiceException if there is no such rule or no answer within {@code timeout}
     */
    public synchronized long remove(String glob, Duration timeout) throws ConfigServiceException {
        return done(exchange(new RemoveRule(glob), Done.class, timeout));
    }

    /**
     * All of the server's rules, of one generation: a list that changes while it is fetched is
     * fetched again.
     *
     * @throws ConfigServiceException if a part of the list did not come within {@code timeout}
     */
    public synchronized ServerRuleList list(Duration timeout) throws ConfigServiceException {
        while (true) {
            List<String> rules = new ArrayList<>();
            Rules part = exchange(new ListRules(0), Rules.class, timeout);
            long generation = part.generation();
            rules.addAll(part.rules());
            while (rules.size() < part.total() && part.generation() == generation) {
                if (part.rules().isEmpty()) {
                    throw new ConfigServiceException("the configuration server at " + serverName
                            + " sent an empty part of its rule list; it is not a cloudprofiler"
                            + " config-server of this version");
                }
                part = exchange(new ListRules(rules.size()), Rules.class, timeout);
                rules.addAll(part.rules());
            }
            if (part.generation() == generation) {
                return new ServerRuleList(generation, rules);
            }
        }
    }

    /**
     * Replies dropped so far: undecodable, another secret, another session's, another
     * request's, another type.
     */
    public synchronized long ignoredReplies() {
        return ignoredReplies;
    }

    @Override
    public void close() {
        socket.close();
    }

    private long done(Done done) throws ConfigServiceException {
        if (!done.problem().isEmpty()) {
            throw new ConfigServiceException("the configuration server at " + serverName
                    + " refused: " + done.problem());
        }
        return done.generation();
    }

    private <T extends ConfigMessage> T exchange(ConfigMessage request, Class<T> replyType,
            Duration timeout) throws ConfigServiceException {
        long endNs = System.nanoTime() + timeout.toNanos();
        if (session == 0) {
            // One budget for both: opening the session and the request.
            // The request id of a hello is random too: a welcome answering an earlier hello
            // is ignored like any other stray reply.
            long nonce = random.nextLong();
            Welcome welcome = send(new Hello(nonce), 0, (int) nonce, Welcome.class, endNs, timeout);
            if (welcome.nonce() != nonce) {
                throw noAnswer(timeout);
            }
            session = lastReplySession;
            nextRequestId = 1;
        }
        try {
            return send(request, session, nextRequestId++, replyType, endNs, timeout);
        } catch (ConfigServiceException e) {
            session = 0;  // the server may have restarted or closed it: open a new one next time
            throw e;
        }
    }

    private <T extends ConfigMessage> T send(ConfigMessage request, long inSession, int requestId,
            Class<T> replyType, long endNs, Duration timeout) throws ConfigServiceException {
        byte[] bytes = codec.encode(request, inSession, requestId);
        long startNs = System.nanoTime();
        long budgetNs = Math.max(0, endNs - startNs);
        try {
            for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
                socket.send(new DatagramPacket(bytes, bytes.length));
                long attemptEndNs = startNs + budgetNs * attempt / ATTEMPTS;
                T reply = awaitReply(inSession, requestId, replyType, attemptEndNs);
                if (reply != null) {
                    return reply;
                }
            }
        } catch (PortUnreachableException e) {
            throw new ConfigServiceException("nothing listens at " + serverName + " (connection"
                    + " refused): start cloudprofiler config-server there, or fix the address",
                    e);
        } catch (IOException e) {
            throw new ConfigServiceException("cannot reach the configuration server at " + serverName
                    + ": " + e.getMessage(), e);
        }
        throw noAnswer(timeout);
    }

    private ConfigServiceException noAnswer(Duration timeout) {
        return new ConfigServiceException("no answer from the configuration server at "
                + serverName + " within " + timeout.toMillis() + " ms: is cloudprofiler"
                + " config-server running there, reachable, with the same --token and the same"
                + " cloudprofiler version?");
    }

    /**
     * The reply to {@code requestId} of {@code inSession} (any session for a {@link Welcome}),
     * or {@code null} at {@code endNs}.
     */
    private <T extends ConfigMessage> T awaitReply(long inSession, int requestId,
            Class<T> replyType, long endNs) throws IOException {
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        while (true) {
            long leftMs = Math.max(0, (endNs - System.nanoTime()) / 1_000_000L);
            if (leftMs == 0) {
                return null;
            }
            socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, leftMs));
            packet.setLength(buffer.length);
            try {
                socket.receive(packet);
            } catch (SocketTimeoutException e) {
                return null;
            }
            try {
                ConfigDatagram reply = codec.decode(buffer, packet.getLength());
                boolean ofSession = replyType == Welcome.class
                        ? reply.session() != 0 : reply.session() == inSession;
                if (ofSession && reply.requestId() == requestId
                        && replyType.isInstance(reply.message())) {
                    lastReplySession = reply.session();
                    return replyType.cast(reply.message());
                }
            } catch (RejectedDatagramException e) {
                // Garbage is not an answer: keep waiting for one until the deadline.
            }
            ignoredReplies++;
        }
    }
}
