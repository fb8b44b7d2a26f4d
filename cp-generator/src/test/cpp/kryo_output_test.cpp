// Byte for byte what Kryo 5.6.2's Output writes (read from its source: writeString,
// writeVarIntFlag, writeVarLong); the Java tests check the same against Kryo itself.
#include "kryo_output.h"

#include <gtest/gtest.h>

namespace cloudprofiler::generator {
namespace {

std::string bytes(std::initializer_list<int> values) {
    std::string text;
    for (int value : values) {
        text.push_back(static_cast<char>(value));
    }
    return text;
}

std::string ascii(const std::string& text) {
    KryoOutput out;
    out.writeAsciiString(text);
    return out.bytes();
}

std::string varLong(int64_t value, bool optimizePositive) {
    KryoOutput out;
    size_t length = out.writeVarLong(value, optimizePositive);
    EXPECT_EQ(length, out.size());
    return out.bytes();
}

TEST(KryoOutput, shortAsciiStringsEndWithBitSevenSet) {
    EXPECT_EQ(ascii("view"), bytes({'v', 'i', 'e', 0x80 | 'w'}));
    EXPECT_EQ(ascii("ab"), bytes({'a', 0x80 | 'b'}));
    std::string thirtyTwo(32, 'x');
    EXPECT_EQ(ascii(thirtyTwo), thirtyTwo.substr(0, 31) + bytes({0x80 | 'x'}));
}

TEST(KryoOutput, otherLengthsCarryAFlaggedLengthPlusOne) {
    EXPECT_EQ(ascii(""), bytes({0x81}));
    EXPECT_EQ(ascii("a"), bytes({0x82, 'a'}));
    std::string uuid = "0f8e3b52-1c5d-4a7e-9b21-7d3c2e1f4a60";
    EXPECT_EQ(ascii(uuid), bytes({0x80 | 37}) + uuid);
    std::string thirtyThree(33, 'y');
    EXPECT_EQ(ascii(thirtyThree), bytes({0x80 | 34}) + thirtyThree);
    // 65 needs a second byte: first = flag | more | (65 & 0x3F), then 65 >> 6.
    std::string sixtyFour(64, 'z');
    EXPECT_EQ(ascii(sixtyFour), bytes({0x80 | 0x40 | 1, 1}) + sixtyFour);
    // 301 = 0b100101101: low 6 bits 0x2D, then 301 >> 6 = 4.
    std::string threeHundred(300, 'w');
    EXPECT_EQ(ascii(threeHundred), bytes({0x80 | 0x40 | 0x2D, 4}) + threeHundred);
}

TEST(KryoOutput, nonAsciiTextIsRefused) {
    KryoOutput out;
    EXPECT_THROW(out.writeAsciiString("caf\xc3\xa9"), std::invalid_argument);
}

TEST(KryoOutput, varLongsUseSevenBitGroupsLowFirst) {
    EXPECT_EQ(varLong(0, true), bytes({0}));
    EXPECT_EQ(varLong(127, true), bytes({127}));
    EXPECT_EQ(varLong(128, true), bytes({0x80, 1}));
    EXPECT_EQ(varLong(300, true), bytes({0xAC, 2}));
    // 1,767,225,600,000 ms (2026-01-01) needs 41 bits: six bytes.
    EXPECT_EQ(varLong(1'767'225'600'000LL, true), bytes({0x80, 0xD0, 0xEA, 0xB6, 0xB7, 0x33}));
    EXPECT_EQ(varLong(-1, true), bytes({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
    EXPECT_EQ(varLong(-1, false), bytes({1}));
    EXPECT_EQ(varLong(1, false), bytes({2}));
    EXPECT_EQ(varLong(INT64_MIN, false),
              bytes({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));
}

}  // namespace
}  // namespace cloudprofiler::generator
