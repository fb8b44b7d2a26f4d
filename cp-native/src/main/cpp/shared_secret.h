// Keys derived from a shared secret (the sync secret, CP_RET_TOKEN), one way for every protocol:
// the master key is the BLAKE2b-256 of the secret, and each protocol's key is libsodium's KDF of
// it under the protocol's own context and purpose id, so that a MAC made for one can never pass
// for another. Nothing derived here leaves the process except MACs.
#pragma once

#include <sodium.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace cloudprofiler {

// libsodium's KDF context: exactly 8 characters, the protocol and its version ("CPSYNC02").
using KeyContext = char[crypto_kdf_CONTEXTBYTES + 1];

// Writes `keyBytes` (crypto_kdf_BYTES_MIN to crypto_kdf_BYTES_MAX) bytes of key for `purpose`
// under `context` to `key`. An empty secret gives a key anyone can compute: the datagrams keep
// their layout but prove nothing.
void deriveKey(const std::string& secret, const KeyContext& context, uint64_t purpose,
               uint8_t* key, size_t keyBytes);

// sodium_init(), idempotent and thread-safe; throws ProfilerError if it fails.
void initialiseSodium();

}  // namespace cloudprofiler
