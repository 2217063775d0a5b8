// What must hold after every monkey action. Each check returns what broke, in words
// that name the values (empty: it held); none changes what it checks, except
// checkUndoAll(), which puts the undo stack back where it found it.
#pragma once

#include "tilesmith/level/level.h"

#include <QStringList>

#include <string>

class QUndoStack;

namespace ts::editor {
class Autosave;
class LevelDocument;
class LevelScene;
} // namespace ts::editor
namespace ts {
class World;
}

namespace monkey {

/// Where two byte strings first differ, with the line of each there.
QString firstDifference(const std::string& a, const std::string& b);

/// The level's canonical save (what Save writes).
std::string levelBytes(const ts::level::Level& level);

/// The bytes undo all must give back: the level's save with its tileset images left out
/// (Save names them anew relative to the file, outside the undo history: see
/// LevelDocument::save()).
std::string undoBytes(const ts::level::Level& level);

/// The level validates, and its save loads back to a level that saves to the same bytes.
QStringList checkLevel(const ts::level::Level& level);
/// The scene shows the document: its document is `doc`, one spawn item per spawn at
/// the spawn's rectangle and no other, the map's rectangle of the level's size.
QStringList checkScene(const ts::editor::LevelScene& scene, const ts::editor::LevelDocument& doc);
/// Every body's position, velocity and box is a finite number.
QStringList checkWorld(const ts::World& world);
/// Undo all gives `start` (the undoBytes() of the level when the document came), redo
/// all the bytes before the undo; the stack is left at its index.
QStringList checkUndoAll(ts::editor::LevelDocument& doc, const std::string& start);
/// A recovery file written now loads to the document's level.
QStringList checkRecovery(ts::editor::Autosave& autosave, const ts::editor::LevelDocument& doc);
/// A document saved and not changed since loads from its file to the same level (a
/// file that does not load, changed by someone else, is not the document's fault).
QStringList checkSavedFile(const ts::editor::LevelDocument& doc);
/// No modal dialog and no popup menu is open.
QStringList checkNoModal();

} // namespace monkey
