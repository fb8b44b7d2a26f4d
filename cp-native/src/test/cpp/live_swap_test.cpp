// A channel whose handler changes while its writer logs at full speed, as NetConfChannel does it
// (org.cloudprofiler.config.service): the changer opens a successor, publishes its handle, and
// closes the predecessor; the writer reads the handle in force, and makes a call that met the
// closed predecessor again on the successor. Under the sanitizer build a use after free of the
// retired handler is an error; in every build every call is accepted once and is in a file.
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
        std::atomic<uint64_t> handle{0};
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
        writers[w].handle.store(openChannel(periodName(w, 0), Codec::kZstd, kHandlers[0]));
        writers[w].thread = std::thread([&writer = writers[w]] {
            int64_t id = 0;
            while (!writer.stop.load(std::memory_order_relaxed)) {
                uint64_t tried = writer.handle.load(std::memory_order_acquire);
                bool ok = logTS(tried, id);
                for (uint64_t now = writer.handle.load(std::memory_order_acquire);
                     !ok && now != tried; now = writer.handle.load(std::memory_order_acquire)) {
                    tried = now;
                    ok = logTS(tried, id);
                }
                writer.accepted.fetch_add(ok ? 1 : 0, std::memory_order_relaxed);
                writer.calls.store(++id, std::memory_order_relaxed);
            }
        });
    }
    for (int period = 1; period <= kChanges; ++period) {
        for (int w = 0; w < kWriters; ++w) {
            uint64_t successor =
                openChannel(periodName(w, period), Codec::kZstd, kHandlers[period % 2]);
            uint64_t predecessor = writers[w].handle.exchange(successor, std::memory_order_acq_rel);
            EXPECT_TRUE(closeChannel(predecessor));
        }
        std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    for (Writer& writer : writers) {
        writer.stop.store(true);
        writer.thread.join();
        EXPECT_TRUE(closeChannel(writer.handle.load()));
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

}  // namespace
}  // namespace cloudprofiler
