#include "ret_ack_datagram.h"

#include "../byte_buffer.h"

namespace cloudprofiler {

// Layout, little-endian: magic u32, version u8, three reserved zero bytes, token hash u64,
// tuple id i64 — the sync protocol's header shape, so both are checked the same way.
void encodeRetAck(int64_t id, uint64_t tokenHash, uint8_t (&datagram)[kRetAckBytes]) {
    ByteBuffer::putU32(datagram, kRetAckMagic);
    datagram[4] = kRetAckVersion;
    datagram[5] = datagram[6] = datagram[7] = 0;
    ByteBuffer::putU64(datagram + 8, tokenHash);
    ByteBuffer::putU64(datagram + 16, static_cast<uint64_t>(id));
}

RetAckStatus decodeRetAck(const uint8_t* datagram, size_t length, uint64_t tokenHash, int64_t& id) {
    if (length != kRetAckBytes || ByteBuffer::getU32(datagram) != kRetAckMagic ||
        datagram[4] != kRetAckVersion || datagram[5] != 0 || datagram[6] != 0 || datagram[7] != 0) {
        return RetAckStatus::kMalformed;
    }
    if (ByteBuffer::getU64(datagram + 8) != tokenHash) {
        return RetAckStatus::kWrongToken;
    }
    id = static_cast<int64_t>(ByteBuffer::getU64(datagram + 16));
    return RetAckStatus::kOk;
}

}  // namespace cloudprofiler
