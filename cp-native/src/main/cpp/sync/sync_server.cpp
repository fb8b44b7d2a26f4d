#include "sync_server.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include "../api/profiler_error.h"
#include "../background_thread.h"
#include "../tsc_clock.h"
#include "../warnings.h"
#include "transfer_sweep.h"
#include "version_one_refusal.h"

namespace cloudprofiler::sync {
namespace {

constexpr int kReceivePollMs = 100;
constexpr int64_t kHeartbeatIntervalNs = 1'000'000'000;
constexpr int kControlTimeoutMs = 300;
constexpr int kControlAttempts = 5;
// Answers to agents of protocol version 1 are at most this frequent: each is a few times the
// size of the REGISTER it answers, and anyone can send one from a spoofed address.
constexpr int64_t kVersionOneRefusalIntervalNs = 100'000'000;

int64_t nowNs() { return readClockNs(CLOCK_MONOTONIC_RAW); }

}  // namespace

SyncServer::SyncServer(SyncServerOptions options)
    : options_(std::move(options)),
      key_(SyncKey::fromSecret(options_.secret, SyncKey::Purpose::kDatagram)),
      session_(randomNonce()),
      socket_(options_.bind) {
    if (options_.maxNodes == 0 || options_.maxNodes > kMaxNodes) {
        options_.maxNodes = kMaxNodes;
    }
    receiver_ = startBackgroundThread("cp-sync-server", [this] { receiveLoop(); });
}

SyncServer::~SyncServer() {
    stopping_.store(true);
    if (receiver_.joinable()) {
        receiver_.join();
    }
}

std::vector<SyncNodeInfo> SyncServer::nodes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return nodes_;
}

SyncServerCounters SyncServer::counters() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return counters_;
}

bool SyncServer::awaitNodes(size_t count, int timeoutMs) {
    std::unique_lock<std::mutex> lock(mutex_);
    return changed_.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                             [&] { return nodes_.size() >= count; });
}

void SyncServer::send(const Message& message, const Address& to) {
    Message bound = message;
    bound.session = session_;
    std::vector<uint8_t> bytes = encode(bound, key_);
    socket_.send(bytes.data(), bytes.size(), to);
}

void SyncServer::receiveLoop() {
    std::vector<uint8_t> buffer(kMaxDatagramBytes + 1);
    while (!stopping_.load()) {
        size_t length = 0;
        Address from;
        UdpSocket::Received received =
            socket_.receive(buffer.data(), buffer.size() - 1, kReceivePollMs, length, from);
        if (received == UdpSocket::Received::kDatagram) {
            Message message;
            uint8_t version = kProtocolVersion;
            DecodeStatus status = decode(buffer.data(), length, key_, message, &version);
            // kRegister is the one datagram sent before the agent knows the session.
            bool ofThisSession = status == DecodeStatus::kOk &&
                                 message.session == (message.type == MessageType::kRegister
                                                         ? 0
                                                         : session_);
            {
                std::lock_guard<std::mutex> lock(mutex_);
                ++counters_.received;
                switch (status) {
                    case DecodeStatus::kOk:
                        counters_.wrongSession += ofThisSession ? 0 : 1;
                        break;
                    case DecodeStatus::kMalformed:
                        ++counters_.malformed;
                        break;
                    case DecodeStatus::kWrongVersion:
                        ++counters_.wrongVersion;
                        break;
                    case DecodeStatus::kUnauthenticated:
                        ++counters_.unauthenticated;
                        break;
                }
            }
            if (status == DecodeStatus::kWrongVersion) {
                Warnings::report("sync-version",
                                 "sync server: a datagram of sync protocol version " +
                                     std::to_string(version) + " from " + from.toString() +
                                     "; this server speaks version " +
                                     std::to_string(kProtocolVersion) +
                                     ": run the same cloudprofiler version on every node");
                if (version == kVersionOne) {
                    answerVersionOne(buffer.data(), length, from);
                }
            }
            if (ofThisSession) {
                handle(message, from);
            }
        } else if (received == UdpSocket::Received::kOversized) {
            std::lock_guard<std::mutex> lock(mutex_);
            ++counters_.received;
            ++counters_.oversized;
        }
        sendHeartbeats();
    }
}

