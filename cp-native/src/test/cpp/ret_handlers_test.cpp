// The return-trip handlers over loopback in one process: RET_END acks every tuple to RET_START,
// which matches acks to starts; whatever cannot be matched or read is counted, never a crash.
// Waits are for counts to be reached; their deadline only keeps a broken build from hanging.
#include <dirent.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "handlers/ret_ack_datagram.h"
#include "handlers/ret_pending_starts.h"
#include "profiler_error.h"
#include "spsc_ring.h"
#include "sync/udp_socket.h"
#include "test_support.h"

namespace cloudprofiler {
namespace {

using testing::freeUdpPort;
using testing::kLoopback;
using Row = std::vector<int64_t>;

bool eventually(const std::function<bool()>& reached) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!reached()) {
        if (std::chrono::steady_clock::now() > deadline) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    return true;
}

AckStats acksOf(ChannelHandle channel) {
    ChannelStats stats;
    EXPECT_TRUE(channelStats(channel, &stats));
    return stats.acks;
}

ChannelHandle openStart(const std::string& name, uint16_t port) {
    ChannelHandle channel = openChannel(name, Codec::kRaw, HandlerType::kRetStart);
    parameterize(channel, "port", port);
    return channel;
}

// Threads of this process named as the ack threads are.
int ackThreads() {
    int count = 0;
    if (DIR* tasks = opendir("/proc/self/task")) {
        while (dirent* task = readdir(tasks)) {
            std::ifstream comm(std::string("/proc/self/task/") + task->d_name + "/comm");
            std::string name;
            if (std::getline(comm, name) && name == "cp-ret-acks") {
                ++count;
            }
        }
        closedir(tasks);
    }
    return count;
}

// The key of this process's RET channels: CP_RET_TOKEN is not set for the tests.
const RetAckKey& ourKey() {
    static const RetAckKey key = RetAckKey::fromSecret("");
    return key;
}

std::vector<uint8_t> ackBytes(int64_t id, const RetAckKey& key = ourKey()) {
    uint8_t datagram[kRetAckBytes];
    encodeRetAck(id, key, datagram);
    return std::vector<uint8_t>(datagram, datagram + kRetAckBytes);
}

// An ack as version 1 laid it out: the FNV-1a hash of the token in clear where the MAC now is.
std::vector<uint8_t> versionOneAck(int64_t id) {
    std::vector<uint8_t> bytes(kRetAckBytes, 0);
    uint64_t fields[] = {kRetAckMagic | (uint64_t{1} << 32), 0xcbf29ce484222325ULL,
                         static_cast<uint64_t>(id)};
    for (size_t i = 0; i < bytes.size(); ++i) {
        bytes[i] = static_cast<uint8_t>(fields[i / 8] >> (8 * (i % 8)));
    }
    return bytes;
}

// Sends raw datagrams to a RET_START port, as a RET_END node (or a stranger) would.
class AckSender {
public:
    explicit AckSender(uint16_t port) : to_{kLoopback, port} {}

