#include "tilesmith/render/levelrenderer.h"

#include <QFont>
#include <QPainter>
#include <QPainterPath>
#include <QPolygonF>

#include <algorithm>
#include <cmath>

namespace ts::render {

using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;

namespace {

const QColor kSolid = palette::solid;
const QColor kSolidLight{0x9a, 0xad, 0xc6};
const QColor kSolidDark{0x2a, 0x31, 0x3d};
const QColor kOneWay = palette::oneWay;
const QColor kOneWayLight{0xf6, 0xd3, 0x8a};
const QColor kOneWayDark{0x7a, 0x53, 0x20};

/// Calls fill(first, last) for every maximal run of x in [x0, x1] where pred(x) holds.
template <typename Pred, typename Fill> void forRuns(int x0, int x1, Pred pred, Fill fill) {
    int x = x0;
    while (x <= x1) {
        if (!pred(x)) {
            ++x;
            continue;
        }
        int e = x;
        while (e + 1 <= x1 && pred(e + 1))
            ++e;
        fill(x, e);
        x = e + 1;
    }
}

} // namespace

quint64 paintTiles(QPainter* p, const Level& level, const QRect& tileRect, qreal levelOfDetail) {
    const QRect r = tileRect.intersected(QRect(0, 0, level.width, level.height));
    if (r.isEmpty() || level.tiles.size() != size_t(level.width) * size_t(level.height))
        return 0;
    const qreal ts = level.tileSize;
    const qreal lod = levelOfDetail > 0 ? levelOfDetail : 1.0;
    const qreal px = 1.0 / lod; // one device pixel in scene units
    // Edges: an eighth of a tile, never thinner than a device pixel nor thicker than a third.
    const qreal edge = std::min(std::max(ts / 8.0, px), ts / 3.0);
    const bool showEdges = ts * lod >= 3.0;
    const bool showPlanks = ts * lod >= 12.0;
    const qreal band = std::max(ts / 4.0, std::min(2.0 * px, ts));

    const int w = level.width;
    const Tile* tiles = level.tiles.data();
    auto at = [&](int x, int y) -> Tile {
        if (x < 0 || y < 0 || x >= w || y >= level.height)
            return Tile::Empty;
        return tiles[size_t(y) * size_t(w) + size_t(x)];
    };

    for (int y = r.top(); y <= r.bottom(); ++y) {
        const Tile* row = tiles + size_t(y) * size_t(w);
        const qreal top = y * ts;
        // Bodies: one rectangle per run of equal tiles.
        forRuns(
            r.left(), r.right(), [&](int x) { return row[x] != Tile::Empty; },
            [&](int a, int b) {
                int x = a;
                while (x <= b) {
                    const Tile t = row[x];
                    int e = x;
                    while (e + 1 <= b && row[e + 1] == t)
                        ++e;
                    const qreal left = x * ts;
                    const qreal width = (e - x + 1) * ts;
                    if (t == Tile::Solid) {
                        p->fillRect(QRectF(left, top, width, ts), kSolid);
                    } else {
                        p->fillRect(QRectF(left, top, width, band), kOneWay);
                        if (showEdges) {
                            p->fillRect(QRectF(left, top, width, std::min(edge, band / 2)),
                                        kOneWayLight);
                            p->fillRect(QRectF(left, top + band - px, width, px), kOneWayDark);
                        }
                        if (showPlanks) {
                            for (int k = x; k <= e + 1; ++k)
                                p->fillRect(QRectF(k * ts - px / 2, top, px, band), kOneWayDark);
                        }
                    }
                    x = e + 1;
                }
            });
        if (!showEdges)
            continue;
        // Solid edges where the solid mass meets something else: light on top,
        // dark below and at the sides, so masses read as blocks at any zoom.
        auto solid = [&](int x, int yy) { return at(x, yy) == Tile::Solid; };
        forRuns(
            r.left(), r.right(), [&](int x) { return row[x] == Tile::Solid && !solid(x, y - 1); },
            [&](int a, int b) {
                p->fillRect(QRectF(a * ts, top, (b - a + 1) * ts, edge), kSolidLight);
            });
        forRuns(
            r.left(), r.right(), [&](int x) { return row[x] == Tile::Solid && !solid(x, y + 1); },
            [&](int a, int b) {
                p->fillRect(QRectF(a * ts, top + ts - edge, (b - a + 1) * ts, edge), kSolidDark);
            });
        for (int x = r.left(); x <= r.right(); ++x) {
            if (row[x] != Tile::Solid)
                continue;
            if (!solid(x - 1, y))
                p->fillRect(QRectF(x * ts, top, edge / 2, ts), kSolidLight);
            if (!solid(x + 1, y))
                p->fillRect(QRectF((x + 1) * ts - edge / 2, top, edge / 2, ts), kSolidDark);
        }
    }
    return quint64(r.width()) * quint64(r.height());
}

QRectF spawnRect(const Level& level, const Spawn& s) {
    const qreal ts = level.tileSize;
    const qreal bx = (s.x + 0.5) * ts;
    const qreal by = (s.y + 1.0) * ts;
    if (s.kind == SpawnKind::Ball) {
        const qreal r = std::max<qreal>(s.radius, 0.5);
        return QRectF(bx - r, by - 2 * r, 2 * r, 2 * r);
    }
    const qreal w = std::max<qreal>(s.width, 1);
    const qreal h = std::max<qreal>(s.height, 1);
    return QRectF(bx - w / 2, by - h, w, h);
}

namespace {

qreal labelHeight(const Level& level) {
    return std::max(level.tileSize * 0.5, 5.0);
}

QRectF labelRect(const Level& level, const Spawn& s) {
    const QRectF r = spawnRect(level, s);
    const qreal lh = labelHeight(level);
    const qreal lw = lh * (0.7 * QString::number(s.id).size() + 0.6);
    return QRectF(r.center().x() - lw / 2, r.top() - lh - lh * 0.15, lw, lh);
}

QPen outline(const QColor& c, const QRectF& r, qreal lod) {
    QPen pen(c, std::max(1.0 / lod, std::min(r.width(), r.height()) * 0.06));
    pen.setJoinStyle(Qt::RoundJoin);
    return pen;
}

void drawEyes(QPainter* p, QPointF left, QPointF right, qreal size, QPointF look) {
    p->setPen(Qt::NoPen);
    p->setBrush(Qt::white);
    p->drawEllipse(left, size, size * 1.2);
    p->drawEllipse(right, size, size * 1.2);
    p->setBrush(QColor(0x10, 0x14, 0x1a));
    p->drawEllipse(left + look * size * 0.4, size * 0.55, size * 0.65);
    p->drawEllipse(right + look * size * 0.4, size * 0.55, size * 0.65);
}

void paintPlayer(QPainter* p, const QRectF& r, qreal lod) {
    const QColor fill = spawnColor(SpawnKind::Player);
    const QColor dark(0x12, 0x33, 0x70);
    const qreal w = r.width();
    const qreal h = r.height();
    const qreal head = std::min(h * 0.42, w * 0.8);
    const QRectF headRect(r.center().x() - head / 2, r.top(), head, head);
    const QRectF body(r.left() + w * 0.12, r.top() + head * 0.8, w * 0.76, h - head * 0.8);
    p->setPen(outline(dark, r, lod));
    p->setBrush(fill);
    p->drawRoundedRect(body, w * 0.2, w * 0.2);
    p->setBrush(QColor(0xff, 0xd3, 0xa8));
    p->drawEllipse(headRect);
    // A cap in the player colour, so the figure is recognisable even tiny.
    QPainterPath cap;
    cap.moveTo(headRect.left(), headRect.center().y());
    cap.arcTo(headRect, 180, -180);
    cap.closeSubpath();
    p->setBrush(fill);
    p->drawPath(cap);
    if (head * lod >= 6)
        drawEyes(p, QPointF(headRect.center().x() - head * 0.18, headRect.top() + head * 0.66),
                 QPointF(headRect.center().x() + head * 0.18, headRect.top() + head * 0.66),
                 head * 0.1, QPointF(1, 0));
}

void paintNpc(QPainter* p, const QRectF& r, qreal lod) {
    const QColor fill = spawnColor(SpawnKind::Npc);
    const QColor dark(0x6e, 0x1d, 0x0f);
    const qreal w = r.width();
    const qreal h = r.height();
    // A dome-shaped walker with feet and angry brows: a different silhouette from the player.
    QPainterPath body;
    const qreal feet = h * 0.14;
    const QRectF dome(r.left(), r.top(), w, (h - feet) * 1.5);
    body.moveTo(r.left(), r.bottom() - feet);
    body.arcTo(dome, 180, -180);
    body.lineTo(r.right(), r.bottom() - feet);
    body.closeSubpath();
    p->setPen(outline(dark, r, lod));
    p->setBrush(fill);
    p->drawPath(body);
    p->setBrush(dark);
    p->drawRect(QRectF(r.left() + w * 0.12, r.bottom() - feet, w * 0.28, feet));
    p->drawRect(QRectF(r.right() - w * 0.4, r.bottom() - feet, w * 0.28, feet));
    if (std::min(w, h) * lod >= 8) {
        const qreal ey = r.top() + h * 0.45;
        const qreal es = std::min(w, h) * 0.1;
        drawEyes(p, QPointF(r.center().x() - w * 0.18, ey), QPointF(r.center().x() + w * 0.18, ey),
                 es, QPointF(-1, 0));
        QPen brow(dark, std::max(1.0 / lod, es * 0.6));
        p->setPen(brow);
        p->drawLine(QPointF(r.center().x() - w * 0.32, ey - es * 2.2),
                    QPointF(r.center().x() - w * 0.06, ey - es * 1.2));
        p->drawLine(QPointF(r.center().x() + w * 0.32, ey - es * 2.2),
                    QPointF(r.center().x() + w * 0.06, ey - es * 1.2));
    }
}

void paintBox(QPainter* p, const QRectF& r, qreal lod) {
    const QColor fill = spawnColor(SpawnKind::Box);
    const QColor dark(0x6b, 0x42, 0x18);
    p->setPen(outline(dark, r, lod));
    p->setBrush(fill);
    p->drawRect(r);
    const qreal in = std::min(r.width(), r.height()) * 0.16;
    const QRectF inner = r.adjusted(in, in, -in, -in);
    if (inner.width() * lod >= 3) {
        p->setBrush(Qt::NoBrush);
        p->drawRect(inner);
        p->drawLine(inner.topLeft(), inner.bottomRight());
        p->drawLine(inner.bottomLeft(), inner.topRight());
    }
}

void paintBall(QPainter* p, const QRectF& r, qreal lod) {
    const QColor fill = spawnColor(SpawnKind::Ball);
    const QColor dark(0x14, 0x50, 0x2d);
    p->setPen(outline(dark, r, lod));
    p->setBrush(fill);
    p->drawEllipse(r);
    if (r.width() * lod >= 6) {
        p->setPen(Qt::NoPen);
        p->setBrush(QColor(255, 255, 255, 150));
        p->drawEllipse(QRectF(r.left() + r.width() * 0.22, r.top() + r.height() * 0.18,
                              r.width() * 0.28, r.height() * 0.2));
    }
}

/// A goal: a translucent gold area with a flag on a pole standing on its floor.
void paintGoal(QPainter* p, const QRectF& r, qreal lod) {
    const QColor gold = spawnColor(SpawnKind::Goal);
    const QColor dark(0x8a, 0x5a, 0x00);
    p->setPen(outline(dark, r, lod));
    p->setBrush(QColor(gold.red(), gold.green(), gold.blue(), 70));
    p->drawRect(r);
    const qreal s = std::min(r.width(), r.height());
    const QPointF foot(r.center().x() - s * 0.15, r.bottom());
    const QPointF top(foot.x(), r.bottom() - s * 0.85);
    p->setPen(QPen(dark, std::max(1.0 / lod, s * 0.08)));
    p->drawLine(foot, top);
    QPolygonF flag;
    flag << top << QPointF(top.x() + s * 0.45, top.y() + s * 0.15)
         << QPointF(top.x(), top.y() + s * 0.3);
    p->setPen(Qt::NoPen);
    p->setBrush(gold);
    p->drawPolygon(flag);
}

} // namespace

QRectF spawnBounds(const Level& level, const Spawn& s) {
    const qreal m = std::max(3.0, level.tileSize * 0.2);
    return spawnRect(level, s).united(labelRect(level, s)).adjusted(-m, -m, m, m);
}

QColor spawnColor(SpawnKind kind) {
    switch (kind) {
    case SpawnKind::Player:
        return {0x2f, 0x6f, 0xde};
    case SpawnKind::Npc:
        return {0xe0, 0x4f, 0x2e};
    case SpawnKind::Box:
        return {0xc6, 0x8b, 0x45};
    case SpawnKind::Ball:
        return {0x2f, 0xa0, 0x5e};
    case SpawnKind::Goal:
        return {0xf2, 0xb8, 0x1d};
    }
    return Qt::magenta;
}

void paintSpawn(QPainter* p, const Level& level, const Spawn& s, bool selected,
                qreal levelOfDetail) {
    const qreal lod = levelOfDetail > 0 ? levelOfDetail : 1.0;
    const QRectF r = spawnRect(level, s);
    p->save();
    p->setRenderHint(QPainter::Antialiasing, true);
    if (selected) {
        const qreal m = std::max(2.0, level.tileSize * 0.12);
        p->setPen(Qt::NoPen);
        p->setBrush(QColor(0x00, 0xb7, 0xff, 60));
        p->drawRect(r.adjusted(-m, -m, m, m));
    }
    switch (s.kind) {
    case SpawnKind::Player:
        paintPlayer(p, r, lod);
        break;
    case SpawnKind::Npc:
        paintNpc(p, r, lod);
        break;
    case SpawnKind::Box:
        paintBox(p, r, lod);
        break;
    case SpawnKind::Ball:
        paintBall(p, r, lod);
        break;
    case SpawnKind::Goal:
        paintGoal(p, r, lod);
        break;
    }
    if (selected) {
        const qreal m = std::max(2.0, level.tileSize * 0.12);
        QPen pen(QColor(0x00, 0x8c, 0xd6), 2);
        pen.setCosmetic(true);
        pen.setStyle(Qt::DashLine);
        p->setPen(pen);
        p->setBrush(Qt::NoBrush);
        p->drawRect(r.adjusted(-m, -m, m, m));
    }
    const QRectF lr = labelRect(level, s);
    if (lr.height() * lod >= 6) {
        p->setPen(Qt::NoPen);
        p->setBrush(QColor(255, 255, 255, 190));
        p->drawRoundedRect(lr, lr.height() * 0.25, lr.height() * 0.25);
        QFont font;
        font.setPixelSize(std::max(1, int(std::lround(lr.height() * 0.85))));
        p->setFont(font);
        p->setPen(QColor(0x1f, 0x25, 0x2d));
        p->drawText(lr, Qt::AlignCenter, QString::number(s.id));
    }
    p->restore();
}

} // namespace ts::render
