// The senders' log of their sends (send_log.h), written through the real profiling core: two
// records per sent bucket on its sender's channel, its first and last tuple id with one send
// TSC that rises from bucket to bucket; nothing for a dropped bucket.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <thread>

#include "cloudprofiler.h"
#include "generator.h"
#include "log_api.h"
#include "profiler_error.h"
#include "test_receiver.h"
#include "test_support.h"

namespace cloudprofiler::generator {
namespace {

using testing::ReadBucket;
using testing::TestReceiver;

struct LoggedSend {
    int64_t id = 0;
    uint64_t tsc = 0;
};

std::vector<uint64_t> openSendChannels(uint32_t senders) {
    std::vector<uint64_t> channels;
    for (uint32_t t = 0; t < senders; ++t) {
        channels.push_back(openChannel("generator/" + std::to_string(t) + "/out", Codec::kRaw,
                                       HandlerType::kId));
    }
    return channels;
}

// Closes the channel (flushing it) and reads its records back from the file.
std::vector<LoggedSend> closeAndRead(uint64_t channel, uint32_t sender) {
    EXPECT_TRUE(closeChannel(channel));
    DecodedLog log =
        cloudprofiler::testing::decodeChannel("generator/" + std::to_string(sender) + "/out");
    EXPECT_TRUE(log.problems.empty()) << log.problems.front();
    std::vector<LoggedSend> sends;
    for (const std::vector<int64_t>& row : log.rows) {
        sends.push_back({row[0], static_cast<uint64_t>(row[1])});
    }
    return sends;
}

TEST(SendLog, eachSentBucketIsItsFirstAndLastIdOnItsSendersChannelWithOneRisingSendTsc) {
    constexpr uint32_t kSenders = 2;
    std::vector<TestReceiver> receivers(2);
    GeneratorOptions options;
    options.senderThreads = kSenders;
    options.tuplesPerSecond = 1e6;
    options.tupleCount = 50'001;  // not a multiple of T or of the bucket size
    options.idBase = 7;
    for (TestReceiver& receiver : receivers) {
        options.endpoints.push_back(receiver.endpoint());
    }
    std::vector<uint64_t> channels = openSendChannels(kSenders);
    Generator generator(options);
    generator.logSends(logApi(), channels);
    std::vector<std::thread> readers;
    for (TestReceiver& receiver : receivers) {
        readers.emplace_back([&receiver] {
            EXPECT_TRUE(receiver.receiveUntilMarkers(kSenders, std::chrono::seconds(60)));
        });
    }
    generator.start();
    ASSERT_TRUE(generator.awaitEnd(std::chrono::milliseconds(-1)));
    for (std::thread& reader : readers) {
        reader.join();
    }
    ASSERT_EQ(generator.result().droppedTuples, 0u) << "the receivers fell behind";

    for (uint32_t t = 0; t < kSenders; ++t) {
        // The sender's buckets in send order: its ids rise with every tuple it emits.
        std::vector<const ReadBucket*> buckets;
        for (TestReceiver& receiver : receivers) {
            for (const ReadBucket& bucket : receiver.buckets()) {
                if (!bucket.isMarker() && bucket.header.sender == t) {
                    buckets.push_back(&bucket);
                }
            }
        }
        std::sort(buckets.begin(), buckets.end(), [](const ReadBucket* a, const ReadBucket* b) {
            return a->tuples.front().id < b->tuples.front().id;
        });
        std::vector<LoggedSend> sends = closeAndRead(channels[t], t);
        ASSERT_EQ(sends.size(), 2 * buckets.size()) << "sender " << t;
        uint64_t previousBucketTsc = 0;
        for (size_t b = 0; b < buckets.size(); ++b) {
            const LoggedSend& first = sends[2 * b];
            const LoggedSend& last = sends[2 * b + 1];
            EXPECT_EQ(first.id, buckets[b]->tuples.front().id) << "sender " << t << " bucket " << b;
            EXPECT_EQ(last.id, buckets[b]->tuples.back().id) << "sender " << t << " bucket " << b;
            EXPECT_EQ(first.tsc, last.tsc) << "sender " << t << " bucket " << b;
            EXPECT_GT(first.tsc, previousBucketTsc) << "sender " << t << " bucket " << b;
            previousBucketTsc = first.tsc;
        }
    }
}

TEST(SendLog, aDroppedBucketLeavesNoRecord) {
    constexpr uint64_t kTuples = 200'000;
    TestReceiver receiver(1);
    std::vector<uint64_t> channels = openSendChannels(1);
    Generator generator(testing::optionsForcingDrops({receiver.endpoint()}, kTuples));
    generator.logSends(logApi(), channels);
    generator.start();
    // Nothing is read until every data bucket has been sent or dropped.
    while (generator.progress().emittedTuples() < kTuples) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_TRUE(receiver.receiveUntilMarkers(1, std::chrono::seconds(60)));
    ASSERT_TRUE(generator.awaitEnd(std::chrono::milliseconds(-1)));
    RunResult result = generator.result();
    ASSERT_GT(result.droppedTuples, 0u) << "nothing was dropped: the test forced no drops";

    std::vector<int64_t> received;  // first and last id of each bucket that arrived
    for (const ReadBucket& bucket : receiver.buckets()) {
        if (!bucket.isMarker()) {
            received.push_back(bucket.tuples.front().id);
            received.push_back(bucket.tuples.back().id);
        }
    }
    std::vector<int64_t> logged;
    for (const LoggedSend& send : closeAndRead(channels[0], 0)) {
        logged.push_back(send.id);
    }
    EXPECT_EQ(logged, received);
}

TEST(SendLog, aChannelCountOtherThanTheSendersIsRefusedNamingBoth) {
    GeneratorOptions options;
    options.endpoints = {"tcp://127.0.0.1:1"};
    options.senderThreads = 3;
    Generator generator(options);
    try {
        generator.logSends(logApi(), {1, 2});
        FAIL() << "two channels for three senders were accepted";
    } catch (const ProfilerError& e) {
        EXPECT_NE(std::string(e.what()).find("3 senders, 2 channels"), std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace cloudprofiler::generator
