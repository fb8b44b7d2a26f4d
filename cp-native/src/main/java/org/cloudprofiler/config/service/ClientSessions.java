package org.cloudprofiler.config.service;

import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;
import org.cloudprofiler.config.service.internal.ReplayWindow;

/**
 * The configuration server's open client sessions: each has a random id the server chose, the
 * request ids taken in it, and the reply to its latest request, sent again for a retry of it so
 * that no request is acted on twice. At most {@link #CAPACITY}; the least recently used goes
 * first (its client opens a new one when its next request goes unanswered). Not thread-safe:
 * the server's one thread uses it.
 */
final class ClientSessions {
    static final int CAPACITY = 4096;

    /** What the server does with a request of a session. */
    enum Verdict { SERVE, ANSWER_AGAIN, UNKNOWN_SESSION, REPLAYED }

    private static final class Session {
        final ReplayWindow window = new ReplayWindow();
        int answeredRequest;
        byte[] answer;
    }

    private final SecureRandom random = new SecureRandom();
    private final Map<Long, Session> sessions = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Session> eldest) {
            return size() > CAPACITY;
        }
    };

    /** Opens a session; its id is random and never 0 (0 means "none" on the wire). */
    long open() {
        long id = 0;
        while (id == 0 || sessions.containsKey(id)) {
            id = random.nextLong();
        }
        sessions.put(id, new Session());
        return id;
    }

    /** Checks request {@code requestId} of {@code session} and takes it if it is to be served. */
    Verdict admit(long session, int requestId) {
        Session open = sessions.get(session);
        if (open == null) {
            return Verdict.UNKNOWN_SESSION;
        }
        if (open.answer != null && requestId == open.answeredRequest) {
            return Verdict.ANSWER_AGAIN;
        }
        return open.window.take(requestId) ? Verdict.SERVE : Verdict.REPLAYED;
    }

    /** Keeps {@code answer} as the reply to {@code requestId}, the session's latest. */
    void answered(long session, int requestId, byte[] answer) {
        Session open = sessions.get(session);
        if (open != null) {
            open.answeredRequest = requestId;
            open.answer = answer;
        }
    }

    /** The reply kept for the session's latest request. */
    byte[] answer(long session) {
        return sessions.get(session).answer;
    }
}
