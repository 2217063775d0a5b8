// Words the editor shows for model values, in one place.
#pragma once

#include "tilesmith/level/level.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ts::editor {

/// "Player", "NPC", "Box", "Ball", "Goal": the level library's words
/// (ts::level::spawnKindTitle), which replay reports use too.
inline QString spawnKindLabel(ts::level::SpawnKind kind) {
    return QString::fromUtf8(ts::level::spawnKindTitle(kind));
}

/// A spawn as the properties dock, the status bar and replay reports (`tilesmith replay
/// check` too) name it: "Box #4" (ts::level::spawnLabel).
inline QString spawnLabel(const ts::level::Spawn& spawn) {
    return QString::fromStdString(ts::level::spawnLabel(spawn.kind, spawn.id));
}

/// "1 tile", "12 tiles": a count and its noun in the right number.
inline QString countOf(long long n, const char* one, const char* many) {
    return QStringLiteral("%1 %2").arg(n).arg(
        QCoreApplication::translate("Count", n == 1 ? one : many));
}

/// An edit's History text: "Delete 12 tiles", "Move 2 spawns", "Cut 12 tiles and 1 spawn".
inline QString editText(const QString& action, long long tiles, long long spawns) {
    QString what;
    if (tiles > 0 || spawns == 0)
        what = countOf(tiles, "tile", "tiles");
    if (spawns > 0)
        what = what.isEmpty() ? countOf(spawns, "spawn", "spawns")
                              : QCoreApplication::translate("Commands", "%1 and %2")
                                    .arg(what, countOf(spawns, "spawn", "spawns"));
    return QCoreApplication::translate("Commands", "%1 %2").arg(action, what);
}

/// One field's change in a History text: "mass 2 \u2192 7".
inline QString fieldChange(const char* field, const QString& before, const QString& after) {
    return QCoreApplication::translate("Commands", "%1 %2 \u2192 %3")
        .arg(QCoreApplication::translate("Commands", field), before, after);
}

/// A History text that names what changed: "Level Properties: name, gravity",
/// "Box: mass 2 \u2192 7, restitution 0 \u2192 0.5".
inline QString changesText(const QString& subject, const QStringList& changes) {
    return QCoreApplication::translate("Commands", "%1: %2")
        .arg(subject, changes.join(QStringLiteral(", ")));
}

/// "solid", "one-way", "empty".
inline QString tileKindLabel(ts::Tile tile) {
    switch (tile) {
    case ts::Tile::Solid:
        return QCoreApplication::translate("TileKind", "solid");
    case ts::Tile::OneWay:
        return QCoreApplication::translate("TileKind", "one-way");
    case ts::Tile::Empty:
        break;
    }
    return QCoreApplication::translate("TileKind", "empty");
}

} // namespace ts::editor
