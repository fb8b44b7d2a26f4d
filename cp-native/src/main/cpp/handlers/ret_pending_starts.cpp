#include "ret_pending_starts.h"

namespace cloudprofiler {

RetPendingStarts::RetPendingStarts(uint32_t capacity) : slots_(capacity) {
    index_.reserve(capacity);
}

std::optional<uint64_t> RetPendingStarts::take(int64_t id) {
    auto entry = index_.find(id);
    if (entry == index_.end()) {
        return std::nullopt;
    }
    Slot& slot = slotOf(entry->second);
    index_.erase(entry);
    slot.waiting = false;
    skipAnswered();
    return slot.start.tsc;  // the slot keeps its start until a later add() reuses it
}

void RetPendingStarts::skipAnswered() {
    while (head_ != tail_ && !slotOf(head_).waiting) {
        ++head_;
    }
}

}  // namespace cloudprofiler
