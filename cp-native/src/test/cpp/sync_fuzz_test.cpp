// Random and mutated datagrams against the sync server and a sync agent: neither crashes (the
// sanitizer build runs this too), and every datagram is taken from the socket and, if it cannot
// be trusted, counted under the reason decode() gives for it. CP_FUZZ_DATAGRAMS (default 100000
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

// One valid datagram of every type, with the right token: the seeds that mutations start from.
std::vector<std::vector<uint8_t>> validDatagrams() {
    std::vector<Message> messages;
    for (int type = 1; type <= 17; ++type) {
        Message message = Message::of(static_cast<MessageType>(type));
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
        datagrams.push_back(encode(message, hashToken(kToken)));
    }
    return datagrams;
}

// Makes the next datagram: random bytes, a mutated valid one, an oversized one, or a valid one
// under another token.
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
                return encode(message, hashToken("another"));
            }
            default:
                datagram = valid_[random_() % valid_.size()];
                for (uint64_t n = 1 + random_() % 4; n > 0; --n) {
                    mutate(datagram);
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
            case 1:  // a byte anywhere past the header, where lengths and counts live
                if (datagram.size() > kHeaderBytes) {
                    at = kHeaderBytes + random_() % (datagram.size() - kHeaderBytes);
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
                    datagram[5] = static_cast<uint8_t>(random_() % 20);
                }
                break;
        }
    }

    std::mt19937_64 random_;
    std::vector<std::vector<uint8_t>> valid_;
};

struct Expected {
    uint64_t sent = 0;
    uint64_t malformed = 0;
    uint64_t oversized = 0;
    uint64_t wrongToken = 0;
};

struct Seen {
    uint64_t received = 0;
    uint64_t malformed = 0;
    uint64_t oversized = 0;
    uint64_t wrongToken = 0;
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
// target took them all; returns what decode() says the target must have counted.
Expected fuzz(const Address& target, uint64_t count, uint64_t seed,
              const std::function<Seen()>& seen) {
    UdpSocket attacker(Address{kLoopback, 0});
    DatagramSource source(seed);
    Expected expected;
    const uint64_t tokenHash = hashToken(kToken);
    while (expected.sent < count) {
        for (int i = 0; i < kBatch && expected.sent < count; ++i) {
            std::vector<uint8_t> datagram = source.next();
            Message ignored;
            if (datagram.size() > kMaxDatagramBytes) {
                ++expected.oversized;
            } else {
                DecodeStatus status = decode(datagram.data(), datagram.size(), tokenHash, ignored);
                expected.malformed += status == DecodeStatus::kMalformed ? 1 : 0;
                expected.wrongToken += status == DecodeStatus::kWrongToken ? 1 : 0;
            }
            attacker.send(datagram.data(), datagram.size(), target);
            ++expected.sent;
        }
        // Flow control: the next batch waits until the target has taken this one. A target
        // that lost one ends the run: the assertions say how many are missing.
        if (!awaitTrue([&] { return seen().received >= expected.sent; })) {
            break;
        }
    }
    // The last one taken may still be on its way to its counter.
    awaitTrue([&] {
        Seen now = seen();
        return now.malformed + now.oversized + now.wrongToken >=
               expected.malformed + expected.oversized + expected.wrongToken;
    });
    return expected;
}

void expectEveryDatagramCounted(const Expected& expected, const Seen& seen) {
    EXPECT_EQ(seen.received, expected.sent);
    EXPECT_EQ(seen.malformed, expected.malformed);
    EXPECT_EQ(seen.oversized, expected.oversized);
    EXPECT_EQ(seen.wrongToken, expected.wrongToken);
    // The mix reaches every branch: a run where decode() accepts nothing tests nothing.
    EXPECT_GT(expected.sent, expected.malformed + expected.oversized + expected.wrongToken);
}

TEST(SyncFuzz, TheServerTakesAndCountsEveryRandomOrMutatedDatagram) {
    uint64_t count = fromEnvironment("CP_FUZZ_DATAGRAMS", 100'000);
    SyncServer server(SyncServerOptions{Address{kLoopback, 0}, kToken});
    Expected expected = fuzz(server.local(), count, fromEnvironment("CP_FUZZ_SEED", 24), [&] {
        SyncServerCounters c = server.counters();
        return Seen{c.received, c.malformed, c.oversized, c.wrongToken};
    });
    expectEveryDatagramCounted(expected, Seen{server.counters().received,
                                              server.counters().malformed,
                                              server.counters().oversized,
                                              server.counters().wrongToken});
    SyncAgentOptions options;  // still serving: a real agent registers
    options.server = server.local();
    options.nodeId = "after-the-fuzz";
    options.token = kToken;
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
    options.token = kToken;
    SyncAgent agent(options);
    auto run = std::async(std::launch::async, [&] { return agent.run(); });
    ASSERT_TRUE(server.awaitNodes(1, 5000));
    const SyncAgentCounters& c = agent.counters();
    // The agent also takes the server's heartbeats: counted in `received`, never dropped.
    uint64_t before = c.received.load();
    Expected expected = fuzz(agent.local(), count, fromEnvironment("CP_FUZZ_SEED", 24) + 1, [&] {
        return Seen{c.received.load() - before, c.malformed.load(), c.oversized.load(),
                    c.wrongToken.load()};
    });
    Seen seen{c.received.load() - before, c.malformed.load(), c.oversized.load(),
              c.wrongToken.load()};
    EXPECT_GE(seen.received, expected.sent);
    expected.sent = seen.received;  // heartbeats arrived in between; every fuzz one was taken
    expectEveryDatagramCounted(expected, seen);
    agent.stop();
    EXPECT_EQ(run.get().outcome, SyncAgent::Outcome::kStopped);
}

}  // namespace
}  // namespace cloudprofiler::sync
