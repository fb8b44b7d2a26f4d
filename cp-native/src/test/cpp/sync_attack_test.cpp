// An attacker on the sync network, on loopback: a relay in front of each agent captures every
// datagram of a real session (as someone reading the traffic would), and the test replays,
// forges (from the address a receiver trusts: the relay's, which is where it knows its peer) and
// alters them, in the session and in a later one. Every exchange kept stays honest (one machine,
// one TSC: s <= b <= r), and every datagram refused is counted under its reason.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "sync/sync_agent.h"
#include "sync/sync_message.h"
#include "sync/sync_server.h"
#include "sync/udp_socket.h"

namespace cloudprofiler::sync {
namespace {

const uint32_t kLoopback = 0x7F000001;
const char* const kSecret = "attack-test-secret";

SyncKey datagramKey(const std::string& secret) {
    return SyncKey::fromSecret(secret, SyncKey::Purpose::kDatagram);
}

// A bound loopback UDP socket, by file descriptor: the relay polls two at once.
struct RawSocket {
    int fd = -1;
    Address local;

    RawSocket() {
        fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        sockaddr_in in{};
        in.sin_family = AF_INET;
        in.sin_addr.s_addr = htonl(kLoopback);
        socklen_t length = sizeof in;
        if (bind(fd, reinterpret_cast<sockaddr*>(&in), sizeof in) != 0 ||
            getsockname(fd, reinterpret_cast<sockaddr*>(&in), &length) != 0) {
            throw std::runtime_error("cannot bind a loopback UDP socket");
        }
        local = Address{ntohl(in.sin_addr.s_addr), ntohs(in.sin_port)};
    }
    ~RawSocket() { close(fd); }

    void send(const std::vector<uint8_t>& bytes, const Address& to) const {
        sockaddr_in in{};
        in.sin_family = AF_INET;
        in.sin_addr.s_addr = htonl(to.ip);
        in.sin_port = htons(to.port);
        sendto(fd, bytes.data(), bytes.size(), 0, reinterpret_cast<sockaddr*>(&in), sizeof in);
    }

    std::vector<uint8_t> receive(Address& from) const {
        std::vector<uint8_t> bytes(kMaxDatagramBytes + 1);
        sockaddr_in in{};
        socklen_t length = sizeof in;
        ssize_t size = recvfrom(fd, bytes.data(), bytes.size(), MSG_DONTWAIT,
                                reinterpret_cast<sockaddr*>(&in), &length);
        bytes.resize(size < 0 ? 0 : static_cast<size_t>(size));
        from = Address{ntohl(in.sin_addr.s_addr), ntohs(in.sin_port)};
        return bytes;
    }
};

struct Captured {
    std::vector<uint8_t> bytes;
    Message message;
    bool toAgent = false;  // else from the agent
};

// Sits in front of one agent: the agent's "server" is the relay's agent side, everyone else
// reaches the agent at the relay's public side. Forwards everything both ways, keeps a copy of
// each datagram, and lets the test inject datagrams when a ping or a server request passes.
class CapturingRelay {
public:
    using Hook = std::function<void(const Message& message, const Address& sender)>;

    CapturingRelay(const Address& server, Hook onInbound)
        : server_(server), onInbound_(std::move(onInbound)), key_(datagramKey(kSecret)) {
        thread_ = std::thread([this] { serve(); });
    }
    ~CapturingRelay() {
        stopping_.store(true);
        thread_.join();
    }

