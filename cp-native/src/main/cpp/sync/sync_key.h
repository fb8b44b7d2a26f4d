// The keys of the sync protocol, derived from the shared secret with libsodium: one MAC key for
// the UDP datagrams and one for the TCP sweep's challenge, so that a value computed for one can
// never pass for the other. Nothing derived from the secret leaves the process except MACs.
#pragma once

#include <sodium.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace cloudprofiler::sync {

constexpr size_t kMacBytes = 32;  // keyed BLAKE2b-256 (libsodium crypto_generichash)

class SyncKey {
public:
    enum class Purpose : uint64_t { kDatagram = 1, kSweepChallenge = 2 };

    // BLAKE2b-256 of the secret, then libsodium's KDF for `purpose`. An empty secret gives a
    // key anyone can compute: datagrams keep their layout but prove nothing (loopback only).
    static SyncKey fromSecret(const std::string& secret, Purpose purpose);

    // The keyed BLAKE2b-256 (RFC 7693's MAC mode) of `length` bytes at `data`, to `mac`.
    void sign(const uint8_t* data, size_t length, uint8_t* mac) const;
    // Constant-time check of a MAC made by sign().
    bool verify(const uint8_t* data, size_t length, const uint8_t* mac) const;

private:
    // The BLAKE2b state with the key block taken: a MAC of a datagram up to 128 bytes costs two
    // compressions, a third of HMAC-SHA-512-256's time here. A ping's MAC check and its pong's
    // MAC are inside the round trip, hence the choice (docs/benchmarks.md).
    crypto_generichash_state keyed_{};
};

// `bytes` random bytes from the system's generator (libsodium randombytes_buf).
void randomBytes(uint8_t* out, size_t bytes);
uint64_t randomNonce();

}  // namespace cloudprofiler::sync