void SyncServer::answerVersionOne(const uint8_t* datagram, size_t length, const Address& from) {
    int64_t now = nowNs();
    if (now - lastVersionOneRefusalNs_ < kVersionOneRefusalIntervalNs) {
        return;
    }
    std::vector<uint8_t> refusal = versionOneRefusal(
        datagram, length,
        "this server speaks sync protocol version " + std::to_string(kProtocolVersion) +
            ", this agent version 1: run the same cloudprofiler version on every node");
    if (!refusal.empty()) {
        lastVersionOneRefusalNs_ = now;
        socket_.send(refusal.data(), refusal.size(), from);
    }
}

void SyncServer::refuse(const Message& message, const Address& from, const std::string& why) {
    ++counters_.refused;
    Message refusal = Message::of(MessageType::kRefused);
    refusal.requestId = message.requestId;
    refusal.problem = why;
    send(refusal, from);
}

void SyncServer::handleRegistration(const Message& message, const Address& from) {
    // Only the latest registration from an address waits; the oldest goes when the table is full.
    auto same = std::find_if(pending_.begin(), pending_.end(), [&](const PendingRegistration& p) {
        return p.node.address == from;
    });
    if (same != pending_.end()) {
        pending_.erase(same);
    } else if (pending_.size() >= kMaxPending) {
        pending_.erase(pending_.begin());
    }
    pending_.push_back(
        PendingRegistration{SyncNodeInfo{message.nodeId, from, message.tscHz, 0}, message.nonce});
    Message challenge = Message::of(MessageType::kRegistered);
    challenge.requestId = message.requestId;
    challenge.nonce = message.nonce;
    send(challenge, from);
}

void SyncServer::handleJoin(const Message& message, const Address& from) {
    auto pending = std::find_if(pending_.begin(), pending_.end(), [&](const PendingRegistration& p) {
        return p.node.address == from && p.nonce == message.nonce;
    });
    if (pending == pending_.end()) {
        ++counters_.unexpected;  // a join replayed, or one whose registration was displaced
        return;
    }
    SyncNodeInfo node = pending->node;
    pending_.erase(pending);
    auto known = std::find_if(nodes_.begin(), nodes_.end(),
                              [&](const SyncNodeInfo& n) { return n.id == node.id; });
    int64_t now = nowNs();
    if (known == nodes_.end()) {
        if (nodes_.size() >= options_.maxNodes) {
            refuse(message, from, "the server already has its " +
                                      std::to_string(options_.maxNodes) +
                                      " nodes (--nodes); is this node of another cluster?");
            return;
        }
        node.lastSeenNs = now;
        nodes_.push_back(node);
    } else if (known->address != from && now - known->lastSeenNs < 3 * kHeartbeatIntervalNs) {
        // Two live agents with one id would share one clock map, and the analyzer would
        // translate one node's logs with the other's: refuse the second, loudly.
        refuse(message, from, "node id " + node.id + " is already registered from " +
                                  known->address.toString() +
                                  "; give every node its own --node-id (or CP_NODE_ID)");
        return;
    } else {
        // The same node again (a restarted agent): it keeps its place with its new address.
        known->address = from;
        known->tscHz = node.tscHz;
        known->lastSeenNs = now;
    }
    ++counters_.registrations;
    Message welcome = Message::of(MessageType::kJoined);
    welcome.requestId = message.requestId;
    send(welcome, from);
    changed_.notify_all();
}

