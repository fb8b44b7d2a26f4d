// Misuse never crashes: forged, stale and closed handles, foreign threads, closing under load.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <random>
#include <set>
#include <thread>

#include "profiler_error.h"
#include "test_support.h"

namespace cloudprofiler {
namespace {

uint64_t invalidHandles() { return profilerStats().invalidHandles; }

TEST(ChannelSafety, MadeUpHandlesAreRejectedAndCounted) {
    ChannelHandle real = openChannel("safety/forged/in", Codec::kRaw, HandlerType::kId);
    std::mt19937_64 random(42);
    std::vector<uint64_t> forged = {0, 1, UINT64_MAX, real + 1, real ^ (1ULL << 40),
                                    real & 0xFFFFFFFFULL, 0xFFFFFFFFULL};
    for (int i = 0; i < 10'000; ++i) {
        forged.push_back(random());
    }
    uint64_t before = invalidHandles();
    uint64_t rejected = 0;
    for (uint64_t handle : forged) {
        if (handle == real) {
            continue;
        }
        EXPECT_FALSE(logTS(handle, 1));
        EXPECT_FALSE(logTS(handle, 1, 2));
        EXPECT_FALSE(closeChannel(handle));
        rejected += 3;
    }
    EXPECT_EQ(before + rejected, invalidHandles());
    EXPECT_TRUE(logTS(real, 7));
    ASSERT_TRUE(closeChannel(real));
    EXPECT_EQ(1u, testing::decodeChannel("safety/forged/in").rows.size());
}

TEST(ChannelSafety, ClosedAndStaleHandlesAreRejected) {
    ChannelHandle first = openChannel("safety/stale/a", Codec::kRaw, HandlerType::kBufferedId);
    ASSERT_TRUE(logTS(first, 1));
    ASSERT_TRUE(closeChannel(first));
    uint64_t before = invalidHandles();
    EXPECT_FALSE(logTS(first, 2));
    EXPECT_FALSE(closeChannel(first));
    ChannelStats stats;
    EXPECT_FALSE(channelStats(first, &stats));
    EXPECT_THROW(parameterize(first, "n", 1), ProfilerError);
    // The slot is reused by the next channel; the old handle must not reach it.
    ChannelHandle second = openChannel("safety/stale/b", Codec::kRaw, HandlerType::kBufferedId);
    EXPECT_EQ(static_cast<uint32_t>(first), static_cast<uint32_t>(second));
    EXPECT_NE(first, second);
    EXPECT_FALSE(logTS(first, 3));
    EXPECT_TRUE(logTS(second, 4));
    EXPECT_EQ(before + 3, invalidHandles());
    ASSERT_TRUE(closeChannel(second));
    EXPECT_EQ(1u, testing::decodeChannel("safety/stale/a").rows.size());
    EXPECT_EQ(4, testing::decodeChannel("safety/stale/b").rows.at(0).at(0));
}

TEST(ChannelSafety, ASingleWriterChannelRejectsOtherThreads) {
    ChannelHandle channel = openChannel("safety/thread/in", Codec::kRaw, HandlerType::kBufferedId);
    ASSERT_TRUE(logTS(channel, 1));  // this thread now owns it
    std::atomic<int> accepted{0};
    std::thread other([&] {
        for (int i = 0; i < 100; ++i) {
            accepted += logTS(channel, 100 + i) ? 1 : 0;
        }
    });
    other.join();
    EXPECT_EQ(0, accepted.load());
    ChannelStats stats;
    ASSERT_TRUE(channelStats(channel, &stats));
    EXPECT_EQ(100u, stats.rejected);
    ASSERT_TRUE(closeChannel(channel));
    DecodedLog log = testing::decodeChannel("safety/thread/in");
    EXPECT_EQ(1u, log.rows.size());
    EXPECT_EQ(100u, log.trailer->totals.rejected);
}

TEST(ChannelSafety, MultiWriterChannelsTakeEveryThread) {
    constexpr int kThreads = 4;
    constexpr int kPerThread = 50'000;
    ChannelHandle ids = openChannel("safety/multi/ids", Codec::kZstd, HandlerType::kBufferedId, true);
    ChannelHandle counter = openChannel("safety/multi/count", Codec::kRaw, HandlerType::kMpc);
    std::vector<std::thread> writers;
    for (int t = 0; t < kThreads; ++t) {
        writers.emplace_back([=] {
            for (int i = 0; i < kPerThread; ++i) {
                EXPECT_TRUE(logTS(ids, t * kPerThread + i));
                EXPECT_TRUE(logTS(counter, 0));
            }
        });
    }
    for (std::thread& writer : writers) {
        writer.join();
    }
    ASSERT_TRUE(closeChannel(ids));
    ASSERT_TRUE(closeChannel(counter));
    DecodedLog log = testing::decodeChannel("safety/multi/ids");
    ASSERT_TRUE(log.problems.empty());
    std::set<int64_t> seen;
    for (const auto& row : log.rows) {
        seen.insert(row[0]);
    }
    EXPECT_EQ(static_cast<size_t>(kThreads * kPerThread), seen.size());
    EXPECT_EQ(kThreads * kPerThread, testing::decodeChannel("safety/multi/count").rows.back()[1]);
}

// The writer counts what was accepted until the channel closes under it: the file must hold
// exactly that many records, whatever moment the close hits.
TEST(ChannelSafety, CloseDuringLoggingKeepsEveryAcceptedRecord) {
    for (int round = 0; round < 20; ++round) {
        std::string name = "safety/close-race/r" + std::to_string(round);
        HandlerType type = round % 2 == 0 ? HandlerType::kBufferedId : HandlerType::kId;
        ChannelHandle channel = openChannel(name, Codec::kZstd, type);
        std::atomic<bool> started{false};
        uint64_t accepted = 0;
        std::thread writer([&] {
            for (int64_t id = 0;; ++id) {
                if (!logTS(channel, id)) {
                    return;
                }
                ++accepted;
                started.store(true, std::memory_order_relaxed);
            }
        });
        while (!started.load()) {
            std::this_thread::yield();
        }
        std::this_thread::sleep_for(std::chrono::microseconds(100 + round * 500));
        ASSERT_TRUE(closeChannel(channel));
        writer.join();
        DecodedLog log = testing::decodeChannel(name);
        ASSERT_TRUE(log.problems.empty());
        EXPECT_EQ(accepted, log.rows.size()) << name;
        EXPECT_EQ(accepted, log.trailer->totals.accepted) << name;
    }
}

TEST(ChannelSafety, BadArgumentsThrowClearErrors) {
    for (const char* name : {"", "/a/b", "a//b", "a/../b", "a/b/", "a b/c", "a/./b"}) {
        EXPECT_THROW(openChannel(name, Codec::kRaw, HandlerType::kId), ProfilerError) << name;
    }
    EXPECT_THROW(openChannel("bad/handler/x", Codec::kRaw, static_cast<HandlerType>(99)),
                 ProfilerError);
    EXPECT_THROW(openChannel("bad/codec/x", static_cast<Codec>(7), HandlerType::kId),
                 ProfilerError);
    EXPECT_THROW(openChannel("bad/cpu/x", Codec::kRaw, HandlerType::kCpu, true), ProfilerError);

    ChannelHandle channel = openChannel("bad/params/x", Codec::kRaw, HandlerType::kXoy);
    auto kindOf = [&](const std::string& parameter, int64_t value) {
        try {
            parameterize(channel, parameter, value);
        } catch (const ProfilerError& e) {
            return e.kind();
        }
        ADD_FAILURE() << "no error for parameter " << parameter << " = " << value;
        return ProfilerError::Kind::kEnvironment;
    };
    EXPECT_EQ(ProfilerError::Kind::kInvalidArgument, kindOf("z", 1));   // no such parameter
    EXPECT_EQ(ProfilerError::Kind::kInvalidArgument, kindOf("y", 0));   // y < 1
    EXPECT_EQ(ProfilerError::Kind::kInvalidArgument, kindOf("x", 500)); // x > y
    parameterize(channel, "x", 50);
    ASSERT_TRUE(logTS(channel, 1));
    EXPECT_EQ(ProfilerError::Kind::kIllegalState, kindOf("x", 10));     // after the first call
    ASSERT_TRUE(closeChannel(channel));
    EXPECT_EQ(50, testing::decodeChannel("bad/params/x").header.parameters[0]);
}

}  // namespace
}  // namespace cloudprofiler

