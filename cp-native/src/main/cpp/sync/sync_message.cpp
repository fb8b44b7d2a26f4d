#include "sync_message.h"

#include <algorithm>

#include "../byte_buffer.h"
#include "../config.h"

namespace cloudprofiler::sync {
namespace {

// Reads little-endian fields and remembers whether the datagram ran short.
class Reader {
public:
    Reader(const uint8_t* data, size_t length) : data_(data), length_(length) {}

    uint8_t u8() { return static_cast<uint8_t>(take(1)); }
    uint16_t u16() { return static_cast<uint16_t>(take(2)); }
    uint32_t u32() { return static_cast<uint32_t>(take(4)); }
    uint64_t u64() { return take(8); }
    std::string string16(size_t maxBytes) {
        uint16_t size = u16();
        if (size > maxBytes || remaining() < size) {
            ok_ = false;
            return std::string();
        }
        std::string text(reinterpret_cast<const char*>(data_ + position_), size);
        position_ += size;
        return text;
    }
    size_t remaining() const { return length_ - position_; }
    // True if every read fitted and nothing is left over.
    bool complete() const { return ok_ && position_ == length_; }

private:
    uint64_t take(int width) {
        if (remaining() < static_cast<size_t>(width)) {
            ok_ = false;
            position_ = length_;
            return 0;
        }
        uint64_t value = 0;
        for (int i = 0; i < width; ++i) {
            value |= static_cast<uint64_t>(data_[position_ + i]) << (8 * i);
        }
        position_ += width;
        return value;
    }

