// Random and mutated datagrams against the sync server and a sync agent: neither crashes (the
// sanitizer build runs this too), and every datagram is taken from the socket and, if it cannot
// be trusted, counted under the reason decode() gives for it. Half of the mutated ones are
// signed again after the mutation, so that garbage bodies with a valid MAC reach the decoder. CP_FUZZ_DATAGRAMS (default 100000
// per target) and CP_FUZZ_SEED (default 24) set the run; `make fuzz` runs a longer one.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <future>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "sync/sync_agent.h"
#include "sync/sync_message.h"
#include "sync/sync_server.h"
#include "sync/udp_socket.h"

namespace cloudprofiler::sync {
namespace {

const uint32_t kLoopback = 0x7F000001;
const char* const kToken = "fuzz";
// Datagrams in flight at once: the kernel keeps them all, so none is lost before it is read.
const int kBatch = 16;

uint64_t fromEnvironment(const char* name, uint64_t fallback) {
    const char* text = std::getenv(name);
    return text == nullptr ? fallback : std::strtoull(text, nullptr, 10);
}

SyncKey fuzzKey() { return SyncKey::fromSecret(kToken, SyncKey::Purpose::kDatagram); }

// The MAC of `datagram` computed again over whatever it holds now (if it can hold one).
void resign(std::vector<uint8_t>& datagram) {
    if (datagram.size() >= kHeaderBytes + kMacBytes) {
        size_t signedBytes = datagram.size() - kMacBytes;
        fuzzKey().sign(datagram.data(), signedBytes, datagram.data() + signedBytes);
    }
}

// One valid datagram of every type, with the right key: the seeds that mutations start from.
// Of no session: a target drops each as wrongSession unless a mutation broke it first.
std::vector<std::vector<uint8_t>> validDatagrams() {
    std::vector<Message> messages;
    for (int type = 1; type <= 19; ++type) {
        Message message = Message::of(static_cast<MessageType>(type));
        message.session = 0x5EED;  // no target's session
        message.requestId = 77;
        message.nodeId = "node-1";
        message.tscHz = 3'000'000'000;
        message.count = 10;
        message.timeoutMs = 20;
        message.peerAddress = kLoopback;
        message.peerPort = 9;
        message.rows = {Exchange{1, 2, 3}, Exchange{4, 5, 6}};
        message.sizes = {64, 4096};
        message.points = {SweepPoint{64, 3, 100}};
        message.problem = "a problem";
        messages.push_back(message);
    }
    std::vector<std::vector<uint8_t>> datagrams;
    for (const Message& message : messages) {
        datagrams.push_back(encode(message, fuzzKey()));
    }
    return datagrams;
}

// Makes the next datagram: random bytes, a mutated valid one (signed again half of the time),
// an oversized one, or a valid one under another secret.
class DatagramSource {
public:
    explicit DatagramSource(uint64_t seed) : random_(seed), valid_(validDatagrams()) {}

    std::vector<uint8_t> next() {
        std::vector<uint8_t> datagram;
        switch (random_() % 8) {
            case 0:
                datagram.resize(random_() % 300);
                for (uint8_t& byte : datagram) {
                    byte = static_cast<uint8_t>(random_());
                }
                return datagram;
            case 1:
                return std::vector<uint8_t>(kMaxDatagramBytes + 1 + random_() % 4000, 0x43);
            case 2: {
                Message message = Message::of(MessageType::kHeartbeat);
                return encode(message, SyncKey::fromSecret("another", SyncKey::Purpose::kDatagram));
            }
            default:
                datagram = valid_[random_() % valid_.size()];
                for (uint64_t n = 1 + random_() % 4; n > 0; --n) {
                    mutate(datagram);
                }
                if (random_() % 2 == 0) {
                    resign(datagram);
                }
                return datagram;
        }
    }

private:
    void mutate(std::vector<uint8_t>& datagram) {
        size_t at = datagram.empty() ? 0 : random_() % datagram.size();
        switch (random_() % 5) {
            case 0:  // a bit flipped
                if (!datagram.empty()) {
                    datagram[at] ^= static_cast<uint8_t>(1u << (random_() % 8));
                }
                break;
            case 1:  // a byte of the body, where lengths and counts live
                if (datagram.size() > kHeaderBytes + kMacBytes) {
                    at = kHeaderBytes + random_() % (datagram.size() - kHeaderBytes - kMacBytes);
                    const uint8_t interesting[] = {0, 1, 0x7F, 0x80, 0xFF};
                    datagram[at] = interesting[random_() % 5];
                }
                break;
            case 2:  // cut short
                datagram.resize(random_() % (datagram.size() + 1));
                break;
            case 3:  // trailing bytes
                datagram.resize(datagram.size() + 1 + random_() % 40,
                                static_cast<uint8_t>(random_()));
                break;
            case 4:  // the type changed: another type's body behind the header
                if (datagram.size() > 5) {
                    datagram[5] = static_cast<uint8_t>(random_() % 22);
                }
                break;
        }
    }

    std::mt19937_64 random_;
    std::vector<std::vector<uint8_t>> valid_;
};

// Every count a datagram of the fuzz ends up in: none of them is acted on.
struct Counts {
    uint64_t received = 0;  // sent, for the expected side
    uint64_t malformed = 0;
    uint64_t oversized = 0;
    uint64_t wrongVersion = 0;
    uint64_t unauthenticated = 0;
    uint64_t wrongSession = 0;
    uint64_t unexpected = 0;

