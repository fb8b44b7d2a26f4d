// A block of records being filled by a writer: rows of `columns` int64 values, row-major.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace cloudprofiler {

class RecordBuffer;

struct RecordBlock {
    RecordBlock(uint32_t capacity, int columns)
        : values(new int64_t[static_cast<size_t>(capacity) * columns]()),
          capacity(capacity),
          columns(columns) {}

    size_t bytes() const { return static_cast<size_t>(capacity) * columns * sizeof(int64_t); }

    std::unique_ptr<int64_t[]> values;
    uint32_t capacity;
    int columns;
    uint32_t count = 0;
    // Set when the block is handed to the flush pipeline.
    RecordBuffer* owner = nullptr;
    uint64_t sequence = 0;
};

}  // namespace cloudprofiler
