// Zigzag + unsigned LEB128 varints: the encoding of every column of a log block.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cloudprofiler {

constexpr size_t kMaxVarintBytes = 10;

inline uint64_t zigzagEncode(int64_t value) {
    return (static_cast<uint64_t>(value) << 1) ^ static_cast<uint64_t>(value >> 63);
}

inline int64_t zigzagDecode(uint64_t value) {
    return static_cast<int64_t>((value >> 1) ^ (~(value & 1) + 1));
}

// Writes `value` at `out` and returns the number of bytes written (1..10).
inline size_t writeVarint(uint8_t* out, uint64_t value) {
    size_t length = 0;
    while (value >= 0x80) {
        out[length++] = static_cast<uint8_t>(value | 0x80);
        value >>= 7;
    }
    out[length++] = static_cast<uint8_t>(value);
    return length;
}

// Reads a varint from [*cursor, end); false if it is truncated or longer than 10 bytes.
inline bool readVarint(const uint8_t** cursor, const uint8_t* end, uint64_t* value) {
    uint64_t result = 0;
    const uint8_t* p = *cursor;
    for (int shift = 0; shift < 70; shift += 7) {
        if (p == end) {
            return false;
        }
        uint8_t byte = *p++;
        if (shift == 63 && byte > 1) {
            return false;  // would overflow 64 bits
        }
        result |= static_cast<uint64_t>(byte & 0x7F) << shift;
        if ((byte & 0x80) == 0) {
            *cursor = p;
            *value = result;
            return true;
        }
    }
    return false;
}

}  // namespace cloudprofiler