void SyncServer::handle(const Message& message, const Address& from) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (message.type == MessageType::kRegister) {
        handleRegistration(message, from);
        return;
    }
    if (message.type == MessageType::kJoin) {
        handleJoin(message, from);
        return;
    }
    auto sender = std::find_if(nodes_.begin(), nodes_.end(),
                               [&](const SyncNodeInfo& n) { return n.address == from; });
    if (sender == nodes_.end()) {
        ++counters_.unexpected;  // not from a registered agent
        return;
    }
    sender->lastSeenNs = nowNs();
    if (message.type == MessageType::kBye) {
        if (std::find(goodbyes_.begin(), goodbyes_.end(), from) == goodbyes_.end()) {
            goodbyes_.push_back(from);
        }
        changed_.notify_all();
        return;
    }
    if (awaiting_ && !replied_ && message.requestId == awaitedRequest_ &&
        message.type == awaitedType_ && from == awaitedFrom_) {
        reply_ = message;
        replied_ = true;
        changed_.notify_all();
        return;
    }
    if (message.type != MessageType::kHeartbeatAck) {
        ++counters_.unexpected;
    }
}

// Idle agents hear from the server every second, so they can tell a server that is gone from
// one that is quiet. Never during a pair's measurement: the network must be silent then.
void SyncServer::sendHeartbeats() {
    std::vector<SyncNodeInfo> targets;
    uint32_t heartbeatId = 0;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        int64_t now = nowNs();
        if (phaseRunning_ || now - lastHeartbeatNs_ < kHeartbeatIntervalNs) {
            return;
        }
        lastHeartbeatNs_ = now;
        targets = nodes_;
        // Every request has its own id, heartbeats too: agents refuse ids they have seen.
        heartbeatId = nextRequestId_++;
    }
    Message heartbeat = Message::of(MessageType::kHeartbeat);
    heartbeat.requestId = heartbeatId;
    for (const SyncNodeInfo& node : targets) {
        send(heartbeat, node.address);
    }
}

void SyncServer::setMeasuring(bool measuring) {
    std::lock_guard<std::mutex> lock(mutex_);
    phaseRunning_ = measuring;
}

bool SyncServer::call(const SyncNodeInfo& node, Message request, MessageType replyType,
                      int timeoutMs, int attempts, Message& reply) {
    std::unique_lock<std::mutex> lock(mutex_);
    request.requestId = nextRequestId_++;
    awaiting_ = true;
    replied_ = false;
    awaitedRequest_ = request.requestId;
    awaitedType_ = replyType;
    awaitedFrom_ = node.address;
    for (int attempt = 0; attempt < attempts && !replied_ && !stopping_.load(); ++attempt) {
        lock.unlock();
        send(request, node.address);
        lock.lock();
        changed_.wait_for(lock, std::chrono::milliseconds(timeoutMs), [&] { return replied_; });
    }
    awaiting_ = false;
    if (replied_) {
        reply = reply_;
    }
    return replied_;
}

