#include "play/playoverlayitem.h"

#include "levelrenderer.h"
#include "play/playsession.h"

#include <QElapsedTimer>
#include <QLineF>
#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>

#include <cmath>
#include <vector>

namespace ts::play {

namespace {

// Colours of the body kinds, matched to the editor's spawn glyphs.
// (editor/levelrenderer.cpp's paintPlayer, paintNpc, paintBox, paintBall).
const QColor kPlayerColor(0x2f, 0x6f, 0xde);
const QColor kCloneColor(0x6b, 0x9c, 0xf0);
const QColor kNpcColor(0xe0, 0x4f, 0x2e);
const QColor kBoxColor(0xc6, 0x8b, 0x45);
const QColor kBallColor(0x2f, 0xa0, 0x5e);

const QColor kCellLine(90, 160, 255, 110);
const QColor kCellFill(90, 160, 255);
const QColor kSensorHit(235, 50, 50);
const QColor kSensorMiss(40, 200, 90);
const QColor kOverlapColor(255, 40, 220);
const QColor kGroundMark(255, 255, 255);
const QColor kOneWayMark(0, 220, 255);
const QColor kCeilingMark(255, 70, 70);
const QColor kWallMark(255, 210, 0);

QPen cosmeticPen(const QColor& c, qreal width) {
    QPen pen(c, width);
    pen.setCosmetic(true);
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}

enum class BodyKind { Player, Clone, Npc, Box, Ball };

BodyKind kindOf(const ts::World& w, ts::BodyId id, bool isPlayer) {
    if (isPlayer)
        return BodyKind::Player;
    switch (w.control(id)) {
    case ts::Control::Character:
        return BodyKind::Clone;
    case ts::Control::Patrol:
        return BodyKind::Npc;
    case ts::Control::None:
        break;
    }
    return w.shape(id) == ts::Shape::Circle ? BodyKind::Ball : BodyKind::Box;
}

QColor colorOf(BodyKind k) {
    switch (k) {
    case BodyKind::Player:
        return kPlayerColor;
    case BodyKind::Clone:
        return kCloneColor;
    case BodyKind::Npc:
        return kNpcColor;
    case BodyKind::Box:
        return kBoxColor;
    case BodyKind::Ball:
        return kBallColor;
    }
    return kBoxColor;
}

/// Draws an arrow head of a fixed size in device pixels at `tip`, pointing
/// along `dir` (device coordinates; the painter's transform is the identity).
void arrowHead(QPainterPath& path, QPointF tip, QPointF dir) {
    const qreal len = std::hypot(dir.x(), dir.y());
    if (len < 1e-6)
        return;
    const QPointF u = dir / len;
    const QPointF n(-u.y(), u.x());
    const qreal size = 6.0;
    path.moveTo(tip - u * size + n * size * 0.5);
    path.lineTo(tip);
    path.lineTo(tip - u * size - n * size * 0.5);
}

} // namespace

PlayOverlayItem::PlayOverlayItem(PlaySession* session) {
    setZValue(kZ);
    setFlag(ItemUsesExtendedStyleOption, true);
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
    setSession(session);
}

void PlayOverlayItem::setSession(PlaySession* session) {
    prepareGeometryChange();
    mSession = session;
    if (!session) {
        mBounds = {};
        return;
    }
    // Bodies cannot leave the map sideways or downwards (solid boundary) but
    // can jump above it: leave room above, and a little around for the marks.
    const ts::level::Level& lv = session->level();
    const qreal w = qreal(lv.width) * lv.tileSize;
    const qreal h = qreal(lv.height) * lv.tileSize;
    const qreal m = 4.0 * lv.tileSize;
    mBounds = QRectF(-m, -std::max(h, 1024.0), w + 2 * m, h + std::max(h, 1024.0) + m);
}

void PlayOverlayItem::setOverlays(unsigned overlays) {
    if (overlays == mOverlays)
        return;
    mOverlays = overlays;
    update();
}

void PlayOverlayItem::setBodiesVisible(bool on) {
    mBodiesVisible = on;
    update();
}

QRectF PlayOverlayItem::boundingRect() const {
    return mBounds;
}

void PlayOverlayItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
                            QWidget* widget) {
    Q_UNUSED(widget);
    if (!mSession)
        return;
    QElapsedTimer timer;
    timer.start();
    const QRectF exposed = option->exposedRect.isEmpty() ? mBounds : option->exposedRect;
    const qreal lod =
        QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    painter->save();
    painter->setClipRect(exposed);
    painter->setRenderHint(QPainter::Antialiasing, false);

    const bool debug = mSession->world().debugEnabled();
    if ((mOverlays & OverlayCells) && debug)
        paintCells(painter, exposed);
    if (mBodiesVisible)
        paintBodies(painter, exposed, lod);
    if ((mOverlays & OverlaySensors) && debug)
        paintSensors(painter);
    if (mOverlays & OverlayContacts)
        paintContacts(painter, exposed);
    if ((mOverlays & OverlayOverlaps) && debug)
        paintOverlaps(painter);

    painter->restore();
    mSession->notePaint(double(timer.nsecsElapsed()) / 1e6);
}

