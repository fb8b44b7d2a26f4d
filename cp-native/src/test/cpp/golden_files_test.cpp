// The golden files pin log format v1. The Java test suite built them from the spec; the C++
// encoder must produce the raw ones byte for byte, and the decoder must read all of them.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "log_decoder.h"
#include "log_format.h"

namespace cloudprofiler {
namespace {

std::vector<uint8_t> readGolden(const std::string& name) {
    std::ifstream in(std::string(CP_GOLDEN_DIR) + "/" + name, std::ios::binary);
    EXPECT_TRUE(in.good()) << "missing golden file " << name;
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

LogHeader goldenHeader(uint16_t handlerId, Codec codec, const std::string& channel,
                       std::vector<std::string> columns) {
    LogHeader header;
    header.pid = 4242;
    header.openerThreadId = 4243;
    header.tscHz = 2'000'000'000ULL;
    header.open = {1'000'000, 5'000'000'000LL, 1'767'225'600'000'000'000LL};
    header.handlerId = handlerId;
    header.codec = codec;
    header.clockSource = ClockSource::kRdtscp;
    header.node = "golden-node";
    header.channel = channel;
    header.columns = std::move(columns);
    return header;
}

std::vector<int64_t> idRows(int64_t from, int64_t to) {
    std::vector<int64_t> rows;
    for (int64_t i = from; i < to; ++i) {
        rows.push_back(i);
        rows.push_back(1'000'000 + 2'500 * i + i % 7);
    }
    return rows;
}

LogTrailer idTrailer() {
    LogTrailer trailer;
    trailer.totals.recordsWritten = 150;
    trailer.totals.blocksWritten = 2;
    trailer.totals.accepted = 150;
    trailer.close = {2'000'000, 5'000'500'000LL, 1'767'225'600'000'500'000LL};
    trailer.writerThreadId = 4243;
    trailer.reason = CloseReason::kCloseChannel;
    return trailer;
}

std::vector<uint8_t> encodeIdFile(Codec codec) {
    std::vector<uint8_t> bytes;
    encodeHeader(goldenHeader(1, codec, "golden/0/in", {"id", "tsc"}), bytes);
    BlockScratch scratch;
    std::vector<int64_t> first = idRows(0, 100);
    std::vector<int64_t> second = idRows(100, 150);
    encodeBlock(first.data(), 100, 2, codec, 3, scratch, bytes);
    encodeBlock(second.data(), 50, 2, codec, 3, scratch, bytes);
    encodeTrailer(idTrailer(), bytes);
    return bytes;
}

TEST(GoldenFiles, TheEncoderReproducesTheRawIdFile) {
    EXPECT_EQ(readGolden("id-raw.cplog"), encodeIdFile(Codec::kRaw));
}

TEST(GoldenFiles, TheEncoderReproducesTheCpuFile) {
    LogHeader header = goldenHeader(8, Codec::kRaw, "golden/0/cpu", {"tsc", "count", "cpu_ns"});
    header.parameters[0] = 100'000'000;
    std::vector<uint8_t> bytes;
    encodeHeader(header, bytes);
    std::vector<int64_t> rows;
    for (int64_t k = 0; k < 5; ++k) {
        rows.insert(rows.end(), {1'000'000 + 200'000'000 * k, 1000 * k,
                                 k == 0 ? -1 : 50'000'000 * k});
    }
    BlockScratch scratch;
    encodeBlock(rows.data(), 5, 3, Codec::kRaw, 3, scratch, bytes);
    LogTrailer trailer;
    trailer.totals.recordsWritten = 5;
    trailer.totals.blocksWritten = 1;
    trailer.totals.accepted = 4000;
    trailer.close = {900'000'000, 5'450'000'000LL, 1'767'225'600'450'000'000LL};
    trailer.writerThreadId = 4243;
    encodeTrailer(trailer, bytes);
    EXPECT_EQ(readGolden("cpu-raw.cplog"), bytes);
}

TEST(GoldenFiles, TheDecoderReadsEveryGoldenFile) {
    for (const char* name : {"id-raw.cplog", "id-zstd.cplog"}) {
        DecodedLog log = decodeLog(readGolden(name));
        ASSERT_TRUE(log.problems.empty()) << name << ": " << log.problems.front();
        ASSERT_EQ(150u, log.rows.size()) << name;
        for (int64_t i = 0; i < 150; ++i) {
            EXPECT_EQ((std::vector<int64_t>{i, 1'000'000 + 2'500 * i + i % 7}),
                      log.rows[static_cast<size_t>(i)]);
        }
        EXPECT_EQ(2u, log.blocks);
        ASSERT_TRUE(log.trailer.has_value());
        EXPECT_EQ(150u, log.trailer->totals.accepted);
        EXPECT_EQ("golden-node", log.header.node);
    }
    DecodedLog killed = decodeLog(readGolden("killed.cplog"));
    EXPECT_EQ(100u, killed.rows.size()) << "the complete first block survives";
    EXPECT_FALSE(killed.trailer.has_value());
    EXPECT_EQ(1u, killed.problems.size());
}

}  // namespace
}  // namespace cloudprofiler