    Address agentSide() const { return agentSide_.local; }
    Address publicSide() const { return public_.local; }
    Address agent() const {
        std::lock_guard<std::mutex> lock(mutex_);
        return agent_;
    }
    std::vector<Captured> captured() const {
        std::lock_guard<std::mutex> lock(mutex_);
        return captured_;
    }
    // What the agent's peers and server see as the agent.
    void sendAsAgent(const std::vector<uint8_t>& bytes, const Address& to) const {
        public_.send(bytes, to);
    }
    // What the agent sees as its server (and as every peer: all come through here).
    void sendToAgent(const std::vector<uint8_t>& bytes) const { agentSide_.send(bytes, agent()); }

private:
    void serve() {
        pollfd fds[2] = {{public_.fd, POLLIN, 0}, {agentSide_.fd, POLLIN, 0}};
        while (!stopping_.load()) {
            if (poll(fds, 2, 10) <= 0) {
                continue;
            }
            Address from;
            if (fds[0].revents & POLLIN) {
                std::vector<uint8_t> bytes = public_.receive(from);
                Captured copy = remember(bytes, true);
                if (copy.message.type == MessageType::kPing) {
                    std::lock_guard<std::mutex> lock(mutex_);
                    lastPinger_ = from;
                }
                if (onInbound_) {
                    onInbound_(copy.message, from);  // the attacker acts first: it is closer
                }
                agentSide_.send(bytes, agent());
            }
            if (fds[1].revents & POLLIN) {
                std::vector<uint8_t> bytes = agentSide_.receive(from);
                Captured copy = remember(bytes, false);
                std::lock_guard<std::mutex> lock(mutex_);
                agent_ = from;
                public_.send(bytes, copy.message.type == MessageType::kPong ? lastPinger_
                                                                             : server_);
            }
        }
    }

    Captured remember(const std::vector<uint8_t>& bytes, bool toAgent) {
        Captured copy{bytes, Message(), toAgent};
        if (decode(bytes.data(), bytes.size(), key_, copy.message) != DecodeStatus::kOk) {
            copy.message.type = MessageType::kBye;  // not ours: never routed as a pong
        }
        std::lock_guard<std::mutex> lock(mutex_);
        captured_.push_back(copy);
        return copy;
    }

    Address server_;
    Hook onInbound_;
    SyncKey key_;
    RawSocket public_;
    RawSocket agentSide_;
    mutable std::mutex mutex_;
    Address agent_;
    Address lastPinger_;
    std::vector<Captured> captured_;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

struct RelayedAgent {
    std::unique_ptr<CapturingRelay> relay;
    std::unique_ptr<SyncAgent> agent;
    std::future<SyncAgent::Result> result;