PairResult SyncServer::measurePair(size_t from, size_t to, const std::vector<SyncNodeInfo>& nodes,
                                   uint32_t exchanges, bool keepAll,
                                   uint32_t exchangeTimeoutMs) {
    PairResult result;
    result.from = from;
    result.to = to;
    const SyncNodeInfo& initiator = nodes[from];
    const SyncNodeInfo& responder = nodes[to];
    std::string pair = initiator.id + " → " + responder.id;

    // The responder spins for at most the time the whole measurement may take.
    uint32_t windowMs = static_cast<uint32_t>(std::min<uint64_t>(
        kMaxExpectWindowMs, uint64_t{exchanges} * exchangeTimeoutMs + 2 * kControlTimeoutMs));
    Message expect;
    expect.type = MessageType::kExpect;
    expect.count = exchanges;
    expect.timeoutMs = windowMs;
    Message reply;
    if (!call(responder, expect, MessageType::kExpectAck, kControlTimeoutMs, kControlAttempts,
              reply)) {
        result.problem = pair + ": " + responder.id + " at " + responder.address.toString() +
                         " did not answer; is its agent still running?";
        result.lost = exchanges;
        return result;
    }
    Message measure;
    measure.type = MessageType::kMeasure;
    measure.peerAddress = responder.address.ip;
    measure.peerPort = responder.address.port;
    measure.count = exchanges;
    measure.timeoutMs = exchangeTimeoutMs;
    measure.keepAll = keepAll;
    if (!call(initiator, measure, MessageType::kMeasured, static_cast<int>(windowMs), 2, reply)) {
        result.problem = pair + ": " + initiator.id + " at " + initiator.address.toString() +
                         " did not report its exchanges; is its agent still running?";
        result.lost = exchanges;
        return result;
    }
    if (uint64_t{reply.completed} + reply.lost != exchanges || reply.kept > reply.completed ||
        (keepAll && reply.kept != reply.completed) ||
        (reply.completed > 0 && reply.min.r < reply.min.s)) {
        result.problem = pair + ": " + initiator.id + " reported an inconsistent measurement (" +
                         std::to_string(reply.completed) + " completed, " +
                         std::to_string(reply.lost) + " lost, " + std::to_string(reply.kept) +
                         " kept of " + std::to_string(exchanges) + "); is it the same version?";
        result.lost = exchanges;
        return result;
    }
    result.completed = reply.completed;
    result.lost = reply.lost;
    result.min = reply.min;
    if (reply.completed == 0) {
        result.problem = pair + ": all " + std::to_string(exchanges) + " exchanges were lost; " +
                         initiator.id + " cannot reach " + responder.address.toString() +
                         " (firewall, or an agent bound to an address the other node cannot"
                         " route to: see --bind)";
        return result;
    }
    while (keepAll && result.all.size() < reply.kept) {
        Message fetch;
        fetch.type = MessageType::kFetch;
        fetch.firstRow = static_cast<uint32_t>(result.all.size());
        Message rows;
        if (!call(initiator, fetch, MessageType::kRows, kControlTimeoutMs, kControlAttempts,
                  rows) ||
            rows.firstRow != fetch.firstRow || rows.rows.empty()) {
            result.problem = pair + ": " + initiator.id + " stopped sending its exchanges after " +
                             std::to_string(result.all.size()) + " of " +
                             std::to_string(reply.kept) + " (only the min exchange is kept)";
            result.all.clear();
            break;
        }
        for (const Exchange& row : rows.rows) {
            if (row.r < row.s || result.all.size() == reply.kept) {
                result.problem = pair + ": " + initiator.id + " sent an exchange with r < s or"
                                 " more than it kept (only the min exchange is kept)";
                result.all.clear();
                return result;
            }
            result.all.push_back(row);
        }
    }
    return result;
}

std::vector<PairResult> SyncServer::runPhase(uint32_t exchanges, bool keepAll,
                                             uint32_t exchangeTimeoutMs) {
    if (exchanges == 0 || exchanges > kMaxExchanges) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "exchanges per pair must be 1 to " + std::to_string(kMaxExchanges) +
                                ", not " +
                                std::to_string(exchanges));
    }
    if (exchangeTimeoutMs == 0 || exchangeTimeoutMs > kMaxExchangeTimeoutMs) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "the exchange timeout must be 1 to " +
                                std::to_string(kMaxExchangeTimeoutMs) + " ms, not " +
                                std::to_string(exchangeTimeoutMs));
    }
    std::lock_guard<std::mutex> serialised(callMutex_);
    std::vector<SyncNodeInfo> nodes = this->nodes();
    if (nodes.size() < 2) {
        throw ProfilerError(ProfilerError::Kind::kIllegalState,
                            "a sync phase needs at least two registered nodes, there are " +
                                std::to_string(nodes.size()));
    }
    std::vector<PairResult> results;
    for (size_t from = 0; from < nodes.size(); ++from) {
        for (size_t to = 0; to < nodes.size(); ++to) {
            if (from == to) {
                continue;
            }
            sendHeartbeats();  // between pairs, so that agents left out know we are alive
            setMeasuring(true);
            results.push_back(
                measurePair(from, to, nodes, exchanges, keepAll, exchangeTimeoutMs));
            setMeasuring(false);
        }
    }
    return results;
}

