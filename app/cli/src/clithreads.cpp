// -j N / --threads N, and running a command's independent pieces of work (the
// replays of `replay check`) on several threads (clicommon.h).
#include "clicommon.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

namespace ts::app {

bool readThreads(const Args& args, int& threads, std::string& error) {
    threads = 0;
    if (!args.has("threads"))
        return true;
    const std::string text = args.value("threads");
    int n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n < 1 ||
        n > kMaxThreads) {
        error = "--threads expects a whole number from 1 to " + std::to_string(kMaxThreads) +
                ", got '" + text + "'";
        return false;
    }
    threads = n;
    return true;
}

void forEachIndex(std::size_t n, int threads, const std::function<void(std::size_t)>& f) {
    if (threads <= 0)
        threads = std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, kMaxThreads);
    std::atomic<std::size_t> next{0};
    std::mutex errorLock;
    std::exception_ptr error;
    const auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) {
            try {
                f(i);
            } catch (...) {
                const std::lock_guard<std::mutex> lock(errorLock);
                if (!error)
                    error = std::current_exception();
                next.store(n, std::memory_order_relaxed); // the others stop early
            }
        }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads && static_cast<std::size_t>(t) < n; ++t) {
        try {
            helpers.emplace_back(work);
        } catch (const std::system_error&) {
            break; // no more threads: the ones there are do the rest
        }
    }
    work();
    for (std::thread& h : helpers)
        h.join();
    if (error)
        std::rethrow_exception(error);
}

} // namespace ts::app
