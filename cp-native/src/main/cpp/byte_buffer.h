// Appends explicitly little-endian fields to a byte vector, whatever the host's byte order.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace cloudprofiler {

class ByteBuffer {
public:
    explicit ByteBuffer(std::vector<uint8_t>& out) : out_(out) {}

    void u8(uint8_t value) { out_.push_back(value); }
    void u16(uint16_t value) { little(value, 2); }
    void u32(uint32_t value) { little(value, 4); }
    void u64(uint64_t value) { little(value, 8); }
    void i64(int64_t value) { little(static_cast<uint64_t>(value), 8); }
    void bytes(const void* data, size_t length) {
        const auto* p = static_cast<const uint8_t*>(data);
        out_.insert(out_.end(), p, p + length);
    }
    void string16(std::string_view text) {
        u16(static_cast<uint16_t>(text.size()));
        bytes(text.data(), text.size());
    }
    size_t size() const { return out_.size(); }

    static void putU32(uint8_t* at, uint32_t value) { putLittle(at, value, 4); }
    static void putU64(uint8_t* at, uint64_t value) { putLittle(at, value, 8); }
    static uint16_t getU16(const uint8_t* at) { return static_cast<uint16_t>(getLittle(at, 2)); }
    static uint32_t getU32(const uint8_t* at) { return static_cast<uint32_t>(getLittle(at, 4)); }
    static uint64_t getU64(const uint8_t* at) { return getLittle(at, 8); }

private:
    void little(uint64_t value, int width) {
        for (int i = 0; i < width; ++i) {
            out_.push_back(static_cast<uint8_t>(value >> (8 * i)));
        }
    }
    static void putLittle(uint8_t* at, uint64_t value, int width) {
        for (int i = 0; i < width; ++i) {
            at[i] = static_cast<uint8_t>(value >> (8 * i));
        }
    }
    static uint64_t getLittle(const uint8_t* at, int width) {
        uint64_t value = 0;
        for (int i = 0; i < width; ++i) {
            value |= static_cast<uint64_t>(at[i]) << (8 * i);
        }
        return value;
    }

    std::vector<uint8_t>& out_;
};

}  // namespace cloudprofiler
