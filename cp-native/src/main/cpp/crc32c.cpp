#include "crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace cloudprofiler {
namespace {

constexpr uint32_t kPolynomialReflected = 0x82F63B78u;

std::array<uint32_t, 256> makeTable() {
    std::array<uint32_t, 256> table{};
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t value = i;
        for (int bit = 0; bit < 8; ++bit) {
            value = (value >> 1) ^ ((value & 1u) ? kPolynomialReflected : 0u);
        }
        table[i] = value;
    }
    return table;
}

uint32_t crc32cPortable(uint32_t crc, const uint8_t* bytes, size_t length) {
    static const std::array<uint32_t, 256> table = makeTable();
    for (size_t i = 0; i < length; ++i) {
        crc = (crc >> 8) ^ table[(crc ^ bytes[i]) & 0xFFu];
    }
    return crc;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) uint32_t crc32cSse42(uint32_t crc, const uint8_t* bytes,
                                                        size_t length) {
    uint64_t state = crc;
    while (length >= 8) {
        uint64_t word;
        std::memcpy(&word, bytes, 8);
        state = _mm_crc32_u64(state, word);
        bytes += 8;
        length -= 8;
    }
    uint32_t state32 = static_cast<uint32_t>(state);
    while (length > 0) {
        state32 = _mm_crc32_u8(state32, *bytes);
        ++bytes;
        --length;
    }
    return state32;
}
#endif

}  // namespace

uint32_t crc32c(uint32_t crc, const void* data, size_t length) {
    const auto* bytes = static_cast<const uint8_t*>(data);
    crc = ~crc;
#if defined(__x86_64__)
    static const bool hasSse42 = __builtin_cpu_supports("sse4.2");
    crc = hasSse42 ? crc32cSse42(crc, bytes, length) : crc32cPortable(crc, bytes, length);
#else
    crc = crc32cPortable(crc, bytes, length);
#endif
    return ~crc;
}

}  // namespace cloudprofiler
