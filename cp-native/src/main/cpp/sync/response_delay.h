// How long a sync agent waits around its clock reading when it answers an exchange: `forward`
// ns before it reads its clock, `back` ns after. Zero in the shipped library; the test library
// sets it (docs/native.md) to move the reading inside the initiator's [s, r] interval the way
// an asymmetric network path would (the test kernel has no netem), so that the ground-truth
// test can show that the bound still holds.
#pragma once

#include <cstdint>
#include <string>

namespace cloudprofiler::sync {

struct ResponseDelay {
    int64_t forwardNs = 0;
    int64_t backNs = 0;
    // Why the delay asked for was refused (empty if none was); agents refuse to start with it.
    std::string refusal;

    // The delay of this process's agents, read by each agent when it is created.
    static ResponseDelay& ofProcess();

    // Busy-waits: sleeping would add the scheduler's wake-up time, which is not what a delay
    // asks for.
    static void spin(int64_t nanoseconds);
};

}  // namespace cloudprofiler::sync