void PlayOverlayItem::paintCells(QPainter* p, const QRectF& exposed) const {
    const ts::DebugData& dbg = mSession->world().debug();
    const qreal cs = dbg.cellSize;
    if (cs <= 0 || dbg.gridWidth <= 0 || dbg.gridHeight <= 0)
        return;
    const qreal H = mSession->mapHeightPx();
    const qreal x0 = dbg.gridOrigin.x;
    const qreal yTop = H - (dbg.gridOrigin.y + cs * dbg.gridHeight); // scene y of the grid top
    const qreal yBottom = H - dbg.gridOrigin.y;
    const qreal x1 = x0 + cs * dbg.gridWidth;

    // Occupied cells, shaded by how crowded they are.
    struct Label {
        QPointF at;
        int count;
    };
    std::vector<Label> labels;
    const QTransform& xf = p->worldTransform();
    const qreal cellPx = cs * std::abs(xf.m11());
    for (const ts::PartitionCell& c : dbg.cells) {
        const QRectF r(QPointF(c.min.x, H - c.max.y), QPointF(c.max.x, H - c.min.y));
        if (!r.intersects(exposed))
            continue;
        QColor fill = kCellFill;
        fill.setAlpha(std::min(22 + 10 * c.count, 110));
        p->fillRect(r, fill);
        if (cellPx >= 18)
            labels.push_back({xf.map(r.topLeft()), c.count});
    }

    // Grid lines across the exposed part only.
    std::vector<QLineF> lines;
    const int gx0 = std::max(0, int(std::floor((exposed.left() - x0) / cs)));
    const int gx1 = std::min(dbg.gridWidth, int(std::ceil((exposed.right() - x0) / cs)));
    for (int gx = gx0; gx <= gx1; ++gx)
        lines.emplace_back(x0 + gx * cs, yTop, x0 + gx * cs, yBottom);
    const int gy0 = std::max(0, int(std::floor((exposed.top() - yTop) / cs)));
    const int gy1 = std::min(dbg.gridHeight, int(std::ceil((exposed.bottom() - yTop) / cs)));
    for (int gy = gy0; gy <= gy1; ++gy)
        lines.emplace_back(x0, yTop + gy * cs, x1, yTop + gy * cs);
    p->setPen(cosmeticPen(kCellLine, 1.0));
    p->drawLines(lines.data(), int(lines.size()));

    if (labels.empty())
        return;
    // Counts in view pixels, whatever the zoom.
    p->save();
    p->resetTransform();
    QFont f = p->font();
    f.setPixelSize(11);
    f.setBold(true);
    p->setFont(f);
    for (const Label& l : labels) {
        const QRectF box(l.at + QPointF(3, 2), QSizeF(40, 14));
        p->setPen(QColor(0, 0, 0, 160));
        p->drawText(box.translated(1, 1), Qt::AlignLeft | Qt::AlignTop, QString::number(l.count));
        p->setPen(QColor(230, 240, 255));
        p->drawText(box, Qt::AlignLeft | Qt::AlignTop, QString::number(l.count));
    }
    p->restore();
}

