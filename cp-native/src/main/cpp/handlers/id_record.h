// The (id, tsc) record of the id-family handlers (ID, BUFFERED_ID, DOWNSAMPLE, XOY, FIRST_LAST,
// RET_END), with a third column raw_tsc while the test clock is active (docs/log-format.md).
#pragma once

#include <cstdint>

#include "../log_file.h"
#include "../tsc_clock.h"

namespace cloudprofiler {

inline int idRecordColumns(const LogFile& file) {
    return static_cast<int>(file.header().columns.size());
}

// Fills one row. Under the test clock the raw value is recovered from `tsc` exactly, so a
// timestamp the caller took earlier (logAt) gets its true raw counterpart too.
inline void writeIdRecord(int64_t* row, int64_t id, uint64_t tsc) {
    row[0] = id;
    row[1] = static_cast<int64_t>(tsc);
    if (__builtin_expect(TscClock::testClockActive(), 0)) {
        row[2] = static_cast<int64_t>(TscClock::testClock().rawOf(tsc));
    }
}

}  // namespace cloudprofiler
