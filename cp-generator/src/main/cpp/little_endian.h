// Little-endian stores and loads: the wire format is little-endian whatever the host is.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cloudprofiler::generator {

template <typename Unsigned>
void storeLittleEndian(uint8_t* out, Unsigned value) {
    for (size_t i = 0; i < sizeof(Unsigned); ++i) {
        out[i] = static_cast<uint8_t>(value >> (8 * i));
    }
}

template <typename Unsigned>
Unsigned loadLittleEndian(const uint8_t* in) {
    Unsigned value = 0;
    for (size_t i = 0; i < sizeof(Unsigned); ++i) {
        value |= static_cast<Unsigned>(static_cast<Unsigned>(in[i]) << (8 * i));
    }
    return value;
}

}  // namespace cloudprofiler::generator
