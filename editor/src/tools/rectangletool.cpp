#include "rectangletool.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/tooloptions.h"

namespace ts::editor {

RectangleTool::RectangleTool(QObject* parent)
    : DragShapeTool(tr("Rectangle"), QStringLiteral("rectangle"), QKeySequence(Qt::Key_R), parent) {
}

QString RectangleTool::collisionHint() const {
    return tr("Left drag: fill a rectangle. Right click or Esc: cancel.");
}

QString RectangleTool::artHint() const {
    return tr("Left drag: fill a rectangle of '%1' with the stamp. Right click or Esc: cancel.")
        .arg(QString::fromStdString(options()->activeLayer()));
}

QRect RectangleTool::rectBetween(QPoint start, QPoint end) const {
    const LevelDocument* doc = document();
    const QRect map = doc ? QRect(0, 0, doc->level().width, doc->level().height) : QRect();
    return tileRectBetween(start, end).intersected(map);
}

std::vector<QPoint> RectangleTool::shapeTiles(QPoint start, QPoint end) const {
    const QRect r = rectBetween(start, end);
    std::vector<QPoint> out;
    if (r.isEmpty())
        return out;
    out.reserve(size_t(r.width()) * size_t(r.height()));
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            out.emplace_back(x, y);
    return out;
}

ts::level::Level RectangleTool::previewStamp(QPoint start, QPoint end, QPoint* topLeft) const {
    // A filled rectangle needs no per-tile list: big drags stay cheap.
    const QRect r = rectBetween(start, end);
    ts::level::Level stamp;
    *topLeft = r.topLeft();
    if (!r.isEmpty()) {
        stamp.width = r.width();
        stamp.height = r.height();
        stamp.tiles.assign(size_t(r.width()) * size_t(r.height()), options()->tileKind());
    }
    return stamp;
}

} // namespace ts::editor
