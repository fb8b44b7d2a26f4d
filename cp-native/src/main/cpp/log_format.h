// Log format v1 (docs/log-format.md): the file header, record blocks and trailer, as bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tsc_clock.h"

namespace cloudprofiler {

namespace log_format {
constexpr uint8_t kMagic[8] = {'C', 'P', 'L', 'O', 'G', 0x00, 0x0D, 0x0A};
constexpr uint16_t kVersion = 1;
constexpr uint32_t kBlockMagic = 0x4B425043;    // "CPBK"
constexpr uint32_t kTrailerMagic = 0x52545043;  // "CPTR"
constexpr uint8_t kBlockKindRecords = 1;
constexpr uint32_t kBlockHeaderBytes = 24;
constexpr uint32_t kTrailerBytes = 112;
constexpr uint32_t kParameterOffset = 64;
constexpr int kParameterCount = 4;
constexpr uint32_t kMaxRecordsPerBlock = 1u << 20;
constexpr uint32_t kMaxPayloadBytes = 64u << 20;
constexpr uint32_t kMaxHeaderBytes = 4096;
constexpr size_t kMaxStringBytes = 1024;
constexpr int kMaxColumns = 8;
constexpr uint16_t kFlagTestClock = 1;
}  // namespace log_format

enum class Codec : uint8_t { kRaw = 0, kZstd = 1 };

enum class CloseReason : uint32_t { kCloseChannel = 1, kShutdown = 2 };

struct LogHeader {
    uint16_t flags = 0;
    uint32_t pid = 0;
    uint32_t openerThreadId = 0;
    uint64_t tscHz = 0;
    ClockPair open;
    uint16_t handlerId = 0;
    Codec codec = Codec::kRaw;
    ClockSource clockSource = ClockSource::kRdtscp;
    bool multiWriter = false;
    int64_t parameters[log_format::kParameterCount] = {0, 0, 0, 0};
    std::string node;
    std::string channel;
    std::vector<std::string> columns;
};

// Counters of a channel at close; the trailer's fields.
struct LogTotals {
    uint64_t recordsWritten = 0;
    uint64_t blocksWritten = 0;
    uint64_t accepted = 0;
    uint64_t filtered = 0;
    uint64_t dropped = 0;
    uint64_t rejected = 0;
    uint64_t stalls = 0;
    uint64_t stallNs = 0;
};

struct LogTrailer {
    LogTotals totals;
    ClockPair close;
    uint32_t writerThreadId = 0;
    CloseReason reason = CloseReason::kCloseChannel;
};

// Appends the encoded header to `out`.
void encodeHeader(const LogHeader& header, std::vector<uint8_t>& out);

// Rewrites the parameters and CRC of a header previously produced by encodeHeader.
void patchHeaderParameters(std::vector<uint8_t>& header, const int64_t* parameters);

void encodeTrailer(const LogTrailer& trailer, std::vector<uint8_t>& out);

// Reusable buffers of a block encoder; one per encoding thread.
struct BlockScratch {
    std::vector<uint8_t> columns;
    void* zstdContext = nullptr;
    ~BlockScratch();
};

// Appends one framed block holding rows [0, count) of `values` (row-major, `columnCount` values
// per row) to `out`. count must be 1..kMaxRecordsPerBlock.
void encodeBlock(const int64_t* values, uint32_t count, int columnCount, Codec codec,
                 int zstdLevel, BlockScratch& scratch, std::vector<uint8_t>& out);

}  // namespace cloudprofiler