    RelayedAgent(const Address& server, const std::string& id, CapturingRelay::Hook hook = {}) {
        relay = std::make_unique<CapturingRelay>(server, std::move(hook));
        SyncAgentOptions options;
        options.server = relay->agentSide();
        options.nodeId = id;
        options.secret = kSecret;
        agent = std::make_unique<SyncAgent>(options);
        result = std::async(std::launch::async, [a = agent.get()] { return a->run(); });
    }
    ~RelayedAgent() {
        agent->stop();
        result.wait();
    }
};

// The datagram with one body byte changed and its old MAC: what an attacker without the key
// can make of a captured one.
std::vector<uint8_t> altered(std::vector<uint8_t> bytes) {
    bytes[kHeaderBytes] ^= 0x01;
    return bytes;
}

void expectHonest(const std::vector<PairResult>& pairs, uint32_t exchanges) {
    for (const PairResult& pair : pairs) {
        EXPECT_TRUE(pair.problem.empty()) << pair.problem;
        EXPECT_GT(pair.completed, 0u);
        ASSERT_EQ(pair.all.size(), pair.completed);
        EXPECT_LE(pair.min.s, pair.min.b);
        EXPECT_LE(pair.min.b, pair.min.r);
        for (const Exchange& exchange : pair.all) {
            EXPECT_LE(exchange.s, exchange.b);
            EXPECT_LE(exchange.b, exchange.r);
        }
        EXPECT_EQ(pair.completed + pair.lost, exchanges);
    }
}

bool awaitTrue(const std::function<bool()>& condition) {
    for (int i = 0; i < 500 && !condition(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return condition();
}

std::vector<Captured> ofType(const std::vector<Captured>& all, MessageType type, bool toAgent) {
    std::vector<Captured> chosen;
    for (const Captured& c : all) {
        if (c.message.type == type && c.toAgent == toAgent) {
            chosen.push_back(c);
        }
    }
    return chosen;
}

TEST(SyncAttack, ForgedAndReplayedDatagramsInASessionChangeNothingAndAreCounted) {
    SyncServer server(SyncServerOptions{Address{kLoopback, 0}, kSecret, 2});
    // Forged answers, injected by the relays while the second phase runs (armed below).
    std::atomic<bool> armed{false};
    std::vector<Captured> earlierPongs;
    std::vector<Captured> earlierMeasured;
    std::atomic<uint64_t> forgedPongs{0};
    std::atomic<uint64_t> forgedMeasured{0};
    std::unique_ptr<RelayedAgent> a;
    std::unique_ptr<RelayedAgent> b;
    // In front of the responder b: every ping is answered at once by a pong of the first
    // phase with the same sequence (authentic, another nonce) and by an altered copy.
    b = std::make_unique<RelayedAgent>(
        server.local(), "b", [&](const Message& message, const Address& pinger) {
            if (!armed.load() || message.type != MessageType::kPing) {
                return;
            }
            for (const Captured& pong : earlierPongs) {
                if (pong.message.sequence == message.sequence) {
                    b->relay->sendAsAgent(pong.bytes, pinger);
                    b->relay->sendAsAgent(altered(pong.bytes), pinger);
                    forgedPongs.fetch_add(1);
                    return;
                }
            }
        });
    // In front of the initiator a: every MEASURE is answered at once, from a's address, by a
    // MEASURED of the first phase (authentic, another request) and by an altered copy.
    a = std::make_unique<RelayedAgent>(
        server.local(), "a", [&](const Message& message, const Address&) {
            if (!armed.load() || message.type != MessageType::kMeasure ||
                earlierMeasured.empty()) {
                return;
            }
            a->relay->sendAsAgent(earlierMeasured.front().bytes, server.local());
            a->relay->sendAsAgent(altered(earlierMeasured.front().bytes), server.local());
            forgedMeasured.fetch_add(1);
        });
    ASSERT_TRUE(server.awaitNodes(2, 5000));
    expectHonest(server.runPhase(30, true, 50), 30);

    std::vector<Captured> toB = b->relay->captured();
    earlierPongs = ofType(toB, MessageType::kPong, false);
    earlierMeasured = ofType(a->relay->captured(), MessageType::kMeasured, false);
    ASSERT_FALSE(earlierPongs.empty());
    ASSERT_FALSE(earlierMeasured.empty());
    SyncServerCounters serverBefore = server.counters();
    uint64_t aUnauthenticated = a->agent->counters().unauthenticated.load();
    armed.store(true);
    expectHonest(server.runPhase(30, true, 50), 30);
    armed.store(false);
    // Each forged pong pair: the authentic one fits no open exchange, the altered one fails
    // its MAC. Each forged MEASURED pair: one answers no request, one fails its MAC.
    EXPECT_GT(forgedPongs.load(), 0u);
    EXPECT_EQ(forgedMeasured.load(), 1u);
    EXPECT_TRUE(awaitTrue([&] {
        return a->agent->counters().unauthenticated.load() - aUnauthenticated ==
               forgedPongs.load();
    }));
    EXPECT_GE(a->agent->counters().unexpected.load(), forgedPongs.load());
    SyncServerCounters serverAfter = server.counters();
    EXPECT_EQ(serverAfter.unauthenticated - serverBefore.unauthenticated, 1u);
    EXPECT_EQ(serverAfter.unexpected - serverBefore.unexpected, 1u);

    // Every server request b took, replayed to it from the address it trusts as its server,
    // and again altered: the latest is a retry (answered again from the kept reply, not run
    // twice), the others are replays; the altered ones fail their MAC.
    const SyncAgentCounters& counters = b->agent->counters();
    uint64_t replayed = counters.replayed.load();
    uint64_t repeated = counters.repeatedRequests.load();
    uint64_t unauthenticated = counters.unauthenticated.load();
    uint64_t pingsAnswered = counters.pingsAnswered.load();
    std::vector<Captured> requests;
    for (const Captured& c : b->relay->captured()) {
        switch (c.message.type) {
            case MessageType::kHeartbeat:
            case MessageType::kExpect:
            case MessageType::kMeasure:
            case MessageType::kFetch:
                requests.push_back(c);
                break;
            default:
                break;
        }
    }
    ASSERT_GT(requests.size(), 3u);
    for (const Captured& request : requests) {
        b->relay->sendToAgent(request.bytes);
        b->relay->sendToAgent(altered(request.bytes));
    }
    EXPECT_TRUE(awaitTrue([&] {
        return counters.replayed.load() - replayed + counters.repeatedRequests.load() - repeated ==
                   requests.size() &&
               counters.unauthenticated.load() - unauthenticated == requests.size();
    })) << counters.replayed.load() - replayed << " replayed, "
        << counters.repeatedRequests.load() - repeated << " repeated of " << requests.size();
    EXPECT_EQ(counters.pingsAnswered.load(), pingsAnswered);  // no MEASURE or EXPECT run again
    // A SHUTDOWN made without the key stops nobody.
    Message shutdown = Message::of(MessageType::kShutdown);
    shutdown.session = requests.front().message.session;
    shutdown.requestId = 1'000'000;
    b->relay->sendToAgent(encode(shutdown, datagramKey("a guess")));
    EXPECT_TRUE(awaitTrue(
        [&] { return counters.unauthenticated.load() - unauthenticated == requests.size() + 1; }));
    EXPECT_EQ(b->result.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout);

    // Still the same two nodes, at their addresses, and a clean phase.
    std::vector<SyncNodeInfo> nodes = server.nodes();
    ASSERT_EQ(nodes.size(), 2u);
    for (const SyncNodeInfo& node : nodes) {
        EXPECT_EQ(node.address, (node.id == "a" ? a : b)->relay->publicSide()) << node.id;
    }
    expectHonest(server.runPhase(20, true, 50), 20);
    EXPECT_EQ(server.shutdownAgents(2000), 2u);
}

TEST(SyncAttack, ASessionsDatagramsReplayedInTheNextChangeNothingAndAreCounted) {
    std::vector<Captured> earlier;
    {
        SyncServer server(SyncServerOptions{Address{kLoopback, 0}, kSecret, 2});
        RelayedAgent a(server.local(), "a");
        RelayedAgent b(server.local(), "b");
        ASSERT_TRUE(server.awaitNodes(2, 5000));
        expectHonest(server.runPhase(20, true, 50), 20);
        earlier = a.relay->captured();
        for (const Captured& c : b.relay->captured()) {
            earlier.push_back(c);
        }
    }
    SyncServer server(SyncServerOptions{Address{kLoopback, 0}, kSecret, 2});
    RelayedAgent a(server.local(), "a");
    RelayedAgent b(server.local(), "b");
    ASSERT_TRUE(server.awaitNodes(2, 5000));
    std::vector<SyncNodeInfo> nodes = server.nodes();
    SyncServerCounters serverBefore = server.counters();
    const SyncAgentCounters& counters = b.agent->counters();
    uint64_t wrongSession = counters.wrongSession.load();
    uint64_t unexpected = counters.unexpected.load();
    // Everything the last session's agents received, to b; everything they sent, to the
    // server, from b's address. Only kRegister (no session yet) and kRegistered (answering an
    // agent no longer there) carry no session of the past.
    uint64_t toAgent = 0;
    uint64_t toAgentRegistered = 0;
    uint64_t toServer = 0;
    uint64_t toServerRegister = 0;
    for (const Captured& c : earlier) {
        if (c.toAgent) {
            b.relay->sendToAgent(c.bytes);
            ++(c.message.type == MessageType::kRegistered ? toAgentRegistered : toAgent);
        } else {
            b.relay->sendAsAgent(c.bytes, server.local());
            ++(c.message.type == MessageType::kRegister ? toServerRegister : toServer);
        }
    }
    ASSERT_GT(toAgent, 0u);
    ASSERT_GT(toServer, 0u);
    EXPECT_TRUE(awaitTrue([&] {
        return counters.wrongSession.load() - wrongSession == toAgent &&
               counters.unexpected.load() - unexpected >= toAgentRegistered &&
               server.counters().wrongSession - serverBefore.wrongSession == toServer;
    })) << counters.wrongSession.load() - wrongSession << " of " << toAgent << " at the agent, "
        << server.counters().wrongSession - serverBefore.wrongSession << " of " << toServer
        << " at the server";
    // A replayed registration never completes: it would need a JOIN of this session.
    EXPECT_EQ(server.counters().registrations, serverBefore.registrations);
    std::vector<SyncNodeInfo> after = server.nodes();
    ASSERT_EQ(after.size(), 2u);
    EXPECT_EQ(after[0].address, nodes[0].address);
    EXPECT_EQ(after[1].address, nodes[1].address);
    expectHonest(server.runPhase(20, true, 50), 20);
}

TEST(SyncAttack, AnAgentRefusesRequestsBeyondItsBoundsAndTheServerBeyondItsNodes) {
    SyncServer server(SyncServerOptions{Address{kLoopback, 0}, kSecret, 1});
    RelayedAgent a(server.local(), "a");
    ASSERT_TRUE(server.awaitNodes(1, 5000));
    // A second node, beyond --nodes 1: refused with the reason.
    SyncAgentOptions options;
    options.server = server.local();
    options.nodeId = "one-too-many";
    options.secret = kSecret;
    options.serverTimeoutMs = 1500;
    SyncAgent extra(options);
    SyncAgent::Result result = extra.run();
    EXPECT_EQ(result.outcome, SyncAgent::Outcome::kRefused);
    EXPECT_NE(result.message.find("--nodes"), std::string::npos) << result.message;
    EXPECT_EQ(server.nodes().size(), 1u);

    // Requests signed with the right key (an insider, or a server of another version) but
    // beyond the agent's bounds: dropped and counted, nothing run.
    uint64_t session = 0;
    uint32_t highest = 0;
    for (const Captured& c : a.relay->captured()) {
        if (c.toAgent && c.message.session != 0) {
            session = c.message.session;
            highest = std::max(highest, c.message.requestId);
        }
    }
    ASSERT_NE(session, 0u);
    std::vector<Message> beyond;
    Message measure = Message::of(MessageType::kMeasure);
    measure.peerAddress = kLoopback;
    measure.peerPort = 9;
    measure.count = kMaxExchanges + 1;
    measure.timeoutMs = 10;
    beyond.push_back(measure);
    measure.count = 10;
    measure.timeoutMs = kMaxExchangeTimeoutMs + 1;
    beyond.push_back(measure);
    Message expect = Message::of(MessageType::kExpect);
    expect.count = 10;
    expect.timeoutMs = kMaxExpectWindowMs + 1;
    beyond.push_back(expect);
    Message sweep = Message::of(MessageType::kSweep);
    sweep.peerAddress = kLoopback;
    sweep.peerPort = 9;
    sweep.count = 1;
    sweep.timeoutMs = 100;
    sweep.sizes = {kMaxSweepPayloadBytes + 1};
    beyond.push_back(sweep);
    const SyncAgentCounters& counters = a.agent->counters();
    uint64_t completed = counters.exchangesCompleted.load() + counters.exchangesLost.load();
    for (Message& request : beyond) {
        request.session = session;
        request.requestId = highest + 1000 + static_cast<uint32_t>(&request - beyond.data());
        a.relay->sendToAgent(encode(request, datagramKey(kSecret)));
    }
    EXPECT_TRUE(awaitTrue([&] { return counters.outOfBounds.load() == beyond.size(); }));
    EXPECT_EQ(counters.exchangesCompleted.load() + counters.exchangesLost.load(), completed);
}

}  // namespace
}  // namespace cloudprofiler::sync
