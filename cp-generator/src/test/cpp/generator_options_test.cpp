// Bad options are refused before anything starts, with a message naming the option.
#include "generator_options.h"

#include <gtest/gtest.h>

#include <functional>

#include "generator.h"
#include "profiler_error.h"

namespace cloudprofiler::generator {
namespace {

GeneratorOptions valid() {
    GeneratorOptions options;
    options.endpoints = {"tcp://127.0.0.1:5555"};
    return options;
}

void expectRejected(const std::function<void(GeneratorOptions&)>& change,
                    const std::string& words) {
    GeneratorOptions options = valid();
    change(options);
    try {
        Generator generator(options);
        ADD_FAILURE() << "accepted; expected a message with '" << words << "'";
    } catch (const ProfilerError& e) {
        EXPECT_EQ(e.kind(), ProfilerError::Kind::kInvalidArgument);
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
}

TEST(GeneratorOptions, aValidSetIsAccepted) {
    EXPECT_NO_THROW(validate(valid()));
}

TEST(GeneratorOptions, badOptionsAreRejectedByName) {
    expectRejected([](GeneratorOptions& o) { o.endpoints.clear(); }, "no receiver endpoint");
    expectRejected([](GeneratorOptions& o) { o.endpoints = {"127.0.0.1:5555"}; },
                   "'127.0.0.1:5555' is not a ZeroMQ endpoint");
    expectRejected([](GeneratorOptions& o) { o.endpoints = {"tcp://"}; }, "not a ZeroMQ endpoint");
    expectRejected([](GeneratorOptions& o) { o.senderThreads = 0; }, "sender threads");
    expectRejected([](GeneratorOptions& o) { o.senderThreads = 2000; }, "sender threads");
    expectRejected([](GeneratorOptions& o) { o.tuplesPerSecond = 0; }, "rate");
    expectRejected([](GeneratorOptions& o) { o.tuplesPerSecond = -5; }, "rate");
    expectRejected([](GeneratorOptions& o) { o.tuplesPerSecond = 1.0 / 0.0; }, "rate");
    expectRejected(
        [](GeneratorOptions& o) {
            o.tupleCount = 10;
            o.durationNs = 1'000'000'000;
        },
        "not both");
    expectRejected([](GeneratorOptions& o) { o.durationNs = -1; }, "duration");
    expectRejected(
        [](GeneratorOptions& o) {
            o.tuplesPerSecond = 1;
            o.durationNs = 1'000;
        },
        "emits no tuple");
    expectRejected([](GeneratorOptions& o) { o.bucketTuples = 0; }, "bucket size");
    expectRejected([](GeneratorOptions& o) { o.maxBucketSpanNs = 999; }, "bucket span");
    expectRejected([](GeneratorOptions& o) { o.maxBucketSpanNs = 1'000'000'001; }, "bucket span");
    expectRejected([](GeneratorOptions& o) { o.bucketTuples = (1u << 20) + 1; }, "bucket size");
    expectRejected([](GeneratorOptions& o) { o.rawPayloadBytes = (16u << 20) + 1; },
                   "raw payload size");
    expectRejected(
        [](GeneratorOptions& o) {
            o.bucketTuples = 1u << 20;
            o.rawPayloadBytes = 1000;
        },
        "exceeds 256 MiB");
    expectRejected([](GeneratorOptions& o) { o.payloadClass = static_cast<PayloadClass>(7); },
                   "unknown payload class 7");
    expectRejected(
        [](GeneratorOptions& o) {
            o.tuplesPerSecond = 1e12;
            o.durationNs = 100'000'000'000'000'000;  // about 3 years: 1e20 tuples
        },
        "more tuples than 64-bit ids can number");
    expectRejected([](GeneratorOptions& o) { o.sendHighWaterMark = 0; }, "high-water mark");
    expectRejected([](GeneratorOptions& o) { o.connectTimeoutMs = 0; }, "timeouts");
    expectRejected([](GeneratorOptions& o) { o.markerTimeoutMs = 0; }, "timeouts");
    expectRejected([](GeneratorOptions& o) { o.ioThreads = 0; }, "I/O threads");
    expectRejected([](GeneratorOptions& o) { o.spinWindowNs = -1; }, "spin window");
    expectRejected([](GeneratorOptions& o) { o.spinWindowNs = 1'000'001; }, "spin window");
    expectRejected(
        [](GeneratorOptions& o) {
            o.idBase = INT64_MAX - 5;
            o.tupleCount = 10;
        },
        "overflows");
}

TEST(GeneratorOptions, preloadedRunsNeedTheirBytesAndOthersRefuseThem) {
    GeneratorOptions options = valid();
    options.payloadClass = PayloadClass::kPreloaded;
    Generator preloaded(options);
    try {
        preloaded.start();
        ADD_FAILURE() << "started without bytes";
    } catch (const ProfilerError& e) {
        EXPECT_EQ(e.kind(), ProfilerError::Kind::kIllegalState);
        EXPECT_NE(std::string(e.what()).find("loadBytes"), std::string::npos) << e.what();
    }
    Generator raw(valid());
    EXPECT_THROW(raw.loadPreloaded({"x"}), ProfilerError);
}

TEST(GeneratorOptions, tuplesAreSharedSoThatIdsCoverTheRangeExactly) {
    GeneratorOptions options = valid();
    options.senderThreads = 3;
    options.tupleCount = 10;
    EXPECT_EQ(plannedTuplesOfSender(options, 0), 4u);  // k·3 + 0 < 10: 0, 3, 6, 9
    EXPECT_EQ(plannedTuplesOfSender(options, 1), 3u);
    EXPECT_EQ(plannedTuplesOfSender(options, 2), 3u);
    options.tupleCount = 0;
    options.tuplesPerSecond = 2000;
    options.durationNs = 1'500'000'000;
    EXPECT_EQ(plannedTuples(options), 3000u);
}

TEST(GeneratorOptions, aBucketSpansAtMostOneMillisecondOfASender) {
    GeneratorOptions options = valid();
    options.bucketTuples = 1000;
    options.tuplesPerSecond = 4e6;
    EXPECT_EQ(effectiveBucketTuples(options), 1000u);
    EXPECT_DOUBLE_EQ(bucketIntervalNs(options), 250'000);
    options.senderThreads = 4;
    options.tuplesPerSecond = 1e6;
    EXPECT_EQ(effectiveBucketTuples(options), 250u);
    EXPECT_DOUBLE_EQ(bucketIntervalNs(options), 1'000'000);
    options.tuplesPerSecond = 10;
    EXPECT_EQ(effectiveBucketTuples(options), 1u);
    EXPECT_DOUBLE_EQ(bucketIntervalNs(options), 400'000'000);
}

TEST(GeneratorOptions, aLongerSpanLetsAHighRateFillLargerBuckets) {
    GeneratorOptions options = valid();
    options.bucketTuples = 8000;
    options.tuplesPerSecond = 3e6;
    EXPECT_EQ(effectiveBucketTuples(options), 3000u);  // the default 1 ms
    options.maxBucketSpanNs = 2'000'000;
    EXPECT_EQ(effectiveBucketTuples(options), 6000u);
    EXPECT_DOUBLE_EQ(bucketIntervalNs(options), 2'000'000);
    options.maxBucketSpanNs = 5'000'000;
    EXPECT_EQ(effectiveBucketTuples(options), 8000u);  // the tuple bound holds
    options.maxBucketSpanNs = 100'000;
    EXPECT_EQ(effectiveBucketTuples(options), 300u);
}

}  // namespace
}  // namespace cloudprofiler::generator
