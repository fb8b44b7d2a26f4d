#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <random>

#include "byte_buffer.h"
#include "crc32c.h"
#include "varint.h"

namespace cloudprofiler {
namespace {

TEST(Crc32c, MatchesTheCastagnoliCheckValue) {
    const char* text = "123456789";
    EXPECT_EQ(0xE3069283u, crc32c(0, text, std::strlen(text)));
}

TEST(Crc32c, ContinuesAcrossChunks) {
    std::vector<uint8_t> bytes(1000);
    std::mt19937 random(7);
    for (uint8_t& byte : bytes) {
        byte = static_cast<uint8_t>(random());
    }
    uint32_t whole = crc32c(0, bytes.data(), bytes.size());
    for (size_t split : {size_t{0}, size_t{1}, size_t{7}, size_t{8}, size_t{513}, size_t{1000}}) {
        uint32_t first = crc32c(0, bytes.data(), split);
        EXPECT_EQ(whole, crc32c(first, bytes.data() + split, bytes.size() - split)) << split;
    }
}

TEST(Varint, ZigzagRoundTripsExtremes) {
    for (int64_t value : {int64_t{0}, int64_t{-1}, int64_t{1}, std::numeric_limits<int64_t>::min(),
                          std::numeric_limits<int64_t>::max()}) {
        EXPECT_EQ(value, zigzagDecode(zigzagEncode(value)));
    }
    EXPECT_EQ(0u, zigzagEncode(0));
    EXPECT_EQ(1u, zigzagEncode(-1));
    EXPECT_EQ(2u, zigzagEncode(1));
}

TEST(Varint, RoundTripsAndRejectsDamage) {
    uint8_t buffer[kMaxVarintBytes];
    for (uint64_t value : {uint64_t{0}, uint64_t{127}, uint64_t{128}, uint64_t{1} << 63,
                           std::numeric_limits<uint64_t>::max()}) {
        size_t length = writeVarint(buffer, value);
        const uint8_t* cursor = buffer;
        uint64_t decoded = 0;
        ASSERT_TRUE(readVarint(&cursor, buffer + length, &decoded));
        EXPECT_EQ(value, decoded);
        EXPECT_EQ(buffer + length, cursor);
        cursor = buffer;
        EXPECT_FALSE(readVarint(&cursor, buffer + length - 1, &decoded)) << "truncated";
    }
    uint8_t overlong[11] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01};
    const uint8_t* cursor = overlong;
    uint64_t decoded;
    EXPECT_FALSE(readVarint(&cursor, overlong + sizeof(overlong), &decoded));
}

TEST(ByteBuffer, WritesLittleEndian) {
    std::vector<uint8_t> out;
    ByteBuffer buffer(out);
    buffer.u16(0x0102);
    buffer.u32(0x03040506);
    buffer.u64(0x0708090A0B0C0D0EULL);
    std::vector<uint8_t> expected = {0x02, 0x01, 0x06, 0x05, 0x04, 0x03, 0x0E, 0x0D,
                                     0x0C, 0x0B, 0x0A, 0x09, 0x08, 0x07};
    EXPECT_EQ(expected, out);
}

}  // namespace
}  // namespace cloudprofiler
