// Atomic file writing: a reader (another program, the next start of the editor, a crash
// in between) sees either the old complete file or the new complete file, never a part.
// Every file Tilesmith writes goes through here: levels, replays, recovery files, TMX
// maps and their tileset images, and the command line's outputs.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace ts::level {

/// A file written beside its destination and renamed over it on commit():
///   AtomicFile f(path);
///   if (!f.open() || !f.write(a) || !f.write(b) || !f.commit()) report(f.errorMessage());
/// The new file takes the permission bits of the file it replaces exactly (a read-only
/// level stays 0444); a new file gets 0666 less the umask. A path that is a symbolic link
/// writes the file the link points to and keeps the link. Nothing is left behind on
/// failure or when the object goes without commit(): the destination is untouched and
/// the temporary file removed.
class AtomicFile {
public:
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    /// Creates the temporary file. False (errorMessage() says why) when the folder does
    /// not exist or cannot be written, the destination is a folder, or a file the user
    /// may not write (a read-only level is not replaced; root may replace it).
    bool open();
    /// Appends `bytes` (all of them, or false).
    bool write(std::string_view bytes);
    /// Flushes the data to the disk and renames the file over the destination.
    bool commit();
    /// Drops what was written; the destination stays as it was.
    void cancel();

    /// The path given (not the link target).
    const std::string& path() const { return mPath; }
    /// The reason alone, as the system words it: "No space left on device".
    const std::string& errorReason() const { return mReason; }
    /// What failed and why: "cannot write /levels/a.yaml.tmp-Xy12ab: No space left on device".
    const std::string& errorMessage() const { return mMessage; }

private:
    bool fail(const std::string& what, int err);

    std::string mPath;
    std::string mTarget; ///< mPath, or the file it links to
    std::string mTemp;
    int mFd = -1;
    std::string mReason;
    std::string mMessage;
};

/// A fault every AtomicFile of the process meets, as the system would report it, so that
/// tests (ours, and a game's) can show what a full disk, a folder that cannot be written
/// or a file replaced meanwhile does to a program, also when it runs as root.
struct FileFault {
    enum class Step {
        Create, ///< the temporary file beside the destination cannot be made
        Write,  ///< write() fails after `writtenFirst` bytes reached the file
        Flush,  ///< fsync() fails (a disk filling up often says so only here)
        Rename, ///< the temporary file cannot replace the destination
    };
    Step step = Step::Write;
    int error = 28;           ///< the errno the step fails with (28: ENOSPC)
    std::string pathContains; ///< only destinations whose path contains this (empty: all)
    std::size_t writtenFirst = 0;
    /// Runs just before `step` with the destination's path, the fault not raised when
    /// `error` is 0: another program replacing the file in the middle of a save.
    std::function<void(const std::string& path)> before;
};

/// Sets (or with std::nullopt clears) the fault every AtomicFile meets from now on.
/// Thread-safe; no fault is set unless a caller sets one.
void setFileFault(std::optional<FileFault> fault);

/// Writes `bytes` to `path` atomically (AtomicFile). False with `error` set to
/// AtomicFile::errorMessage() on failure.
bool writeFileAtomically(const std::string& path, std::string_view bytes,
                         std::string* error = nullptr);

} // namespace ts::level
