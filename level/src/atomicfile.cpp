#include "tilesmith/level/atomicfile.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace ts::level {

namespace {

/// The process's umask, read without changing it (umask() would, racing other threads
/// that create files meanwhile). Linux says it in /proc/self/status; 022 elsewhere.
mode_t processUmask() {
    static const mode_t mask = [] {
        mode_t m = 022;
        if (std::FILE* f = std::fopen("/proc/self/status", "r")) {
            char line[256];
            while (std::fgets(line, sizeof line, f)) {
                unsigned value = 0;
                if (std::sscanf(line, "Umask: %o", &value) == 1) {
                    m = mode_t(value & 0777);
                    break;
                }
            }
            std::fclose(f);
        }
        return m;
    }();
    return mask;
}

/// The file a write of `path` replaces: the target of a symbolic link (so the link
/// stays a link), else `path` itself.
std::string writtenPath(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_symlink(fs::path(path), ec))
        return path;
    const fs::path target = fs::canonical(fs::path(path), ec);
    return ec ? path : target.string();
}

struct FaultState {
    std::mutex mutex;
    std::optional<FileFault> fault;
};
FaultState& faultState() {
    static FaultState state;
    return state;
}
std::atomic<bool> gFaultSet{false};

/// The fault set for `step` of a write of `path`, if any; runs its `before` hook.
/// Returns the errno to fail with (0: go on) and, for writes, how many bytes go first.
int faultAt(FileFault::Step step, const std::string& path, std::size_t* writtenFirst = nullptr) {
    if (!gFaultSet.load(std::memory_order_acquire))
        return 0;
    std::function<void(const std::string&)> before;
    int error = 0;
    {
        FaultState& state = faultState();
        const std::lock_guard lock(state.mutex);
        if (!state.fault || state.fault->step != step ||
            path.find(state.fault->pathContains) == std::string::npos)
            return 0;
        before = state.fault->before;
        error = state.fault->error;
        if (writtenFirst)
            *writtenFirst = state.fault->writtenFirst;
    }
    if (before)
        before(path);
    return error;
}

void syncFolderOf(const std::string& path) {
    // Makes the rename itself durable (best effort: not every file system allows it).
    const std::size_t slash = path.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
    const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
}

} // namespace

AtomicFile::AtomicFile(std::string path) : mPath(std::move(path)) {
}

AtomicFile::~AtomicFile() {
    cancel();
}

bool AtomicFile::fail(const std::string& what, int err) {
    mReason = std::strerror(err);
    mMessage = what + ": " + mReason;
    return false;
}

bool AtomicFile::open() {
    cancel();
    mReason.clear();
    mMessage.clear();
    mTarget = writtenPath(mPath);
    struct stat st {};
    const bool exists = ::stat(mTarget.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return fail("cannot write " + mPath, EISDIR);
    // A file the user may not write is not replaced behind their back (root may).
    if (exists && ::access(mTarget.c_str(), W_OK) != 0)
        return fail("cannot write " + mPath, errno);
    if (const int err = faultAt(FileFault::Step::Create, mPath))
        return fail("cannot create a temporary file beside " + mPath, err);
    std::string temp = mTarget + ".tmp-XXXXXX";
    mFd = ::mkostemp(temp.data(), O_CLOEXEC);
    if (mFd < 0)
        return fail("cannot create a temporary file beside " + mPath, errno);
    mTemp = std::move(temp);
    // The replaced file's bits exactly; a new file what open() would have given it.
    const mode_t mode = exists ? (st.st_mode & 07777) : (0666 & ~processUmask());
    if (::fchmod(mFd, mode) != 0) {
        const int err = errno;
        const std::string temp2 = mTemp;
        cancel();
        return fail("cannot set the permissions of " + temp2, err);
    }
    return true;
}

bool AtomicFile::write(std::string_view bytes) {
    if (mFd < 0)
        return mMessage.empty() ? fail("cannot write " + mPath, EBADF) : false;
    std::size_t limit = bytes.size();
    std::size_t first = 0;
    const int injected = faultAt(FileFault::Step::Write, mPath, &first);
    if (injected)
        limit = std::min(first, bytes.size());
    std::size_t done = 0;
    while (done < limit) {
        const ssize_t n = ::write(mFd, bytes.data() + done, limit - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const int err = errno;
            const std::string temp = mTemp;
            cancel();
            return fail("cannot write " + temp, err);
        }
        done += static_cast<std::size_t>(n);
    }
    if (injected) {
        const std::string temp = mTemp;
        cancel();
        return fail("cannot write " + temp, injected);
    }
    return true;
}

bool AtomicFile::commit() {
    if (mFd < 0)
        return mMessage.empty() ? fail("cannot write " + mPath, EBADF) : false;
    const std::string temp = mTemp;
    if (const int err = faultAt(FileFault::Step::Flush, mPath)) {
        cancel();
        return fail("cannot flush " + temp, err);
    }
    if (::fsync(mFd) != 0) {
        const int err = errno;
        cancel();
        return fail("cannot flush " + temp, err);
    }
    const int fd = std::exchange(mFd, -1);
    if (::close(fd) != 0) {
        const int err = errno;
        cancel();
        return fail("cannot close " + temp, err);
    }
    if (const int err = faultAt(FileFault::Step::Rename, mPath)) {
        cancel();
        return fail("cannot replace " + mPath, err);
    }
    if (::rename(temp.c_str(), mTarget.c_str()) != 0) {
        const int err = errno;
        cancel();
        return fail("cannot replace " + mPath, err);
    }
    mTemp.clear();
    syncFolderOf(mTarget);
    return true;
}

void AtomicFile::cancel() {
    if (mFd >= 0)
        ::close(std::exchange(mFd, -1));
    if (!mTemp.empty()) {
        ::unlink(mTemp.c_str());
        mTemp.clear();
    }
}

void setFileFault(std::optional<FileFault> fault) {
    FaultState& state = faultState();
    const std::lock_guard lock(state.mutex);
    state.fault = std::move(fault);
    gFaultSet.store(state.fault.has_value(), std::memory_order_release);
}

bool writeFileAtomically(const std::string& path, std::string_view bytes, std::string* error) {
    AtomicFile file(path);
    const bool ok = file.open() && file.write(bytes) && file.commit();
    if (error)
        *error = ok ? std::string() : file.errorMessage();
    return ok;
}

} // namespace ts::level
