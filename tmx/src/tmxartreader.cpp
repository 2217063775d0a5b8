// TMX import of art: a tile layer's tiles from tilesets with pictures become painted art
// layers, one per tileset it draws from, with the tilesets they use (tmx.h).
#include "tmxart.h"
#include "tmxreader.h"

#include <QDir>
#include <QImageReader>

namespace ts::tmx {

namespace detail {

bool Reader::isArtTileset(Tileset& ts) {
    if (!ts.geometryKnown) {
        ts.geometryKnown = true;
        // Tiled cuts the tiles from the image it reads, whatever the tileset declares;
        // without a readable image, from the size the map gives it; else its columns.
        QSize size = ts.hasImage ? QImageReader(ts.imagePath).size() : QSize();
        if (size.isEmpty())
            size = QSize(ts.imageWidthAttr, ts.imageHeightAttr);
        if (ts.collection) {
            ts.count = ts.tileCountAttr;
        } else if (!size.isEmpty() && ts.tileWidth > 0 && ts.tileHeight > 0) {
            ts.columns = level::tilesAcross(size.width(), ts.tileWidth, ts.margin, ts.spacing);
            const std::int64_t count =
                std::int64_t(ts.columns) *
                level::tilesAcross(size.height(), ts.tileHeight, ts.margin, ts.spacing);
            ts.count = int(std::min<std::int64_t>(count, std::int64_t(kMaxTilesetTiles) + 1));
        } else {
            ts.columns = std::max(1, ts.columnsAttr);
            ts.count = ts.tileCountAttr > 0 ? ts.tileCountAttr : ts.columns;
        }
    }
    // A tileset whose every tile names a tile kind draws collision, not art (`tilesmith`).
    const bool collisionOnly = ts.typedTiles > 0 && ts.typedTiles >= ts.count;
    return (ts.hasImage || ts.collection) && !collisionOnly;
}

bool Reader::useArtTileset(Tileset& ts) {
    if (ts.artIndex >= 0)
        return true;
    const QString name = shown(ts.name);
    const auto refuse = [&](const QString& why) {
        error(ts.file, ts.line, ts.column,
              QStringLiteral("tileset %1 %2: its tiles cannot be imported as art").arg(name, why));
        return false;
    };
    if (ts.collection)
        return refuse(QStringLiteral("is an image collection (an image per tile; only tilesets "
                                     "cut from one image can be)"));
    if (ts.tileWidth != ts.tileHeight)
        return refuse(QStringLiteral("has tiles of %1 x %2 px (they must be square)")
                          .arg(ts.tileWidth)
                          .arg(ts.tileHeight));
    if (ts.offsetX != 0 || ts.offsetY != 0)
        return refuse(QStringLiteral("draws its tiles offset by (%1, %2) px (<tileoffset>)")
                          .arg(ts.offsetX)
                          .arg(ts.offsetY));
    if (ts.count <= 0 || ts.columns <= 0)
        return refuse(QStringLiteral("has no whole tile of %1 px in its image").arg(ts.tileWidth));
    if (ts.count > kMaxTilesetTiles)
        return refuse(QStringLiteral("has more than %1 tiles").arg(kMaxTilesetTiles));
    level::Tileset t;
    std::string wanted = ts.name.isEmpty() ? std::string("tileset") : ts.name.toStdString();
    t.name = wanted;
    for (int n = 2; mLevel.findTileset(t.name); ++n)
        t.name = wanted + " " + std::to_string(n);
    t.image = QDir(mBaseDir).relativeFilePath(ts.imagePath).toStdString();
    t.tileSize = ts.tileWidth;
    t.columns = ts.columns;
    t.count = ts.count;
    t.margin = ts.margin;
    t.spacing = ts.spacing;
    t.transparentColor = ts.trans;
    ts.artIndex = int(mLevel.tilesets.size());
    mLevel.tilesets.push_back(std::move(t));
    return true;
}

std::string Reader::uniqueArtName(const QString& wanted) const {
    const std::string base = wanted.isEmpty() ? std::string("layer") : wanted.toStdString();
    std::string name = base;
    for (int n = 2; mLevel.findArtLayer(name); ++n)
        name = base + " " + std::to_string(n);
    return name;
}

void Reader::addArt(const std::vector<std::uint32_t>& gids, const QString& name,
                    const LayerState& state, int line, int column) {
    struct Piece {
        Tileset* tileset;
        std::vector<level::ArtTile> cells;
    };
    std::vector<Piece> pieces;
    const std::size_t cellCount = mLevel.tiles.size();
    Tileset* last = nullptr; // the tileset of the last gid, and where its gids end
    std::uint32_t lastEnd = 0;
    Piece* piece = nullptr;
    // One more layer of cells, within the art all layers may hold.
    const auto takeCells = [&] {
        if (mArtCells + cellCount > kMaxArtCells) {
            error(line, column,
                  QStringLiteral("the map's tile layers hold more art than can be imported "
                                 "(%1 cells in all art layers at most)")
                      .arg(kMaxArtCells));
            return false;
        }
        mArtCells += cellCount;
        return true;
    };
    for (std::size_t i = 0; i < gids.size() && i < cellCount; ++i) {
        const std::uint32_t gid = gids[i] & kGidMask;
        if (gid == 0)
            continue;
        if (!last || gid < last->firstGid || gid >= lastEnd) {
            last = tilesetOf(gid, i, line, column);
            if (!last)
                return;
            const auto next = last - mTilesets.data() + 1;
            lastEnd = std::size_t(next) < mTilesets.size() ? mTilesets[std::size_t(next)].firstGid
                                                           : 0xffffffffu;
            piece = nullptr;
            for (Piece& p : pieces)
                if (p.tileset == last)
                    piece = &p;
        }
        if (!isArtTileset(*last))
            continue;
        if (!useArtTileset(*last))
            return;
        std::uint32_t local = gid - last->firstGid;
        if (const auto f = last->firstFrame.find(local); f != last->firstFrame.end())
            local = f->second; // an animated tile: its first frame, as Tiled draws it still
        if (local >= std::uint32_t(last->count)) {
            error(line, column,
                  QStringLiteral("tile gid %1 (cell %2, %3) is tile %4 of tileset %5, which has "
                                 "%6")
                      .arg(gid)
                      .arg(i % std::size_t(mLevel.width))
                      .arg(i / std::size_t(mLevel.width))
                      .arg(local)
                      .arg(shown(last->name))
                      .arg(QString::fromStdString(
                          level::countText(std::uint64_t(last->count), "tile", "tiles"))));
            return;
        }
        if (!piece) {
            if (!takeCells())
                return;
            pieces.push_back({last, std::vector<level::ArtTile>(cellCount)});
            piece = &pieces.back();
        }
        piece->cells[i] = {std::int32_t(local), artFlips(gids[i])};
    }
    if (pieces.empty()) {
        // No art: an empty layer the export wrote (it names its tileset) comes back as the
        // empty layer it was, to paint on; any other one has no tileset to paint with.
        Tileset* named = nullptr;
        for (Tileset& ts : mTilesets)
            if (!state.artTileset.isEmpty() && ts.name == state.artTileset && isArtTileset(ts))
                named = &ts;
        if (!named || !useArtTileset(*named))
            return;
        if (!takeCells())
            return;
        pieces.push_back({named, std::vector<level::ArtTile>(cellCount)});
    }
    if (state.tinted) {
        error(line, column,
              QStringLiteral("layer %1 is tinted (tintcolor): its art cannot be imported "
                             "(remove the tint in Tiled first)")
                  .arg(shown(name)));
        return;
    }
    if (state.offsetX != 0 || state.offsetY != 0) {
        error(line, column,
              QStringLiteral("layer %1 is offset by (%2, %3) px: its art cannot be imported "
                             "(set the offset to 0 in Tiled first)")
                  .arg(shown(name))
                  .arg(state.offsetX)
                  .arg(state.offsetY));
        return;
    }
    std::stable_sort(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) {
        return a.tileset->firstGid < b.tileset->firstGid;
    });
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        level::ArtLayer layer;
        const level::Tileset& t = mLevel.tilesets[std::size_t(pieces[k].tileset->artIndex)];
        layer.name = uniqueArtName(
            k == 0 ? name : QStringLiteral("%1 (%2)").arg(name, QString::fromStdString(t.name)));
        layer.tileset = t.name;
        layer.depth = mSawSpawns ? level::ArtDepth::Front : level::ArtDepth::Back;
        layer.opacity = float(state.opacity);
        layer.visible = state.visible;
        layer.locked = state.locked;
        layer.cells = std::move(pieces[k].cells);
        mLevel.art.push_back(std::move(layer));
    }
}

} // namespace detail

void relocateTilesetImages(level::Level& level, const QString& fromDir, const QString& toDir) {
    const QDir from(fromDir.isEmpty() ? QDir::currentPath() : fromDir);
    const QDir to(toDir.isEmpty() ? QDir::currentPath() : toDir);
    for (level::Tileset& t : level.tilesets) {
        const QString image = QString::fromStdString(t.image);
        if (image.isEmpty() || QDir::isAbsolutePath(image))
            continue;
        t.image = to.relativeFilePath(QDir::cleanPath(from.absoluteFilePath(image))).toStdString();
    }
}

} // namespace ts::tmx
