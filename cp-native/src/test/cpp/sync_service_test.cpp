// The sync server and agents over loopback, in one process: every process of a machine shares
// one TSC, so each exchange's responder reading must lie inside its [s, r] exactly.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <future>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "profiler_error.h"
#include "sync/sync_agent.h"
#include "sync/sync_message.h"
#include "sync/sync_server.h"
#include "sync/udp_socket.h"
#include "sync/version_one_refusal.h"

namespace cloudprofiler::sync {
namespace {

const uint32_t kLoopback = 0x7F000001;

// An agent serving on its own thread until the test ends.
struct RunningAgent {
    std::unique_ptr<SyncAgent> agent;
    std::future<SyncAgent::Result> result;

    RunningAgent(const Address& server, const std::string& id, const std::string& token = "",
                 int serverTimeoutMs = 10'000) {
        SyncAgentOptions options;
        options.server = server;
        options.nodeId = id;
        options.secret = token;
        options.serverTimeoutMs = serverTimeoutMs;
        agent = std::make_unique<SyncAgent>(options);
        result = std::async(std::launch::async, [a = agent.get()] { return a->run(); });
    }
    ~RunningAgent() {
        agent->stop();
        result.wait();
    }
};

std::unique_ptr<SyncServer> loopbackServer(const std::string& secret = "") {
    return std::make_unique<SyncServer>(SyncServerOptions{Address{kLoopback, 0}, secret});
}

SyncKey datagramKey(const std::string& secret) {
    return SyncKey::fromSecret(secret, SyncKey::Purpose::kDatagram);
}

TEST(SyncService, EveryOrderedPairIsMeasuredAndEachReadingLiesInsideItsInterval) {
    auto server = loopbackServer("s3cret");
    std::vector<std::unique_ptr<RunningAgent>> agents;
    for (const char* id : {"a", "b", "c"}) {
        agents.push_back(std::make_unique<RunningAgent>(server->local(), id, "s3cret"));
    }
    ASSERT_TRUE(server->awaitNodes(3, 5000));
    std::vector<PairResult> pairs = server->runPhase(40, true, 50);
    ASSERT_EQ(pairs.size(), 6u);
    for (const PairResult& pair : pairs) {
        EXPECT_TRUE(pair.problem.empty()) << pair.problem;
        EXPECT_EQ(pair.completed + pair.lost, 40u);
        EXPECT_GT(pair.completed, 0u);  // losses are possible on a loaded machine, not errors
        ASSERT_EQ(pair.all.size(), pair.completed);
        for (const Exchange& exchange : pair.all) {
            EXPECT_LE(exchange.s, exchange.b);
            EXPECT_LE(exchange.b, exchange.r);
            EXPECT_GE(exchange.r - exchange.s, pair.min.r - pair.min.s);
        }
    }
    EXPECT_EQ(server->shutdownAgents(2000), 3u);
    for (auto& running : agents) {
        SyncAgent::Result result = running->result.get();
        EXPECT_EQ(result.outcome, SyncAgent::Outcome::kShutdown) << result.message;
        running->result = std::async(std::launch::deferred, [result] { return result; });
    }
    EXPECT_EQ(server->counters().malformed, 0u);
}

TEST(SyncService, MinExchangesOnlyUnlessAllAreAskedFor) {
    auto server = loopbackServer();
    RunningAgent a(server->local(), "a");
    RunningAgent b(server->local(), "b");
    ASSERT_TRUE(server->awaitNodes(2, 5000));
    for (const PairResult& pair : server->runPhase(120, false, 50)) {
        EXPECT_TRUE(pair.all.empty());
        EXPECT_GT(pair.completed, 0u);
        EXPECT_LE(pair.min.s, pair.min.r);
    }
    // 120 exchanges need three row datagrams each way.
    for (const PairResult& pair : server->runPhase(120, true, 50)) {
        EXPECT_EQ(pair.all.size(), pair.completed) << pair.problem;
    }
}

TEST(SyncService, RandomDatagramsAreCountedAndNeverBreakTheService) {
    auto server = loopbackServer("t");
    RunningAgent a(server->local(), "a", "t");
    RunningAgent b(server->local(), "b", "t");
    ASSERT_TRUE(server->awaitNodes(2, 5000));

    UdpSocket attacker(Address{kLoopback, 0});
    std::mt19937_64 random(7);
    std::vector<Address> targets = {server->local(), a.agent->local(), b.agent->local()};
    Message valid = Message::of(MessageType::kMeasured);
    std::vector<uint8_t> template_ = encode(valid, datagramKey("t"));
    for (int i = 0; i < 20000; ++i) {
        std::vector<uint8_t> datagram;
        switch (i % 4) {
            case 0:  // random bytes of a random length
                datagram.resize(random() % 200);
                for (uint8_t& byte : datagram) {
                    byte = static_cast<uint8_t>(random());
                }
                break;
            case 1:  // a valid header with random bit flips and truncation
                datagram = template_;
                datagram[random() % datagram.size()] ^= static_cast<uint8_t>(1u << (random() % 8));
                datagram.resize(random() % (datagram.size() + 1));
                break;
            case 2:  // oversized
                datagram.assign(kMaxDatagramBytes + 1 + random() % 5000, 0x43);
                break;
            case 3:  // well-formed, another secret
                datagram = encode(Message::of(MessageType::kHeartbeat), datagramKey("other"));
                break;
        }
        attacker.send(datagram.data(), datagram.size(), targets[i % targets.size()]);
        if (i % 500 == 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));  // let the buffers drain
        }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    SyncServerCounters counters = server->counters();
    const SyncAgentCounters& agentCounters = a.agent->counters();
    EXPECT_GT(counters.malformed, 0u);
    EXPECT_GT(counters.oversized, 0u);
    EXPECT_GT(counters.unauthenticated, 0u);
    EXPECT_GT(agentCounters.malformed.load() + agentCounters.oversized.load() +
                  agentCounters.unauthenticated.load(),
              0u);
    // Still serving.
    for (const PairResult& pair : server->runPhase(20, false, 50)) {
        EXPECT_TRUE(pair.problem.empty()) << pair.problem;
    }
}

TEST(SyncService, AnAgentWithoutServerGivesUpWithTheFix) {
    UdpSocket nobody(Address{kLoopback, 0});  // a port with no server behind it
    SyncAgentOptions options;
    options.server = nobody.local();
    options.nodeId = "lonely";
    options.serverTimeoutMs = 600;
    SyncAgent agent(options);
    SyncAgent::Result result = agent.run();
    EXPECT_EQ(result.outcome, SyncAgent::Outcome::kNeverRegistered);
    EXPECT_NE(result.message.find("start `cloudprofiler sync-server`"), std::string::npos)
        << result.message;
}

TEST(SyncService, AnotherSecretIsRefusedAndCounted) {
    auto server = loopbackServer("right");
    SyncAgentOptions options;
    options.server = server->local();
    options.nodeId = "intruder";
    options.secret = "wrong";
    options.serverTimeoutMs = 600;
    SyncAgent agent(options);
    EXPECT_EQ(agent.run().outcome, SyncAgent::Outcome::kNeverRegistered);
    EXPECT_TRUE(server->nodes().empty());
    EXPECT_GT(server->counters().unauthenticated, 0u);
}

// A version-1 datagram as the previous release laid it out: magic, version 1, `type`, reserved,
// the FNV-1a token hash in clear, the request id, then `body`.
std::vector<uint8_t> versionOneDatagram(uint8_t type, uint64_t tokenHash, uint32_t requestId,
                                        const std::vector<uint8_t>& body) {
    std::vector<uint8_t> bytes = {0x43, 0x50, 0x53, 0x59, 1, type, 0, 0};
    for (int i = 0; i < 8; ++i) {
        bytes.push_back(static_cast<uint8_t>(tokenHash >> (8 * i)));
    }
    for (int i = 0; i < 4; ++i) {
        bytes.push_back(static_cast<uint8_t>(requestId >> (8 * i)));
    }
    bytes.insert(bytes.end(), body.begin(), body.end());
    return bytes;
}

// Version 1's REGISTER body: u16 length + node id "old", u64 TSC Hz.
const std::vector<uint8_t> kVersionOneRegisterBody = {3, 0, 'o', 'l', 'd', 0, 0x94, 0x35, 0x77,
                                                      0, 0, 0, 0};

TEST(SyncService, AnAgentOfVersionOneIsToldWhyInItsOwnLayoutAndNothingElse) {
    auto server = loopbackServer("the secret");
    UdpSocket oldAgent(Address{kLoopback, 0});
    const uint64_t hash = 0x0123456789abcdefULL;  // what the old agent sent: its own token's
    std::vector<uint8_t> registration =
        versionOneDatagram(1, hash, 77, kVersionOneRegisterBody);
    ASSERT_TRUE(oldAgent.send(registration.data(), registration.size(), server->local()));
    std::vector<uint8_t> reply(kMaxDatagramBytes + 1);
    size_t length = 0;
    Address from;
    ASSERT_EQ(UdpSocket::Received::kDatagram,
              oldAgent.receive(reply.data(), reply.size(), 5000, length, from));
    reply.resize(length);
    // Version 1's REFUSED, as its decoder checks it: header, the agent's own hash and request
    // id, a printable problem of exactly the rest of the datagram.
    std::string problem(reply.begin() + 22, reply.end());
    std::vector<uint8_t> header = versionOneDatagram(17, hash, 77, {});
    ASSERT_GT(length, 22u);
    EXPECT_EQ(header, std::vector<uint8_t>(reply.begin(), reply.begin() + 20));
    EXPECT_EQ(problem.size(), static_cast<size_t>(reply[20] | reply[21] << 8));
    EXPECT_EQ("this server speaks sync protocol version 2, this agent version 1: run the same"
              " cloudprofiler version on every node",
              problem);
    EXPECT_TRUE(server->nodes().empty());
    EXPECT_EQ(1u, server->counters().wrongVersion);
    EXPECT_EQ(0u, server->counters().registrations);

    // Any other version-1 datagram, or a REGISTER cut short, gets nothing (sent once the
    // server's pace of one answer per 100 ms would allow one).
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    for (const std::vector<uint8_t>& other :
         {versionOneDatagram(4, hash, 78, {}),
          versionOneDatagram(1, hash, 79, std::vector<uint8_t>(2, 0))}) {
        ASSERT_TRUE(oldAgent.send(other.data(), other.size(), server->local()));
    }
    EXPECT_EQ(UdpSocket::Received::kNothing,
              oldAgent.receive(reply.data(), reply.size(), 300, length, from));
    EXPECT_EQ(3u, server->counters().wrongVersion);
}

TEST(VersionOneRefusal, AnswersOnlyAVersionOneRegister) {
    std::vector<uint8_t> registration = versionOneDatagram(1, 5, 6, kVersionOneRegisterBody);
    EXPECT_FALSE(versionOneRefusal(registration.data(), registration.size(), "why").empty());
    std::vector<uint8_t> reserved = registration;
    reserved[6] = 1;
    std::vector<uint8_t> current = registration;
    current[4] = kProtocolVersion;
    Message message = Message::of(MessageType::kRegister);
    message.nodeId = "new";
    std::vector<uint8_t> signed2 = encode(message, datagramKey(""));
    for (const std::vector<uint8_t>& datagram : {reserved, current, signed2}) {
        EXPECT_TRUE(versionOneRefusal(datagram.data(), datagram.size(), "why").empty());
    }
    std::string longProblem(1000, 'x');
    std::vector<uint8_t> cut =
        versionOneRefusal(registration.data(), registration.size(), longProblem);
    EXPECT_EQ(20u + 2 + kMaxProblemBytes, cut.size());
}

TEST(SyncService, AnAgentNoticesItsServerIsGone) {
    auto server = loopbackServer();
    RunningAgent a(server->local(), "a", "", 2500);
    ASSERT_TRUE(server->awaitNodes(1, 5000));
    // Heartbeats keep an idle agent serving past its timeout while the server lives.
    ASSERT_EQ(a.result.wait_for(std::chrono::milliseconds(3500)), std::future_status::timeout);
    server.reset();  // the server process dies
    ASSERT_EQ(a.result.wait_for(std::chrono::seconds(10)), std::future_status::ready);
    SyncAgent::Result result = a.result.get();
    a.result = std::async(std::launch::deferred, [result] { return result; });
    EXPECT_EQ(result.outcome, SyncAgent::Outcome::kServerSilent);
    EXPECT_NE(result.message.find("silent"), std::string::npos) << result.message;
}

TEST(SyncService, APairWhoseResponderVanishedIsReportedNotInvented) {
    auto server = loopbackServer();
    RunningAgent a(server->local(), "a");
    {
        RunningAgent b(server->local(), "b");
        ASSERT_TRUE(server->awaitNodes(2, 5000));
    }  // b stops
    std::vector<PairResult> pairs = server->runPhase(10, false, 20);
    ASSERT_EQ(pairs.size(), 2u);
    for (const PairResult& pair : pairs) {
        EXPECT_EQ(pair.completed, 0u);
        EXPECT_NE(pair.problem.find("b at"), std::string::npos) << pair.problem;
    }
}

TEST(SyncService, PhasesNeedTwoNodesAndSaneCounts) {
    auto server = loopbackServer();
    EXPECT_THROW(server->runPhase(10, false, 20), ProfilerError);
    EXPECT_THROW(server->runPhase(0, false, 20), ProfilerError);
}

TEST(SyncService, BindingAPortInUseNamesIt) {
    UdpSocket first(Address{kLoopback, 0});
    try {
        SyncServer second(SyncServerOptions{first.local(), ""});
        FAIL();
    } catch (const ProfilerError& error) {
        EXPECT_NE(std::string(error.what()).find(first.local().toString()), std::string::npos);
        EXPECT_NE(std::string(error.what()).find("another process uses that port"),
                  std::string::npos);
    }
}

TEST(SyncMessage, EveryTypeRoundTripsAndACutAlteredOrOlderDatagramIsRefused) {
    std::vector<Message> messages;
    Message reg = Message::of(MessageType::kRegister);
    reg.nodeId = "node-1";
    reg.tscHz = 2'000'000'000;
    messages.push_back(reg);
    Message measured = Message::of(MessageType::kMeasured);
    measured.completed = 99;
    measured.lost = 1;
    measured.min = Exchange{1, 2, 3};
    measured.kept = 99;
    messages.push_back(measured);
    Message rows = Message::of(MessageType::kRows);
    rows.firstRow = 50;
    rows.rows = {Exchange{4, 5, 6}, Exchange{7, 8, 9}};
    messages.push_back(rows);
    Message pong = Message::of(MessageType::kPong);
    pong.session = 0x1234567890ULL;
    pong.nonce = 99;
    pong.sequence = 17;
    pong.responderTsc = 1ULL << 62;
    messages.push_back(pong);
    SyncKey key = datagramKey("k");
    for (const Message& message : messages) {
        std::vector<uint8_t> bytes = encode(message, key);
        Message back;
        ASSERT_EQ(decode(bytes.data(), bytes.size(), key, back), DecodeStatus::kOk);
        EXPECT_EQ(encode(back, key), bytes);
        for (size_t cut = 0; cut < bytes.size(); ++cut) {
            EXPECT_NE(decode(bytes.data(), cut, key, back), DecodeStatus::kOk);
        }
        // Any bit changed anywhere, MAC included, and the datagram is not authentic.
        for (size_t at = 5; at < bytes.size(); ++at) {
            std::vector<uint8_t> altered = bytes;
            altered[at] ^= 0x10;
            EXPECT_EQ(decode(altered.data(), altered.size(), key, back),
                      DecodeStatus::kUnauthenticated);
        }
        EXPECT_EQ(decode(bytes.data(), bytes.size(), datagramKey("other"), back),
                  DecodeStatus::kUnauthenticated);
    }
    Message badNode = reg;
    badNode.nodeId = "../etc";
    std::vector<uint8_t> bytes = encode(badNode, key);
    Message back;
    EXPECT_EQ(decode(bytes.data(), bytes.size(), key, back), DecodeStatus::kMalformed);
    // A version-1 peer (token hash where the session now is) gets a clear answer, not "malformed".
    const uint8_t versionOne[20] = {0x43, 0x50, 0x53, 0x59, 1, 3};
    uint8_t version = 0;
    EXPECT_EQ(decode(versionOne, sizeof versionOne, key, back, &version),
              DecodeStatus::kWrongVersion);
    EXPECT_EQ(version, 1);
}

}  // namespace
}  // namespace cloudprofiler::sync

