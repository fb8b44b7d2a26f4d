// Test-only reader of the Kryo 5 encodings the built-in payloads use, written from Kryo's
// Input.readString and readVarLong: decodes what KryoOutput wrote, independently of it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace cloudprofiler::generator::testing {

class KryoReader {
public:
    KryoReader(const std::string& bytes) : bytes_(bytes) {}

    // ASCII text only, as the generator writes: a first byte without bit 7 starts text whose
    // last character has bit 7 set; otherwise a flagged varint of length + 1 comes first.
    std::string readString() {
        uint8_t first = next();
        if ((first & 0x80) == 0) {
            std::string text(1, static_cast<char>(first));
            while ((static_cast<uint8_t>(text.back()) & 0x80) == 0) {
                text.push_back(static_cast<char>(next()));
            }
            text.back() = static_cast<char>(text.back() & 0x7F);
            return text;
        }
        uint64_t lengthPlusOne = first & 0x3F;
        if (first & 0x40) {
            lengthPlusOne |= readVarUnsigned(4) << 6;
        }
        if (lengthPlusOne == 0) {
            throw std::runtime_error("null string");
        }
        std::string text;
        for (uint64_t i = 1; i < lengthPlusOne; ++i) {
            text.push_back(static_cast<char>(next()));
        }
        return text;
    }

    int64_t readVarLong() { return static_cast<int64_t>(readVarUnsigned(9)); }

    size_t position() const { return position_; }

private:
    uint8_t next() {
        if (position_ >= bytes_.size()) {
            throw std::runtime_error("read past the end");
        }
        return static_cast<uint8_t>(bytes_[position_++]);
    }

    uint64_t readVarUnsigned(int maxBytes) {
        uint64_t value = 0;
        for (int i = 0; i < maxBytes; ++i) {
            uint8_t byte = next();
            bool last = i == maxBytes - 1;
            value |= static_cast<uint64_t>(last ? byte : (byte & 0x7F)) << (7 * i);
            if (!last && (byte & 0x80) == 0) {
                break;
            }
        }
        return value;
    }

    const std::string& bytes_;
    size_t position_ = 0;
};

}  // namespace cloudprofiler::generator::testing
