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

BodyKind kindOf(const ts::Body& b, bool isPlayer) {
    if (isPlayer)
        return BodyKind::Player;
    switch (b.control) {
    case ts::Control::Character:
        return BodyKind::Clone;
    case ts::Control::Patrol:
        return BodyKind::Npc;
    case ts::Control::None:
        break;
    }
    return b.shape == ts::Shape::Circle ? BodyKind::Ball : BodyKind::Box;
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
        const ts::Body* b = w.body(id);
        if (!b)
            continue;
        const QRectF r = mSession->sceneRect(b->aabb);
        if (!r.intersects(exposed))
            continue;
        const BodyKind k = kindOf(*b, id == player);
        int facing = b->control == ts::Control::Patrol  ? b->facing
                     : b->input.left && !b->input.right ? -1
                                                        : 1;
        if (b->control == ts::Control::Character && b->speed.x != 0)
            facing = b->speed.x < 0 ? -1 : 1;
        visible.push_back({r, k, id.index < colliding.size() && colliding[id.index] != 0, facing});
        smallest = std::min(smallest, std::min(r.width(), r.height()));
    }

    // Few bodies, big enough on screen: the editor's own spawn glyphs, so a body
    // looks like the spawn it came from. Many or tiny: one drawRects per look.
    if (visible.size() <= 400 && smallest * lod >= 6) {
        const ts::level::Level& lv = mSession->level();
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
            p->save();
            p->translate(v.rect.center() - home.center());
            // The player glyph looks right, the NPC glyph left: mirror to face.
            const int looks = s.kind == ts::level::SpawnKind::Npc ? -1 : 1;
            if (v.facing != looks && s.kind != ts::level::SpawnKind::Box &&
                s.kind != ts::level::SpawnKind::Ball) {
                p->translate(home.center().x(), 0);
                p->scale(-1, 1);
                p->translate(-home.center().x(), 0);
            }
            // The glyph's id label sits above the body: clip it away (bodies have no id).
            const qreal m = std::max(1.0, std::min(home.width(), home.height()) * 0.05);
            p->setClipRect(home.adjusted(-m, -m * 0.6, m, m), Qt::IntersectClip);
            if (v.translucent)
                p->setOpacity(0.4);
            else if (v.kind == BodyKind::Clone)
                p->setOpacity(0.75);
            ts::editor::paintSpawn(p, lv, s, false, lod);
            p->restore();
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

void PlayOverlayItem::paintSensors(QPainter* p) const {
    const ts::DebugData& dbg = mSession->world().debug();
    // Four batches: final / swept placements, hit / miss.
    std::vector<QLineF> lines[2][2];
    for (const ts::SensorSegment& s : dbg.sensors)
        lines[s.swept ? 1 : 0][s.hit ? 1 : 0].emplace_back(mSession->toScene(s.a),
                                                           mSession->toScene(s.b));
    for (int swept = 1; swept >= 0; --swept) {
        for (int hit = 0; hit < 2; ++hit) {
            const auto& v = lines[swept][hit];
            if (v.empty())
                continue;
            QColor c = hit ? kSensorHit : kSensorMiss;
            if (swept)
                c.setAlpha(110);
            p->setPen(cosmeticPen(c, swept ? 1.0 : 2.0));
            p->drawLines(v.data(), int(v.size()));
        }
    }
}

void PlayOverlayItem::paintContacts(QPainter* p, const QRectF& exposed) const {
    const ts::World& w = mSession->world();
    std::vector<QLineF> ground, oneWay, ceiling, walls;
    for (const ts::BodyId id : w.bodies()) {
        const ts::Body* b = w.body(id);
        if (!b || b->contacts == 0)
            continue;
        const QRectF r = mSession->sceneRect(b->aabb);
        if (!r.intersects(exposed))
            continue;
        // Marks hug the edges, inset so neighbouring marks stay apart.
        const qreal ix = r.width() * 0.2;
        const qreal iy = r.height() * 0.2;
        if (b->has(ts::OnGround))
            (b->has(ts::OnOneWayPlatform) ? oneWay : ground)
                .emplace_back(r.left() + ix, r.bottom(), r.right() - ix, r.bottom());
        if (b->has(ts::AtCeiling))
            ceiling.emplace_back(r.left() + ix, r.top(), r.right() - ix, r.top());
        if (b->has(ts::PushesLeftWall))
            walls.emplace_back(r.left(), r.top() + iy, r.left(), r.bottom() - iy);
        if (b->has(ts::PushesRightWall))
            walls.emplace_back(r.right(), r.top() + iy, r.right(), r.bottom() - iy);
    }
    const std::pair<const std::vector<QLineF>*, QColor> sets[] = {{&ground, kGroundMark},
                                                                  {&oneWay, kOneWayMark},
                                                                  {&ceiling, kCeilingMark},
                                                                  {&walls, kWallMark}};
    for (const auto& [v, c] : sets) {
        if (v->empty())
            continue;
        p->setPen(cosmeticPen(c, 3.0));
        p->drawLines(v->data(), int(v->size()));
    }
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
        const ts::Body* b = w.body(id);
        if (!b)
            return;
        const QPointF from = xf.map(mSession->toScene(b->aabb.center));
        const QPointF to = xf.map(mSession->toScene(b->aabb.center + overlap));
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
