#include "log_format.h"

#include <zstd.h>

#include <stdexcept>

#include "byte_buffer.h"
#include "crc32c.h"
#include "varint.h"

namespace cloudprofiler {

using namespace log_format;

void encodeHeader(const LogHeader& header, std::vector<uint8_t>& out) {
    size_t start = out.size();
    ByteBuffer buffer(out);
    buffer.bytes(kMagic, sizeof(kMagic));
    buffer.u16(kVersion);
    buffer.u16(header.flags);
    buffer.u32(0);  // header length, patched below
    buffer.u32(header.pid);
    buffer.u32(header.openerThreadId);
    buffer.u64(header.tscHz);
    buffer.u64(header.open.tsc);
    buffer.i64(header.open.monotonicRawNs);
    buffer.i64(header.open.realtimeNs);
    buffer.u16(header.handlerId);
    buffer.u8(static_cast<uint8_t>(header.codec));
    buffer.u8(static_cast<uint8_t>(header.clockSource));
    buffer.u8(static_cast<uint8_t>(header.columns.size()));
    buffer.u8(header.multiWriter ? 1 : 0);
    buffer.u16(0);
    for (int64_t parameter : header.parameters) {
        buffer.i64(parameter);
    }
    buffer.string16(header.node);
    buffer.string16(header.channel);
    for (const std::string& column : header.columns) {
        buffer.u8(0);  // delta-zigzag-varint
        buffer.u8(static_cast<uint8_t>(column.size()));
        buffer.bytes(column.data(), column.size());
    }
    uint32_t length = static_cast<uint32_t>(out.size() - start + 4);
    ByteBuffer::putU32(out.data() + start + 12, length);
    buffer.u32(crc32c(0, out.data() + start, length - 4));
}

void patchHeaderParameters(std::vector<uint8_t>& header, const int64_t* parameters) {
    for (int i = 0; i < kParameterCount; ++i) {
        ByteBuffer::putU64(header.data() + kParameterOffset + 8 * i,
                           static_cast<uint64_t>(parameters[i]));
    }
    size_t crcAt = header.size() - 4;
    ByteBuffer::putU32(header.data() + crcAt, crc32c(0, header.data(), crcAt));
}

void encodeTrailer(const LogTrailer& trailer, std::vector<uint8_t>& out) {
    size_t start = out.size();
    ByteBuffer buffer(out);
    buffer.u32(kTrailerMagic);
    buffer.u32(kTrailerBytes);
    const LogTotals& totals = trailer.totals;
    buffer.u64(totals.recordsWritten);
    buffer.u64(totals.blocksWritten);
    buffer.u64(totals.accepted);
    buffer.u64(totals.filtered);
    buffer.u64(totals.dropped);
    buffer.u64(totals.rejected);
    buffer.u64(totals.stalls);
    buffer.u64(totals.stallNs);
    buffer.u64(trailer.close.tsc);
    buffer.i64(trailer.close.monotonicRawNs);
    buffer.i64(trailer.close.realtimeNs);
    buffer.u32(trailer.writerThreadId);
    buffer.u32(static_cast<uint32_t>(trailer.reason));
    buffer.u32(0);
    buffer.u32(crc32c(0, out.data() + start, kTrailerBytes - 4));
}

BlockScratch::~BlockScratch() {
    ZSTD_freeCCtx(static_cast<ZSTD_CCtx*>(zstdContext));
}

namespace {

// Writes the columns one after the other: sequential ids become a run zstd nearly erases.
size_t encodeColumns(const int64_t* values, uint32_t count, int columnCount, uint8_t* out) {
    uint8_t* cursor = out;
    for (int column = 0; column < columnCount; ++column) {
        uint8_t* lengthAt = cursor;
        cursor += 4;
        int64_t previous = 0;
        const int64_t* value = values + column;
        for (uint32_t row = 0; row < count; ++row, value += columnCount) {
            uint64_t delta = static_cast<uint64_t>(*value) - static_cast<uint64_t>(previous);
            cursor += writeVarint(cursor, zigzagEncode(static_cast<int64_t>(delta)));
            previous = *value;
        }
        ByteBuffer::putU32(lengthAt, static_cast<uint32_t>(cursor - lengthAt - 4));
    }
    return static_cast<size_t>(cursor - out);
}

}  // namespace

void encodeBlock(const int64_t* values, uint32_t count, int columnCount, Codec codec,
                 int zstdLevel, BlockScratch& scratch, std::vector<uint8_t>& out) {
    size_t columnBound = static_cast<size_t>(columnCount) * (4 + count * kMaxVarintBytes);
    if (scratch.columns.size() < columnBound) {
        scratch.columns.resize(columnBound);
    }
    size_t decodedLength = encodeColumns(values, count, columnCount, scratch.columns.data());

    size_t start = out.size();
    size_t payloadBound =
        codec == Codec::kZstd ? ZSTD_compressBound(decodedLength) : decodedLength;
    out.resize(start + kBlockHeaderBytes + payloadBound);
    uint8_t* header = out.data() + start;
    uint8_t* payload = header + kBlockHeaderBytes;

    size_t storedLength = decodedLength;
    if (codec == Codec::kZstd) {
        if (scratch.zstdContext == nullptr) {
            scratch.zstdContext = ZSTD_createCCtx();
        }
        storedLength = ZSTD_compressCCtx(static_cast<ZSTD_CCtx*>(scratch.zstdContext), payload,
                                         payloadBound, scratch.columns.data(), decodedLength,
                                         zstdLevel);
        if (ZSTD_isError(storedLength)) {
            throw std::runtime_error(std::string("zstd compression failed: ") +
                                     ZSTD_getErrorName(storedLength));
        }
    } else {
        std::memcpy(payload, scratch.columns.data(), decodedLength);
    }
    out.resize(start + kBlockHeaderBytes + storedLength);
    header = out.data() + start;

    ByteBuffer::putU32(header, kBlockMagic);
    header[4] = kBlockKindRecords;
    header[5] = static_cast<uint8_t>(codec);
    header[6] = 0;
    header[7] = 0;
    ByteBuffer::putU32(header + 8, count);
    ByteBuffer::putU32(header + 12, static_cast<uint32_t>(storedLength));
    ByteBuffer::putU32(header + 16, static_cast<uint32_t>(decodedLength));
    uint32_t crc = crc32c(0, header, 20);
    crc = crc32c(crc, header + kBlockHeaderBytes, storedLength);
    ByteBuffer::putU32(header + 20, crc);
}

}  // namespace cloudprofiler