void PlayOverlayItem::paintBodies(QPainter* p, const QRectF& exposed, qreal lod) const {
    const ts::World& w = mSession->world();
    const ts::BodyId player = mSession->player();

    // Bodies that overlap another this step (debug pairs), for the translucent look.
    std::vector<char> colliding;
    if ((mOverlays & OverlayColliding) && w.debugEnabled()) {
        for (const ts::PairDebug& pr : w.debug().pairs) {
            const std::uint32_t m = std::max(pr.a.index, pr.b.index);
            if (m >= colliding.size())
                colliding.resize(std::size_t(m) + 1, 0);
            colliding[pr.a.index] = 1;
            colliding[pr.b.index] = 1;
        }
    }

    struct Visible {
        QRectF rect;
        BodyKind kind;
        bool translucent;
        int facing;
    };
    std::vector<Visible> visible;
    qreal smallest = 1e9;
    for (const ts::BodyId id : w.bodies()) {
        const QRectF r = mSession->sceneRect(w.aabb(id));
        if (!r.intersects(exposed))
            continue;
        const BodyKind k = kindOf(w, id, id == player);
        const ts::Control control = w.control(id);
        const ts::Input in = w.input(id);
        const ts::Vec2 v = w.velocity(id);
        int facing = control == ts::Control::Patrol ? w.facing(id) : in.left && !in.right ? -1 : 1;
        if (control == ts::Control::Character && v.x != 0)
            facing = v.x < 0 ? -1 : 1;
        visible.push_back({r, k, id.index < colliding.size() && colliding[id.index] != 0, facing});
        smallest = std::min(smallest, std::min(r.width(), r.height()));
    }

    // Few bodies, big enough on screen: the editor's own spawn glyphs, so a body
    // looks like the spawn it came from. Many or tiny: one drawRects per look.
    if (visible.size() <= 2000 && smallest * lod >= 6) {
        const ts::level::Level& lv = mSession->level();
        const QTransform xf = p->worldTransform();
        // A zoom without rotation (the editor's view): glyphs come from a cache
        // of device-resolution images, one per kind, size, facing and zoom.
        const bool cached =
            xf.type() <= QTransform::TxScale && xf.m11() > 0 && qFuzzyCompare(xf.m11(), xf.m22());
        if (cached && mGlyphs.size() > 512)
            mGlyphs.clear();
        for (const Visible& v : visible) {
            ts::level::Spawn s;
            switch (v.kind) {
            case BodyKind::Player:
            case BodyKind::Clone:
                s.kind = ts::level::SpawnKind::Player;
                break;
            case BodyKind::Npc:
                s.kind = ts::level::SpawnKind::Npc;
                break;
            case BodyKind::Box:
                s.kind = ts::level::SpawnKind::Box;
                break;
            case BodyKind::Ball:
                s.kind = ts::level::SpawnKind::Ball;
                break;
            }
            s.width = float(v.rect.width());
            s.height = float(v.rect.height());
            s.radius = float(v.rect.width() / 2);
            const QRectF home = ts::editor::spawnRect(lv, s); // the glyph at tile (0, 0)
            // The player glyph looks right, the NPC glyph left: mirror to face.
            const int looks = s.kind == ts::level::SpawnKind::Npc ? -1 : 1;
            const bool mirror = v.facing != looks && s.kind != ts::level::SpawnKind::Box &&
                                s.kind != ts::level::SpawnKind::Ball;
            // The glyph's id label sits just above the body (bodies have no id):
            // keep a thin margin on top so it stays out.
            const qreal m = std::max(1.0, std::min(home.width(), home.height()) * 0.06);
            const QRectF area = home.adjusted(-m, -0.6, m, m);
            auto paintGlyph = [&](QPainter* gp) {
                if (mirror) {
                    gp->translate(home.center().x(), 0);
                    gp->scale(-1, 1);
                    gp->translate(-home.center().x(), 0);
                }
                ts::editor::paintSpawn(gp, lv, s, false, lod);
            };
            const qreal opacity = v.translucent ? 0.4 : (v.kind == BodyKind::Clone ? 0.75 : 1.0);
            if (cached) {
                const qreal z = xf.m11();
                const quint64 key = quint64(s.kind) | (quint64(mirror) << 3) |
                                    (quint64(qRound(s.width * 4)) & 0x3fff) << 4 |
                                    (quint64(qRound(s.height * 4)) & 0x3fff) << 18 |
                                    (quint64(qRound(z * 256)) & 0xfffff) << 32;
                auto it = mGlyphs.find(key);
                if (it == mGlyphs.end()) {
                    QImage img(int(std::ceil(area.width() * z)) + 1,
                               int(std::ceil(area.height() * z)) + 1,
                               QImage::Format_ARGB32_Premultiplied);
                    img.fill(Qt::transparent);
                    QPainter gp(&img);
                    gp.scale(z, z);
                    gp.translate(-area.topLeft());
                    paintGlyph(&gp);
                    gp.end();
                    it = mGlyphs.insert(key, img);
                }
                const QPointF at = xf.map(area.topLeft() + (v.rect.center() - home.center()));
                p->save();
                p->resetTransform();
                p->setOpacity(opacity);
                p->drawImage(QPointF(std::round(at.x()), std::round(at.y())), *it);
                p->restore();
            } else {
                p->save();
                p->translate(v.rect.center() - home.center());
                p->setClipRect(area, Qt::IntersectClip);
                p->setOpacity(opacity);
                paintGlyph(p);
                p->restore();
            }
        }
        return;
    }

    constexpr int kKinds = 5;
    std::vector<QRectF> rects[kKinds][2];
    std::vector<QRectF> balls[2];
    for (const Visible& v : visible) {
        if (v.kind == BodyKind::Ball)
            balls[v.translucent].push_back(v.rect);
        else
            rects[int(v.kind)][v.translucent].push_back(v.rect);
    }
    for (int t = 0; t < 2; ++t) {
        const int alpha = t ? 90 : 235;
        for (int k = 0; k < kKinds; ++k) {
            if (rects[k][t].empty())
                continue;
            QColor fill = colorOf(BodyKind(k));
            fill.setAlpha(alpha);
            QColor edge = fill.darker(170);
            edge.setAlpha(std::min(255, alpha + 20));
            p->setBrush(fill);
            p->setPen(cosmeticPen(edge, 1.0));
            p->drawRects(rects[k][t].data(), int(rects[k][t].size()));
        }
        if (!balls[t].empty()) {
            QColor fill = kBallColor;
            fill.setAlpha(alpha);
            p->setBrush(fill);
            p->setPen(cosmeticPen(fill.darker(170), 1.0));
            for (const QRectF& r : balls[t])
                p->drawEllipse(r);
        }
    }
    p->setBrush(Qt::NoBrush);
}

