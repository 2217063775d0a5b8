// Output files of the command line and the editor's --screenshot: every one is
// written atomically, keeps the permission bits of a file it replaces, never replaces
// one of the command's inputs, and every failure reads "PATH: error: cannot write: REASON".
#include "clicommon.h"
#include "tilesmith/level/atomicfile.h"

#include <QBuffer>
#include <QImageWriter>

#include <cstdio>
#include <filesystem>

namespace ts::app {

int cannotWrite(const std::string& path, const std::string& reason) {
    std::fprintf(stderr, "%s: error: cannot write: %s\n", path.c_str(), reason.c_str());
    return 1;
}

bool notAnInput(const std::string& out, const std::vector<InputFile>& inputs) {
    for (const InputFile& in : inputs) {
        std::error_code ec; // an input that cannot be examined is no reason to refuse
        if (std::filesystem::equivalent(out, in.path, ec) && !ec) {
            cannotWrite(out, "it is " + in.what + " (" + in.path + ")");
            return false;
        }
    }
    return true;
}

bool writeOutput(const std::string& path, std::string_view bytes) {
    ts::level::AtomicFile file(path);
    if (!file.open() || !file.write(bytes) || !file.commit()) {
        cannotWrite(path, file.errorReason());
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
