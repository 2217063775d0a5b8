#include "tilesmith/editor/leveldocument.h"

#include "commands.h"
#include "tilesmith/editor/region.h"
#include "tilesmith/level/atomicfile.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/tmx/tmx.h"
#include "widgets/uitext.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>

namespace ts::editor {

using ts::level::Level;
using ts::level::Spawn;

LevelDocument::LevelDocument(Level level, QObject* parent)
    : QObject(parent), mLevel(std::move(level)) {
    mResolvedArt.reset(mLevel);
    connect(&mUndoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

LevelDocument::~LevelDocument() = default;

int LevelDocument::newMergeId() {
    static std::atomic<int> next{1};
    return next.fetch_add(1);
}

std::unique_ptr<LevelDocument> LevelDocument::open(const QString& path, QString* error) {
    const std::string native = QFile::encodeName(path).toStdString();
    ts::level::LoadResult result = ts::level::loadLevelFile(native);
    if (!result.ok()) {
        if (error) {
            QStringList lines;
            for (const auto& d : result.errors)
                lines << QString::fromStdString(d.toString());
            if (lines.isEmpty())
                lines << QStringLiteral("%1:0:0: error: cannot load the level").arg(path);
            *error = lines.join(QLatin1Char('\n'));
        }
        return nullptr;
    }
    auto doc = std::make_unique<LevelDocument>(std::move(*result.level));
    doc->setFilePath(path);
    return doc;
}

namespace {

/// Copies the program's image `resource` into `folder` under its own name (or "name-2",
/// ... when another file has that name), or finds a copy already there; `name` is the
/// file's name in `folder`.
bool copyResourceImage(const QString& resource, const QString& folder, QString* name,
                       QString* error) {
    QFile source(resource);
    if (!source.open(QIODevice::ReadOnly)) {
        if (error)
            *error = LevelDocument::tr("Cannot read %1.").arg(resource);
        return false;
    }
    const QByteArray bytes = source.readAll();
    const QFileInfo info(resource);
    for (int n = 1; n < 100; ++n) {
        const QString candidate =
            n == 1
                ? info.fileName()
                : QStringLiteral("%1-%2.%3").arg(info.completeBaseName()).arg(n).arg(info.suffix());
        const QString target = QDir(folder).filePath(candidate);
        QFile existing(target);
        if (existing.exists()) {
            if (existing.open(QIODevice::ReadOnly) && existing.readAll() == bytes) {
                *name = candidate;
                return true;
            }
            continue;
        }
        std::string why;
        if (!ts::level::writeFileAtomically(QFile::encodeName(target).toStdString(),
                                            bytes.toStdString(), &why)) {
            if (error)
                *error = LevelDocument::tr("Cannot write the tileset image %1: %2")
                             .arg(QDir::toNativeSeparators(target), QString::fromStdString(why));
            return false;
        }
        *name = candidate;
        return true;
    }
    if (error)
        *error = LevelDocument::tr("No free name for the tileset image in %1.")
                     .arg(QDir::toNativeSeparators(folder));
    return false;
}

} // namespace

bool LevelDocument::save(const QString& path, QString* error) {
    std::string why;
    std::vector<ts::level::Diagnostic> problems;
    // Tileset images are named relative to the level's file: saved in another folder,
    // the names change so that they still find the same images (as Tiled does).
    const QString from = assetFolder();
    const QString to = QFileInfo(path).absolutePath();
    std::optional<Level> moved;
    if (!mLevel.tilesets.empty() && !from.isEmpty() && QDir(from) != QDir(to)) {
        moved = mLevel;
        ts::tmx::relocateTilesetImages(*moved, from, to);
    }
    // An image inside the program (the starter tileset's) is copied beside the level.
    for (std::size_t i = 0; i < mLevel.tilesets.size(); ++i) {
        const QString image = QString::fromStdString(mLevel.tilesets[i].image);
        if (!image.startsWith(QLatin1String(":/")))
            continue;
        QString copied;
        if (!copyResourceImage(image, to, &copied, error))
            return false;
        if (!moved)
            moved = mLevel;
        moved->tilesets[i].image = copied.toStdString();
    }
    const Level& written = moved ? *moved : mLevel;
    if (!ts::level::saveLevelFile(written, QFile::encodeName(path).toStdString(), &why,
                                  &problems)) {
        if (error && !problems.empty()) {
            // Never written: the user could not reopen the file.
            QStringList lines;
            for (const auto& d : problems)
                lines << QString::fromStdString(d.toString());
            *error = tr("The level was not saved because it would not load again:\n%1")
                         .arg(lines.join(QLatin1Char('\n')));
        } else if (error) {
            *error = QString::fromLocal8Bit(why.c_str());
        }
        return false;
    }
    if (moved) {
        std::vector<std::pair<std::string, std::string>> renames;
        for (std::size_t i = 0; i < mLevel.tilesets.size(); ++i) {
            std::string& image = mLevel.tilesets[i].image;
            if (image != moved->tilesets[i].image)
                renames.emplace_back(std::exchange(image, moved->tilesets[i].image),
                                     moved->tilesets[i].image);
        }
        if (!renames.empty())
            mImageRenames.push_back(std::move(renames));
    }
    mUndoStack.setClean();
    setFilePath(path);
    return true;
}

void LevelDocument::setFilePath(const QString& requested) {
    const QString path = requested.isEmpty() ? QString() : QFileInfo(requested).absoluteFilePath();
    if (mFilePath == path)
        return;
    mFilePath = path;
    emit filePathChanged(path);
}

QString LevelDocument::assetFolder() const {
    return mFilePath.isEmpty() ? mAssetFolder : QFileInfo(mFilePath).absolutePath();
}

QString LevelDocument::displayName() const {
    if (mFilePath.isEmpty())
        return QStringLiteral("untitled.yaml");
    return QFileInfo(mFilePath).fileName();
}

// --- undoable edits ----------------------------------------------------------

int LevelDocument::paintTiles(const std::vector<TileWrite>& writes, const QString& text,
                              int strokeId) {
    std::vector<PaintTilesCommand::Change> changes;
    changes.reserve(writes.size());
    // Last write to a position wins; writes that change nothing are dropped.
    // Small batches (brush dabs) dedupe through a hash; big ones (fills, pastes)
    // through a temporary index over the map, which is faster per write.
    const size_t mapSize = size_t(mLevel.width) * size_t(mLevel.height);
    const bool dense = writes.size() >= 4096 && writes.size() * 8 >= mapSize;
    std::unordered_map<quint64, size_t> seen;
    std::vector<std::int32_t> index;
    if (dense)
        index.assign(mapSize, -1);
    // A solid tile never covers a spawn (the loader refuses such files). The
    // spawn tiles are looked up by tile index in a sorted list kept between
    // calls (rebuilt after spawn edits only): one binary search per solid write,
    // so the cost follows the tiles written, not tiles times spawns.
    const std::vector<std::uint64_t>& spawnTiles = spawnTileIndex();
    auto coversSpawn = [&](const TileWrite& w) {
        return w.tile == ts::Tile::Solid &&
               std::binary_search(spawnTiles.begin(), spawnTiles.end(),
                                  std::uint64_t(w.pos.y()) * std::uint64_t(mLevel.width) +
                                      std::uint64_t(w.pos.x()));
    };
    for (const TileWrite& w : writes) {
        if (!mLevel.contains(w.pos.x(), w.pos.y()) || coversSpawn(w))
            continue;
        if (dense) {
            std::int32_t& slot =
                index[size_t(w.pos.y()) * size_t(mLevel.width) + size_t(w.pos.x())];
            if (slot >= 0) {
                changes[size_t(slot)].after = w.tile;
                continue;
            }
            slot = std::int32_t(changes.size());
        } else if (writes.size() > 1) {
            const quint64 k = (quint64(quint32(w.pos.x())) << 32) | quint32(w.pos.y());
            auto [it, inserted] = seen.try_emplace(k, changes.size());
            if (!inserted) {
                changes[it->second].after = w.tile;
                continue;
            }
        }
        changes.push_back({w.pos, mLevel.tile(w.pos.x(), w.pos.y()), w.tile});
    }
    std::erase_if(changes, [](const PaintTilesCommand::Change& c) { return c.before == c.after; });
    if (changes.empty())
        return 0;
    const int changed = int(changes.size());
    mUndoStack.push(new PaintTilesCommand(this, std::move(changes), text, strokeId));
    return changed;
}

bool LevelDocument::canHoldSpawn(QPoint tile) const {
    return mLevel.canHoldSpawn(tile.x(), tile.y());
}

int LevelDocument::addSpawn(Spawn spawn) {
    if (!canHoldSpawn(QPoint(spawn.x, spawn.y))) {
        const Spawn* player =
            spawn.kind == ts::level::SpawnKind::Player ? mLevel.player() : nullptr;
        return player ? player->id : 0;
    }
    if (spawn.kind == ts::level::SpawnKind::Player) {
        if (const Spawn* player = mLevel.player()) {
            const int id = player->id;
            if (player->x != spawn.x || player->y != spawn.y) {
                mUndoStack.push(new MoveSpawnsCommand(
                    this, {{id, QPoint(player->x, player->y), QPoint(spawn.x, spawn.y)}},
                    tr("Move Player")));
            }
            return id;
        }
    }
    if (spawn.id == 0 || mLevel.findSpawn(spawn.id))
        spawn.id = mLevel.nextSpawnId();
    mUndoStack.push(new AddSpawnCommand(this, spawn));
    return spawn.id;
}

void LevelDocument::removeSpawns(const std::vector<int>& ids) {
    auto* cmd = new RemoveSpawnsCommand(this, ids);
    if (cmd->isEmpty()) {
        delete cmd;
        return;
    }
    mUndoStack.push(cmd);
}

bool LevelDocument::acceptsChange(const Spawn& current, const Spawn& spawn) const {
    if (current == spawn)
        return false;
    if ((spawn.x != current.x || spawn.y != current.y) && !canHoldSpawn(QPoint(spawn.x, spawn.y)))
        return false;
    // Exactly one player: no second one by a kind change, and the player stays one.
    const bool wasPlayer = current.kind == ts::level::SpawnKind::Player;
    const bool isPlayer = spawn.kind == ts::level::SpawnKind::Player;
    return wasPlayer == isPlayer;
}

namespace {
/// `s` with -0 made 0: the two compare equal, so a change between them is no change
/// (and merged away), yet they save as different text.
Spawn withoutNegativeZeros(Spawn s) {
    for (float* v : {&s.width, &s.height, &s.radius, &s.mass, &s.restitution, &s.vx, &s.vy})
        if (*v == 0.0f)
            *v = 0.0f;
    return s;
}
} // namespace

void LevelDocument::changeSpawn(const Spawn& requested, int mergeId) {
    const Spawn spawn = withoutNegativeZeros(requested);
    const Spawn* current = mLevel.findSpawn(spawn.id);
    if (!current || !acceptsChange(*current, spawn))
        return;
    mUndoStack.push(new ChangeSpawnCommand(this, *current, spawn, mergeId));
}

int LevelDocument::changeSpawns(const std::vector<Spawn>& spawns) {
    // One pass over the level's spawns, not one per changed spawn: a selection
    // may hold thousands.
    std::unordered_map<int, const Spawn*> wanted;
    for (const Spawn& s : spawns)
        wanted[s.id] = &s;
    std::vector<ChangeSpawnsCommand::Change> changes;
    for (const Spawn& current : mLevel.spawns)
        if (const auto it = wanted.find(current.id); it != wanted.end()) {
            Spawn spawn = withoutNegativeZeros(*it->second);
            if (acceptsChange(current, spawn))
                changes.push_back({current, std::move(spawn)});
        }
    if (changes.empty())
        return 0;
    const int changed = int(changes.size());
    mUndoStack.push(new ChangeSpawnsCommand(this, std::move(changes)));
    return changed;
}

int LevelDocument::moveSpawns(const std::vector<int>& ids, QPoint deltaTiles) {
    if (deltaTiles.isNull())
        return 0;
    int stayed = 0;
    std::vector<MoveSpawnsCommand::Move> moves;
    for (int id : ids) {
        if (const Spawn* s = mLevel.findSpawn(id)) {
            if (std::any_of(moves.begin(), moves.end(), [&](const auto& m) { return m.id == id; }))
                continue;
            if (!canHoldSpawn(QPoint(s->x, s->y) + deltaTiles)) {
                ++stayed; // stays where it is rather than land in a wall or off the map
                continue;
            }
            moves.push_back({id, QPoint(s->x, s->y), QPoint(s->x, s->y) + deltaTiles});
        }
    }
    if (moves.empty())
        return stayed;
    const QString text =
        moves.size() == 1 ? tr("Move %1").arg(spawnKindLabel(mLevel.findSpawn(moves[0].id)->kind))
                          : tr("Move %1").arg(countOf(qsizetype(moves.size()), "spawn", "spawns"));
    mUndoStack.push(new MoveSpawnsCommand(this, std::move(moves), text));
    return stayed;
}

QRect LevelDocument::moveRegion(const QRect& tiles, const QList<int>& ids) const {
    return regionBounds(mLevel, tiles, ids);
}

QPoint LevelDocument::keepOnMap(const QRect& tiles, QPoint deltaTiles) const {
    if (tiles.isEmpty())
        return deltaTiles;
    const QRect moved = tiles.translated(deltaTiles);
    if (moved.left() < 0)
        deltaTiles.rx() -= moved.left();
    else if (moved.right() >= mLevel.width)
        deltaTiles.rx() -= moved.right() - (mLevel.width - 1);
    if (moved.top() < 0)
        deltaTiles.ry() -= moved.top();
    else if (moved.bottom() >= mLevel.height)
        deltaTiles.ry() -= moved.bottom() - (mLevel.height - 1);
    return deltaTiles;
}

void LevelDocument::resize(int width, int height, ResizeAnchor anchor) {
    if (width <= 0 || height <= 0 || (width == mLevel.width && height == mLevel.height))
        return;
    mUndoStack.push(new ResizeCommand(this, width, height, anchor));
}

void LevelDocument::replaceLevel(Level level, const QString& text) {
    mUndoStack.push(new ReplaceLevelCommand(this, std::move(level), text));
}

void LevelDocument::changeSettings(const std::string& name, int tileSize,
                                   const ts::level::PhysicsSettings& physics,
                                   const ts::level::Properties& properties) {
    if (tileSize <= 0)
        return;
    ChangeSettingsCommand::Settings before{mLevel.name, mLevel.tileSize, mLevel.physics,
                                           mLevel.properties};
    ChangeSettingsCommand::Settings after{name, tileSize, physics, properties};
    if (before.name == after.name && before.tileSize == after.tileSize &&
        before.physics == after.physics && before.properties == after.properties)
        return;
    mUndoStack.push(new ChangeSettingsCommand(this, std::move(before), std::move(after)));
}

void LevelDocument::setPhysics(const ts::level::PhysicsSettings& physics) {
    if (physics == mLevel.physics)
        return;
    mUndoStack.push(new SetPhysicsCommand(this, mLevel.physics, physics));
}

void LevelDocument::beginMacro(const QString& text) {
    QUndoCommand* parent = mMacros.empty() ? nullptr : mMacros.back();
    mUndoStack.beginMacro(text);
    // The stack made the macro the last child of the open one, or its last command.
    const QUndoCommand* macro = parent ? parent->child(parent->childCount() - 1)
                                       : mUndoStack.command(mUndoStack.count() - 1);
    mMacros.push_back(const_cast<QUndoCommand*>(macro));
}

void LevelDocument::endMacro(const QString& text) {
    // Named before it closes: closing tells the Edit menu and History its text.
    if (!text.isEmpty() && !mMacros.empty() && mMacros.back())
        mMacros.back()->setText(text);
    mUndoStack.endMacro();
    if (!mMacros.empty())
        mMacros.pop_back();
    if (!mMacros.empty() || mUndoStack.index() == 0)
        return;
    // An empty macro (every edit in it was a no-op) would be an empty undo step:
    // undoing an obsolete command deletes it without running it.
    auto* last = const_cast<QUndoCommand*>(mUndoStack.command(mUndoStack.index() - 1));
    bool changed = false;
    for (int i = 0; last && i < last->childCount() && !changed; ++i)
        changed = !dynamic_cast<const SelectCommand*>(last->child(i));
    if (last && !changed && mUndoStack.count() == mUndoStack.index()) {
        last->setObsolete(true);
        mUndoStack.undo();
    }
}

void LevelDocument::recordSelection(const EditSelection& before, const EditSelection& after) {
    if (before == after)
        return;
    mUndoStack.push(new SelectCommand(this, before, after));
}

// --- raw mutators ----------------------------------------------------------

void LevelDocument::applyTiles(const std::vector<TileWrite>& writes) {
    int x0 = INT_MAX, y0 = INT_MAX, x1 = INT_MIN, y1 = INT_MIN;
    for (const TileWrite& w : writes) {
        const int x = w.pos.x();
        const int y = w.pos.y();
        if (!mLevel.contains(x, y))
            continue;
        mLevel.tiles[size_t(y) * size_t(mLevel.width) + size_t(x)] = w.tile;
        x0 = std::min(x0, x);
        y0 = std::min(y0, y);
        x1 = std::max(x1, x);
        y1 = std::max(y1, y);
    }
    if (x0 > x1)
        return;
    const QRect changed(QPoint(x0, y0), QPoint(x1, y1));
    // The auto layers follow the collision in the same step: the cells around the change.
    mResolvedArt.tilesChanged(mLevel, x0, y0, changed.width(), changed.height());
    emit tilesChanged(changed);
    const QRect reach =
        changed.adjusted(-1, -1, 1, 1).intersected(QRect(0, 0, mLevel.width, mLevel.height));
    for (int i = 0; i < int(mLevel.art.size()); ++i)
        if (mLevel.art[size_t(i)].isAuto)
            emit artChanged(i, reach);
}

const std::vector<std::uint64_t>& LevelDocument::spawnTileIndex() const {
    if (mSpawnTilesDirty) {
        mSpawnTiles.clear();
        mSpawnTiles.reserve(mLevel.spawns.size());
        for (const Spawn& sp : mLevel.spawns)
            if (mLevel.contains(sp.x, sp.y))
                mSpawnTiles.push_back(std::uint64_t(sp.y) * std::uint64_t(mLevel.width) +
                                      std::uint64_t(sp.x));
        std::sort(mSpawnTiles.begin(), mSpawnTiles.end());
        mSpawnTilesDirty = false;
    }
    return mSpawnTiles;
}

void LevelDocument::applySpawns(std::vector<Spawn> spawns) {
    mSpawnTilesDirty = true;
    mLevel.spawns = std::move(spawns);
    emit spawnsChanged();
}

std::string LevelDocument::renamedImage(std::string image, int since) const {
    // A save's renames happen at once: each name changes at most once a save.
    for (std::size_t i = std::size_t(std::max(since, 0)); i < mImageRenames.size(); ++i) {
        for (const auto& [before, after] : mImageRenames[i]) {
            if (image == before) {
                image = after;
                break;
            }
        }
    }
    return image;
}

void LevelDocument::applyLevel(Level level, QPoint contentShift, int naming) {
    if (naming >= 0)
        for (ts::level::Tileset& t : level.tilesets)
            t.image = renamedImage(std::move(t.image), naming);
    emit levelAboutToReset(contentShift);
    mSpawnTilesDirty = true;
    mLevel = std::move(level);
    mResolvedArt.reset(mLevel);
    emit levelReset();
    emit artLayersChanged();
    emit spawnsChanged();
    emit settingsChanged();
}

void LevelDocument::applySettings(const std::string& name, int tileSize,
                                  const ts::level::PhysicsSettings& physics,
                                  const ts::level::Properties& properties) {
    const bool geometry = tileSize != mLevel.tileSize;
    if (geometry)
        emit levelAboutToReset(QPoint());
    mLevel.name = name;
    mLevel.tileSize = tileSize;
    mLevel.physics = physics;
    mLevel.properties = properties;
    if (geometry)
        emit levelReset();
    emit settingsChanged();
}

} // namespace ts::editor
