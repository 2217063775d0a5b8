// The partition cells: their tint and grid beneath the tiles (PlayCellsItem)
// and their body counts above everything (PlayOverlayItem::paintCellCounts).
#include "tilesmith/play/overlaystyle.h"
#include "tilesmith/play/playoverlayitem.h"
#include "tilesmith/play/playsession.h"

#include <QFontMetrics>
#include <QLineF>
#include <QPaintDevice>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>
#include <vector>

namespace ts::play {

namespace {

namespace st = ts::play::style;

QPen cosmeticPen(const QColor& c, qreal width) {
    QPen pen(c, width);
    pen.setCosmetic(true);
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}

} // namespace

PlayCellsItem::PlayCellsItem(PlayOverlayItem* owner) : mOwner(owner) {
    setZValue(kZ);
    setFlag(ItemUsesExtendedStyleOption, true);
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
}

PlayCellsItem::~PlayCellsItem() {
    if (mOwner)
        mOwner->mCells = nullptr;
}

QRectF PlayCellsItem::boundingRect() const {
    return mOwner ? mOwner->boundingRect() : QRectF();
}

void PlayCellsItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*) {
    if (!mOwner || !mOwner->mSession || !(mOwner->mOverlays & OverlayCells))
        return;
    const PlaySession* session = mOwner->mSession;
    if (!session->world().debugEnabled())
        return;
    const ts::DebugData& dbg = session->world().debug();
    const qreal cs = dbg.cellSize;
    if (cs <= 0 || dbg.gridWidth <= 0 || dbg.gridHeight <= 0)
        return;
    const QRectF exposed = option->exposedRect.isEmpty() ? boundingRect() : option->exposedRect;
    const qreal H = session->mapHeightPx();
    const qreal x0 = dbg.gridOrigin.x;
    const qreal yTop = H - (dbg.gridOrigin.y + cs * dbg.gridHeight); // scene y of the grid top
    const qreal yBottom = H - dbg.gridOrigin.y;
    const qreal x1 = x0 + cs * dbg.gridWidth;
    p->save();
    p->setRenderHint(QPainter::Antialiasing, false);
    // Occupied cells, tinted by how crowded they are: beneath the tiles, so the
    // tint shows in open space (where the bodies are) and tiles keep their colours.
    // Edge cells reach past the map when its size is not a whole number of cells:
    // only their part on the map is tinted.
    const QRectF map = session->mapSceneRect();
    for (const ts::PartitionCell& c : dbg.cells) {
        const QRectF r =
            QRectF(QPointF(c.min.x, H - c.max.y), QPointF(c.max.x, H - c.min.y)).intersected(map);
        if (r.isEmpty() || !r.intersects(exposed))
            continue;
        QColor fill = st::kCellFill;
        fill.setAlpha(st::cellAlpha(c.count));
        p->fillRect(r, fill);
    }
    // Grid lines across the exposed part of the map only, like the tint: the
    // edge cells' part past the map holds no tile and is not drawn.
    const QRectF area = QRectF(QPointF(x0, yTop), QPointF(x1, yBottom)).intersected(map);
    std::vector<QLineF> lines;
    if (!area.isEmpty()) {
        const int gx0 =
            std::max(0, int(std::floor((std::max(exposed.left(), area.left()) - x0) / cs)));
        const int gx1 = std::min(
            dbg.gridWidth, int(std::ceil((std::min(exposed.right(), area.right()) - x0) / cs)));
        for (int gx = gx0; gx <= gx1; ++gx) {
            const qreal x = x0 + gx * cs;
            if (x >= area.left() && x <= area.right())
                lines.emplace_back(x, area.top(), x, area.bottom());
        }
        const int gy0 =
            std::max(0, int(std::floor((std::max(exposed.top(), area.top()) - yTop) / cs)));
        const int gy1 =
            std::min(dbg.gridHeight,
                     int(std::ceil((std::min(exposed.bottom(), area.bottom()) - yTop) / cs)));
        for (int gy = gy0; gy <= gy1; ++gy) {
            const qreal y = yTop + gy * cs;
            if (y >= area.top() && y <= area.bottom())
                lines.emplace_back(area.left(), y, area.right(), y);
        }
    }
    p->setPen(cosmeticPen(st::kCellLine, 1.0));
    p->drawLines(lines.data(), int(lines.size()));
    p->restore();
}

