// Shared by the TMX tests (test_tmx.cpp: export and round trips; test_tmx_import.cpp:
// maps made elsewhere; test_tmx_import_errors.cpp: import errors).
#pragma once

#include "tilesmith/level/levelio.h"

#include <QString>
#include <QStringList>

inline QString describe(const ts::level::LoadResult& r) {
    QStringList lines;
    for (const ts::level::Diagnostic& d : r.errors)
        lines << QString::fromStdString(d.toString());
    return lines.join(QLatin1Char('\n'));
}