namespace {

/// Scene lines drawn `px` device pixels thick, whatever the zoom. Axis-aligned
/// lines (sensors and contact marks all are) become device rectangles filled in
/// one call: much cheaper than wide cosmetic pens, which go through the stroker.
void thickLines(QPainter* p, const std::vector<QLineF>& lines, const QColor& color, qreal px) {
    if (lines.empty())
        return;
    const QTransform xf = p->worldTransform();
    std::vector<QRectF> rects;
    rects.reserve(lines.size());
    std::vector<QLineF> other;
    for (const QLineF& l : lines) {
        const QPointF a = xf.map(l.p1());
        const QPointF b = xf.map(l.p2());
        if (a.y() == b.y())
            rects.emplace_back(QPointF(std::min(a.x(), b.x()), a.y() - px / 2),
                               QPointF(std::max(a.x(), b.x()), a.y() + px / 2));
        else if (a.x() == b.x())
            rects.emplace_back(QPointF(a.x() - px / 2, std::min(a.y(), b.y())),
                               QPointF(a.x() + px / 2, std::max(a.y(), b.y())));
        else
            other.emplace_back(a, b);
    }
    p->save();
    p->resetTransform();
    p->setPen(Qt::NoPen);
    p->setBrush(color);
    p->drawRects(rects.data(), int(rects.size()));
    if (!other.empty()) {
        p->setPen(QPen(color, px));
        p->drawLines(other.data(), int(other.size()));
    }
    p->restore();
}

} // namespace

