// Atomic saves (QSaveFile) that keep the replaced file's permission bits exactly.
#pragma once

#include <QFile>
#include <QSaveFile>
#include <QString>

#include <sys/stat.h>

namespace ts::editor {

/// Call after `file.open()`: gives the file being written the permission bits of the
/// file at `path` it will replace (none to keep when there is no such file). QSaveFile
/// copies them itself but adds the owner's write bit whenever the user may write the
/// file, so a read-only (0444) file saved as root came back 0644. False, with errno
/// set, when the bits cannot be set.
inline bool keepPermissionBits(QSaveFile& file, const QString& path) {
    struct stat old {};
    if (::stat(QFile::encodeName(path).constData(), &old) != 0)
        return true;
    return ::fchmod(file.handle(), old.st_mode & 07777) == 0;
}

} // namespace ts::editor