std::vector<PlayOverlayItem::CellLabel> PlayOverlayItem::cellLabels(const QTransform& xf,
                                                                    const QRectF& view) const {
    std::vector<CellLabel> labels;
    if (!mSession || !mSession->world().debugEnabled())
        return labels;
    const ts::DebugData& dbg = mSession->world().debug();
    const qreal cs = dbg.cellSize;
    if (cs <= 0 || cs * std::abs(xf.m11()) < 18)
        return labels; // too small to label
    const qreal H = mSession->mapHeightPx();
    QFont f;
    f.setPixelSize(11);
    f.setBold(true);
    const QFontMetrics fm(f);
    auto clear = [this](const QRectF& box) {
        for (const QRect& r : mReserved)
            if (box.intersects(QRectF(r)))
                return false;
        return true;
    };
    const QRectF map = mSession->mapSceneRect();
    for (const ts::PartitionCell& c : dbg.cells) {
        // The count goes in the cell's part on the map, where its tint is.
        const QRectF cell = xf.mapRect(
            QRectF(QPointF(c.min.x, H - c.max.y), QPointF(c.max.x, H - c.min.y)).intersected(map));
        // Big cells (zoomed in) may be mostly off screen: label the part in view.
        const QRectF d = view.isEmpty() ? cell : cell.intersected(view);
        if (d.width() < 18 || d.height() < 18)
            continue;
        const QString text = QString::number(c.count);
        const QSizeF size(fm.horizontalAdvance(text) + 6, fm.height() + 1); // with its badge
        const QPointF corners[4] = {d.topLeft() + QPointF(3, 2),
                                    QPointF(d.right() - 3 - size.width(), d.top() + 2),
                                    QPointF(d.left() + 3, d.bottom() - 2 - size.height()),
                                    d.bottomRight() - QPointF(3 + size.width(), 2 + size.height())};
        for (const QPointF& at : corners) {
            const QRectF box(at, size);
            if (clear(box)) {
                labels.push_back({box, c.count});
                break;
            }
        }
    }
    return labels;
}

void PlayOverlayItem::paintCellCounts(QPainter* p, const QRectF& exposed) const {
    const QTransform xf = p->worldTransform();
    const QRectF view = xf.mapRect(exposed);
    const QRectF device =
        p->device() ? QRectF(0, 0, p->device()->width(), p->device()->height()) : QRectF();
    const std::vector<CellLabel> labels = cellLabels(xf, device);
    if (labels.empty())
        return;
    // In view pixels, whatever the zoom: each count (text on a badge) is drawn
    // once into an image and blitted afterwards.
    p->save();
    p->resetTransform();
    for (const CellLabel& l : labels) {
        if (!l.box.intersects(view))
            continue;
        auto it = mCountImages.find(l.count);
        if (it == mCountImages.end()) {
            if (mCountImages.size() > 256)
                mCountImages.clear();
            const QString text = QString::number(l.count);
            QFont f;
            f.setPixelSize(11);
            f.setBold(true);
            QImage img(l.box.size().toSize(), QImage::Format_ARGB32_Premultiplied);
            img.fill(Qt::transparent);
            QPainter ip(&img);
            ip.setRenderHint(QPainter::Antialiasing, true);
            ip.setFont(f);
            const QRectF box(QPointF(0, 0), QSizeF(img.size()));
            ip.setPen(Qt::NoPen);
            ip.setBrush(style::kCellCountBadge);
            ip.drawRoundedRect(box, 3, 3);
            ip.setPen(style::kCellCountText);
            ip.drawText(box, Qt::AlignCenter, text);
            ip.end();
            it = mCountImages.insert(l.count, img);
        }
        p->drawImage(QPointF(std::round(l.box.left()), std::round(l.box.top())), *it);
    }
    p->restore();
}

} // namespace ts::play
