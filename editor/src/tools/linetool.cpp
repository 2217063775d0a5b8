#include "linetool.h"

#include "tilesmith/editor/tooloptions.h"

#include <set>

namespace ts::editor {

LineTool::LineTool(QObject* parent)
    : DragShapeTool(tr("Line"), QStringLiteral("line"), QKeySequence(Qt::Key_L), parent) {
}

QString LineTool::collisionHint() const {
    return tr("Left drag: draw a line (brush size %1). Right click or Esc: cancel.")
        .arg(options()->brushSize());
}

QString LineTool::artHint() const {
    return tr("Left drag: draw a line of the stamp on '%1' (brush size %2). Right click or Esc: "
              "cancel.")
        .arg(QString::fromStdString(options()->activeLayer()))
        .arg(options()->brushSize());
}

std::vector<QPoint> LineTool::tiles(QPoint a, QPoint b) const {
    const int size = options()->brushSize();
    if (size == 1)
        return lineTiles(a, b);
    std::set<std::pair<int, int>> seen;
    std::vector<QPoint> out;
    for (const QPoint& p : lineTiles(a, b)) {
        const QRect r = brushFootprint(p, size);
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x)
                if (seen.insert({x, y}).second)
                    out.emplace_back(x, y);
    }
    return out;
}

QRect LineTool::hoverOutline(QPoint tile) const {
    return brushFootprint(tile, options()->brushSize());
}

} // namespace ts::editor
