// End to end over loopback with in-process PULL receivers: every id once, contiguous sequences,
// markers last with the right totals, and per-second records that add up to the totals.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <thread>

#include "generator.h"
#include "test_receiver.h"

namespace cloudprofiler::generator {
namespace {

using testing::ReadBucket;
using testing::TestReceiver;

constexpr auto kReceiveTimeout = std::chrono::seconds(60);

struct FinishedRun {
    RunResult result;
    std::vector<SecondStats> seconds;
};

// Runs `options` to its end while each receiver reads in its own thread until every sender's
// marker has arrived.
// `preloaded`, if not empty, is loaded into the generator; then payloads are kept.
FinishedRun runWithReceivers(GeneratorOptions options, std::vector<TestReceiver>& receivers,
                             const std::vector<std::string>& preloaded = {}) {
    for (TestReceiver& receiver : receivers) {
        options.endpoints.push_back(receiver.endpoint());
    }
    Generator generator(options);
    bool keepPayloads = !preloaded.empty();
    if (keepPayloads) {
        generator.loadPreloaded(preloaded);
    }
    FinishedRun run;
    generator.setObserver([&run](const SecondStats& stats) { run.seconds.push_back(stats); });
    std::vector<std::thread> readers;
    for (TestReceiver& receiver : receivers) {
        readers.emplace_back([&receiver, &options, keepPayloads] {
            EXPECT_TRUE(
                receiver.receiveUntilMarkers(options.senderThreads, kReceiveTimeout, keepPayloads))
                << receiver.endpoint() << " did not get every marker";
        });
    }
    generator.start();
    EXPECT_TRUE(generator.awaitEnd(std::chrono::milliseconds(-1)));
    for (std::thread& reader : readers) {
        reader.join();
    }
    run.result = generator.result();
    return run;
}

GeneratorOptions fastRun(uint32_t senders, uint64_t tuples) {
    GeneratorOptions options;
    options.senderThreads = senders;
    options.tuplesPerSecond = 1e6;
    options.tupleCount = tuples;
    options.idBase = 5'000'000'000LL;
    return options;
}

TEST(GeneratorDelivery, everyIdArrivesOnceInContiguousSequencesWithTheMarkerLast) {
    constexpr uint32_t kSenders = 3;
    constexpr uint64_t kTuples = 300'001;  // not a multiple of T or of the bucket size
    GeneratorOptions options = fastRun(kSenders, kTuples);
    std::vector<TestReceiver> receivers(2);
    FinishedRun run = runWithReceivers(options, receivers);
    ASSERT_EQ(run.result.droppedTuples, 0u) << "the receivers fell behind; rerun on a quiet box";

    std::set<int64_t> ids;
    uint64_t tuples = 0;
    for (TestReceiver& receiver : receivers) {
        std::map<uint16_t, uint64_t> nextSequence;
        std::map<uint16_t, MarkerBody> counted;
        std::set<uint16_t> ended;
        for (const ReadBucket& bucket : receiver.buckets()) {
            uint16_t sender = bucket.header.sender;
            EXPECT_EQ(bucket.header.senderCount, kSenders);
            EXPECT_EQ(bucket.header.payloadClass, PayloadClass::kRaw);
            EXPECT_EQ(ended.count(sender), 0u)
                << "a bucket of sender " << sender << " after its marker";
            EXPECT_EQ(bucket.header.sequence, nextSequence[sender]++) << "sender " << sender;
            if (bucket.isMarker()) {
                ended.insert(sender);
                EXPECT_EQ(bucket.marker.tuplesSent, counted[sender].tuplesSent);
                EXPECT_EQ(bucket.marker.bucketsSent, counted[sender].bucketsSent);
                EXPECT_EQ(bucket.marker.tuplesDropped, 0u);
                continue;
            }
            counted[sender].tuplesSent += bucket.tuples.size();
            counted[sender].bucketsSent += 1;
            for (const testing::ReadTuple& tuple : bucket.tuples) {
                EXPECT_EQ((tuple.id - options.idBase) % kSenders, sender) << tuple.id;
                EXPECT_TRUE(ids.insert(tuple.id).second) << "id " << tuple.id << " twice";
                ++tuples;
            }
        }
        EXPECT_EQ(ended.size(), kSenders);
    }
    EXPECT_EQ(tuples, kTuples);
    EXPECT_EQ(*ids.begin(), options.idBase);
    EXPECT_EQ(*ids.rbegin(), options.idBase + static_cast<int64_t>(kTuples) - 1);

    EXPECT_EQ(run.result.sentTuples, kTuples);
    EXPECT_EQ(run.result.emittedTuples, kTuples);
    EXPECT_FALSE(run.result.stoppedEarly);
    EXPECT_TRUE(run.result.problems.empty());
    for (const ReceiverTotals& receiver : run.result.receivers) {
        EXPECT_EQ(receiver.markersDelivered, kSenders);
        EXPECT_EQ(receiver.markersUndelivered, 0u);
    }
    uint64_t sentPerSecond = 0;
    uint64_t lagSamples = 0;
    for (const SecondStats& second : run.seconds) {
        sentPerSecond += second.sentTuples;
        lagSamples += second.lagSamples;
        EXPECT_EQ(second.emittedTuples, second.sentTuples + second.droppedTuples);
        EXPECT_LE(second.lagP50Ns, second.lagP99Ns);
        EXPECT_LE(second.lagP99Ns, second.lagMaxNs);
    }
    EXPECT_EQ(sentPerSecond, kTuples);
    ASSERT_FALSE(run.seconds.empty());
    for (size_t i = 0; i < run.seconds.size(); ++i) {
        EXPECT_EQ(run.seconds[i].second, i + 1);
        EXPECT_EQ(run.seconds[i].last, i + 1 == run.seconds.size());
    }
    EXPECT_EQ(lagSamples, run.result.sentBuckets + run.result.droppedBuckets);
}

TEST(GeneratorDelivery, preloadedPayloadsCycleInIdOrderAndArriveIntact) {
    GeneratorOptions options = fastRun(2, 10'001);
    options.payloadClass = PayloadClass::kPreloaded;
    std::vector<std::string> payloads = {"first", std::string("\0\x01\xff", 3), "", "fourth!"};
    std::vector<TestReceiver> receivers(1);
    FinishedRun run = runWithReceivers(options, receivers, payloads);
    ASSERT_EQ(run.result.droppedTuples, 0u);
    uint64_t tuples = 0;
    for (const ReadBucket& bucket : receivers[0].buckets()) {
        EXPECT_EQ(bucket.header.payloadClass, PayloadClass::kPreloaded);
        for (const testing::ReadTuple& tuple : bucket.tuples) {
            EXPECT_EQ(tuple.payload, payloads[(tuple.id - options.idBase) % payloads.size()]);
            ++tuples;
        }
    }
    EXPECT_EQ(tuples, 10'001u);
}

TEST(GeneratorDelivery, stopEndsARunEarlyAndStillSendsConsistentMarkers) {
    GeneratorOptions options = fastRun(2, 1'000'000'000);
    options.tuplesPerSecond = 200'000;
    std::vector<TestReceiver> receivers(1);
    options.endpoints.push_back(receivers[0].endpoint());
    Generator generator(options);
    std::thread reader([&] { EXPECT_TRUE(receivers[0].receiveUntilMarkers(2, kReceiveTimeout)); });
    generator.start();
    while (generator.progress().emittedTuples() < 20'000) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    generator.stop();
    generator.awaitEnd(std::chrono::milliseconds(-1));
    reader.join();
    RunResult result = generator.result();
    EXPECT_TRUE(result.stoppedEarly);
    uint64_t received = 0;
    uint64_t announced = 0;
    for (const ReadBucket& bucket : receivers[0].buckets()) {
        received += bucket.tuples.size();
        announced += bucket.isMarker() ? bucket.marker.tuplesSent : 0;
    }
    EXPECT_GE(received, 20'000u);
    EXPECT_EQ(received, announced);
    EXPECT_EQ(received, result.sentTuples);
}

}  // namespace
}  // namespace cloudprofiler::generator
