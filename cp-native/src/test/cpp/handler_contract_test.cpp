// One contract, every handler and codec: what goes in comes out of the file exactly (where the
// handler keeps it), what it filters is counted, and the trailer's totals add up.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "test_support.h"

namespace cloudprofiler {
namespace {

constexpr int64_t kCalls = 100'000;

uint64_t tscOf(int64_t i) { return 1'000'000'000ULL + 3ULL * static_cast<uint64_t>(i) + i % 5; }

bool recordsEveryCall(HandlerType type) {
    return type == HandlerType::kId || type == HandlerType::kBufferedId ||
           type == HandlerType::kRetStart || type == HandlerType::kRetEnd;
}

// The rows a handler must keep of calls 0..kCalls-1 (then a pill), as (id, tsc).
std::vector<std::vector<int64_t>> expectedRows(HandlerType type) {
    std::vector<std::vector<int64_t>> rows;
    for (int64_t i = 0; i < kCalls; ++i) {
        bool keep = recordsEveryCall(type) || (type == HandlerType::kDownsample && i % 7 == 0) ||
                    (type == HandlerType::kXoy && i % 10 < 3) ||
                    (type == HandlerType::kFirstLast && i == 0);
        if (keep) {
            rows.push_back({i, static_cast<int64_t>(tscOf(i))});
        }
    }
    if (type == HandlerType::kFirstLast || recordsEveryCall(type)) {
        rows.push_back({kPoisonPillId, static_cast<int64_t>(tscOf(kCalls))});
    }
    if (type == HandlerType::kRetStart) {
        for (std::vector<int64_t>& row : rows) {
            row.push_back(-1);  // no RET_END acks them: written unacked at close, in order
        }
    }
    return rows;
}

bool isPeriodic(HandlerType type) {
    return type == HandlerType::kSpc || type == HandlerType::kMpc || type == HandlerType::kCpu;
}

class HandlerContract : public ::testing::TestWithParam<std::tuple<HandlerType, Codec>> {
protected:
    HandlerType type() const { return std::get<0>(GetParam()); }
    Codec codec() const { return std::get<1>(GetParam()); }
    std::string channelName() const {
        return std::string("contract/") + describeHandler(static_cast<int>(type()))->name + "-" +
               (codec() == Codec::kZstd ? "zstd" : "raw") + "/in";
    }
    // The return-trip handlers need ports. RET_START gets one with room for every start (no
    // RET_END acks them, so all wait until close); RET_END sends to a port nobody listens on.
    void configureReturnTrip(ChannelHandle channel) const {
        if (type() == HandlerType::kRetStart) {
            parameterize(channel, "port", testing::freeUdpPort());
            parameterize(channel, "capacity", 2 * kCalls);
        } else if (type() == HandlerType::kRetEnd) {
            parameterize(channel, "port", testing::freeUdpPort());
        }
    }
};

TEST_P(HandlerContract, RecordsOutEqualRecordsInAndTotalsAddUp) {
    std::string name = channelName();
    ChannelHandle channel = openChannel(name, codec(), type());
    if (type() == HandlerType::kDownsample) {
        parameterize(channel, "n", 7);
    } else if (type() == HandlerType::kXoy) {
        parameterize(channel, "y", 10);
        parameterize(channel, "x", 3);
    } else if (isPeriodic(type())) {
        parameterize(channel, "periodNs", 1'000'000);
    }
    configureReturnTrip(channel);
    for (int64_t i = 0; i < kCalls; ++i) {
        ASSERT_TRUE(logTS(channel, i, tscOf(i)));
    }
    ASSERT_TRUE(logTS(channel, kPoisonPillId, tscOf(kCalls)));
    const uint64_t calls = kCalls + 1;
    ChannelStats stats;
    ASSERT_TRUE(channelStats(channel, &stats));
    EXPECT_EQ(calls, stats.accepted);
    ASSERT_TRUE(closeChannel(channel));

    DecodedLog log = testing::decodeChannel(name);
    ASSERT_TRUE(log.problems.empty()) << log.problems.front();
    const HandlerDescription& description = *describeHandler(static_cast<int>(type()));
    EXPECT_EQ(static_cast<uint16_t>(type()), log.header.handlerId);
    EXPECT_EQ(codec(), log.header.codec);
    EXPECT_EQ(name, log.header.channel);
    EXPECT_EQ(description.columns, log.header.columns);
    EXPECT_EQ(TscClock::hz(), log.header.tscHz);
    ASSERT_TRUE(log.trailer.has_value());
    const LogTotals& totals = log.trailer->totals;
    EXPECT_EQ(CloseReason::kCloseChannel, log.trailer->reason);
    EXPECT_EQ(calls, totals.accepted);
    EXPECT_EQ(log.rows.size(), totals.recordsWritten);
    EXPECT_EQ(log.blocks, totals.blocksWritten);
    EXPECT_EQ(0u, totals.dropped);
    EXPECT_EQ(0u, totals.rejected);

    if (isPeriodic(type())) {
        // One sample at open, one per period, one at close: cumulative counts ending at all.
        ASSERT_GE(log.rows.size(), 2u);
        EXPECT_EQ(0, log.rows.front()[1]);
        EXPECT_EQ(static_cast<int64_t>(calls), log.rows.back()[1]);
        for (size_t i = 1; i < log.rows.size(); ++i) {
            EXPECT_LE(log.rows[i - 1][0], log.rows[i][0]) << "tsc goes back at " << i;
            EXPECT_LE(log.rows[i - 1][1], log.rows[i][1]) << "count goes back at " << i;
        }
        if (type() == HandlerType::kCpu) {
            EXPECT_GT(log.rows.back()[2], 0) << "the writer thread's CPU time";
        }
        EXPECT_EQ(1'000'000, log.header.parameters[0]);
        return;
    }
    EXPECT_EQ(totals.accepted, totals.recordsWritten + totals.filtered + totals.dropped);
    if (type() == HandlerType::kNull) {
        EXPECT_TRUE(log.rows.empty());
        EXPECT_EQ(calls, totals.filtered);
        return;
    }
    std::vector<std::vector<int64_t>> expected = expectedRows(type());
    EXPECT_EQ(expected, log.rows);
    EXPECT_EQ(calls - expected.size(), totals.filtered);
}

TEST_P(HandlerContract, TimestampsComeFromTheClockBetweenTheCalls) {
    if (isPeriodic(type()) || type() == HandlerType::kNull) {
        GTEST_SKIP() << "records no per-call timestamp";
    }
    std::string name = channelName() + "-clock";
    ChannelHandle channel = openChannel(name, codec(), type());
    configureReturnTrip(channel);
    uint64_t before = readTsc();
    for (int64_t i = 0; i < 1000; ++i) {
        ASSERT_TRUE(logTS(channel, i));
    }
    uint64_t after = readTsc();
    ASSERT_TRUE(closeChannel(channel));
    DecodedLog log = testing::decodeChannel(name);
    ASSERT_TRUE(log.problems.empty());
    ASSERT_FALSE(log.rows.empty());
    for (size_t i = 0; i < log.rows.size(); ++i) {
        EXPECT_GE(static_cast<uint64_t>(log.rows[i][1]), before);
        EXPECT_LE(static_cast<uint64_t>(log.rows[i][1]), after);
        if (i > 0) {
            EXPECT_LE(log.rows[i - 1][1], log.rows[i][1]);
        }
    }
}

TEST_P(HandlerContract, AStampedCallReturnsTheTimeItWasRecordedWithOrZero) {
    std::string name = channelName() + "-stamped";
    ChannelHandle channel = openChannel(name, codec(), type());
    if (type() == HandlerType::kXoy) {
        parameterize(channel, "y", 10);
        parameterize(channel, "x", 3);
    }
    configureReturnTrip(channel);
    std::vector<uint64_t> stamps;
    for (int64_t i = 0; i < 1000; ++i) {
        stamps.push_back(logTSStamped(channel, i));
    }
    ChannelStats stats;
    ASSERT_TRUE(channelStats(channel, &stats));
    EXPECT_EQ(1000u, stats.accepted);
    ASSERT_TRUE(closeChannel(channel));
    EXPECT_EQ(0u, logTSStamped(channel, 1000)) << "a closed channel records nothing";

    DecodedLog log = testing::decodeChannel(name);
    ASSERT_TRUE(log.problems.empty());
    std::vector<uint64_t> recorded(stamps.size(), 0);
    if (!isPeriodic(type())) {
        for (const std::vector<int64_t>& row : log.rows) {
            recorded.at(static_cast<size_t>(row[0])) = static_cast<uint64_t>(row[1]);
        }
    }
    EXPECT_EQ(recorded, stamps) << "each call's stamp is its record's tsc, 0 where none";
}

std::string parameterName(const ::testing::TestParamInfo<std::tuple<HandlerType, Codec>>& info) {
    return std::string(describeHandler(static_cast<int>(std::get<0>(info.param)))->name) +
           (std::get<1>(info.param) == Codec::kZstd ? "_zstd" : "_raw");
}

INSTANTIATE_TEST_SUITE_P(
    EveryHandler, HandlerContract,
    ::testing::Combine(::testing::Values(HandlerType::kNull, HandlerType::kId,
                                         HandlerType::kBufferedId, HandlerType::kSpc,
                                         HandlerType::kMpc, HandlerType::kDownsample,
                                         HandlerType::kXoy, HandlerType::kFirstLast,
                                         HandlerType::kCpu, HandlerType::kRetStart,
                                         HandlerType::kRetEnd),
                       ::testing::Values(Codec::kRaw, Codec::kZstd)),
    parameterName);

}  // namespace
}  // namespace cloudprofiler
