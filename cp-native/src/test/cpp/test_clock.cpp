#include "test_clock.h"

#include <cerrno>
#include <cstdlib>
#include <stdexcept>

namespace cloudprofiler {
namespace {

constexpr int64_t kBillion = 1'000'000'000;
// GCC's 128-bit integer; __extension__ keeps -Wpedantic quiet about it.
__extension__ typedef __int128 Int128;

std::invalid_argument badValue(const std::string& text, const std::string& why) {
    return std::invalid_argument("CP_TEST_CLOCK=" + text + " is not valid: " + why +
                                 " (expected <ppm>:<offset ticks>, e.g. 80:5000000000; it is a"
                                 " test-only hook, unset it outside tests)");
}

// Parses a decimal with at most 3 fraction digits into thousandths, without floating point.
bool parseThousandths(const std::string& text, int64_t& out) {
    size_t i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
        negative = text[i] == '-';
        ++i;
    }
    int64_t value = 0;
    int digits = 0;
    int fractionDigits = -1;
    for (; i < text.size(); ++i) {
        char c = text[i];
        if (c == '.' && fractionDigits < 0) {
            fractionDigits = 0;
            continue;
        }
        if (c < '0' || c > '9' || fractionDigits == 3 || digits == 12) {
            return false;
        }
        value = value * 10 + (c - '0');
        ++digits;
        if (fractionDigits >= 0) {
            ++fractionDigits;
        }
    }
    if (digits == 0) {
        return false;
    }
    for (int k = fractionDigits < 0 ? 0 : fractionDigits; k < 3; ++k) {
        value *= 10;
    }
    out = negative ? -value : value;
    return true;
}

int64_t floorDivide(Int128 numerator, int64_t denominator) {
    Int128 quotient = numerator / denominator;
    if ((numerator % denominator != 0) && ((numerator < 0) != (denominator < 0))) {
        --quotient;
    }
    return static_cast<int64_t>(quotient);
}

}  // namespace

TestClock TestClock::parse(const std::string& text) {
    size_t colon = text.find(':');
    if (colon == std::string::npos) {
        throw badValue(text, "no ':' between ppm and offset");
    }
    int64_t thousandthsPpm = 0;
    if (!parseThousandths(text.substr(0, colon), thousandthsPpm)) {
        throw badValue(text, "the ppm part is not a decimal with at most 3 fraction digits");
    }
    if (thousandthsPpm <= -kBillion || thousandthsPpm >= kBillion) {
        throw badValue(text, "the skew must lie strictly between -1000000 and 1000000 ppm");
    }
    std::string offsetText = text.substr(colon + 1);
    char* end = nullptr;
    errno = 0;
    long long offset = std::strtoll(offsetText.c_str(), &end, 10);
    if (offsetText.empty() || *end != '\0' || errno == ERANGE) {
        throw badValue(text, "the offset is not a 64-bit integer number of ticks");
    }
    TestClock clock;
    clock.partsPerBillion_ = thousandthsPpm;  // thousandths of a ppm are parts per billion
    clock.offsetTicks_ = offset;
    return clock;
}

uint64_t TestClock::apply(uint64_t raw) const {
    int64_t skew = floorDivide(static_cast<Int128>(raw) * partsPerBillion_, kBillion);
    return raw + static_cast<uint64_t>(skew) + static_cast<uint64_t>(offsetTicks_);
}

uint64_t TestClock::rawOf(uint64_t tsc) const {
    uint64_t unshifted = tsc - static_cast<uint64_t>(offsetTicks_);
    // apply() never decreases, so a first guess from the inverse rate is off by at most a
    // tick or two; walk to the exact answer.
    uint64_t raw = static_cast<uint64_t>(floorDivide(
        static_cast<Int128>(unshifted) * kBillion, kBillion + partsPerBillion_));
    while (apply(raw + 1) <= tsc) {
        ++raw;
    }
    while (apply(raw) > tsc) {
        --raw;
    }
    return raw;
}

}  // namespace cloudprofiler
