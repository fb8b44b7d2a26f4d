// What goes wrong is counted and said: drops when a receiver does not read, a receiver that is
// not there, a marker that cannot be delivered.
#include <gtest/gtest.h>

#include <thread>

#include "generator.h"
#include "profiler_error.h"
#include "test_receiver.h"

namespace cloudprofiler::generator {
namespace {

using testing::ReadBucket;
using testing::TestReceiver;

// A loopback endpoint nobody listens on: bound, then released.
std::string closedEndpoint() {
    TestReceiver receiver;
    return receiver.endpoint();
}

bool mentions(const std::vector<std::string>& problems, const std::string& words) {
    for (const std::string& problem : problems) {
        if (problem.find(words) != std::string::npos) {
            return true;
        }
    }
    return false;
}

template <typename Condition>
void waitFor(Condition condition) {
    for (int i = 0; i < 60'000 && !condition(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_TRUE(condition()) << "gave up after a minute";
}

TEST(GeneratorFailures, aReceiverThatDoesNotReadMakesExactlyCountedDrops) {
    constexpr uint64_t kTuples = 400'000;
    TestReceiver receiver(1);
    Generator generator(testing::optionsForcingDrops({receiver.endpoint()}, kTuples));
    generator.start();
    // The receiver reads nothing until every data bucket has been sent or dropped; the markers
    // then wait for room, which it makes by reading everything.
    waitFor([&] { return generator.progress().emittedTuples() == kTuples; });
    ASSERT_TRUE(receiver.receiveUntilMarkers(1, std::chrono::seconds(60)));
    ASSERT_TRUE(generator.awaitEnd(std::chrono::milliseconds(-1)));
    RunResult result = generator.result();

    uint64_t received = 0;
    uint64_t receivedBuckets = 0;
    uint64_t lastSequence = 0;
    MarkerBody marker;
    for (const ReadBucket& bucket : receiver.buckets()) {
        EXPECT_TRUE(receivedBuckets == 0 || bucket.header.sequence > lastSequence);
        lastSequence = bucket.header.sequence;
        if (bucket.isMarker()) {
            marker = bucket.marker;
            continue;
        }
        received += bucket.tuples.size();
        ++receivedBuckets;
    }
    EXPECT_GT(result.droppedTuples, 0u) << "nothing was dropped: the test forced no drops";
    EXPECT_EQ(received + result.droppedTuples, kTuples);
    EXPECT_EQ(result.emittedTuples, kTuples);
    EXPECT_EQ(marker.tuplesSent, received);
    EXPECT_EQ(marker.bucketsSent, receivedBuckets);
    EXPECT_EQ(marker.tuplesDropped, result.droppedTuples);
    // Dropped buckets leave gaps: the marker's sequence counts every bucket emitted.
    EXPECT_EQ(lastSequence, receivedBuckets + result.droppedBuckets);
    EXPECT_TRUE(mentions(result.problems, "dropped " + std::to_string(result.droppedTuples)));
}

// Each marker counts the drops towards its own receiver, so that receivers can add up their
// senders' reports without counting a drop once per receiver.
TEST(GeneratorFailures, eachMarkerCountsTheDropsTowardsItsOwnReceiver) {
    constexpr uint64_t kTuples = 400'000;
    TestReceiver first(1);
    TestReceiver second(1);
    Generator generator(
        testing::optionsForcingDrops({first.endpoint(), second.endpoint()}, kTuples));
    generator.start();
    waitFor([&] { return generator.progress().emittedTuples() == kTuples; });
    ASSERT_TRUE(first.receiveUntilMarkers(1, std::chrono::seconds(60)));
    ASSERT_TRUE(second.receiveUntilMarkers(1, std::chrono::seconds(60)));
    ASSERT_TRUE(generator.awaitEnd(std::chrono::milliseconds(-1)));
    RunResult result = generator.result();

    uint64_t markerDrops = 0;
    for (TestReceiver* receiver : {&first, &second}) {
        const ReceiverTotals* totals = nullptr;
        for (const ReceiverTotals& each : result.receivers) {
            if (each.endpoint == receiver->endpoint()) {
                totals = &each;
            }
        }
        ASSERT_NE(totals, nullptr) << receiver->endpoint();
        const ReadBucket& marker = receiver->buckets().back();
        ASSERT_TRUE(marker.isMarker());
        EXPECT_GT(totals->droppedTuples, 0u) << "the test forced no drops towards it";
        EXPECT_EQ(marker.marker.tuplesDropped, totals->droppedTuples) << receiver->endpoint();
        EXPECT_EQ(marker.marker.tuplesSent, totals->sentTuples) << receiver->endpoint();
        markerDrops += marker.marker.tuplesDropped;
    }
    EXPECT_EQ(markerDrops, result.droppedTuples);
}

TEST(GeneratorFailures, anUnreachableReceiverFailsTheStartNamingIt) {
    GeneratorOptions options;
    std::string missing = closedEndpoint();
    TestReceiver present;
    options.endpoints = {present.endpoint(), missing};
    options.connectTimeoutMs = 300;
    options.tupleCount = 1000;
    Generator generator(options);
    try {
        generator.start();
        FAIL() << "started without a receiver at " << missing;
    } catch (const ProfilerError& e) {
        EXPECT_EQ(e.kind(), ProfilerError::Kind::kEnvironment);
        std::string message = e.what();
        EXPECT_NE(message.find(missing), std::string::npos) << message;
        EXPECT_EQ(message.find(present.endpoint()), std::string::npos) << message;
        EXPECT_NE(message.find("start the JOF first"), std::string::npos) << message;
    }
    EXPECT_TRUE(generator.awaitEnd(std::chrono::milliseconds(0)));
}

TEST(GeneratorFailures, aReceiverThatLeavesGetsNothingMoreAndItsMarkerIsReportedUndelivered) {
    TestReceiver receiver;
    GeneratorOptions options;
    options.endpoints = {receiver.endpoint()};
    options.tuplesPerSecond = 100'000;
    options.markerTimeoutMs = 200;
    Generator generator(options);
    generator.start();
    ASSERT_TRUE(receiver.receiveOne(std::chrono::seconds(60)));
    receiver.close();
    // Once the sender has noticed, each send finds no connection and counts as a drop.
    waitFor([&] { return generator.progress().droppedTuples > 0; });
    generator.stop();
    ASSERT_TRUE(generator.awaitEnd(std::chrono::milliseconds(-1)));
    RunResult result = generator.result();
    EXPECT_GT(result.droppedTuples, 0u);
    ASSERT_EQ(result.receivers.size(), 1u);
    EXPECT_EQ(result.receivers[0].markersUndelivered, 1u);
    EXPECT_EQ(result.receivers[0].disconnects, 1u);
    EXPECT_TRUE(mentions(result.problems, "could not be handed to " + receiver.endpoint()));
}

}  // namespace
}  // namespace cloudprofiler::generator
