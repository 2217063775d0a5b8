// Atomic file writing: a reader (another program, the next start of the editor, a crash
// in between) sees either the old complete file or the new complete file, never a part.
// Every file Tilesmith writes goes through here: levels, replays, recovery files, TMX
// maps and their tileset images, and the command line's outputs.
#pragma once

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

/// Writes `bytes` to `path` atomically (AtomicFile). False with `error` set to
/// AtomicFile::errorMessage() on failure.
bool writeFileAtomically(const std::string& path, std::string_view bytes,
                         std::string* error = nullptr);

} // namespace ts::level
