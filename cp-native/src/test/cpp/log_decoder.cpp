#include "log_decoder.h"

#include <zstd.h>

#include <cstring>
#include <fstream>
#include <iterator>

#include "byte_buffer.h"
#include "crc32c.h"
#include "varint.h"

namespace cloudprofiler {
namespace {

using namespace log_format;

class Cursor {
public:
    Cursor(const std::vector<uint8_t>& bytes, size_t at) : bytes_(bytes), at_(at) {}
    bool has(size_t length) const { return at_ + length <= bytes_.size(); }
    uint8_t u8() { return bytes_[at_++]; }
    uint16_t u16() { return take<uint16_t>(ByteBuffer::getU16(bytes_.data() + at_), 2); }
    uint32_t u32() { return take<uint32_t>(ByteBuffer::getU32(bytes_.data() + at_), 4); }
    uint64_t u64() { return take<uint64_t>(ByteBuffer::getU64(bytes_.data() + at_), 8); }
    std::string text(size_t length) {
        std::string value(reinterpret_cast<const char*>(bytes_.data() + at_), length);
        at_ += length;
        return value;
    }
    size_t at() const { return at_; }

private:
    template <typename T>
    T take(T value, size_t width) {
        at_ += width;
        return value;
    }
    const std::vector<uint8_t>& bytes_;
    size_t at_;
};

bool decodeHeader(const std::vector<uint8_t>& bytes, DecodedLog& log, size_t* end) {
    if (bytes.size() < 100 || std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0) {
        log.problems.push_back("offset 0: not a cloudprofiler log (magic)");
        return false;
    }
    Cursor in(bytes, 8);
    uint16_t version = in.u16();
    LogHeader& header = log.header;
    header.flags = in.u16();
    uint32_t length = in.u32();
    if (version != kVersion || length > bytes.size() || length < 100 || length > kMaxHeaderBytes) {
        log.problems.push_back("offset 8: unsupported version or header length");
        return false;
    }
    if (crc32c(0, bytes.data(), length - 4) != ByteBuffer::getU32(bytes.data() + length - 4)) {
        log.problems.push_back("offset " + std::to_string(length - 4) + ": header CRC mismatch");
        return false;
    }
    header.pid = in.u32();
    header.openerThreadId = in.u32();
    header.tscHz = in.u64();
    header.open.tsc = in.u64();
    header.open.monotonicRawNs = static_cast<int64_t>(in.u64());
    header.open.realtimeNs = static_cast<int64_t>(in.u64());
    header.handlerId = in.u16();
    header.codec = static_cast<Codec>(in.u8());
    header.clockSource = static_cast<ClockSource>(in.u8());
    uint8_t columns = in.u8();
    header.multiWriter = in.u8() != 0;
    in.u16();
    for (int64_t& parameter : header.parameters) {
        parameter = static_cast<int64_t>(in.u64());
    }
    header.node = in.text(in.u16());
    header.channel = in.text(in.u16());
    for (int c = 0; c < columns; ++c) {
        in.u8();
        header.columns.push_back(in.text(in.u8()));
    }
    *end = length;
    return true;
}

bool decodeBlock(const std::vector<uint8_t>& bytes, size_t at, DecodedLog& log, size_t* next) {
    Cursor in(bytes, at + 4);
    in.u8();  // kind
    Codec codec = static_cast<Codec>(in.u8());
    in.u16();
    uint32_t count = in.u32();
    uint32_t stored = in.u32();
    uint32_t decodedLength = in.u32();
    uint32_t crc = in.u32();
    std::string where = "block at offset " + std::to_string(at) + ": ";
    if (count == 0 || count > kMaxRecordsPerBlock || stored > kMaxPayloadBytes ||
        decodedLength > kMaxPayloadBytes || !in.has(stored)) {
        log.problems.push_back(where + "bad lengths or truncated");
        return false;
    }
    const uint8_t* payload = bytes.data() + at + kBlockHeaderBytes;
    if (crc32c(crc32c(0, bytes.data() + at, 20), payload, stored) != crc) {
        log.problems.push_back(where + "CRC mismatch");
        return false;
    }
    std::vector<uint8_t> decoded(decodedLength);
    if (codec == Codec::kZstd) {
        size_t size = ZSTD_decompress(decoded.data(), decoded.size(), payload, stored);
        if (ZSTD_isError(size) || size != decodedLength) {
            log.problems.push_back(where + "zstd frame does not decode");
            return false;
        }
    } else if (stored == decodedLength) {
        std::memcpy(decoded.data(), payload, stored);
    } else {
        log.problems.push_back(where + "raw block with different lengths");
        return false;
    }
    size_t columns = log.header.columns.size();
    size_t firstRow = log.rows.size();
    log.rows.resize(firstRow + count, std::vector<int64_t>(columns));
    const uint8_t* cursor = decoded.data();
    const uint8_t* end = decoded.data() + decoded.size();
    for (size_t column = 0; column < columns; ++column) {
        if (end - cursor < 4) {
            log.problems.push_back(where + "column section missing");
            return false;
        }
        uint32_t sectionLength = ByteBuffer::getU32(cursor);
        cursor += 4;
        const uint8_t* sectionEnd = cursor + sectionLength;
        if (sectionLength > static_cast<size_t>(end - cursor)) {
            log.problems.push_back(where + "column section overruns the block");
            return false;
        }
        int64_t value = 0;
        for (uint32_t row = 0; row < count; ++row) {
            uint64_t encoded;
            if (!readVarint(&cursor, sectionEnd, &encoded)) {
                log.problems.push_back(where + "bad varint");
                return false;
            }
            value = static_cast<int64_t>(static_cast<uint64_t>(value) +
                                         static_cast<uint64_t>(zigzagDecode(encoded)));
            log.rows[firstRow + row][column] = value;
        }
        if (cursor != sectionEnd) {
            log.problems.push_back(where + "column section longer than its values");
            return false;
        }
    }
    ++log.blocks;
    *next = at + kBlockHeaderBytes + stored;
    return true;
}

bool decodeTrailer(const std::vector<uint8_t>& bytes, size_t at, DecodedLog& log) {
    if (bytes.size() - at != kTrailerBytes ||
        crc32c(0, bytes.data() + at, kTrailerBytes - 4) !=
            ByteBuffer::getU32(bytes.data() + at + kTrailerBytes - 4)) {
        log.problems.push_back("trailer at offset " + std::to_string(at) + ": damaged");
        return false;
    }
    Cursor in(bytes, at + 8);
    LogTrailer trailer;
    LogTotals& totals = trailer.totals;
    for (uint64_t* field : {&totals.recordsWritten, &totals.blocksWritten, &totals.accepted,
                            &totals.filtered, &totals.dropped, &totals.rejected, &totals.stalls,
                            &totals.stallNs, &trailer.close.tsc}) {
        *field = in.u64();
    }
    trailer.close.monotonicRawNs = static_cast<int64_t>(in.u64());
    trailer.close.realtimeNs = static_cast<int64_t>(in.u64());
    trailer.writerThreadId = in.u32();
    trailer.reason = static_cast<CloseReason>(in.u32());
    log.trailer = trailer;
    return true;
}

}  // namespace

DecodedLog decodeLog(const std::vector<uint8_t>& bytes) {
    DecodedLog log;
    size_t at = 0;
    if (!decodeHeader(bytes, log, &at)) {
        return log;
    }
    while (at + 4 <= bytes.size()) {
        uint32_t magic = ByteBuffer::getU32(bytes.data() + at);
        if (magic == kTrailerMagic) {
            decodeTrailer(bytes, at, log);
            return log;
        }
        if (magic != kBlockMagic || at + kBlockHeaderBytes > bytes.size()) {
            log.problems.push_back("offset " + std::to_string(at) + ": no block or trailer");
            return log;
        }
        if (!decodeBlock(bytes, at, log, &at)) {
            return log;
        }
    }
    if (at != bytes.size()) {
        log.problems.push_back("offset " + std::to_string(at) + ": truncated");
    }
    return log;
}

DecodedLog decodeLogFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                               std::istreambuf_iterator<char>());
    return decodeLog(bytes);
}

}  // namespace cloudprofiler
