// Output files of the command line and the editor's --screenshot: every one is
// written atomically, keeps the permission bits of a file it replaces, and every
// failure reads "PATH: error: cannot write: REASON".
#include "cli_internal.h"
#include "savefilemode.h"

#include <QBuffer>
#include <QImageWriter>
#include <QSaveFile>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace ts::app {

int cannotWrite(const std::string& path, const std::string& reason) {
    std::fprintf(stderr, "%s: error: cannot write: %s\n", path.c_str(), reason.c_str());
    return 1;
}

bool writeOutput(const std::string& path, std::string_view bytes) {
    QSaveFile file(QString::fromLocal8Bit(path.c_str()));
    if (!file.open(QIODevice::WriteOnly)) {
        cannotWrite(path, file.errorString().toLocal8Bit().toStdString());
        return false;
    }
    // The replaced file's permission bits, exactly (`replay update` made a 0444 replay 0644).
    if (!ts::editor::keepPermissionBits(file, QString::fromLocal8Bit(path.c_str()))) {
        const int err = errno;
        file.cancelWriting();
        cannotWrite(path, std::string("cannot keep its permissions: ") + std::strerror(err));
        return false;
    }
    if (file.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()) || !file.commit()) {
        cannotWrite(path, file.errorString().toLocal8Bit().toStdString());
        return false;
    }
    return true;
}

bool writeImage(const std::string& path, const QImage& image, const QByteArray& format) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, format);
    if (!writer.write(image)) {
        cannotWrite(path, writer.errorString().toLocal8Bit().toStdString());
        return false;
    }
    return writeOutput(path, std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

} // namespace ts::app
