#include "tilesmith/editor/abstracttool.h"

#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/toolmanager.h"

#include <QAction>
#include <QActionGroup>

#include <algorithm>
#include <cstdlib>

namespace ts::editor {

std::vector<QPoint> lineTiles(QPoint a, QPoint b) {
    std::vector<QPoint> out;
    const int dx = std::abs(b.x() - a.x());
    const int dy = -std::abs(b.y() - a.y());
    const int sx = a.x() < b.x() ? 1 : -1;
    const int sy = a.y() < b.y() ? 1 : -1;
    out.reserve(size_t(std::max(dx, -dy)) + 1);
    int err = dx + dy;
    int x = a.x();
    int y = a.y();
    for (;;) {
        out.emplace_back(x, y);
        if (x == b.x() && y == b.y())
            break;
        const int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y += sy;
        }
    }
    return out;
}

QRect tileRectBetween(QPoint a, QPoint b) {
    return QRect(QPoint(std::min(a.x(), b.x()), std::min(a.y(), b.y())),
                 QPoint(std::max(a.x(), b.x()), std::max(a.y(), b.y())));
}

QRect brushFootprint(QPoint tile, int size) {
    size = std::max(1, size);
    const int before = (size - 1) / 2;
    return QRect(tile.x() - before, tile.y() - before, size, size);
}

ts::level::Level makeStamp(const std::vector<QPoint>& tiles, ts::Tile kind, QPoint* topLeft) {
    ts::level::Level stamp;
    if (tiles.empty()) {
        *topLeft = QPoint();
        return stamp;
    }
    QRect bounds(tiles.front(), QSize(1, 1));
    for (const QPoint& p : tiles)
        bounds = bounds.united(QRect(p, QSize(1, 1)));
    stamp.width = bounds.width();
    stamp.height = bounds.height();
    stamp.tiles.assign(size_t(stamp.width) * size_t(stamp.height), ts::Tile::Empty);
    for (const QPoint& p : tiles)
        stamp.tiles[size_t(p.y() - bounds.top()) * size_t(stamp.width) +
                    size_t(p.x() - bounds.left())] = kind;
    *topLeft = bounds.topLeft();
    return stamp;
}

AbstractTool::AbstractTool(const QString& name, const QString& iconName,
                           const QKeySequence& shortcut, QObject* parent)
    : QObject(parent), mName(name), mIconName(iconName), mShortcut(shortcut),
      mAction(new QAction(name, this)) {
    mAction->setCheckable(true);
    mAction->setShortcut(shortcut);
    mAction->setIcon(icon());
    mAction->setToolTip(
        QStringLiteral("%1 (%2)").arg(name, shortcut.toString(QKeySequence::NativeText)));
    mAction->setData(QVariant::fromValue(static_cast<QObject*>(this)));
}

AbstractTool::~AbstractTool() = default;

QIcon AbstractTool::icon() const {
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(mIconName));
}

ToolOptions* AbstractTool::options() const {
    return mManager ? mManager->options() : nullptr;
}

LevelScene* AbstractTool::scene() const {
    return mManager ? mManager->scene() : nullptr;
}

LevelDocument* AbstractTool::document() const {
    LevelScene* s = scene();
    return s ? s->document() : nullptr;
}

} // namespace ts::editor
