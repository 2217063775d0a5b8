// The decoded images of a level's tilesets, kept between repaints (the editor, play mode
// and `tilesmith render` all draw art from a TilesetImages). A tileset whose image is
// missing, unreadable or smaller than its declared geometry draws a placeholder for each
// of its tiles, and says why (TilesetImage::problem), so a level without its art still
// opens, plays and renders.
#pragma once

#include "tilesmith/level/art.h"

#include <QDateTime>
#include <QImage>
#include <QString>

#include <string_view>
#include <vector>

namespace ts::level {
struct Level;
}

namespace ts::render {

/// One tileset's image, ready to draw.
struct TilesetImage {
    enum class Status : std::uint8_t {
        Ok,         ///< `image` holds the tiles
        Missing,    ///< no file at `path`
        Unreadable, ///< a file that is no image Qt can decode (or a folder, or unreadable)
        TooSmall,   ///< smaller than the tileset's columns, rows, margin and spacing need
    };

    ts::level::Tileset tileset{}; ///< the definition the image was loaded for
    QString path{};               ///< the image file, absolute
    Status status = Status::Missing;
    /// Why the tiles are placeholders, naming the file as the level writes it ("cannot
    /// read art/cave.png: no such file"); empty when Ok.
    QString problem{};
    /// Premultiplied ARGB32, the tileset's transparent colour already cleared (alpha 0
    /// where a pixel is exactly that opaque colour, as Tiled does); null unless Ok.
    QImage image{};
    /// A tileSize x tileSize magenta and black checkerboard: drawn for every tile of a
    /// tileset that is not Ok, and for a tile index the tileset does not have.
    QImage placeholder{};

    bool ok() const { return status == Status::Ok; }

private:
    friend class TilesetImages;
    QDateTime mModified{}; ///< the file's time and size when loaded: sync() reloads a change
    qint64 mFileSize = -1;
};

/// A level's tileset images, by tileset name. Image paths in the level are relative to the
/// level file's folder (`baseDir`); absolute ones are used as they are.
class TilesetImages {
public:
    TilesetImages() = default;
    /// sync(level, baseDir).
    TilesetImages(const ts::level::Level& level, const QString& baseDir);

    /// Makes the cache match `level`: loads the image of every tileset that is new, whose
    /// definition changed (image, trans colour, geometry) or whose file changed on disk
    /// (time or size), keeps the others decoded as they are and drops tilesets the level
    /// no longer has. Returns whether any image was (re)loaded or dropped.
    bool sync(const ts::level::Level& level, const QString& baseDir);
    /// Forgets every image: the next sync() loads them all again.
    void clear();

    /// The image of tileset `name`; null when the level (at the last sync()) has none.
    const TilesetImage* find(std::string_view name) const;
    /// Every tileset, in the level's order.
    const std::vector<TilesetImage>& all() const { return mImages; }
    /// The tilesets drawn as placeholders, in the level's order.
    std::vector<const TilesetImage*> problems() const;

    /// The placeholder tile of a tileset of `tileSize` pixels (at least 1).
    static QImage placeholderTile(int tileSize);
    /// Loads one tileset's image (what sync() does for each), relative to `baseDir`.
    static TilesetImage load(const ts::level::Tileset& tileset, const QString& baseDir);

private:
    std::vector<TilesetImage> mImages;
};

} // namespace ts::render
