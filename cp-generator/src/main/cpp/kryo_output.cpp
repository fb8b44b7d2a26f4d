#include "kryo_output.h"

#include <stdexcept>

namespace cloudprofiler::generator {
namespace {

// Kryo writes ASCII strings of this many characters without a length prefix.
constexpr size_t kShortAsciiMin = 2;
constexpr size_t kShortAsciiMax = 32;

}  // namespace

size_t writeVarUnsigned(uint8_t* out, uint64_t value, int maxBytes) {
    size_t written = 0;
    for (int i = 1; i < maxBytes && (value >> 7) != 0; ++i) {
        out[written++] = static_cast<uint8_t>((value & 0x7F) | 0x80);
        value >>= 7;
    }
    out[written++] = static_cast<uint8_t>(value);
    return written;
}

void KryoOutput::writeAsciiString(std::string_view text) {
    for (char c : text) {
        if (static_cast<unsigned char>(c) > 127) {
            throw std::invalid_argument("KryoOutput writes ASCII text only");
        }
    }
    if (text.size() >= kShortAsciiMin && text.size() <= kShortAsciiMax) {
        bytes_.append(text);
        bytes_.back() = static_cast<char>(static_cast<unsigned char>(bytes_.back()) | 0x80);
        return;
    }
    // Flag = "UTF-8 follows"; 0 would mean null, 1 the empty string.
    writeVarIntFlag(true, static_cast<int32_t>(text.size() + 1), true);
    bytes_.append(text);
}

size_t KryoOutput::writeVarLong(int64_t value, bool optimizePositive) {
    uint64_t bits = static_cast<uint64_t>(value);
    if (!optimizePositive) {
        bits = (bits << 1) ^ static_cast<uint64_t>(value >> 63);  // zig-zag
    }
    size_t before = bytes_.size();
    appendVarUnsigned(bits, 9);
    return bytes_.size() - before;
}

void KryoOutput::writeVarIntFlag(bool flag, int32_t value, bool optimizePositive) {
    uint32_t bits = static_cast<uint32_t>(value);
    if (!optimizePositive) {
        bits = (bits << 1) ^ static_cast<uint32_t>(value >> 31);
    }
    uint8_t first = static_cast<uint8_t>((bits & 0x3F) | (flag ? 0x80 : 0));
    if ((bits >> 6) == 0) {
        bytes_.push_back(static_cast<char>(first));
        return;
    }
    bytes_.push_back(static_cast<char>(first | 0x40));
    appendVarUnsigned(bits >> 6, 4);
}

void KryoOutput::appendVarUnsigned(uint64_t value, int maxBytes) {
    uint8_t encoded[9];
    size_t length = writeVarUnsigned(encoded, value, maxBytes);
    bytes_.append(reinterpret_cast<const char*>(encoded), length);
}

}  // namespace cloudprofiler::generator
