// A channel whose handler changes while its writer logs at full speed, as NetConfChannel does it
// (org.cloudprofiler.config.service): the changer opens a successor and swaps it in under the
// channel's handle (swapHandler); the writer logs on the one handle it has. Under the sanitizer
// build a use after free of the retired handler is an error; in every build every call is
// accepted once and is in a file.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "test_support.h"

namespace cloudprofiler {
namespace {

TEST(LiveSwap, EveryCallIsKeptAcrossHandlerChangesUnderFullSpeedLogging) {
    constexpr int kWriters = 3;
    constexpr int kChanges = 60;
    const HandlerType kHandlers[] = {HandlerType::kId, HandlerType::kBufferedId};
    struct Writer {
        uint64_t handle = 0;
        std::atomic<bool> stop{false};
        std::atomic<uint64_t> calls{0};
        std::atomic<uint64_t> accepted{0};
        std::thread thread;
    };
    // One file name per period, so that each period can be decoded on its own; the swap is the
    // same whatever the names.
    auto periodName = [](int writer, int period) {
        return "live-swap/w" + std::to_string(writer) + "/p" + std::to_string(period);
    };
    std::vector<Writer> writers(kWriters);
    for (int w = 0; w < kWriters; ++w) {
        writers[w].handle = openChannel(periodName(w, 0), Codec::kZstd, kHandlers[0]);
        writers[w].thread = std::thread([&writer = writers[w]] {
            int64_t id = 0;
            while (!writer.stop.load(std::memory_order_relaxed)) {
                bool ok = logTS(writer.handle, id);
                writer.accepted.fetch_add(ok ? 1 : 0, std::memory_order_relaxed);
                writer.calls.store(++id, std::memory_order_relaxed);
            }
        });
    }
    for (int period = 1; period <= kChanges; ++period) {
        for (int w = 0; w < kWriters; ++w) {
            uint64_t successor =
                openChannel(periodName(w, period), Codec::kZstd, kHandlers[period % 2]);
            EXPECT_TRUE(swapHandler(writers[w].handle, successor));
            EXPECT_FALSE(logTS(successor, -1)) << "a swapped-in handle is no longer valid";
        }
        std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    for (Writer& writer : writers) {
        writer.stop.store(true);
        writer.thread.join();
        EXPECT_TRUE(closeChannel(writer.handle));
    }
    for (int w = 0; w < kWriters; ++w) {
        uint64_t records = 0;
        uint64_t accepted = 0;
        for (int period = 0; period <= kChanges; ++period) {
            DecodedLog log = testing::decodeChannel(periodName(w, period));
            ASSERT_TRUE(log.problems.empty()) << periodName(w, period);
            ASSERT_TRUE(log.trailer.has_value()) << periodName(w, period);
            records += log.rows.size();
            accepted += log.trailer->totals.accepted;
        }
        EXPECT_EQ(writers[w].accepted.load(), writers[w].calls.load()) << "writer " << w;
        EXPECT_EQ(accepted, writers[w].calls.load()) << "writer " << w;
        EXPECT_EQ(records, writers[w].calls.load()) << "writer " << w;
    }
}

TEST(LiveSwap, TheWriterOfTheOldChannelKeepsItAndNoOtherThreadMayClaimIt) {
    uint64_t channel = openChannel("live-swap/owner/p0", Codec::kRaw, HandlerType::kId);
    std::thread([&] { EXPECT_TRUE(logTS(channel, 1)); }).join();  // that thread owns it now
    uint64_t successor = openChannel("live-swap/owner/p1", Codec::kRaw, HandlerType::kId);
    ASSERT_TRUE(swapHandler(channel, successor));

    EXPECT_FALSE(logTS(channel, 2)) << "the swap must not free the channel for another thread";
    ChannelStats stats;
    ASSERT_TRUE(channelStats(channel, &stats));
    EXPECT_EQ(1u, stats.rejected);
    EXPECT_TRUE(closeChannel(channel));
    EXPECT_EQ(1u, testing::decodeChannel("live-swap/owner/p0").rows.size());
    EXPECT_EQ(0u, testing::decodeChannel("live-swap/owner/p1").rows.size());
}

TEST(LiveSwap, ASwapOfAClosedChannelChangesNothing) {
    uint64_t closed = openChannel("live-swap/closed/p0", Codec::kRaw, HandlerType::kId);
    ASSERT_TRUE(closeChannel(closed));
    uint64_t successor = openChannel("live-swap/closed/p1", Codec::kRaw, HandlerType::kId);

    EXPECT_FALSE(swapHandler(closed, successor));
    EXPECT_FALSE(swapHandler(successor, successor));
    EXPECT_TRUE(logTS(successor, 1)) << "the successor stays the caller's, open";
    EXPECT_TRUE(closeChannel(successor));
}

}  // namespace
}  // namespace cloudprofiler
