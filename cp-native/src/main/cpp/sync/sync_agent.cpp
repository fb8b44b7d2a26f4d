#include "sync_agent.h"

#include <algorithm>
#include <utility>

#include "../api/profiler_error.h"
#include "../config.h"
#include "../tsc_clock.h"
#include "../warnings.h"

namespace cloudprofiler::sync {
namespace {

constexpr int kRegisterRetryMs = 500;
constexpr int kIdlePollMs = 100;

int64_t nowNs() { return readClockNs(CLOCK_MONOTONIC_RAW); }

uint32_t bindAddressFor(const SyncAgentOptions& options) {
    return options.bindIp != 0 ? options.bindIp : UdpSocket::localAddressFor(options.server);
}

// The datagrams the server sends on its own: each carries a request id of its own.
bool isServerRequest(MessageType type) {
    switch (type) {
        case MessageType::kHeartbeat:
        case MessageType::kExpect:
        case MessageType::kMeasure:
        case MessageType::kFetch:
        case MessageType::kSweep:
        case MessageType::kShutdown:
            return true;
        default:
            return false;
    }
}

}  // namespace

SyncAgent::SyncAgent(SyncAgentOptions options)
    : options_(std::move(options)),
      key_(SyncKey::fromSecret(options_.secret, SyncKey::Purpose::kDatagram)),
      sweepKey_(SyncKey::fromSecret(options_.secret, SyncKey::Purpose::kSweepChallenge)),
      registrationNonce_(randomNonce()),
      delay_(ResponseDelay::ofProcess()),
      buffer_(kMaxDatagramBytes + 1) {
    if (!isValidNameComponent(options_.nodeId) || options_.nodeId.size() > kMaxNodeIdBytes) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "node id '" + options_.nodeId + "' is not valid: use at most " +
                                std::to_string(kMaxNodeIdBytes) +
                                " letters, digits and . _ - + @ = (as for CP_NODE_ID)");
    }
    if (!TscClock::testClockError().empty()) {
        throw ProfilerError(ProfilerError::Kind::kEnvironment, TscClock::testClockError());
    }
    if (!delay_.refusal.empty()) {
        throw ProfilerError(ProfilerError::Kind::kEnvironment, delay_.refusal);
    }
    Address bind{bindAddressFor(options_), options_.port};
    // The sweep listener takes the UDP socket's port number over TCP. With a port of the
    // kernel's choosing, that number may be taken for TCP: then try another.
    for (int attempt = 0;; ++attempt) {
        socket_ = std::make_unique<UdpSocket>(bind);
        try {
            sweepResponder_ = std::make_unique<SweepResponder>(socket_->local(), sweepKey_);
            return;
        } catch (const ProfilerError&) {
            if (options_.port != 0 || attempt == 4) {
                throw;
            }
        }
    }
}

SyncAgent::Poll SyncAgent::poll(int timeoutMs, Inbound& in) {
    size_t length = 0;
    UdpSocket::Received received =
        socket_->receive(buffer_.data(), buffer_.size() - 1, timeoutMs, length, in.from);
    // Read right after the datagram is taken, before any decoding or MAC check: this is the
    // exchange's `b` (responder) or `r` (initiator).
    in.arrivalTsc = TscClock::read();
    if (received == UdpSocket::Received::kNothing) {
        return Poll::kNothing;
    }
    counters_.received.fetch_add(1);
    if (received == UdpSocket::Received::kOversized) {
        counters_.oversized.fetch_add(1);
        return Poll::kDropped;
    }
    uint8_t version = kProtocolVersion;
    switch (decode(buffer_.data(), length, key_, in.message, &version)) {
        case DecodeStatus::kOk:
            break;
        case DecodeStatus::kMalformed:
            counters_.malformed.fetch_add(1);
            return Poll::kDropped;
        case DecodeStatus::kWrongVersion:
            counters_.wrongVersion.fetch_add(1);
            Warnings::report("sync-version",
                             "sync agent: a datagram of sync protocol version " +
                                 std::to_string(version) + " from " + in.from.toString() +
                                 "; this agent speaks version " +
                                 std::to_string(kProtocolVersion) +
                                 ": run the same cloudprofiler version on every node");
            return Poll::kDropped;
        case DecodeStatus::kUnauthenticated:
            counters_.unauthenticated.fetch_add(1);
            return Poll::kDropped;
    }
    return admit(in) ? Poll::kMessage : Poll::kDropped;
}

