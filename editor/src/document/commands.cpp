#include "commands.h"

#include "widgets/uitext.h"

#include <QCoreApplication>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <unordered_map>
#include <unordered_set>

namespace ts::editor {

using ts::level::Level;
using ts::level::Spawn;

// --- PaintTilesCommand -----------------------------------------------------

PaintTilesCommand::PaintTilesCommand(LevelDocument* doc, std::vector<Change> changes,
                                     const QString& text, int strokeId)
    : QUndoCommand(text), mAction(text), mDoc(doc), mChanges(std::move(changes)),
      mStrokeId(strokeId) {
    updateText();
}

void PaintTilesCommand::updateText() {
    // One kind written: name it; a mix (a paste): just count.
    const int n = int(mChanges.size());
    bool uniform = n > 0;
    for (const Change& c : mChanges)
        uniform = uniform && c.after == mChanges.front().after;
    QString what;
    if (uniform && mChanges.front().after == ts::Tile::Solid)
        what = countOf(n, "solid tile", "solid tiles");
    else if (uniform && mChanges.front().after == ts::Tile::OneWay)
        what = countOf(n, "one-way tile", "one-way tiles");
    else
        what = countOf(n, "tile", "tiles");
    setText(QCoreApplication::translate("Commands", "%1 %2").arg(mAction, what));
}

void PaintTilesCommand::undo() {
    std::vector<TileWrite> writes;
    writes.reserve(mChanges.size());
    for (const Change& c : mChanges)
        writes.push_back({c.pos, c.before});
    mDoc->applyTiles(writes);
}

void PaintTilesCommand::redo() {
    std::vector<TileWrite> writes;
    writes.reserve(mChanges.size());
    for (const Change& c : mChanges)
        writes.push_back({c.pos, c.after});
    mDoc->applyTiles(writes);
}

bool PaintTilesCommand::mergeWith(const QUndoCommand* other) {
    auto* o = static_cast<const PaintTilesCommand*>(other);
    if (o->mStrokeId != mStrokeId || mStrokeId == 0)
        return false;
    if (mIndex.isEmpty()) {
        mIndex.reserve(qsizetype(mChanges.size() + o->mChanges.size()));
        for (int i = 0; i < int(mChanges.size()); ++i)
            mIndex.insert(key(mChanges[size_t(i)].pos), i);
    }
    // A tile painted twice in a stroke keeps its first "before" and last "after".
    for (const Change& c : o->mChanges) {
        auto it = mIndex.find(key(c.pos));
        if (it != mIndex.end()) {
            mChanges[size_t(*it)].after = c.after;
        } else {
            mIndex.insert(key(c.pos), int(mChanges.size()));
            mChanges.push_back(c);
        }
    }
    updateText();
    return true;
}

// --- spawns ------------------------------------------------------------------

AddSpawnCommand::AddSpawnCommand(LevelDocument* doc, const Spawn& spawn, QUndoCommand* parent)
    : QUndoCommand(
          QCoreApplication::translate("Commands", "Add %1").arg(spawnKindLabel(spawn.kind)),
          parent),
      mDoc(doc), mSpawn(spawn) {
}

void AddSpawnCommand::redo() {
    std::vector<Spawn> spawns = mDoc->level().spawns;
    spawns.push_back(mSpawn);
    mDoc->applySpawns(std::move(spawns));
}

void AddSpawnCommand::undo() {
    std::vector<Spawn> spawns = mDoc->level().spawns;
    std::erase_if(spawns, [&](const Spawn& s) { return s.id == mSpawn.id; });
    mDoc->applySpawns(std::move(spawns));
}

RemoveSpawnsCommand::RemoveSpawnsCommand(LevelDocument* doc, const std::vector<int>& ids,
                                         QUndoCommand* parent)
    : QUndoCommand(QCoreApplication::translate("Commands", "Remove Spawns"), parent), mDoc(doc) {
    const auto& spawns = doc->level().spawns;
    // A hash set, not a scan per spawn: Select All + Delete on a big level.
    const std::unordered_set<int> wanted(ids.begin(), ids.end());
    for (int i = 0; i < int(spawns.size()); ++i) {
        if (wanted.count(spawns[size_t(i)].id))
            mRemoved.emplace_back(i, spawns[size_t(i)]);
    }
    if (mRemoved.size() == 1)
        setText(QCoreApplication::translate("Commands", "Remove %1")
                    .arg(spawnKindLabel(mRemoved[0].second.kind)));
    else
        setText(QCoreApplication::translate("Commands", "Remove %1")
                    .arg(countOf(qsizetype(mRemoved.size()), "spawn", "spawns")));
}

void RemoveSpawnsCommand::redo() {
    std::vector<Spawn> spawns = mDoc->level().spawns;
    for (auto it = mRemoved.rbegin(); it != mRemoved.rend(); ++it)
        spawns.erase(spawns.begin() + it->first);
    mDoc->applySpawns(std::move(spawns));
}

void RemoveSpawnsCommand::undo() {
    std::vector<Spawn> spawns = mDoc->level().spawns;
    for (const auto& [index, spawn] : mRemoved)
        spawns.insert(
            spawns.begin() + std::min<std::ptrdiff_t>(index, std::ptrdiff_t(spawns.size())), spawn);
    mDoc->applySpawns(std::move(spawns));
}

MoveSpawnsCommand::MoveSpawnsCommand(LevelDocument* doc, std::vector<Move> moves,
                                     const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), mDoc(doc), mMoves(std::move(moves)) {
}

void MoveSpawnsCommand::apply(bool forward) {
    std::vector<Spawn> spawns = mDoc->level().spawns;
    for (const Move& m : mMoves) {
        for (Spawn& s : spawns) {
            if (s.id == m.id) {
                const QPoint p = forward ? m.to : m.from;
                s.x = p.x();
                s.y = p.y();
            }
        }
    }
    mDoc->applySpawns(std::move(spawns));
}

void MoveSpawnsCommand::redo() {
    apply(true);
}
void MoveSpawnsCommand::undo() {
    apply(false);
}

ChangeSpawnCommand::ChangeSpawnCommand(LevelDocument* doc, const Spawn& before, const Spawn& after,
                                       int mergeId)
    : mDoc(doc), mBefore(before), mAfter(after), mMergeId(mergeId) {
    updateText();
}

QStringList ChangeSpawnCommand::changes(const Spawn& before, const Spawn& after) {
    const auto number = [](float v) { return QString::number(double(v)); };
    QStringList out;
    if (before.kind != after.kind)
        out << fieldChange("kind", spawnKindLabel(before.kind), spawnKindLabel(after.kind));
    const std::pair<int Spawn::*, const char*> tiles[] = {{&Spawn::x, "x"}, {&Spawn::y, "y"}};
    for (const auto& [field, name] : tiles)
        if (before.*field != after.*field)
            out << fieldChange(name, QString::number(before.*field), QString::number(after.*field));
    const std::pair<float Spawn::*, const char*> numbers[] = {
        {&Spawn::width, "width"},  {&Spawn::height, "height"},           {&Spawn::radius, "radius"},
        {&Spawn::mass, "mass"},    {&Spawn::restitution, "restitution"}, {&Spawn::vx, "velocity x"},
        {&Spawn::vy, "velocity y"}};
    for (const auto& [field, name] : numbers)
        if (before.*field != after.*field)
            out << fieldChange(name, number(before.*field), number(after.*field));
    if (before.properties != after.properties)
        out << QCoreApplication::translate("Commands", "custom properties");
    return out;
}

void ChangeSpawnCommand::updateText() {
    setText(changesText(spawnKindLabel(mBefore.kind), changes(mBefore, mAfter)));
}

void ChangeSpawnCommand::apply(const Spawn& s) {
    std::vector<Spawn> spawns = mDoc->level().spawns;
    for (Spawn& t : spawns) {
        if (t.id == s.id)
            t = s;
    }
    mDoc->applySpawns(std::move(spawns));
}

void ChangeSpawnCommand::redo() {
    apply(mAfter);
}
void ChangeSpawnCommand::undo() {
    apply(mBefore);
}

bool ChangeSpawnCommand::mergeWith(const QUndoCommand* other) {
    auto* o = static_cast<const ChangeSpawnCommand*>(other);
    if (o->mMergeId != mMergeId || o->mAfter.id != mAfter.id)
        return false;
    mAfter = o->mAfter;
    setObsolete(mAfter == mBefore);
    updateText();
    return true;
}

ChangeSpawnsCommand::ChangeSpawnsCommand(LevelDocument* doc, std::vector<Change> changes)
    : QUndoCommand(QCoreApplication::translate("Commands", "Change %1")
                       .arg(countOf(qsizetype(changes.size()), "spawn", "spawns"))),
      mDoc(doc), mChanges(std::move(changes)) {
}

void ChangeSpawnsCommand::apply(bool forward) {
    std::unordered_map<int, const Spawn*> byId;
    for (const Change& c : mChanges)
        byId[c.before.id] = forward ? &c.after : &c.before;
    std::vector<Spawn> spawns = mDoc->level().spawns;
    for (Spawn& s : spawns)
        if (const auto it = byId.find(s.id); it != byId.end())
            s = *it->second;
    mDoc->applySpawns(std::move(spawns));
}

void ChangeSpawnsCommand::redo() {
    apply(true);
}
void ChangeSpawnsCommand::undo() {
    apply(false);
}

// --- resize ----------------------------------------------------------------

QPoint ResizeCommand::anchorOffset(QSize from, QSize to, ResizeAnchor anchor) {
    const int dw = to.width() - from.width();
    const int dh = to.height() - from.height();
    int dx = 0;
    int dy = 0;
    switch (anchor) {
    case ResizeAnchor::TopLeft:
    case ResizeAnchor::Left:
    case ResizeAnchor::BottomLeft:
        dx = 0;
        break;
    case ResizeAnchor::Top:
    case ResizeAnchor::Center:
    case ResizeAnchor::Bottom:
        dx = dw / 2;
        break;
    case ResizeAnchor::TopRight:
    case ResizeAnchor::Right:
    case ResizeAnchor::BottomRight:
        dx = dw;
        break;
    }
    switch (anchor) {
    case ResizeAnchor::TopLeft:
    case ResizeAnchor::Top:
    case ResizeAnchor::TopRight:
        dy = 0;
        break;
    case ResizeAnchor::Left:
    case ResizeAnchor::Center:
    case ResizeAnchor::Right:
        dy = dh / 2;
        break;
    case ResizeAnchor::BottomLeft:
    case ResizeAnchor::Bottom:
    case ResizeAnchor::BottomRight:
        dy = dh;
        break;
    }
    return {dx, dy};
}

Level ResizeCommand::resized(const Level& level, int width, int height, ResizeAnchor anchor) {
    Level out = level;
    out.width = width;
    out.height = height;
    out.tiles.assign(size_t(width) * size_t(height), ts::Tile::Empty);
    const QPoint off = anchorOffset({level.width, level.height}, {width, height}, anchor);
    // The tiles and the painted art layers' cells move with the anchor; what leaves the
    // map is cut.
    const auto shifted = [&](const auto& from, auto& to) {
        for (int y = 0; y < level.height; ++y) {
            const int ny = y + off.y();
            if (ny < 0 || ny >= height)
                continue;
            for (int x = 0; x < level.width; ++x) {
                const int nx = x + off.x();
                if (nx < 0 || nx >= width)
                    continue;
                const size_t i = size_t(y) * size_t(level.width) + size_t(x);
                if (i < from.size())
                    to[size_t(ny) * size_t(width) + size_t(nx)] = from[i];
            }
        }
    };
    shifted(level.tiles, out.tiles);
    for (size_t a = 0; a < level.art.size(); ++a) {
        if (level.art[a].isAuto)
            continue;
        out.art[a].cells.assign(size_t(width) * size_t(height), ts::level::ArtTile{});
        shifted(level.art[a].cells, out.art[a].cells);
    }
    out.spawns.clear();
    for (Spawn s : level.spawns) {
        s.x += off.x();
        s.y += off.y();
        if (!out.contains(s.x, s.y)) {
            if (s.kind != ts::level::SpawnKind::Player || width <= 0 || height <= 0)
                continue;
            s.x = std::clamp(s.x, 0, width - 1);
            s.y = std::clamp(s.y, 0, height - 1);
            // The clamped player must not stand in a wall: take the nearest free tile.
            if (!out.canHoldSpawn(s.x, s.y)) {
                int best = INT_MAX;
                QPoint at(s.x, s.y);
                for (int y = 0; y < height; ++y)
                    for (int x = 0; x < width; ++x) {
                        const int d = std::abs(x - s.x) + std::abs(y - s.y);
                        if (d < best && out.canHoldSpawn(x, y)) {
                            best = d;
                            at = QPoint(x, y);
                        }
                    }
                s.x = at.x();
                s.y = at.y();
                // None (all of the map solid): its tile is emptied, so the level keeps
                // its player and still loads.
                if (best == INT_MAX)
                    out.setTile(s.x, s.y, ts::Tile::Empty);
            }
        }
        out.spawns.push_back(s);
    }
    return out;
}

ResizeCommand::ResizeCommand(LevelDocument* doc, int width, int height, ResizeAnchor anchor)
    : QUndoCommand(QCoreApplication::translate("Commands", "Resize Level")), mDoc(doc),
      mBefore(doc->level()), mAfter(resized(doc->level(), width, height, anchor)),
      mShift(anchorOffset({mBefore.width, mBefore.height}, {width, height}, anchor)),
      mNaming(doc->imageNaming()) {
}

void ResizeCommand::redo() {
    mDoc->applyLevel(mAfter, mShift, mNaming);
}
void ResizeCommand::undo() {
    mDoc->applyLevel(mBefore, -mShift, mNaming);
}

ReplaceLevelCommand::ReplaceLevelCommand(LevelDocument* doc, Level after, const QString& text)
    : QUndoCommand(text), mDoc(doc), mBefore(doc->level()), mAfter(std::move(after)),
      mNaming(doc->imageNaming()) {
}

void ReplaceLevelCommand::redo() {
    mDoc->applyLevel(mAfter, {}, mNaming);
}
void ReplaceLevelCommand::undo() {
    mDoc->applyLevel(mBefore, {}, mNaming);
}

// --- settings --------------------------------------------------------------

ChangeSettingsCommand::ChangeSettingsCommand(LevelDocument* doc, Settings before, Settings after)
    : QUndoCommand(QCoreApplication::translate("Commands", "Change Level Properties")), mDoc(doc),
      mBefore(std::move(before)), mAfter(std::move(after)) {
}

namespace {

/// The physics settings' fields in the words of the Level Properties dialog and
/// the Play dock. The step is shown as its rate ("step rate 60 Hz").
struct PhysicsField {
    const char* name;
    double (*get)(const ts::level::PhysicsSettings&);
    bool rate = false; ///< get() is a step: show 1 / value in Hz
};

const PhysicsField kPhysicsFields[] = {
    {"gravity", [](const ts::level::PhysicsSettings& p) { return double(p.gravity); }},
    {"walk speed", [](const ts::level::PhysicsSettings& p) { return double(p.walkSpeed); }},
    {"jump speed", [](const ts::level::PhysicsSettings& p) { return double(p.jumpSpeed); }},
    {"max fall speed", [](const ts::level::PhysicsSettings& p) { return double(p.maxFallSpeed); }},
    {"one-way threshold",
     [](const ts::level::PhysicsSettings& p) { return double(p.oneWayThreshold); }},
    {"partition cell", [](const ts::level::PhysicsSettings& p) { return double(p.partitionCell); }},
    {"step rate", [](const ts::level::PhysicsSettings& p) { return double(p.dt); }, true},
};

QString physicsValue(const PhysicsField& f, const ts::level::PhysicsSettings& p) {
    const double v = f.get(p);
    if (!f.rate)
        return QString::number(v, 'g', 6);
    return QCoreApplication::translate("Commands", "%1 Hz").arg(QString::number(1.0 / v, 'g', 6));
}

/// The physics fields that differ: their names ("gravity"), or with `values`
/// what they were and are ("gravity 1500 \u2192 900").
QStringList physicsChanges(const ts::level::PhysicsSettings& before,
                           const ts::level::PhysicsSettings& after, bool values) {
    QStringList out;
    for (const PhysicsField& f : kPhysicsFields) {
        if (f.get(before) == f.get(after))
            continue;
        out << (values ? fieldChange(f.name, physicsValue(f, before), physicsValue(f, after))
                       : QCoreApplication::translate("Commands", f.name));
    }
    return out;
}

} // namespace

QStringList ChangeSettingsCommand::changes(const Settings& before, const Settings& after) {
    const auto tr = [](const char* text) { return QCoreApplication::translate("Commands", text); };
    QStringList out;
    if (before.name != after.name)
        out << tr("name");
    if (before.tileSize != after.tileSize)
        out << tr("tile size");
    out << physicsChanges(before.physics, after.physics, false);
    if (before.properties != after.properties)
        out << tr("custom properties");
    return out;
}

void ChangeSettingsCommand::apply(const Settings& s) {
    mDoc->applySettings(s.name, s.tileSize, s.physics, s.properties);
}
void ChangeSettingsCommand::redo() {
    apply(mAfter);
}
void ChangeSettingsCommand::undo() {
    apply(mBefore);
}

// --- selection ---------------------------------------------------------------

SelectCommand::SelectCommand(LevelDocument* doc, EditSelection before, EditSelection after)
    : QUndoCommand(QCoreApplication::translate("Commands", "Select")), mDoc(doc),
      mBefore(std::move(before)), mAfter(std::move(after)) {
}

void SelectCommand::redo() {
    mDoc->applySelection(mAfter);
}
void SelectCommand::undo() {
    mDoc->applySelection(mBefore);
}

SetPhysicsCommand::SetPhysicsCommand(LevelDocument* doc, const ts::level::PhysicsSettings& before,
                                     const ts::level::PhysicsSettings& after)
    : QUndoCommand(changesText(QCoreApplication::translate("Commands", "Physics"),
                               physicsChanges(before, after, true))),
      mDoc(doc), mBefore(before), mAfter(after) {
}

void SetPhysicsCommand::redo() {
    const Level& l = mDoc->level();
    mDoc->applySettings(l.name, l.tileSize, mAfter, l.properties);
}
void SetPhysicsCommand::undo() {
    const Level& l = mDoc->level();
    mDoc->applySettings(l.name, l.tileSize, mBefore, l.properties);
}

} // namespace ts::editor
