#include "sync_key.h"

#include "../shared_secret.h"

namespace cloudprofiler::sync {

static_assert(kMacBytes >= crypto_generichash_BYTES_MIN &&
                  kMacBytes <= crypto_generichash_BYTES_MAX,
              "a BLAKE2b output length");

SyncKey SyncKey::fromSecret(const std::string& secret, Purpose purpose) {
    uint8_t derived[crypto_generichash_KEYBYTES];
    deriveKey(secret, "CPSYNC02", static_cast<uint64_t>(purpose), derived, sizeof derived);
    SyncKey key;
    crypto_generichash_init(&key.keyed_, derived, sizeof derived, kMacBytes);
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