namespace cloudprofiler::sync {
namespace {

TEST(TransferSweep, EveryOrderedPairTimesEverySizeOverTcp) {
    auto server = loopbackServer("k");
    RunningAgent a(server->local(), "a", "k");
    RunningAgent b(server->local(), "b", "k");
    ASSERT_TRUE(server->awaitNodes(2, 5000));
    std::vector<uint32_t> sizes = {64, 4096, 262144, 1u << 20};
    std::vector<SweepResult> sweeps = server->runSweep(sizes, 3, 2000);
    ASSERT_EQ(sweeps.size(), 2u);
    for (const SweepResult& sweep : sweeps) {
        EXPECT_TRUE(sweep.problem.empty()) << sweep.problem;
        ASSERT_EQ(sweep.points.size(), sizes.size());
        for (size_t i = 0; i < sizes.size(); ++i) {
            EXPECT_EQ(sweep.points[i].payloadBytes, sizes[i]);
            EXPECT_EQ(sweep.points[i].completed, 3u);
            EXPECT_GT(sweep.points[i].minTicks, 0u);
        }
    }
}

TEST(SyncService, ASecondLiveAgentWithTheSameIdIsRefusedWithTheReason) {
    auto server = loopbackServer();
    RunningAgent first(server->local(), "twin");
    ASSERT_TRUE(server->awaitNodes(1, 5000));
    SyncAgentOptions options;
    options.server = server->local();
    options.nodeId = "twin";
    options.serverTimeoutMs = 2500;
    SyncAgent second(options);
    SyncAgent::Result result = second.run();
    EXPECT_EQ(result.outcome, SyncAgent::Outcome::kRefused);
    EXPECT_NE(result.message.find("give every node its own --node-id"), std::string::npos)
        << result.message;
    EXPECT_EQ(server->nodes().size(), 1u);
    EXPECT_GT(server->counters().refused, 0u);
}

TEST(SyncService, AnInvalidNodeIdIsRefusedAtOnce) {
    SyncAgentOptions options;
    options.server = Address{kLoopback, 9};
    options.nodeId = "../etc";
    EXPECT_THROW(SyncAgent agent(options), ProfilerError);
    options.nodeId = std::string(200, 'a');
    EXPECT_THROW(SyncAgent agent(options), ProfilerError);
}

TEST(TransferSweep, AnUnreachablePeerIsReported) {
    UdpSocket nobody(Address{kLoopback, 0});
    std::atomic<bool> stopping{false};
    SweepOutcome outcome = runTransferSweep(
        nobody.local(), {64}, 1, 500,
        SyncKey::fromSecret("", SyncKey::Purpose::kSweepChallenge), stopping);
    EXPECT_NE(outcome.problem.find("cannot connect"), std::string::npos) << outcome.problem;
}

TEST(TransferSweep, AnotherSecretIsHungUpOn) {
    auto server = loopbackServer();
    RunningAgent b(server->local(), "b");
    ASSERT_TRUE(server->awaitNodes(1, 5000));
    std::atomic<bool> stopping{false};
    SweepOutcome outcome = runTransferSweep(
        b.agent->local(), {64}, 1, 2000,
        SyncKey::fromSecret("intruder", SyncKey::Purpose::kSweepChallenge), stopping);
    EXPECT_FALSE(outcome.problem.empty());
    for (int i = 0; i < 100 && b.agent->sweepResponder().badFrames() == 0; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    EXPECT_EQ(b.agent->sweepResponder().badFrames(), 1u);
}

TEST(TransferSweep, AResponderHangsUpOnAbsurdFramesAndKeepsServing) {
    auto server = loopbackServer();
    RunningAgent a(server->local(), "a");
    RunningAgent b(server->local(), "b");
    ASSERT_TRUE(server->awaitNodes(2, 5000));

    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in in{};
    in.sin_family = AF_INET;
    in.sin_addr.s_addr = htonl(kLoopback);
    in.sin_port = htons(b.agent->local().port);
    ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&in), sizeof in), 0);
    timeval limit{5, 0};  // a regression must fail the test, not hang it
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    // The right answer to the responder's challenge (the empty secret), then a 4 GiB frame.
    uint8_t challenge[kSweepChallengeBytes];
    ASSERT_EQ(recv(fd, challenge, sizeof challenge, MSG_WAITALL),
              static_cast<ssize_t>(sizeof challenge));
    uint8_t absurd[kMacBytes + 4];
    SyncKey::fromSecret("", SyncKey::Purpose::kSweepChallenge)
        .sign(challenge, sizeof challenge, absurd);
    std::fill(absurd + kMacBytes, absurd + sizeof absurd, 0xFF);
    ASSERT_EQ(send(fd, absurd, sizeof absurd, 0), static_cast<ssize_t>(sizeof absurd));
    uint8_t byte = 0;
    EXPECT_EQ(recv(fd, &byte, 1, 0), 0);  // closed, nothing allocated
    close(fd);

    for (const SweepResult& sweep : server->runSweep({64}, 2, 2000)) {
        EXPECT_TRUE(sweep.problem.empty()) << sweep.problem;
    }
}

}  // namespace
}  // namespace cloudprofiler::sync
