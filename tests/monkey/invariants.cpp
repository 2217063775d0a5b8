#include "invariants.h"

#include "tilesmith/editor/leveldocument.h" // before autosave.h, which needs it whole

#include "document/autosave.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/spawnitem.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/physics/world.h"
#include "tilesmith/render/levelrenderer.h"

#include <QApplication>
#include <QFileInfo>
#include <QSet>
#include <QUndoStack>
#include <QWidget>

#include <cmath>

namespace monkey {

namespace {

bool finite(ts::Vec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}

} // namespace

QString firstDifference(const std::string& a, const std::string& b) {
    std::size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    const auto lineOf = [](const std::string& s, std::size_t at) {
        const std::size_t from = s.rfind('\n', at == 0 ? 0 : at - 1);
        const std::size_t start = from == std::string::npos ? 0 : from + 1;
        const std::size_t end = s.find('\n', at);
        return QString::fromStdString(
            s.substr(start, end == std::string::npos ? s.npos : end - start));
    };
    return QStringLiteral("first difference at byte %1: \"%2\" vs \"%3\"")
        .arg(i)
        .arg(lineOf(a, i), lineOf(b, i));
}

std::string levelBytes(const ts::level::Level& level) {
    return ts::level::saveLevelToString(level);
}

std::string undoBytes(const ts::level::Level& level) {
    ts::level::Level copy = level;
    for (ts::level::Tileset& t : copy.tilesets)
        t.image.clear();
    return levelBytes(copy);
}

QStringList checkLevel(const ts::level::Level& level) {
    QStringList out;
    for (const ts::level::Diagnostic& d : ts::level::validateLevel(level, "document"))
        out << QStringLiteral("the document's level does not validate: %1")
                   .arg(QString::fromStdString(d.message));
    const std::string bytes = levelBytes(level);
    const ts::level::LoadResult again = ts::level::loadLevelFromString(bytes, "saved");
    if (!again.ok()) {
        out << QStringLiteral("the document's save does not load: %1")
                   .arg(again.errors.empty() ? QString()
                                             : QString::fromStdString(again.errors[0].message));
        return out;
    }
    const std::string twice = levelBytes(*again.level);
    if (twice != bytes)
        out << QStringLiteral("the document's save reloads to other bytes (%1)")
                   .arg(firstDifference(bytes, twice));
    return out;
}

QStringList checkScene(const ts::editor::LevelScene& scene, const ts::editor::LevelDocument& doc) {
    QStringList out;
    if (scene.document() != &doc)
        return {QStringLiteral("the scene shows another document than the window's")};
    const ts::level::Level& level = doc.level();
    const QRectF map(0, 0, level.width * level.tileSize, level.height * level.tileSize);
    if (scene.mapRect() != map)
        out << QStringLiteral("the scene's map is %1x%2 px, the level %3x%4 px")
                   .arg(scene.mapRect().width())
                   .arg(scene.mapRect().height())
                   .arg(map.width())
                   .arg(map.height());
    QSet<int> shown;
    for (QGraphicsItem* item : scene.items()) {
        if (item->type() != ts::editor::SpawnItem::Type)
            continue;
        const auto* spawnItem = static_cast<const ts::editor::SpawnItem*>(item);
        const int id = spawnItem->spawnId();
        if (shown.contains(id))
            out << QStringLiteral("spawn %1 has two items in the scene").arg(id);
        shown.insert(id);
        const ts::level::Spawn* s = level.findSpawn(id);
        if (!s) {
            out << QStringLiteral("the scene shows spawn %1, which the level does not have")
                       .arg(id);
            continue;
        }
        if (scene.spawnItem(id) != spawnItem)
            out << QStringLiteral("spawn %1's item is not the one the scene looks up").arg(id);
        const QRectF want = ts::render::spawnRect(level, *s);
        if (spawnItem->spawnSceneRect() != want)
            out << QStringLiteral("spawn %1 is drawn at (%2, %3) %4x%5, the level has it at "
                                  "(%6, %7) %8x%9")
                       .arg(id)
                       .arg(spawnItem->spawnSceneRect().x())
                       .arg(spawnItem->spawnSceneRect().y())
                       .arg(spawnItem->spawnSceneRect().width())
                       .arg(spawnItem->spawnSceneRect().height())
                       .arg(want.x())
                       .arg(want.y())
                       .arg(want.width())
                       .arg(want.height());
    }
    for (const ts::level::Spawn& s : level.spawns)
        if (!shown.contains(s.id))
            out << QStringLiteral("spawn %1 has no item in the scene").arg(s.id);
    const QRect sel = scene.tileSelection();
    if (!sel.isEmpty() && !QRect(0, 0, level.width, level.height).contains(sel))
        out << QStringLiteral("the tile selection (%1, %2) %3x%4 is off the %5x%6 map")
                   .arg(sel.x())
                   .arg(sel.y())
                   .arg(sel.width())
                   .arg(sel.height())
                   .arg(level.width)
                   .arg(level.height);
    return out;
}

QStringList checkWorld(const ts::World& world) {
    QStringList out;
    for (ts::BodyId b : world.bodies()) {
        const ts::Aabb box = world.aabb(b);
        if (!finite(world.position(b)) || !finite(world.velocity(b)) || !finite(box.center) ||
            !finite(box.halfSize))
            out << QStringLiteral("body %1 (spawn %2) has a non-finite position, velocity or box")
                       .arg(b.index)
                       .arg(world.userData(b));
    }
    return out;
}

QStringList checkUndoAll(ts::editor::LevelDocument& doc, const std::string& start) {
    QStringList out;
    QUndoStack* stack = doc.undoStack();
    const int index = stack->index();
    const std::string before = undoBytes(doc.level());
    stack->setIndex(0);
    const std::string undone = undoBytes(doc.level());
    if (undone != start)
        out << QStringLiteral("undo all (%1 steps) does not give the level back as it came (%2)")
                   .arg(index)
                   .arg(firstDifference(start, undone));
    stack->setIndex(index);
    const std::string redone = undoBytes(doc.level());
    if (redone != before)
        out << QStringLiteral("redo all (%1 steps) does not give the level before the undo (%2)")
                   .arg(index)
                   .arg(firstDifference(before, redone));
    return out;
}

QStringList checkRecovery(ts::editor::Autosave& autosave, const ts::editor::LevelDocument& doc) {
    if (!autosave.saveNow())
        return {QStringLiteral("the autosave failed: %1").arg(autosave.lastError())};
    const QString path = autosave.recoveryPath();
    if (!doc.isModified() && !QFileInfo::exists(path))
        return {}; // nothing unsaved: no recovery file is right
    if (!QFileInfo::exists(path))
        return {QStringLiteral("the document has unsaved changes and no recovery file")};
    const ts::level::LoadResult loaded = ts::editor::Autosave::loadRecovery(path);
    if (!loaded.ok())
        return {QStringLiteral("the recovery file does not load: %1")
                    .arg(loaded.errors.empty() ? QString()
                                               : QString::fromStdString(loaded.errors[0].message))};
    const std::string want = levelBytes(doc.level());
    const std::string got = levelBytes(*loaded.level);
    if (got != want)
        return {QStringLiteral("the recovery file loads to another level (%1)")
                    .arg(firstDifference(want, got))};
    return {};
}

QStringList checkSavedFile(const ts::editor::LevelDocument& doc) {
    if (doc.isModified() || doc.filePath().isEmpty() || !QFileInfo::exists(doc.filePath()))
        return {};
    const ts::level::LoadResult loaded = ts::level::loadLevelFile(doc.filePath().toStdString());
    if (!loaded.ok())
        return {};
    const std::string want = levelBytes(doc.level());
    const std::string got = levelBytes(*loaded.level);
    if (got != want)
        return {QStringLiteral("the document says it is saved, but its file has another level (%1)")
                    .arg(firstDifference(want, got))};
    return {};
}

QStringList checkNoModal() {
    QStringList out;
    if (QWidget* w = QApplication::activeModalWidget())
        out << QStringLiteral("a modal dialog is left open: %1 \"%2\"")
                   .arg(QString::fromLatin1(w->metaObject()->className()), w->windowTitle());
    if (QWidget* w = QApplication::activePopupWidget())
        out << QStringLiteral("a popup is left open: %1")
                   .arg(QString::fromLatin1(w->metaObject()->className()));
    return out;
}

} // namespace monkey
