// Errors a user can cause; the JNI layer turns each kind into the matching Java exception.
#pragma once

#include <stdexcept>
#include <string>

namespace cloudprofiler {

class ProfilerError : public std::runtime_error {
public:
    enum class Kind {
        kInvalidArgument,  // IllegalArgumentException
        kIllegalState,     // IllegalStateException
        kEnvironment,      // CloudProfilerException: unwritable directory, bad configuration
    };

    ProfilerError(Kind kind, const std::string& message)
        : std::runtime_error(message), kind_(kind) {}

    Kind kind() const { return kind_; }

private:
    Kind kind_;
};

}  // namespace cloudprofiler
