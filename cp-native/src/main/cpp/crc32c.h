// CRC32C (Castagnoli), the checksum of log headers, blocks and trailers; java.util.zip.CRC32C
// computes the same value.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cloudprofiler {

// Continues a CRC: crc32c(crc32c(0, a), b) == crc32c(0, a ++ b).
uint32_t crc32c(uint32_t crc, const void* data, size_t length);

}  // namespace cloudprofiler
