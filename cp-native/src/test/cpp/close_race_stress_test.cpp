// Closing races everything else: writers mid-call, parameterize and stats from other threads,
// and slots reused at once by new channels. Under the sanitizer build a use after free here is
// an error; in every build the file must hold exactly the calls that were accepted.
#include <gtest/gtest.h>

#include <atomic>
#include <random>
#include <thread>
#include <vector>

#include "profiler_error.h"
#include "test_support.h"

namespace cloudprofiler {
namespace {

TEST(CloseRaceStress, EveryAcceptedCallIsInTheFileWhateverRacesTheClose) {
    constexpr int kPairs = 3;
    constexpr int kRounds = 60;
    std::atomic<bool> done{false};
    std::vector<std::atomic<uint64_t>> current(kPairs);
    // Other threads poke whatever channel is current: parameterize, stats, foreign logTS.
    std::thread poker([&] {
        std::mt19937 random(3);
        while (!done.load()) {
            uint64_t handle = current[random() % kPairs].load();
            ChannelStats stats;
            channelStats(handle, &stats);
            try {
                parameterize(handle, "n", 1 + random() % 100);
            } catch (const ProfilerError&) {
                // closed, or already started: both are expected here
            }
            logTS(handle, 123);  // not the owner: rejected
        }
    });
    std::vector<std::thread> pairs;
    std::atomic<int> mismatches{0};
    for (int pair = 0; pair < kPairs; ++pair) {
        pairs.emplace_back([&, pair] {
            std::mt19937 random(pair + 11);
            for (int round = 0; round < kRounds; ++round) {
                std::string name = "stress/p" + std::to_string(pair) + "/r" + std::to_string(round);
                HandlerType type = round % 3 == 0   ? HandlerType::kBufferedId
                                   : round % 3 == 1 ? HandlerType::kId
                                                    : HandlerType::kDownsample;
                std::atomic<uint64_t> channel{0};
                std::atomic<uint64_t> accepted{0};
                // The writer owns the channel (its first call claims it) before anyone else
                // sees the handle.
                std::thread writer([&] {
                    ChannelHandle own = openChannel(name, Codec::kZstd, type);
                    for (int64_t id = 0; logTS(own, id); ++id) {
                        if (accepted.fetch_add(1, std::memory_order_relaxed) == 0) {
                            channel.store(own);
                        }
                    }
                });
                while (channel.load() == 0) {
                    std::this_thread::yield();
                }
                current[pair].store(channel.load());
                std::this_thread::sleep_for(std::chrono::microseconds(random() % 3000));
                closeChannel(channel.load());
                writer.join();
                DecodedLog log = testing::decodeChannel(name);
                if (!log.problems.empty() || !log.trailer ||
                    log.trailer->totals.accepted != accepted.load()) {
                    mismatches.fetch_add(1);
                }
            }
        });
    }
    for (std::thread& pair : pairs) {
        pair.join();
    }
    done.store(true);
    poker.join();
    EXPECT_EQ(0, mismatches.load());
}

}  // namespace
}  // namespace cloudprofiler
