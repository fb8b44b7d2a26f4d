// The sync agent of one node: registers with the sync server, answers other agents' exchanges,
// and runs exchanges (or a transfer sweep) with a peer when the server asks. One UDP socket
// served by the caller's thread (run()), and a TCP sweep responder on the same port number with
// a helper thread; neither keeps a process alive by itself.
#pragma once

#include <atomic>
#include <memory>
#include <cstdint>
#include <string>
#include <vector>

#include "response_delay.h"
#include "sync_message.h"
#include "transfer_sweep.h"
#include "udp_socket.h"

namespace cloudprofiler::sync {

struct SyncAgentOptions {
    Address server;
    std::string nodeId;
    // Address to answer on. 0: the local address that routes to the server.
    uint32_t bindIp = 0;
    uint16_t port = 0;  // 0: any free port
    std::string secret;  // the shared secret the MAC keys are derived from; empty: none
    // Silence from the server for this long ends run() with kServerSilent.
    int serverTimeoutMs = 10'000;
};

struct SyncAgentCounters {
    std::atomic<uint64_t> received{0};    // datagrams taken from the socket, oversized included
    std::atomic<uint64_t> malformed{0};   // undecodable datagrams, dropped
    std::atomic<uint64_t> oversized{0};   // datagrams over kMaxDatagramBytes, dropped
    std::atomic<uint64_t> wrongVersion{0};     // another protocol version, dropped
    std::atomic<uint64_t> unauthenticated{0};  // MAC does not verify (another secret, altered)
    std::atomic<uint64_t> wrongSession{0};     // authentic but of another session, dropped
    std::atomic<uint64_t> replayed{0};  // a server request seen before or too old, dropped
    // A repeat of the latest request (a retry, or a replay of it): its reply sent again, or
    // none while it is served; never acted on twice.
    std::atomic<uint64_t> repeatedRequests{0};
    std::atomic<uint64_t> outOfBounds{0};  // a server request beyond the agent's bounds, dropped
    std::atomic<uint64_t> unexpected{0};  // well-formed but out of place (a stray reply), ignored
    std::atomic<uint64_t> pingsAnswered{0};
    std::atomic<uint64_t> exchangesCompleted{0};
    std::atomic<uint64_t> exchangesLost{0};
    std::atomic<uint64_t> clockWentBackwards{0};  // exchanges with r < s, counted as lost
};

class SyncAgent {
public:
    enum class Outcome { kShutdown, kStopped, kServerSilent, kNeverRegistered, kRefused };
    struct Result {
        Outcome outcome;
        std::string message;
    };

    // Checks the node id and binds the sockets; throws ProfilerError naming what is wrong.
    explicit SyncAgent(SyncAgentOptions options);

    Address local() const { return socket_->local(); }
    const SyncAgentCounters& counters() const { return counters_; }
    const SweepResponder& sweepResponder() const { return *sweepResponder_; }

    // Serves until the server says shut down, stop() is called, or the server falls silent.
    Result run();
    // Any thread; run() returns within about 100 ms.
    void stop() { stopping_.store(true); }

private:
    struct Inbound {
        Message message;
        Address from;
        uint64_t arrivalTsc = 0;
    };
    enum class Poll { kMessage, kNothing, kDropped };

    Poll poll(int timeoutMs, Inbound& in);
    // Authentic and of this session: checks the request id of a server request against the
    // ones seen (answering a retry of the latest again); false if the datagram is dropped.
    bool admit(const Inbound& in);
    bool withinBounds(const Message& request) const;
    // Sends the reply to a server request and keeps it for a retry of that request.
    void reply(const Message& request, Message response, const Address& to);
    void answerPing(const Inbound& ping);
    // Handles one message from the server; false once it said shut down.
    bool handleServer(const Inbound& in);
    void respondPromptly(const Message& expect);
    Message measure(const Message& request);
    Message sweep(const Message& request);
    void send(const Message& message, const Address& to);

    SyncAgentOptions options_;
    SyncKey key_;
    SyncKey sweepKey_;
    uint64_t registrationNonce_;  // random; the server's kRegistered must echo it
    uint64_t session_ = 0;        // the server's, from its kRegistered; 0 until then
    ResponseDelay delay_;
    std::unique_ptr<UdpSocket> socket_;
    std::unique_ptr<SweepResponder> sweepResponder_;
    SyncAgentCounters counters_;
    std::atomic<bool> stopping_{false};
    std::vector<uint8_t> buffer_;
    int64_t lastFromServerNs_ = 0;
    // The anti-replay window over the server's request ids: the highest seen, and a bit for
    // each of the 64 ids up to it that was seen.
    uint32_t highestRequest_ = 0;
    uint64_t seenRequests_ = 0;
    // The reply to the latest request answered, sent again for a retry of that request.
    uint32_t answeredRequest_ = 0;
    std::vector<uint8_t> answer_;
    // The last measurement's exchanges, for kFetch.
    std::vector<Exchange> keptRows_;
    // An inbound server message that arrived while busy, handled next.
    bool hasDeferred_ = false;
    Inbound deferred_;
};

}  // namespace cloudprofiler::sync
