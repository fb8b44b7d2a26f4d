// The few Kryo 5 `Output` primitives the built-in payloads need, producing exactly Kryo 5.6.2's
// bytes so that Java reads them with the matching `Input` calls (docs/wire-format.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cloudprofiler::generator {

// Kryo's variable-length unsigned encoding: 7 bits per byte, low bits first, bit 7 set while
// more follow; the last of `maxBytes` bytes keeps all bits that are left. Writes at `out`
// (room for `maxBytes`) and returns the bytes written.
size_t writeVarUnsigned(uint8_t* out, uint64_t value, int maxBytes);

class KryoOutput {
public:
    // As Output.writeString for ASCII text (throws std::invalid_argument for other bytes): 2 to
    // 32 characters are written as they are with bit 7 set on the last one; any other length as
    // a flagged variable-length `length + 1`, then the characters.
    void writeAsciiString(std::string_view text);

    // As Output.writeVarLong(value, optimizePositive): writeVarUnsigned with at most 9 bytes
    // (zig-zag first unless optimizePositive). Returns the bytes written.
    size_t writeVarLong(int64_t value, bool optimizePositive);

    // As Output.writeVarIntFlag(flag, value, optimizePositive): the first byte holds the flag in
    // bit 7, "more follows" in bit 6 and the value's low 6 bits; the rest as writeVarUnsigned.
    void writeVarIntFlag(bool flag, int32_t value, bool optimizePositive);

    const std::string& bytes() const { return bytes_; }
    size_t size() const { return bytes_.size(); }

private:
    void appendVarUnsigned(uint64_t value, int maxBytes);

    std::string bytes_;
};

}  // namespace cloudprofiler::generator
