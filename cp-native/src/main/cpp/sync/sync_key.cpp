#include "sync_key.h"

#include "../api/profiler_error.h"

namespace cloudprofiler::sync {
namespace {

// sodium_init() is idempotent and thread-safe; every entry point calls it first.
void initialiseSodium() {
    if (sodium_init() < 0) {
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            "libsodium could not initialise (no system random source?)");
    }
}

}  // namespace

static_assert(kMacBytes >= crypto_generichash_BYTES_MIN &&
                  kMacBytes <= crypto_generichash_BYTES_MAX,
              "a BLAKE2b output length");

SyncKey SyncKey::fromSecret(const std::string& secret, Purpose purpose) {
    initialiseSodium();
    uint8_t master[crypto_kdf_KEYBYTES];
    crypto_generichash(master, sizeof master, reinterpret_cast<const uint8_t*>(secret.data()),
                       secret.size(), nullptr, 0);
    uint8_t derived[crypto_generichash_KEYBYTES];
    crypto_kdf_derive_from_key(derived, sizeof derived, static_cast<uint64_t>(purpose),
                               "CPSYNC02", master);
    SyncKey key;
    crypto_generichash_init(&key.keyed_, derived, sizeof derived, kMacBytes);
    sodium_memzero(master, sizeof master);
    sodium_memzero(derived, sizeof derived);
    return key;
}

void SyncKey::sign(const uint8_t* data, size_t length, uint8_t* mac) const {
    crypto_generichash_state state = keyed_;
    crypto_generichash_update(&state, data, length);
    crypto_generichash_final(&state, mac, kMacBytes);
}

bool SyncKey::verify(const uint8_t* data, size_t length, const uint8_t* mac) const {
    uint8_t expected[kMacBytes];
    sign(data, length, expected);
    return crypto_verify_32(expected, mac) == 0;
}

void randomBytes(uint8_t* out, size_t bytes) {
    initialiseSodium();
    randombytes_buf(out, bytes);
}

uint64_t randomNonce() {
    uint64_t nonce = 0;
    // 0 means "no session yet" on the wire: never hand it out.
    while (nonce == 0) {
        randomBytes(reinterpret_cast<uint8_t*>(&nonce), sizeof nonce);
    }
    return nonce;
}

}  // namespace cloudprofiler::sync
