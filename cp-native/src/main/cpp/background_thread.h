// Starts the core's helper threads: named, and with every signal blocked so that signals
// (SIGTERM above all) reach the application's threads and its own handlers, as in the JVM.
#pragma once

#include <functional>
#include <string>
#include <thread>

namespace cloudprofiler {

std::thread startBackgroundThread(const std::string& name, std::function<void()> body);

}  // namespace cloudprofiler