bool SyncAgent::admit(const Inbound& in) {
    const Message& message = in.message;
    if (message.type == MessageType::kRegistered) {
        // The server's answer to this agent's registration names the session; any other is
        // a replay (the nonce is new in every agent).
        if (in.from != options_.server || message.nonce != registrationNonce_ ||
            message.session == 0) {
            counters_.unexpected.fetch_add(1);
            return false;
        }
        return true;
    }
    if (session_ == 0 || message.session != session_) {
        counters_.wrongSession.fetch_add(1);
        return false;
    }
    if (in.from == options_.server && isServerRequest(message.type)) {
        uint32_t id = message.requestId;
        if (id > highestRequest_) {
            uint32_t shift = id - highestRequest_;
            seenRequests_ = (shift >= 64 ? 0 : seenRequests_ << shift) | 1;
            highestRequest_ = id;
        } else if (id == answeredRequest_ && !answer_.empty()) {
            // A retry of the request answered last (its reply was lost): the same answer
            // again, and nothing done twice.
            counters_.repeatedRequests.fetch_add(1);
            socket_->send(answer_.data(), answer_.size(), in.from);
            return false;
        } else if (id == highestRequest_) {
            // A retry of the request being served: it is answered when done.
            counters_.repeatedRequests.fetch_add(1);
            return false;
        } else if (highestRequest_ - id >= 64 || (seenRequests_ >> (highestRequest_ - id)) & 1) {
            counters_.replayed.fetch_add(1);
            return false;
        } else {
            seenRequests_ |= uint64_t{1} << (highestRequest_ - id);
        }
    }
    // A refusal is no sign of a session: an agent refused for good must still time out.
    if (in.from == options_.server && message.type != MessageType::kRefused) {
        lastFromServerNs_ = nowNs();
    }
    return true;
}

void SyncAgent::send(const Message& message, const Address& to) {
    Message bound = message;
    bound.session = session_;
    std::vector<uint8_t> bytes = encode(bound, key_);
    socket_->send(bytes.data(), bytes.size(), to);
}

void SyncAgent::reply(const Message& request, Message response, const Address& to) {
    response.requestId = request.requestId;
    response.session = session_;
    answer_ = encode(response, key_);
    answeredRequest_ = request.requestId;
    socket_->send(answer_.data(), answer_.size(), to);
}

void SyncAgent::answerPing(const Inbound& ping) {
    uint64_t responderTsc = ping.arrivalTsc;
    if (delay_.forwardNs > 0) {
        ResponseDelay::spin(delay_.forwardNs);
        responderTsc = TscClock::read();
    }
    ResponseDelay::spin(delay_.backNs);
    // The pong binds the ping it answers (nonce and sequence): no other ping's answer fits.
    Message pong = Message::of(MessageType::kPong);
    pong.requestId = ping.message.requestId;
    pong.nonce = ping.message.nonce;
    pong.sequence = ping.message.sequence;
    pong.responderTsc = responderTsc;
    // Counted before the pong leaves: whoever has seen the pong (the initiator, then the server
    // and its caller) sees it counted.
    counters_.pingsAnswered.fetch_add(1);
    send(pong, ping.from);
}

// Spins on the socket so that a ping is answered without the scheduler's wake-up delay, which
// would otherwise dominate the round-trip time. Ends when every expected ping is answered, at
// the deadline, or when the server asks for something else.
void SyncAgent::respondPromptly(const Message& expect) {
    int64_t deadline = nowNs() + static_cast<int64_t>(expect.timeoutMs) * 1'000'000;
    uint32_t answered = 0;
    Inbound in;
    while (answered < expect.count && nowNs() < deadline && !stopping_.load()) {
        if (poll(0, in) != Poll::kMessage) {
            continue;
        }
        if (in.message.type == MessageType::kPing) {
            answerPing(in);
            ++answered;
        } else if (in.from == options_.server) {
            if (in.message.type == MessageType::kHeartbeat) {
                // One sent just before the pair began: answer it and keep answering promptly.
                reply(in.message, Message::of(MessageType::kHeartbeatAck), in.from);
                continue;
            }
            deferred_ = in;
            hasDeferred_ = true;
            return;
        } else {
            counters_.unexpected.fetch_add(1);
        }
    }
}

