#include "background_thread.h"

#include <pthread.h>
#include <signal.h>

namespace cloudprofiler {

std::thread startBackgroundThread(const std::string& name, std::function<void()> body) {
    // Block in the creator around the spawn, so the new thread starts with everything blocked
    // and no signal can land on it before it could block them itself.
    sigset_t all;
    sigset_t previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    std::thread thread([name, body = std::move(body)] {
        pthread_setname_np(pthread_self(), name.substr(0, 15).c_str());
        body();
    });
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    return thread;
}

}  // namespace cloudprofiler
