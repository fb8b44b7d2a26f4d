#include "shared_secret.h"

#include "api/profiler_error.h"

namespace cloudprofiler {

void initialiseSodium() {
    if (sodium_init() < 0) {
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            "libsodium could not initialise (no system random source?)");
    }
}

void deriveKey(const std::string& secret, const KeyContext& context, uint64_t purpose,
               uint8_t* key, size_t keyBytes) {
    initialiseSodium();
    uint8_t master[crypto_kdf_KEYBYTES];
    crypto_generichash(master, sizeof master, reinterpret_cast<const uint8_t*>(secret.data()),
                       secret.size(), nullptr, 0);
    crypto_kdf_derive_from_key(key, keyBytes, purpose, context, master);
    sodium_memzero(master, sizeof master);
}

}  // namespace cloudprofiler