    uint64_t dropped() const {
        return malformed + oversized + wrongVersion + unauthenticated + wrongSession + unexpected;
    }
};

// Waits until `condition` holds, for 10 s at most: the assertions after it say what is missing.
bool awaitTrue(const std::function<bool()>& condition) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!condition()) {
        if (std::chrono::steady_clock::now() > deadline) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    return true;
}

// Sends `count` datagrams to `target` in batches, waiting after each until `seen` shows the
// target took them all; returns what decode() says the target must have counted. A datagram
// that decodes is of no session the target knows (the fuzz never learns one): wrongSession,
// except a kRegistered at an agent, which answers no registration of its own: unexpected.
Counts fuzz(const Address& target, bool targetIsAgent, uint64_t count, uint64_t seed,
            const std::function<Counts()>& seen) {
    UdpSocket attacker(Address{kLoopback, 0});
    DatagramSource source(seed);
    Counts expected;
    const SyncKey key = fuzzKey();
    while (expected.received < count) {
        for (int i = 0; i < kBatch && expected.received < count; ++i) {
            std::vector<uint8_t> datagram = source.next();
            Message decoded;
            if (datagram.size() > kMaxDatagramBytes) {
                ++expected.oversized;
            } else {
                switch (decode(datagram.data(), datagram.size(), key, decoded)) {
                    case DecodeStatus::kOk:
                        ++(targetIsAgent && decoded.type == MessageType::kRegistered
                               ? expected.unexpected
                               : expected.wrongSession);
                        break;
                    case DecodeStatus::kMalformed:
                        ++expected.malformed;
                        break;
                    case DecodeStatus::kWrongVersion:
                        ++expected.wrongVersion;
                        break;
                    case DecodeStatus::kUnauthenticated:
                        ++expected.unauthenticated;
                        break;
                }
            }
            attacker.send(datagram.data(), datagram.size(), target);
            ++expected.received;
        }
        // Flow control: the next batch waits until the target has taken this one. A target
        // that lost one ends the run: the assertions say how many are missing.
        if (!awaitTrue([&] { return seen().received >= expected.received; })) {
            break;
        }
    }
    // The last one taken may still be on its way to its counter.
    awaitTrue([&] { return seen().dropped() >= expected.dropped(); });
    return expected;
}

void expectEveryDatagramCounted(const Counts& expected, const Counts& seen) {
    EXPECT_EQ(seen.received, expected.received);
    EXPECT_EQ(seen.malformed, expected.malformed);
    EXPECT_EQ(seen.oversized, expected.oversized);
    EXPECT_EQ(seen.wrongVersion, expected.wrongVersion);
    EXPECT_EQ(seen.unauthenticated, expected.unauthenticated);
    EXPECT_EQ(seen.wrongSession, expected.wrongSession);
    EXPECT_EQ(seen.unexpected, expected.unexpected);
    EXPECT_EQ(seen.dropped(), expected.received);  // nothing of the fuzz was acted on
    // The mix reaches every branch, past the MAC too: garbage with a valid MAC is decoded.
    EXPECT_GT(expected.malformed, 0u);
    EXPECT_GT(expected.unauthenticated, 0u);
    EXPECT_GT(expected.wrongSession, 0u);
}

Counts serverCounts(const SyncServer& server) {
    SyncServerCounters c = server.counters();
    return Counts{c.received,        c.malformed,    c.oversized,  c.wrongVersion,
                  c.unauthenticated, c.wrongSession, c.unexpected};
}

TEST(SyncFuzz, TheServerTakesAndCountsEveryRandomOrMutatedDatagram) {
    uint64_t count = fromEnvironment("CP_FUZZ_DATAGRAMS", 100'000);
    SyncServer server(SyncServerOptions{Address{kLoopback, 0}, kToken});
    Counts expected = fuzz(server.local(), false, count, fromEnvironment("CP_FUZZ_SEED", 24),
                           [&] { return serverCounts(server); });
    expectEveryDatagramCounted(expected, serverCounts(server));
    SyncAgentOptions options;  // still serving: a real agent registers
    options.server = server.local();
    options.nodeId = "after-the-fuzz";
    options.secret = kToken;
    SyncAgent agent(options);
    auto run = std::async(std::launch::async, [&] { return agent.run(); });
    EXPECT_TRUE(server.awaitNodes(1, 5000));
    agent.stop();
    run.wait();
}

TEST(SyncFuzz, AnAgentTakesAndCountsEveryRandomOrMutatedDatagram) {
    uint64_t count = fromEnvironment("CP_FUZZ_DATAGRAMS", 100'000);
    SyncServer server(SyncServerOptions{Address{kLoopback, 0}, kToken});
    SyncAgentOptions options;
    options.server = server.local();
    options.nodeId = "target";
    options.secret = kToken;
    SyncAgent agent(options);
    auto run = std::async(std::launch::async, [&] { return agent.run(); });
    ASSERT_TRUE(server.awaitNodes(1, 5000));
    const SyncAgentCounters& c = agent.counters();
    // The agent also takes the server's heartbeats: counted in `received`, never dropped.
    uint64_t before = c.received.load();
    auto seen = [&] {
        return Counts{c.received.load() - before, c.malformed.load(),
                      c.oversized.load(),         c.wrongVersion.load(),
                      c.unauthenticated.load(),   c.wrongSession.load(),
                      c.unexpected.load()};
    };
    Counts expected = fuzz(agent.local(), true, count, fromEnvironment("CP_FUZZ_SEED", 24) + 1, seen);
    Counts after = seen();
    EXPECT_GE(after.received, expected.received);
    // Heartbeats arrived in between (taken, never dropped); every fuzz datagram was taken.
    after.received = expected.received;
    expectEveryDatagramCounted(expected, after);
    agent.stop();
    EXPECT_EQ(run.get().outcome, SyncAgent::Outcome::kStopped);
}

}  // namespace
}  // namespace cloudprofiler::sync