void PlayOverlayItem::paintSensors(QPainter* p) const {
    const ts::DebugData& dbg = mSession->world().debug();
    // Four batches: final / swept placements, hit / miss.
    std::vector<QLineF> lines[2][2];
    for (const ts::SensorSegment& s : dbg.sensors)
        lines[s.swept ? 1 : 0][s.hit ? 1 : 0].emplace_back(mSession->toScene(s.a),
                                                           mSession->toScene(s.b));
    for (int swept = 1; swept >= 0; --swept) {
        for (int hit = 0; hit < 2; ++hit) {
            QColor c = hit ? kSensorHit : kSensorMiss;
            if (swept)
                c.setAlpha(110);
            thickLines(p, lines[swept][hit], c, swept ? 1.0 : 2.0);
        }
    }
}

void PlayOverlayItem::paintContacts(QPainter* p, const QRectF& exposed) const {
    const ts::World& w = mSession->world();
    const QTransform xf = p->worldTransform();
    std::vector<QRectF> marks[4]; // ground, one-way, ceiling, walls
    const qreal t = 3.0;          // mark thickness, device pixels
    for (const ts::BodyId id : w.bodies()) {
        const std::uint8_t contacts = w.contacts(id);
        if (contacts == 0)
            continue;
        const QRectF sr = mSession->sceneRect(w.aabb(id));
        if (!sr.intersects(exposed))
            continue;
        // Marks sit just outside the edge they touch (device pixels), inset so
        // neighbouring marks stay apart and the sensor lines stay visible.
        const QRectF r = xf.mapRect(sr);
        const qreal ix = r.width() * 0.2;
        const qreal iy = r.height() * 0.2;
        if (contacts & ts::OnGround)
            marks[(contacts & ts::OnOneWayPlatform) ? 1 : 0].emplace_back(r.left() + ix, r.bottom() + 1,
                                                                     r.width() - 2 * ix, t);
        if (contacts & ts::AtCeiling)
            marks[2].emplace_back(r.left() + ix, r.top() - 1 - t, r.width() - 2 * ix, t);
        if (contacts & ts::PushesLeftWall)
            marks[3].emplace_back(r.left() - 1 - t, r.top() + iy, t, r.height() - 2 * iy);
        if (contacts & ts::PushesRightWall)
            marks[3].emplace_back(r.right() + 1, r.top() + iy, t, r.height() - 2 * iy);
    }
    const QColor colors[4] = {kGroundMark, kOneWayMark, kCeilingMark, kWallMark};
    p->save();
    p->resetTransform();
    for (int i = 0; i < 4; ++i) {
        if (marks[i].empty())
            continue;
        // A dark rim keeps white ground marks readable on light tiles.
        p->setPen(QPen(QColor(0, 0, 0, 140), 1.0));
        p->setBrush(colors[i]);
        p->drawRects(marks[i].data(), int(marks[i].size()));
    }
    p->restore();
}

void PlayOverlayItem::paintOverlaps(QPainter* p) const {
    const ts::World& w = mSession->world();
    const ts::DebugData& dbg = w.debug();
    if (dbg.pairs.empty())
        return;
    // Arrows in device pixels so the heads stay readable at any zoom; the shaft
    // is the true signed overlap.
    const QTransform xf = p->worldTransform();
    QPainterPath heads;
    std::vector<QLineF> shafts;
    std::vector<QPointF> dots;
    auto arrow = [&](ts::BodyId id, ts::Vec2 overlap) {
        if (!w.isValid(id))
            return;
        const ts::Vec2 c = w.aabb(id).center;
        const QPointF from = xf.map(mSession->toScene(c));
        const QPointF to = xf.map(mSession->toScene(c + overlap));
        dots.push_back(from);
        shafts.emplace_back(from, to);
        arrowHead(heads, to, to - from);
    };
    for (const ts::PairDebug& pr : dbg.pairs) {
        arrow(pr.a, pr.overlap);
        arrow(pr.b, -pr.overlap);
    }
    p->save();
    p->resetTransform();
    p->setRenderHint(QPainter::Antialiasing, true);
    QPen pen(kOverlapColor, 2.0);
    p->setPen(pen);
    p->drawLines(shafts.data(), int(shafts.size()));
    p->setBrush(Qt::NoBrush);
    p->drawPath(heads);
    p->setPen(Qt::NoPen);
    p->setBrush(kOverlapColor);
    for (const QPointF& d : dots)
        p->drawEllipse(d, 2.0, 2.0);
    p->restore();
}

} // namespace ts::play
