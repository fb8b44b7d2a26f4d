// Test-only reader of the bucket format, written from docs/wire-format.md: what a receiver
// would check, so that the tests see the generator's output as the JOF will.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "wire_format.h"

namespace cloudprofiler::generator::testing {

struct ReadTuple {
    int64_t id = 0;
    std::string payload;
};

struct ReadBucket {
    BucketHeader header;
    std::vector<ReadTuple> tuples;
    MarkerBody marker;  // for an end-of-run marker
    bool isMarker() const { return (header.flags & kEndOfRunFlag) != 0; }
};

// Parses one message; fails the current test (and returns what it has) if the bytes break the
// format: bad magic or version, lengths that do not add up.
ReadBucket readBucket(const uint8_t* bytes, size_t size);

}  // namespace cloudprofiler::generator::testing