namespace cloudprofiler {
namespace {

// A forked child inherits channels but not the threads that flush them: it must reject them
// and exit promptly instead of waiting at exit for threads that are not there.
TEST(ChannelSafety, AForkedChildRejectsInheritedChannelsAndExits) {
    ChannelHandle channel = openChannel("safety/fork/in", Codec::kZstd, HandlerType::kBufferedId);
    ChannelHandle counter = openChannel("safety/fork/count", Codec::kRaw, HandlerType::kSpc);
    ASSERT_TRUE(logTS(channel, 1));
    ASSERT_TRUE(logTS(counter, 1));
    pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        alarm(20);  // a hang becomes a SIGALRM death, which the parent reports
        bool rejected = !logTS(channel, 2) && !logTS(counter, 2) && !closeChannel(channel);
        bool refused = false;
        try {
            openChannel("safety/fork/child", Codec::kRaw, HandlerType::kId);
        } catch (const ProfilerError& e) {
            refused = e.kind() == ProfilerError::Kind::kIllegalState;
        }
        shutdown();  // what the atexit hook runs, and what used to wait forever here
        // _exit: the parent's abandoned buffers are no leak for LeakSanitizer to report.
        _exit(rejected && refused ? 0 : 3);
    }
    int status = 0;
    ASSERT_EQ(child, waitpid(child, &status, 0));
    ASSERT_TRUE(WIFEXITED(status)) << "child killed by signal " << WTERMSIG(status);
    EXPECT_EQ(0, WEXITSTATUS(status));
    EXPECT_TRUE(logTS(channel, 3));
    ASSERT_TRUE(closeChannel(channel));
    ASSERT_TRUE(closeChannel(counter));
    DecodedLog log = testing::decodeChannel("safety/fork/in");
    ASSERT_TRUE(log.problems.empty());
    EXPECT_EQ((std::vector<std::vector<int64_t>>{{1, log.rows[0][1]}, {3, log.rows[1][1]}}),
              log.rows);
}

}  // namespace
}  // namespace cloudprofiler
