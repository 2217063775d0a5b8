#include "starterart.h"

#include "tilesmith/level/levelio.h"

#include <QFile>

namespace ts::editor {

QString starterTilesetImage() {
    return QStringLiteral(":/tilesets/starter.png");
}

bool addStarterArt(ts::level::Level& level, QString* error) {
    QFile file(QStringLiteral(":/tilesets/starter.yaml"));
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("cannot read the starter tileset's rules");
        return false;
    }
    // The file holds a level's `tilesets:` and `art:` entries; read them as part of a
    // one-tile level, the decoration layer given its one row.
    const std::string text = "tilesmith: 1\nname: starter\ntile_size: 16\nwidth: 1\nheight: 1\n"
                             "tiles: |\n  .\nspawns: []\n" +
                             file.readAll().toStdString() + "    tiles: |\n      .\n";
    const ts::level::LoadResult starter = ts::level::loadLevelFromString(text, "starter.yaml");
    if (!starter.ok()) {
        if (error)
            *error = QString::fromStdString(starter.errors.empty()
                                                ? std::string("cannot read the starter art")
                                                : starter.errors.front().toString());
        return false;
    }
    for (ts::level::Tileset tileset : starter.level->tilesets) {
        tileset.image = starterTilesetImage().toStdString();
        level.tilesets.push_back(std::move(tileset));
    }
    for (ts::level::ArtLayer layer : starter.level->art) {
        if (!layer.isAuto)
            layer.cells.assign(level.tiles.size(), ts::level::ArtTile{});
        level.art.push_back(std::move(layer));
    }
    return true;
}

} // namespace ts::editor