std::vector<SweepResult> SyncServer::runSweep(const std::vector<uint32_t>& sizes,
                                             uint32_t repetitions, uint32_t timeoutMs) {
    if (sizes.empty() || sizes.size() > kMaxSweepSizes || repetitions == 0 ||
        repetitions > kMaxSweepRepetitions || timeoutMs == 0 || timeoutMs > kMaxSweepTimeoutMs ||
        std::any_of(sizes.begin(), sizes.end(),
                    [](uint32_t size) { return size > kMaxSweepPayloadBytes; })) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "a sweep takes 1 to " + std::to_string(kMaxSweepSizes) +
                                " sizes of at most 16 MiB, 1 to " +
                                std::to_string(kMaxSweepRepetitions) +
                                " repetitions and a timeout of 1 to " +
                                std::to_string(kMaxSweepTimeoutMs) + " ms");
    }
    std::lock_guard<std::mutex> serialised(callMutex_);
    std::vector<SyncNodeInfo> nodes = this->nodes();
    std::vector<SweepResult> results;
    // The initiator may need every transfer's timeout before it answers.
    int replyTimeoutMs = static_cast<int>(std::min<uint64_t>(
        INT32_MAX, uint64_t{timeoutMs} * repetitions * sizes.size() + 1000));
    for (size_t from = 0; from < nodes.size(); ++from) {
        for (size_t to = 0; to < nodes.size(); ++to) {
            if (from == to) {
                continue;
            }
            // Heartbeats go on during a sweep (the receive thread sends them): a sweep can take
            // longer than an agent waits for its server, and measures bandwidth, not latency.
            SweepResult result;
            result.from = from;
            result.to = to;
            Message request = Message::of(MessageType::kSweep);
            request.peerAddress = nodes[to].address.ip;
            request.peerPort = nodes[to].address.port;
            request.count = repetitions;
            request.timeoutMs = timeoutMs;
            request.sizes = sizes;
            Message reply;
            if (call(nodes[from], request, MessageType::kSwept, replyTimeoutMs, 1, reply)) {
                result.points = reply.points;
                result.problem = reply.problem;
            } else {
                result.problem = nodes[from].id + " at " + nodes[from].address.toString() +
                                 " did not report its sweep; is its agent still running?";
            }
            if (!result.problem.empty()) {
                result.problem = nodes[from].id + " → " + nodes[to].id + ": " + result.problem;
            }
            results.push_back(std::move(result));
        }
    }
    return results;
}

size_t SyncServer::shutdownAgents(int timeoutMs) {
    std::lock_guard<std::mutex> serialised(callMutex_);
    std::vector<SyncNodeInfo> nodes = this->nodes();
    Message shutdown = Message::of(MessageType::kShutdown);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        shutdown.requestId = nextRequestId_++;
    }
    int64_t deadline = nowNs() + static_cast<int64_t>(timeoutMs) * 1'000'000;
    std::unique_lock<std::mutex> lock(mutex_);
    goodbyes_.clear();
    // Resent until every agent said goodbye: a lost datagram must not leave an agent running.
    while (goodbyes_.size() < nodes.size() && nowNs() < deadline) {
        lock.unlock();
        for (const SyncNodeInfo& node : nodes) {
            send(shutdown, node.address);
        }
        lock.lock();
        changed_.wait_for(lock, std::chrono::milliseconds(100),
                          [&] { return goodbyes_.size() >= nodes.size(); });
    }
    return goodbyes_.size();
}

}  // namespace cloudprofiler::sync
