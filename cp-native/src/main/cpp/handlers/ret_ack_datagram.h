// The ack a RET_END node sends its RET_START node for every tuple (docs/log-format.md, "Return
// trip"). Fixed size and strictly checked: anyone on the network can send anything to the port.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cloudprofiler {

constexpr uint32_t kRetAckMagic = 0x4B415043;  // bytes "CPAK"
constexpr uint8_t kRetAckVersion = 1;
constexpr size_t kRetAckBytes = 24;

enum class RetAckStatus { kOk, kMalformed, kWrongToken };

// Writes the ack of `id`; `tokenHash` is sync::hashToken(CP_RET_TOKEN), 0 for none.
void encodeRetAck(int64_t id, uint64_t tokenHash, uint8_t (&datagram)[kRetAckBytes]);

// Checks a received datagram of `length` bytes and sets `id` if it is an ack for `tokenHash`.
RetAckStatus decodeRetAck(const uint8_t* datagram, size_t length, uint64_t tokenHash, int64_t& id);

}  // namespace cloudprofiler
