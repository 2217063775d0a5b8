// Autosave's recovery files in a temporary folder of the test's own, for a window the
// test builds: declare it before the window, which autosaves there.
#pragma once

#include "document/autosave.h" // the editor internals' (tilesmith_editor_internals)

#include <QStandardPaths>
#include <QTemporaryDir>

namespace tstest {

struct RecoveryDir {
    RecoveryDir() {
        QStandardPaths::setTestModeEnabled(true);
        ts::editor::Autosave::setDirectoryOverride(dir.path());
    }
    QTemporaryDir dir;
};

} // namespace tstest
