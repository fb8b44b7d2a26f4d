#include "ret_ack_datagram.h"

#include "../byte_buffer.h"
#include "../shared_secret.h"

namespace cloudprofiler {
namespace {

// Bytes the MAC covers: everything before it.
constexpr size_t kSignedBytes = kRetAckBytes - kRetAckMacBytes;
static_assert(kSignedBytes == 16, "magic, version, reserved, id");

}  // namespace

RetAckKey RetAckKey::fromSecret(const std::string& secret) {
    RetAckKey key;
    deriveKey(secret, "CPRETA02", 1, key.key_, sizeof key.key_);
    return key;
}

void RetAckKey::sign(const uint8_t* data, size_t length, uint8_t* mac) const {
    crypto_shorthash(mac, data, length, key_);
}

bool RetAckKey::verify(const uint8_t* data, size_t length, const uint8_t* mac) const {
    uint8_t expected[kRetAckMacBytes];
    sign(data, length, expected);
    return sodium_memcmp(expected, mac, kRetAckMacBytes) == 0;
}

// Layout, little-endian: magic u32, version u8, three reserved zero bytes, tuple id i64, then
// the MAC of those 16 bytes.
void encodeRetAck(int64_t id, const RetAckKey& key, uint8_t (&datagram)[kRetAckBytes]) {
    ByteBuffer::putU32(datagram, kRetAckMagic);
    datagram[4] = kRetAckVersion;
    datagram[5] = datagram[6] = datagram[7] = 0;
    ByteBuffer::putU64(datagram + 8, static_cast<uint64_t>(id));
    key.sign(datagram, kSignedBytes, datagram + kSignedBytes);
}

RetAckStatus decodeRetAck(const uint8_t* datagram, size_t length, const RetAckKey& key,
                          int64_t& id, uint8_t* version) {
    if (length < 5 || ByteBuffer::getU32(datagram) != kRetAckMagic) {
        return RetAckStatus::kMalformed;
    }
    if (datagram[4] != kRetAckVersion) {
        // The version first, on whatever length: a RET_END of another release gets one line.
        if (version != nullptr) {
            *version = datagram[4];
        }
        return RetAckStatus::kWrongVersion;
    }
    if (length != kRetAckBytes) {
        return RetAckStatus::kMalformed;
    }
    // Nothing else is read before the MAC decides.
    if (!key.verify(datagram, kSignedBytes, datagram + kSignedBytes)) {
        return RetAckStatus::kUnauthenticated;
    }
    if (datagram[5] != 0 || datagram[6] != 0 || datagram[7] != 0) {
        return RetAckStatus::kMalformed;
    }
    id = static_cast<int64_t>(ByteBuffer::getU64(datagram + 8));
    return RetAckStatus::kOk;
}

}  // namespace cloudprofiler
