// The ack a RET_END node sends its RET_START node for every tuple (docs/log-format.md, "Return
// trip"). Fixed size and strictly checked: anyone on the network can send anything to the port,
// so every ack ends with a MAC keyed from CP_RET_TOKEN, checked before its id is read.
#pragma once

#include <sodium.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace cloudprofiler {

constexpr uint32_t kRetAckMagic = 0x4B415043;  // bytes "CPAK"
// Version 1 carried a hash of the token in clear, which let anyone who read one ack forge any.
constexpr uint8_t kRetAckVersion = 2;
constexpr size_t kRetAckBytes = 24;
constexpr size_t kRetAckMacBytes = crypto_shorthash_BYTES;  // SipHash-2-4, 64 bits

// The MAC key of the acks, derived from CP_RET_TOKEN as the sync protocol derives its keys
// (shared_secret.h, context "CPRETA02"). Immutable.
class RetAckKey {
public:
    static RetAckKey fromSecret(const std::string& secret);

    // SipHash-2-4 (libsodium crypto_shorthash) of `length` bytes at `data`, to `mac`: a few tens
    // of ns, which matters because RET_END signs its ack inside every logTS call.
    void sign(const uint8_t* data, size_t length, uint8_t* mac) const;
    // Constant-time check of a MAC made by sign().
    bool verify(const uint8_t* data, size_t length, const uint8_t* mac) const;

private:
    uint8_t key_[crypto_shorthash_KEYBYTES] = {};
};

// kWrongVersion: the magic of an ack with another version (a RET_END of another release).
// kUnauthenticated: the MAC does not verify (another CP_RET_TOKEN, forged, or altered).
enum class RetAckStatus { kOk, kMalformed, kWrongVersion, kUnauthenticated };

// Writes the ack of `id`, signed with `key`.
void encodeRetAck(int64_t id, const RetAckKey& key, uint8_t (&datagram)[kRetAckBytes]);

// Checks a received datagram of `length` bytes: magic and version, length, MAC, then the rest;
// sets `id` only with kOk. `version` receives the version byte when the magic matches.
RetAckStatus decodeRetAck(const uint8_t* datagram, size_t length, const RetAckKey& key,
                          int64_t& id, uint8_t* version = nullptr);

}  // namespace cloudprofiler