    const uint8_t* data_;
    size_t length_;
    size_t position_ = 0;
    bool ok_ = true;
};

void putExchange(ByteBuffer& out, const Exchange& exchange) {
    out.u64(exchange.s);
    out.u64(exchange.b);
    out.u64(exchange.r);
}

Exchange readExchange(Reader& in) {
    Exchange exchange;
    exchange.s = in.u64();
    exchange.b = in.u64();
    exchange.r = in.u64();
    return exchange;
}

// The peer, count and timeout that MEASURE and SWEEP both begin with.
void putPeerRequest(ByteBuffer& out, const Message& message) {
    out.u32(message.peerAddress);
    out.u16(message.peerPort);
    out.u32(message.count);
    out.u32(message.timeoutMs);
}

void readPeerRequest(Reader& in, Message& out) {
    out.peerAddress = in.u32();
    out.peerPort = in.u16();
    out.count = in.u32();
    out.timeoutMs = in.u32();
}

bool knownType(uint8_t type) {
    return type >= static_cast<uint8_t>(MessageType::kRegister) &&
           type <= static_cast<uint8_t>(MessageType::kJoined);
}

}  // namespace

std::vector<uint8_t> encode(const Message& message, const SyncKey& key) {
    std::vector<uint8_t> bytes;
    bytes.reserve(96);
    ByteBuffer out(bytes);
    out.u32(kMagic);
    out.u8(kProtocolVersion);
    out.u8(static_cast<uint8_t>(message.type));
    out.u16(0);
    out.u64(message.session);
    out.u32(message.requestId);
    switch (message.type) {
        case MessageType::kRegister:
            out.string16(message.nodeId);
            out.u64(message.tscHz);
            out.u64(message.nonce);
            break;
        case MessageType::kRegistered:
        case MessageType::kJoin:
            out.u64(message.nonce);
            break;
        case MessageType::kExpect:
            out.u32(message.count);
            out.u32(message.timeoutMs);
            break;
        case MessageType::kMeasure:
            putPeerRequest(out, message);
            out.u8(message.keepAll ? 1 : 0);
            break;
        case MessageType::kMeasured:
            out.u32(message.completed);
            out.u32(message.lost);
            putExchange(out, message.min);
            out.u32(message.kept);
            break;
        case MessageType::kFetch:
            out.u32(message.firstRow);
            break;
        case MessageType::kRows:
            out.u32(message.firstRow);
            out.u16(static_cast<uint16_t>(message.rows.size()));
            for (const Exchange& row : message.rows) {
                putExchange(out, row);
            }
            break;
        case MessageType::kPing:
            out.u64(message.nonce);
            out.u32(message.sequence);
            break;
        case MessageType::kPong:
            out.u64(message.nonce);
            out.u32(message.sequence);
            out.u64(message.responderTsc);
            break;
        case MessageType::kSweep:
            putPeerRequest(out, message);
            out.u8(static_cast<uint8_t>(message.sizes.size()));
            for (uint32_t size : message.sizes) {
                out.u32(size);
            }
            break;
        case MessageType::kSwept:
            out.u8(static_cast<uint8_t>(message.points.size()));
            for (const SweepPoint& point : message.points) {
                out.u32(point.payloadBytes);
                out.u32(point.completed);
                out.u64(point.minTicks);
            }
            out.string16(message.problem.substr(0, kMaxProblemBytes));
            break;
        case MessageType::kRefused:
            out.string16(message.problem.substr(0, kMaxProblemBytes));
            break;
        case MessageType::kHeartbeat:
        case MessageType::kHeartbeatAck:
        case MessageType::kExpectAck:
        case MessageType::kShutdown:
        case MessageType::kBye:
        case MessageType::kJoined:
            break;
    }
    size_t signedBytes = bytes.size();
    bytes.resize(signedBytes + kMacBytes);
    key.sign(bytes.data(), signedBytes, bytes.data() + signedBytes);
    return bytes;
}

DecodeStatus decode(const uint8_t* data, size_t length, const SyncKey& key, Message& out,
                    uint8_t* version) {
    if (length > kMaxDatagramBytes) {
        return DecodeStatus::kMalformed;
    }
    // The version first, on whatever length: a peer of another version gets one clear line.
    if (length >= 5 && Reader(data, 4).u32() == kMagic && data[4] != kProtocolVersion) {
        if (version != nullptr) {
            *version = data[4];
        }
        return DecodeStatus::kWrongVersion;
    }
    if (length < kHeaderBytes + kMacBytes) {
        return DecodeStatus::kMalformed;
    }
    // Nothing of an unauthenticated datagram is read: the MAC decides before any field does.
    size_t signedBytes = length - kMacBytes;
    if (!key.verify(data, signedBytes, data + signedBytes)) {
        return DecodeStatus::kUnauthenticated;
    }
    Reader in(data, signedBytes);
    uint32_t magic = in.u32();
    in.u8();  // the version, checked above
    uint8_t type = in.u8();
    uint16_t reserved = in.u16();
    if (magic != kMagic || reserved != 0 || !knownType(type)) {
        return DecodeStatus::kMalformed;
    }
    out = Message();
    out.type = static_cast<MessageType>(type);
    out.session = in.u64();
    out.requestId = in.u32();
    switch (out.type) {
        case MessageType::kRegister:
            out.nodeId = in.string16(kMaxNodeIdBytes);
            out.tscHz = in.u64();
            out.nonce = in.u64();
            if (!isValidNameComponent(out.nodeId)) {
                return DecodeStatus::kMalformed;
            }
            break;
        case MessageType::kRegistered:
        case MessageType::kJoin:
            out.nonce = in.u64();
            break;
        case MessageType::kExpect:
            out.count = in.u32();
            out.timeoutMs = in.u32();
            break;
        case MessageType::kMeasure:
            readPeerRequest(in, out);
            out.keepAll = in.u8() != 0;
            break;
        case MessageType::kMeasured:
            out.completed = in.u32();
            out.lost = in.u32();
            out.min = readExchange(in);
            out.kept = in.u32();
            break;
        case MessageType::kFetch:
            out.firstRow = in.u32();
            break;
        case MessageType::kRows: {
            out.firstRow = in.u32();
            uint16_t count = in.u16();
            if (count > kRowsPerDatagram || in.remaining() != count * 24u) {
                return DecodeStatus::kMalformed;
            }
            for (uint16_t i = 0; i < count; ++i) {
                out.rows.push_back(readExchange(in));
            }
            break;
        }
        case MessageType::kPing:
            out.nonce = in.u64();
            out.sequence = in.u32();
            break;
        case MessageType::kPong:
            out.nonce = in.u64();
            out.sequence = in.u32();
            out.responderTsc = in.u64();
            break;
        case MessageType::kSweep: {
            readPeerRequest(in, out);
            uint8_t sizes = in.u8();
            if (sizes > kMaxSweepSizes) {
                return DecodeStatus::kMalformed;
            }
            for (uint8_t i = 0; i < sizes; ++i) {
                out.sizes.push_back(in.u32());
            }
            break;
        }
        case MessageType::kSwept: {
            uint8_t points = in.u8();
            if (points > kMaxSweepSizes) {
                return DecodeStatus::kMalformed;
            }
            for (uint8_t i = 0; i < points; ++i) {
                SweepPoint point;
                point.payloadBytes = in.u32();
                point.completed = in.u32();
                point.minTicks = in.u64();
                out.points.push_back(point);
            }
            out.problem = in.string16(kMaxProblemBytes);
            break;
        }
        case MessageType::kRefused:
            out.problem = in.string16(kMaxProblemBytes);
            break;
        case MessageType::kHeartbeat:
        case MessageType::kHeartbeatAck:
        case MessageType::kExpectAck:
        case MessageType::kShutdown:
        case MessageType::kBye:
        case MessageType::kJoined:
            break;
    }
    // Problem texts end up in Java strings and on consoles: printable ASCII only.
    bool printable = std::all_of(out.problem.begin(), out.problem.end(),
                                 [](char c) { return c >= 0x20 && c < 0x7F; });
    return in.complete() && printable ? DecodeStatus::kOk : DecodeStatus::kMalformed;
}

}  // namespace cloudprofiler::sync
