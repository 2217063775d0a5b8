// For the replay reading tests: replay files as older Tilesmiths wrote them, made from what
// this one writes (the tests of reading, checking and re-recording old files start from
// these), and a load's errors as text.
#pragma once

#include "tilesmith/level/replay.h"

#include <QLatin1Char>
#include <QString>
#include <QStringList>

#include <string>

namespace testreplays {

/// A replay load's errors, one `FILE:LINE:COLUMN: error: ...` line each.
inline QString errorText(const ts::level::ReplayLoadResult& r) {
    QStringList lines;
    for (const ts::level::Diagnostic& d : r.errors)
        lines << QString::fromStdString(d.toString());
    return lines.join(QLatin1Char('\n'));
}

/// `text` (a replay this build wrote: format version kReplayFormatVersion) as an older
/// Tilesmith wrote it: version 3 records no `was=` (the tile a tile event replaced), version
/// 2 also lists only the bodies' spawn ids (`bodies:`) instead of the `spawns:` section,
/// version 1 also has no `physics-revision:` line.
inline std::string olderFormat(std::string text, int version) {
    const std::string newest =
        "tilesmith-replay: " + std::to_string(ts::level::kReplayFormatVersion) + "\n";
    text.replace(text.find(newest), newest.size(),
                 "tilesmith-replay: " + std::to_string(version) + "\n");
    for (std::size_t at = text.find(" was="); at != std::string::npos; at = text.find(" was="))
        text.erase(at, text.find('\n', at) - at);
    if (version >= 3)
        return text;
    const std::size_t spawns = text.find("spawns:\n"), inputs = text.find("inputs:\n");
    std::string ids;
    for (std::size_t at = spawns + 8; at < inputs; at = text.find('\n', at) + 1)
        ids += " " + text.substr(at, text.find(' ', at) - at);
    text.replace(spawns, inputs - spawns, "bodies:" + ids + "\n");
    if (version == 1) {
        const std::size_t at = text.find("physics-revision: ");
        text.erase(at, text.find('\n', at) + 1 - at);
    }
    return text;
}

} // namespace testreplays