Message SyncAgent::measure(const Message& request) {
    Address peer{request.peerAddress, request.peerPort};
    int64_t timeoutNs = static_cast<int64_t>(std::max<uint32_t>(request.timeoutMs, 1)) * 1'000'000;
    Message result;
    result.type = MessageType::kMeasured;
    keptRows_.clear();
    uint64_t minRtt = UINT64_MAX;
    // New for every measurement: a pong of another one, even of this session, fits no ping.
    uint64_t nonce = randomNonce();
    Inbound in;
    for (uint32_t sequence = 0; sequence < request.count && !stopping_.load(); ++sequence) {
        Message ping = Message::of(MessageType::kPing);
        ping.session = session_;
        ping.requestId = request.requestId;
        ping.nonce = nonce;
        ping.sequence = sequence;
        // Encoded and signed before `s` is read: the MAC stays out of the round trip's start.
        std::vector<uint8_t> bytes = encode(ping, key_);
        uint64_t s = TscClock::read();
        bool sent = socket_->send(bytes.data(), bytes.size(), peer);
        bool completed = false;
        int64_t deadline = nowNs() + timeoutNs;
        while (sent && !completed && nowNs() < deadline && !stopping_.load()) {
            if (poll(0, in) != Poll::kMessage) {
                continue;
            }
            const Message& message = in.message;
            if (message.type == MessageType::kPong && in.from == peer &&
                message.nonce == nonce && message.sequence == sequence) {
                Exchange exchange{s, message.responderTsc, in.arrivalTsc};
                if (exchange.r < exchange.s) {
                    // The clock went backwards (a TSC that is not synchronised across this
                    // host's CPUs): the exchange proves nothing, so it counts as lost.
                    counters_.clockWentBackwards.fetch_add(1);
                    break;
                }
                if (request.keepAll) {
                    keptRows_.push_back(exchange);
                }
                if (exchange.r - exchange.s < minRtt) {
                    minRtt = exchange.r - exchange.s;
                    result.min = exchange;
                }
                completed = true;
            } else if (message.type == MessageType::kPing) {
                answerPing(in);  // a peer measuring us at the same time: keep it honest
            } else if (in.from == options_.server) {
                deferred_ = in;  // retries of this very request were dropped by admit()
                hasDeferred_ = true;
            } else {
                counters_.unexpected.fetch_add(1);  // a late pong of an exchange given up
            }
        }
        if (completed) {
            ++result.completed;
            counters_.exchangesCompleted.fetch_add(1);
        } else {
            ++result.lost;
            counters_.exchangesLost.fetch_add(1);
        }
    }
    result.kept = static_cast<uint32_t>(keptRows_.size());
    return result;
}

Message SyncAgent::sweep(const Message& request) {
    SweepOutcome outcome =
        runTransferSweep(Address{request.peerAddress, request.peerPort}, request.sizes,
                         request.count, static_cast<int>(request.timeoutMs), sweepKey_,
                         stopping_);
    Message result = Message::of(MessageType::kSwept);
    result.points = outcome.points;
    result.problem = outcome.problem;
    return result;
}

// The agent's own bounds (docs/sync-protocol.md, "Bounds"), whatever its server asks.
bool SyncAgent::withinBounds(const Message& request) const {
    switch (request.type) {
        case MessageType::kExpect:
            return request.count <= kMaxExchanges && request.timeoutMs <= kMaxExpectWindowMs;
        case MessageType::kMeasure:
            return request.count >= 1 && request.count <= kMaxExchanges &&
                   request.timeoutMs >= 1 && request.timeoutMs <= kMaxExchangeTimeoutMs &&
                   request.peerAddress != 0 && request.peerPort != 0;
        case MessageType::kSweep:
            return request.count >= 1 && request.count <= kMaxSweepRepetitions &&
                   request.timeoutMs >= 1 && request.timeoutMs <= kMaxSweepTimeoutMs &&
                   request.peerAddress != 0 && request.peerPort != 0 &&
                   std::all_of(request.sizes.begin(), request.sizes.end(),
                               [](uint32_t size) { return size <= kMaxSweepPayloadBytes; });
        default:
            return true;
    }
}

