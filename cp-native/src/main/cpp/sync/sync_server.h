// The sync server: agents register with it; for a phase it has every ordered pair of nodes run
// their exchanges, one pair at a time so that the others stay silent, and collects the results.
// A background thread receives datagrams (registrations, replies) and sends heartbeats so idle
// agents know the server is alive; the phases run on the caller's thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "sync_message.h"
#include "udp_socket.h"

namespace cloudprofiler::sync {

struct SyncServerOptions {
    Address bind;  // loopback unless the user says otherwise
    std::string secret;  // the shared secret the MAC key is derived from; empty: none
    size_t maxNodes = 0;  // registrations beyond this many nodes are refused; 0: kMaxNodes
};

struct SyncNodeInfo {
    std::string id;
    Address address;
    uint64_t tscHz = 0;
    int64_t lastSeenNs = 0;  // CLOCK_MONOTONIC_RAW of its latest datagram
};

// The exchanges `from` ran with `to` in one phase. `problem` is non-empty when the pair could not
// be measured (then `completed` is 0 and `min` meaningless).
struct PairResult {
    size_t from = 0;
    size_t to = 0;
    uint32_t completed = 0;
    uint32_t lost = 0;
    Exchange min;
    std::vector<Exchange> all;
    std::string problem;
};

// The transfer sweep `from` ran to `to`; `problem` says what failed, if anything.
struct SweepResult {
    size_t from = 0;
    size_t to = 0;
    std::vector<SweepPoint> points;
    std::string problem;
};

struct SyncServerCounters {
    uint64_t received = 0;  // datagrams taken from the socket, oversized included
    uint64_t malformed = 0;
    uint64_t oversized = 0;
    uint64_t wrongVersion = 0;     // another protocol version: an older or newer agent
    uint64_t unauthenticated = 0;  // the MAC does not verify: another secret, or altered
    uint64_t wrongSession = 0;     // authentic, but of another session (a replay)
    uint64_t unexpected = 0;  // well-formed, but nobody asked for it (late replies, replays)
    uint64_t registrations = 0;
    uint64_t refused = 0;  // registrations refused: a node id in use elsewhere, too many nodes
};

class SyncServer {
public:
    static constexpr size_t kMaxNodes = 1024;

    // Binds and starts receiving; throws ProfilerError naming the address if it cannot bind.
    explicit SyncServer(SyncServerOptions options);
    ~SyncServer();
    SyncServer(const SyncServer&) = delete;
    SyncServer& operator=(const SyncServer&) = delete;

    Address local() const { return socket_.local(); }
    // Registered nodes, in the order they first registered.
    std::vector<SyncNodeInfo> nodes() const;
    // Waits until at least `count` nodes registered; false at the timeout.
    bool awaitNodes(size_t count, int timeoutMs);
    // Measures every ordered pair of the nodes registered now: `exchanges` each, keeping every
    // exchange if `keepAll`. Exchanges that time out after `exchangeTimeoutMs` count as lost.
    std::vector<PairResult> runPhase(uint32_t exchanges, bool keepAll, uint32_t exchangeTimeoutMs);
    // Has every ordered pair time TCP transfers of each size (fastest of `repetitions`), one pair
    // at a time. A transfer that takes longer than `timeoutMs` ends that pair's sweep.
    std::vector<SweepResult> runSweep(const std::vector<uint32_t>& sizes, uint32_t repetitions,
                                      uint32_t timeoutMs);
    // Tells every agent to exit and waits up to `timeoutMs` for their goodbyes; returns how many
    // said goodbye.
    size_t shutdownAgents(int timeoutMs);
    SyncServerCounters counters() const;

private:
    void receiveLoop();
    void handle(const Message& message, const Address& from);
    void handleRegistration(const Message& message, const Address& from);
    void handleJoin(const Message& message, const Address& from);
    void refuse(const Message& message, const Address& from, const std::string& why);
    // Tells an agent of protocol version 1 why it cannot join, in its own layout (receiver
    // thread only; rate-limited).
    void answerVersionOne(const uint8_t* datagram, size_t length, const Address& from);
    void sendHeartbeats();
    // While a pair measures, heartbeats wait: the network must be silent then.
    void setMeasuring(bool measuring);
    void send(const Message& message, const Address& to);
    // Sends `request` until a reply of `replyType` comes from `node`, up to `attempts` times.
    bool call(const SyncNodeInfo& node, Message request, MessageType replyType, int timeoutMs,
              int attempts, Message& reply);
    PairResult measurePair(size_t from, size_t to, const std::vector<SyncNodeInfo>& nodes,
                           uint32_t exchanges, bool keepAll, uint32_t exchangeTimeoutMs);

    // A registration waits here until its agent proves it fresh with kJoin: a replayed
    // kRegister (it carries no session) never gets that far.
    struct PendingRegistration {
        SyncNodeInfo node;
        uint64_t nonce = 0;
    };
    static constexpr size_t kMaxPending = 64;

    SyncServerOptions options_;
    SyncKey key_;
    uint64_t session_;  // random, in every datagram after kRegister
    UdpSocket socket_;
    std::atomic<bool> stopping_{false};

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<SyncNodeInfo> nodes_;
    std::vector<PendingRegistration> pending_;
    SyncServerCounters counters_;
    uint32_t nextRequestId_ = 1;
    bool phaseRunning_ = false;
    int64_t lastHeartbeatNs_ = 0;
    // The one reply the caller's thread is waiting for.
    bool awaiting_ = false;
    uint32_t awaitedRequest_ = 0;
    MessageType awaitedType_ = MessageType::kHeartbeatAck;
    Address awaitedFrom_;
    bool replied_ = false;
    Message reply_;
    std::vector<Address> goodbyes_;
    int64_t lastVersionOneRefusalNs_ = INT64_MIN / 2;  // the receiver thread's

    std::mutex callMutex_;  // one caller at a time: phases and shutdown
    std::thread receiver_;
};

}  // namespace cloudprofiler::sync
