#include "filltool.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tooloptions.h"

namespace ts::editor {

FillTool::FillTool(QObject* parent)
    : AbstractTool(tr("Bucket Fill"), QStringLiteral("bucket"), QKeySequence(Qt::Key_F), parent) {
}

QString FillTool::statusHint() const {
    return tr("Left click: fill the connected area with the tile kind. Right click: clear it.");
}

std::vector<QPoint> FillTool::region(const ts::level::Level& level, QPoint start) {
    std::vector<QPoint> out;
    if (!level.contains(start.x(), start.y()))
        return out;
    const int w = level.width;
    const int h = level.height;
    const ts::Tile target = level.tiles[size_t(start.y()) * size_t(w) + size_t(start.x())];
    std::vector<std::uint8_t> seen(size_t(w) * size_t(h), 0);
    auto matches = [&](int x, int y) {
        const size_t i = size_t(y) * size_t(w) + size_t(x);
        return !seen[i] && level.tiles[i] == target;
    };
    // Scanline fill with an explicit stack: each pushed seed expands to a whole
    // horizontal span, so the stack stays small even on a 1024 x 1024 map.
    std::vector<QPoint> stack{start};
    while (!stack.empty()) {
        const QPoint seed = stack.back();
        stack.pop_back();
        const int y = seed.y();
        if (!matches(seed.x(), y))
            continue;
        int x0 = seed.x();
        while (x0 > 0 && matches(x0 - 1, y))
            --x0;
        int x1 = seed.x();
        while (x1 + 1 < w && matches(x1 + 1, y))
            ++x1;
        for (int x = x0; x <= x1; ++x) {
            seen[size_t(y) * size_t(w) + size_t(x)] = 1;
            out.emplace_back(x, y);
        }
        for (int ny : {y - 1, y + 1}) {
            if (ny < 0 || ny >= h)
                continue;
            bool inSpan = false;
            for (int x = x0; x <= x1; ++x) {
                if (matches(x, ny)) {
                    if (!inSpan)
                        stack.emplace_back(x, ny);
                    inSpan = true;
                } else {
                    inSpan = false;
                }
            }
        }
    }
    return out;
}

void FillTool::mousePressed(const ToolMouseEvent& e) {
    if (e.button != Qt::LeftButton && e.button != Qt::RightButton)
        return;
    LevelDocument* doc = document();
    const QPoint tile = scene()->tileAt(e.scenePos);
    const ts::level::Level& level = doc->level();
    if (!level.contains(tile.x(), tile.y()))
        return;
    const ts::Tile kind = e.button == Qt::LeftButton ? options()->tileKind() : ts::Tile::Empty;
    if (level.tile(tile.x(), tile.y()) == kind)
        return;
    const std::vector<QPoint> tiles = region(level, tile);
    std::vector<TileWrite> writes;
    writes.reserve(tiles.size());
    for (const QPoint& p : tiles)
        writes.push_back({p, kind});
    doc->paintTiles(writes, tr("Bucket Fill"));
}

} // namespace ts::editor