bool SyncAgent::handleServer(const Inbound& in) {
    const Message& request = in.message;
    if (!withinBounds(request)) {
        counters_.outOfBounds.fetch_add(1);
        return true;
    }
    switch (request.type) {
        case MessageType::kHeartbeat:
            reply(request, Message::of(MessageType::kHeartbeatAck), in.from);
            return true;
        case MessageType::kExpect:
            reply(request, Message::of(MessageType::kExpectAck), in.from);
            respondPromptly(request);
            return true;
        case MessageType::kMeasure:
            reply(request, measure(request), in.from);
            return true;
        case MessageType::kSweep:
            reply(request, sweep(request), in.from);
            return true;
        case MessageType::kFetch: {
            Message rows;
            rows.type = MessageType::kRows;
            rows.firstRow = request.firstRow;
            for (size_t i = request.firstRow;
                 i < keptRows_.size() && rows.rows.size() < kRowsPerDatagram; ++i) {
                rows.rows.push_back(keptRows_[i]);
            }
            reply(request, rows, in.from);
            return true;
        }
        case MessageType::kShutdown:
            reply(request, Message::of(MessageType::kBye), in.from);
            return false;
        default:
            counters_.unexpected.fetch_add(1);
            return true;
    }
}

SyncAgent::Result SyncAgent::run() {
    bool registered = false;
    int64_t started = nowNs();
    lastFromServerNs_ = started;
    int64_t nextRegister = started;
    int64_t timeoutNs = static_cast<int64_t>(options_.serverTimeoutMs) * 1'000'000;
    std::string server = options_.server.toString();
    std::string refusal;
    uint32_t registrationAttempt = 0;
    Inbound in;
    while (!stopping_.load()) {
        int64_t now = nowNs();
        if (!registered && now >= nextRegister) {
            // Sent before the agent knows the session (0 in the header); the server's
            // kRegistered names it, and the kJoin that answers it completes the registration.
            Message hello = Message::of(MessageType::kRegister);
            hello.requestId = ++registrationAttempt;
            hello.nodeId = options_.nodeId;
            hello.tscHz = TscClock::hz();
            hello.nonce = registrationNonce_;
            std::vector<uint8_t> bytes = encode(hello, key_);
            socket_->send(bytes.data(), bytes.size(), options_.server);
            nextRegister = now + kRegisterRetryMs * 1'000'000LL;
        }
        if (now - lastFromServerNs_ > timeoutNs) {
            std::string seconds = std::to_string(options_.serverTimeoutMs / 1000.0);
            seconds.erase(seconds.find_last_not_of('0') + 1);
            if (seconds.back() == '.') {
                seconds.pop_back();
            }
            if (!registered && !refusal.empty()) {
                return {Outcome::kRefused,
                        "the sync server at " + server + " refused this agent: " + refusal};
            }
            if (!registered) {
                return {Outcome::kNeverRegistered,
                        "the sync server at " + server + " did not answer for " + seconds +
                            " s: start `cloudprofiler sync-server` there first, and check that"
                            " --server and the secret match it and that it runs this"
                            " cloudprofiler version (an older server drops this agent's"
                            " datagrams without an answer)"};
            }
            return {Outcome::kServerSilent,
                    "the sync server at " + server + " has been silent for " + seconds +
                        " s: it stopped or became unreachable; restart it and this agent"};
        }
        if (hasDeferred_) {
            hasDeferred_ = false;
            in = deferred_;
        } else if (poll(kIdlePollMs, in) != Poll::kMessage) {
            continue;
        }
        if (in.message.type == MessageType::kPing) {
            answerPing(in);
        } else if (in.from == options_.server) {
            if (in.message.type == MessageType::kRefused) {
                // Not final at once: an agent restarted quickly is refused until the server
                // stops hearing from its old address. It stays refused if the id is in use.
                refusal = in.message.problem;
                continue;
            }
            if (in.message.type == MessageType::kRegistered) {
                if (!registered) {
                    // Proves the registration fresh: only this agent knows the nonce's key.
                    session_ = in.message.session;
                    Message join = Message::of(MessageType::kJoin);
                    join.requestId = in.message.requestId;
                    join.nonce = registrationNonce_;
                    send(join, options_.server);
                }
                continue;
            }
            if (in.message.type == MessageType::kJoined) {
                registered = true;
            } else if (!isServerRequest(in.message.type)) {
                counters_.unexpected.fetch_add(1);
            } else if (!handleServer(in)) {
                return {Outcome::kShutdown, "the sync server at " + server + " ended the session"};
            }
            // A measurement or sweep may outlast the timeout: the server was waiting on us.
            lastFromServerNs_ = nowNs();
        } else {
            counters_.unexpected.fetch_add(1);
        }
    }
    return {Outcome::kStopped, "stopped"};
}

}  // namespace cloudprofiler::sync