    void ack(int64_t id, const RetAckKey& key = ourKey()) { send(ackBytes(id, key)); }
    void send(const std::vector<uint8_t>& bytes) {
        ASSERT_TRUE(socket_.send(bytes.data(), bytes.size(), to_));
    }

private:
    sync::UdpSocket socket_{sync::Address{kLoopback, 0}};
    sync::Address to_;
};

TEST(RetHandlers, EveryTupleIsAckedExactlyOnceOverLoopback) {
    constexpr int64_t kTuples = 5000;
    constexpr int64_t kInFlight = 50;  // well inside the kernel's socket buffer
    uint16_t port = freeUdpPort();
    ChannelHandle start = openChannel("ret/loop/start", Codec::kZstd, HandlerType::kRetStart);
    parameterize(start, "port", port);
    ChannelHandle end = openChannel("ret/loop/end", Codec::kRaw, HandlerType::kRetEnd);
    parameterize(end, "startAddress", kLoopback);
    parameterize(end, "port", port);
    for (int64_t id = 0; id < kTuples; ++id) {
        ASSERT_TRUE(logTS(start, id));
        ASSERT_TRUE(logTS(end, id));
        if ((id + 1) % kInFlight == 0) {
            ASSERT_TRUE(eventually([&] { return acksOf(start).matched == uint64_t(id + 1); }))
                << "acks matched: " << acksOf(start).matched << " of " << id + 1;
        }
    }
    AckStats acks = acksOf(start);
    EXPECT_EQ(0u, acks.unknown);
    EXPECT_EQ(0u, acks.malformed);
    EXPECT_EQ(0u, acks.wrongVersion);
    EXPECT_EQ(0u, acks.unauthenticated);
    EXPECT_EQ(0u, acks.unacked);
    EXPECT_EQ(0u, acksOf(end).sendFailures);
    ASSERT_TRUE(closeChannel(start));
    ASSERT_TRUE(closeChannel(end));

    DecodedLog starts = testing::decodeChannel("ret/loop/start");
    ASSERT_TRUE(starts.problems.empty()) << starts.problems.front();
    EXPECT_EQ((std::vector<std::string>{"id", "tsc", "ack_tsc"}), starts.header.columns);
    ASSERT_EQ(static_cast<size_t>(kTuples), starts.rows.size());
    std::set<int64_t> ids;
    for (const Row& row : starts.rows) {
        EXPECT_TRUE(ids.insert(row[0]).second) << "acked twice: " << row[0];
        EXPECT_GE(row[2], row[1]) << "negative RTT for " << row[0];
    }
    EXPECT_EQ(0, *ids.begin());
    EXPECT_EQ(kTuples - 1, *ids.rbegin());
    ASSERT_TRUE(starts.trailer.has_value());
    EXPECT_EQ(uint64_t(kTuples), starts.trailer->totals.accepted);
    EXPECT_EQ(uint64_t(kTuples), starts.trailer->totals.recordsWritten);
    EXPECT_EQ(0u, starts.trailer->totals.dropped);

    DecodedLog ends = testing::decodeChannel("ret/loop/end");
    ASSERT_TRUE(ends.problems.empty()) << ends.problems.front();
    ASSERT_EQ(static_cast<size_t>(kTuples), ends.rows.size());
    for (int64_t id = 0; id < kTuples; ++id) {
        EXPECT_EQ(id, ends.rows[static_cast<size_t>(id)][0]);
    }
    EXPECT_EQ(uint64_t(kTuples), ends.trailer->totals.accepted);
}

TEST(RetHandlers, AcksForUnknownIdsAndSecondAcksAreCounted) {
    uint16_t port = freeUdpPort();
    ChannelHandle start = openStart("ret/unknown/start", port);
    AckSender sender(port);
    ASSERT_TRUE(logTS(start, 7, 1000));
    sender.ack(7);
    sender.ack(7);
    sender.ack(99);
    ASSERT_TRUE(eventually([&] {
        AckStats acks = acksOf(start);
        return acks.matched == 1 && acks.unknown == 2;
    }));
    ASSERT_TRUE(closeChannel(start));
    DecodedLog log = testing::decodeChannel("ret/unknown/start");
    ASSERT_EQ(1u, log.rows.size());
    EXPECT_EQ(7, log.rows[0][0]);
    EXPECT_EQ(1000, log.rows[0][1]);
    EXPECT_GT(log.rows[0][2], 1000);
}

TEST(RetHandlers, MalformedDatagramsAreCountedAndTheChannelGoesOn) {
    uint16_t port = freeUdpPort();
    ChannelHandle start = openStart("ret/malformed/start", port);
    AckSender sender(port);
    std::vector<uint8_t> good = ackBytes(5);
    std::vector<std::vector<uint8_t>> bad = {{}, {1, 2, 3}, good, good, good};
    bad[2][0] ^= 0xFF;                   // magic
    bad[3].pop_back();                   // cut short
    bad[4].resize(kRetAckBytes * 4, 0);  // oversized, with a valid ack in front
    for (const auto& datagram : bad) {
        sender.send(datagram);
    }
    ASSERT_TRUE(logTS(start, 5));
    sender.ack(5);
    ASSERT_TRUE(eventually([&] {
        AckStats acks = acksOf(start);
        return acks.malformed == bad.size() && acks.matched == 1;
    })) << "malformed "
        << acksOf(start).malformed;
    EXPECT_EQ(0u, acksOf(start).unknown);
    ASSERT_TRUE(closeChannel(start));
    EXPECT_EQ(1u, testing::decodeChannel("ret/malformed/start").rows.size());
}

// What someone who reads the acks but lacks CP_RET_TOKEN can send: acks signed with another
// token, captured acks altered or replayed, and a RET_END of the previous version. None matches
// a start; each is counted under its reason, and the genuine ack still matches.
TEST(RetHandlers, ForgedAlteredReplayedAndOldVersionAcksAreRejectedAndCounted) {
    uint16_t port = freeUdpPort();
    ChannelHandle start = openStart("ret/attack/start", port);
    AckSender sender(port);
    ASSERT_TRUE(logTS(start, 5, 100));
    ASSERT_TRUE(logTS(start, 6, 200));
    sender.ack(5, RetAckKey::fromSecret("not ours"));  // forged: another token's key
    std::vector<uint8_t> captured = ackBytes(5);
    std::vector<uint8_t> otherId = captured;
    otherId[8] ^= 0x03;  // the id altered to 6, the MAC kept
    sender.send(otherId);
    std::vector<uint8_t> badMac = captured;
    badMac[kRetAckBytes - 1] ^= 0x80;
    sender.send(badMac);
    std::vector<uint8_t> reserved = captured;
    reserved[6] = 1;  // a reserved byte set: the MAC covers it too
    sender.send(reserved);
    sender.send(versionOneAck(5));
    ASSERT_TRUE(eventually([&] {
        AckStats acks = acksOf(start);
        return acks.unauthenticated == 4 && acks.wrongVersion == 1;
    })) << "unauthenticated "
        << acksOf(start).unauthenticated << ", other version " << acksOf(start).wrongVersion;
    EXPECT_EQ(0u, acksOf(start).matched);
    sender.send(captured);  // the genuine ack
    sender.send(captured);  // replayed: its start is taken already
    ASSERT_TRUE(eventually([&] {
        AckStats acks = acksOf(start);
        return acks.matched == 1 && acks.unknown == 1;
    }));
    AckStats acks = acksOf(start);
    EXPECT_EQ(0u, acks.malformed);
    EXPECT_EQ(4u, acks.unauthenticated);
    EXPECT_EQ(1u, acks.wrongVersion);
    ASSERT_TRUE(closeChannel(start));
    DecodedLog log = testing::decodeChannel("ret/attack/start");
    ASSERT_EQ(2u, log.rows.size());
    EXPECT_EQ(5, log.rows[0][0]);
    EXPECT_GT(log.rows[0][2], 100);
    EXPECT_EQ((Row{6, 200, -1}), log.rows[1]);  // never acked: nothing forged matched it
}

TEST(RetHandlers, APortInUseIsReportedWithThePortAndTheFix) {
    sync::UdpSocket holder(sync::Address{kLoopback, 0});
    uint16_t taken = holder.local().port;
    ChannelHandle start = openChannel("ret/in-use/start", Codec::kRaw, HandlerType::kRetStart);
    try {
        parameterize(start, "port", taken);
        FAIL() << "bound a port that is in use";
    } catch (const ProfilerError& e) {
        std::string message = e.what();
        EXPECT_EQ(ProfilerError::Kind::kEnvironment, e.kind());
        EXPECT_NE(std::string::npos, message.find("port " + std::to_string(taken))) << message;
        EXPECT_NE(std::string::npos, message.find("parameterize(PORT, port)")) << message;
    }
    // A failed rebind keeps the port the channel had.
    uint16_t own = freeUdpPort();
    parameterize(start, "port", own);
    EXPECT_THROW(parameterize(start, "port", taken), ProfilerError);
    EXPECT_THROW(sync::UdpSocket(sync::Address{kLoopback, own}), ProfilerError);
    // And another channel cannot take it either.
    ChannelHandle second = openChannel("ret/in-use/second", Codec::kRaw, HandlerType::kRetStart);
    EXPECT_THROW(parameterize(second, "port", own), ProfilerError);
    ASSERT_TRUE(closeChannel(second));
    ASSERT_TRUE(closeChannel(start));
}

TEST(RetHandlers, CloseStopsTheAckThreadAndFreesThePort) {
    uint16_t port = freeUdpPort();
    // A joined thread's task may linger in /proc for a moment, and a new one names itself only
    // once it runs, hence the waits.
    ASSERT_TRUE(eventually([] { return ackThreads() == 0; }));
    ChannelHandle start = openStart("ret/close/start", port);
    EXPECT_TRUE(eventually([] { return ackThreads() == 1; }));  // it names itself once running
    parameterize(start, "capacity", 1000);  // reconfiguring restarts the one thread, never adds one
    EXPECT_TRUE(eventually([] { return ackThreads() == 1; }));
    ASSERT_TRUE(logTS(start, 1));
    ASSERT_TRUE(closeChannel(start));
    // The socket is closed before closeChannel returns; the joined thread's task goes soon after.
    EXPECT_NO_THROW(sync::UdpSocket(sync::Address{kLoopback, port}));
    EXPECT_TRUE(eventually([] { return ackThreads() == 0; }));
    DecodedLog log = testing::decodeChannel("ret/close/start");
    ASSERT_EQ(1u, log.rows.size());
    EXPECT_EQ(-1, log.rows[0][2]);
}

TEST(RetHandlers, StartsLeaveTheWindowOldestFirstAndTheRestAreWrittenUnackedAtClose) {
    uint16_t port = freeUdpPort();
    ChannelHandle start = openStart("ret/window/start", port);
    parameterize(start, "capacity", 4);
    AckSender sender(port);
    for (int64_t id = 0; id < 10; ++id) {
        ASSERT_TRUE(logTS(start, id, 100 + id));
        // An ack nobody waits for: once it is counted, the ack thread has taken the start.
        sender.ack(1000 + id);
        ASSERT_TRUE(eventually([&] { return acksOf(start).unknown == uint64_t(id + 1); }));
    }
    EXPECT_EQ(6u, acksOf(start).unacked);
    sender.ack(8);
    sender.ack(0);  // given up already
    ASSERT_TRUE(eventually([&] { return acksOf(start).matched == 1; }));
    ASSERT_TRUE(eventually([&] { return acksOf(start).unknown == 11; }));
    ASSERT_TRUE(closeChannel(start));

    DecodedLog log = testing::decodeChannel("ret/window/start");
    ASSERT_EQ(10u, log.rows.size());
    for (int64_t id : {0, 1, 2, 3, 4, 5}) {
        EXPECT_EQ((Row{id, 100 + id, -1}), log.rows[static_cast<size_t>(id)]);
    }
    EXPECT_EQ(8, log.rows[6][0]);
    EXPECT_GT(log.rows[6][2], 0);
    EXPECT_EQ((Row{6, 106, -1}), log.rows[7]);
    EXPECT_EQ((Row{7, 107, -1}), log.rows[8]);
    EXPECT_EQ((Row{9, 109, -1}), log.rows[9]);
    EXPECT_EQ(10u, log.trailer->totals.accepted);
    EXPECT_EQ(10u, log.trailer->totals.recordsWritten);
}

TEST(RetHandlers, ARepeatedStartIdGivesUpTheEarlierStart) {
    uint16_t port = freeUdpPort();
    ChannelHandle start = openStart("ret/repeat/start", port);
    ASSERT_TRUE(logTS(start, 5, 10));
    ASSERT_TRUE(logTS(start, 5, 20));
    AckSender(port).ack(5);
    ASSERT_TRUE(eventually([&] { return acksOf(start).matched == 1; }));
    ASSERT_TRUE(closeChannel(start));
    DecodedLog log = testing::decodeChannel("ret/repeat/start");
    ASSERT_EQ(2u, log.rows.size());
    EXPECT_EQ((Row{5, 10, -1}), log.rows[0]);
    EXPECT_EQ(20, log.rows[1][1]);
    EXPECT_GT(log.rows[1][2], 20);
}

TEST(RetHandlers, WithoutAPortEveryCallIsStillAccountedFor) {
    ChannelHandle start = openChannel("ret/no-port/start", Codec::kRaw, HandlerType::kRetStart);
    ChannelHandle end = openChannel("ret/no-port/end", Codec::kRaw, HandlerType::kRetEnd);
    for (int64_t id = 0; id < 3; ++id) {
        EXPECT_TRUE(logTS(start, id));
        EXPECT_TRUE(logTS(end, id));
    }
    EXPECT_EQ(3u, acksOf(end).sendFailures);
    ASSERT_TRUE(closeChannel(start));
    ASSERT_TRUE(closeChannel(end));
    DecodedLog starts = testing::decodeChannel("ret/no-port/start");
    EXPECT_TRUE(starts.rows.empty());
    EXPECT_EQ(3u, starts.trailer->totals.accepted);
    EXPECT_EQ(3u, starts.trailer->totals.dropped);
    DecodedLog ends = testing::decodeChannel("ret/no-port/end");
    EXPECT_EQ(3u, ends.rows.size());
    EXPECT_EQ(0u, ends.trailer->totals.dropped);
}

TEST(RetHandlers, ParametersAreValidated) {
    ChannelHandle start = openChannel("ret/params/start", Codec::kRaw, HandlerType::kRetStart);
    ChannelHandle end = openChannel("ret/params/end", Codec::kRaw, HandlerType::kRetEnd);
    EXPECT_THROW(parameterize(start, "port", 0), ProfilerError);
    EXPECT_THROW(parameterize(start, "port", 65536), ProfilerError);
    EXPECT_THROW(parameterize(start, "bindAddress", -1), ProfilerError);
    EXPECT_THROW(parameterize(start, "bindAddress", 1LL << 32), ProfilerError);
    EXPECT_THROW(parameterize(start, "capacity", 0), ProfilerError);
    EXPECT_THROW(parameterize(start, "noSuchParameter", 1), ProfilerError);
    EXPECT_THROW(parameterize(end, "startAddress", 0), ProfilerError);
    EXPECT_THROW(parameterize(end, "port", 70000), ProfilerError);
    EXPECT_THROW(parameterize(end, "capacity", 1), ProfilerError);
    ASSERT_TRUE(closeChannel(start));
    ASSERT_TRUE(closeChannel(end));
    DecodedLog log = testing::decodeChannel("ret/params/start");
    EXPECT_EQ((std::vector<int64_t>{0, kLoopback, 65536}),
              std::vector<int64_t>(log.header.parameters, log.header.parameters + 3));
}

TEST(RetAckDatagram, RoundTripsEveryIdAndRejectsAnythingElse) {
    RetAckKey key = RetAckKey::fromSecret("run 42");
    RetAckKey otherKey = RetAckKey::fromSecret("run 43");
    for (int64_t id : {int64_t{0}, int64_t{-1}, INT64_MIN, INT64_MAX}) {
        uint8_t datagram[kRetAckBytes];
        encodeRetAck(id, key, datagram);
        int64_t decoded = 0;
        ASSERT_EQ(RetAckStatus::kOk, decodeRetAck(datagram, kRetAckBytes, key, decoded));
        EXPECT_EQ(id, decoded);
        EXPECT_EQ(RetAckStatus::kUnauthenticated,
                  decodeRetAck(datagram, kRetAckBytes, otherKey, decoded));
        EXPECT_EQ(RetAckStatus::kMalformed,
                  decodeRetAck(datagram, kRetAckBytes - 1, key, decoded));
        // Any bit flipped after the version fails the MAC; in the magic, it is not an ack.
        for (size_t bit = 0; bit < kRetAckBytes * 8; ++bit) {
            if (bit / 8 == 4) {
                continue;  // the version byte: below
            }
            uint8_t altered[kRetAckBytes];
            std::copy(datagram, datagram + kRetAckBytes, altered);
            altered[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
            EXPECT_EQ(bit < 32 ? RetAckStatus::kMalformed : RetAckStatus::kUnauthenticated,
                      decodeRetAck(altered, kRetAckBytes, key, decoded))
                << "bit " << bit;
        }
    }
    std::vector<uint8_t> old = versionOneAck(7);
    uint8_t version = 0;
    int64_t decoded = 0;
    EXPECT_EQ(RetAckStatus::kWrongVersion,
              decodeRetAck(old.data(), old.size(), key, decoded, &version));
    EXPECT_EQ(1, version);
}

TEST(RetAckDatagram, TheMacDependsOnTheTokenAndOnTheId) {
    uint8_t first[kRetAckBytes];
    uint8_t second[kRetAckBytes];
    encodeRetAck(7, RetAckKey::fromSecret("a token"), first);
    encodeRetAck(7, RetAckKey::fromSecret("a token"), second);
    EXPECT_TRUE(std::equal(first, first + kRetAckBytes, second));  // one key per token
    encodeRetAck(8, RetAckKey::fromSecret("a token"), second);
    // Another id, another MAC: the MAC is not a constant a reader could copy to other acks.
    EXPECT_FALSE(std::equal(first + 16, first + kRetAckBytes, second + 16));
}

TEST(RetPendingStarts, KeepsAWindowOfTheLastStartsAndHandsOutThoseThatLeaveIt) {
    RetPendingStarts pending(3);
    std::vector<int64_t> pushedOut;
    auto add = [&](int64_t id) {
        pending.add({id, static_cast<uint64_t>(id * 10)},
                    [&](const RetPendingStarts::Start& start) { pushedOut.push_back(start.id); });
    };
    add(1);
    add(2);
    add(3);
    EXPECT_EQ(std::optional<uint64_t>(20), pending.take(2));
    EXPECT_EQ(std::nullopt, pending.take(2));
    add(4);  // the window holds 1, (2 answered), 3: full, so 1 leaves
    EXPECT_EQ(std::vector<int64_t>{1}, pushedOut);
    add(3);  // the earlier 3 is given up for the new one
    EXPECT_EQ((std::vector<int64_t>{1, 3}), pushedOut);
    std::vector<int64_t> rest;
    pending.takeAll([&](const RetPendingStarts::Start& start) { rest.push_back(start.id); });
    EXPECT_EQ((std::vector<int64_t>{4, 3}), rest);
    EXPECT_EQ(std::nullopt, pending.take(4));
}

TEST(SpscRing, HandsEveryValueOverInOrderBetweenTwoThreads) {
    SpscRing<uint64_t> ring(1000);
    EXPECT_EQ(1024u, ring.capacity());
    constexpr uint64_t kValues = 1'000'000;
    std::thread producer([&] {
        for (uint64_t value = 0; value < kValues;) {
            if (ring.push(value)) {
                ++value;
            } else {
                std::this_thread::yield();  // full: the consumer is behind
            }
        }
    });
    uint64_t expected = 0;
    while (expected < kValues) {
        uint64_t value;
        if (ring.pop(value)) {
            ASSERT_EQ(expected, value);
            ++expected;
        }
    }
    producer.join();
    uint64_t value;
    EXPECT_FALSE(ring.pop(value));
}

}  // namespace
}  // namespace cloudprofiler
