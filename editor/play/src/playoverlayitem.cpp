#include "tilesmith/play/playoverlayitem.h"

#include "bodykind.h"
#include "tilesmith/play/overlaystyle.h"
#include "tilesmith/play/playsession.h"
#include "tilesmith/render/levelrenderer.h"

#include <QElapsedTimer>
#include <QFontMetrics>
#include <QGraphicsScene>
#include <QLineF>
#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>

#include <cmath>
#include <vector>

namespace ts::play {

namespace {

namespace st = ts::play::style;

QColor colorOf(BodyKind k) {
    switch (k) {
    case BodyKind::Player:
        return st::kPlayer;
    case BodyKind::Clone:
        return st::kClone;
    case BodyKind::Npc:
        return st::kNpc;
    case BodyKind::Box:
        return st::kBox;
    case BodyKind::Ball:
        return st::kBall;
    }
    return st::kBox;
}

} // namespace

PlayOverlayItem::PlayOverlayItem(PlaySession* session) {
    setZValue(kZ);
    setFlag(ItemUsesExtendedStyleOption, true);
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
    setSession(session);
}

PlayOverlayItem::~PlayOverlayItem() {
    if (mCells) {
        mCells->mOwner = nullptr;
        delete mCells; // leaves its scene
    }
    if (mBodies) {
        mBodies->mOwner = nullptr;
        delete mBodies;
    }
}

QVariant PlayOverlayItem::itemChange(GraphicsItemChange change, const QVariant& value) {
    if (change == ItemSceneHasChanged) {
        QGraphicsScene* s = scene();
        if (s && !mCells)
            mCells = new PlayCellsItem(this);
        if (s && !mBodies)
            mBodies = new PlayBodiesItem(this);
        for (QGraphicsItem* part :
             {static_cast<QGraphicsItem*>(mCells), static_cast<QGraphicsItem*>(mBodies)}) {
            if (!part || part->scene() == s)
                continue;
            if (part->scene())
                part->scene()->removeItem(part);
            if (s)
                s->addItem(part);
        }
    }
    return QGraphicsItem::itemChange(change, value);
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
    if (mCells) {
        mCells->prepareGeometryChange();
        mCells->update();
    }
    if (mBodies) {
        mBodies->prepareGeometryChange();
        mBodies->update();
    }
}

void PlayOverlayItem::setOverlays(unsigned overlays) {
    if (overlays == mOverlays)
        return;
    mOverlays = overlays;
    update();
    if (mCells)
        mCells->update();
}

void PlayOverlayItem::setBodiesVisible(bool on) {
    mBodiesVisible = on;
    update();
    if (mBodies)
        mBodies->update();
}

PlayBodiesItem::PlayBodiesItem(PlayOverlayItem* owner) : mOwner(owner) {
    setZValue(kZ);
    setFlag(ItemUsesExtendedStyleOption, true);
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
}

PlayBodiesItem::~PlayBodiesItem() {
    if (mOwner)
        mOwner->mBodies = nullptr;
}

QRectF PlayBodiesItem::boundingRect() const {
    return mOwner ? mOwner->boundingRect() : QRectF();
}

void PlayBodiesItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    if (!mOwner || !mOwner->mSession || !mOwner->mBodiesVisible)
        return;
    const QRectF exposed = option->exposedRect.isEmpty() ? boundingRect() : option->exposedRect;
    painter->save();
    painter->setClipRect(exposed);
    painter->setRenderHint(QPainter::Antialiasing, false);
    mOwner->paintBodies(
        painter, exposed,
        QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform()));
    painter->restore();
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
    painter->save();
    painter->setClipRect(exposed);
    painter->setRenderHint(QPainter::Antialiasing, false);

    const bool debug = mSession->world().debugEnabled();
    if ((mOverlays & OverlaySensors) && debug)
        paintSensors(painter);
    if (mOverlays & OverlayContacts)
        paintContacts(painter, exposed);
    if ((mOverlays & OverlayOverlaps) && debug)
        paintOverlaps(painter);
    if ((mOverlays & OverlayCells) && debug)
        paintCellCounts(painter, exposed);

    painter->restore();
    mSession->notePaint(double(timer.nsecsElapsed()) / 1e6);
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
        const QRectF r = mSession->sceneRect(mSession->drawnAabb(id));
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
        // Cached glyphs are blitted after the loop, in device pixels, in one
        // painter state.
        struct Blit {
            QPointF at;
            QImage image;
            qreal opacity;
        };
        std::vector<Blit> blits;
        blits.reserve(visible.size());
        for (const Visible& v : visible) {
            ts::level::Spawn s;
            s.kind = spawnKindOf(v.kind);
            s.width = float(v.rect.width());
            s.height = float(v.rect.height());
            s.radius = float(v.rect.width() / 2);
            const QRectF home = render::spawnRect(lv, s); // the glyph at tile (0, 0)
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
                render::paintSpawn(gp, lv, s, false, lod);
            };
            const qreal opacity =
                v.translucent ? st::kCollidingOpacity : (v.kind == BodyKind::Clone ? 0.75 : 1.0);
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
                blits.push_back({QPointF(std::round(at.x()), std::round(at.y())), *it, opacity});
            } else {
                p->save();
                p->translate(v.rect.center() - home.center());
                p->setClipRect(area, Qt::IntersectClip);
                p->setOpacity(opacity);
                paintGlyph(p);
                p->restore();
            }
        }
        if (!blits.empty()) {
            p->save();
            p->resetTransform();
            qreal opacity = 1.0;
            for (const Blit& b : blits) {
                if (b.opacity != opacity)
                    p->setOpacity(opacity = b.opacity);
                p->drawImage(b.at, b.image);
            }
            p->restore();
        }
        return;
    }

    // Many or tiny bodies: flat device-pixel rectangles (an edge-coloured box
    // with the fill inset by a pixel; translucent ones just the fill), batched
    // per colour, and balls stamped from one cached disc image per size. No
    // strokes: the stroker would cost more than everything else together.
    const QTransform xf = p->worldTransform();
    constexpr int kKinds = 5;
    std::vector<QRectF> outer[kKinds][2];
    std::vector<QRectF> inner[kKinds];
    std::vector<QPointF> ballAt[2];
    std::vector<int> ballSize[2];
    for (const Visible& v : visible) {
        const QRectF d = xf.mapRect(v.rect);
        if (v.kind == BodyKind::Ball) {
            ballAt[v.translucent].push_back(QPointF(std::round(d.left()), std::round(d.top())));
            ballSize[v.translucent].push_back(std::max(1, int(std::lround(d.width()))));
            continue;
        }
        const int k = int(v.kind);
        outer[k][v.translucent].push_back(d);
        if (!v.translucent && d.width() > 2.5 && d.height() > 2.5)
            inner[k].push_back(d.adjusted(1, 1, -1, -1));
    }
    p->save();
    p->resetTransform();
    p->setRenderHint(QPainter::Antialiasing, false);
    p->setPen(Qt::NoPen);
    for (int t = 0; t < 2; ++t) {
        for (int k = 0; k < kKinds; ++k) {
            if (outer[k][t].empty())
                continue;
            QColor fill = colorOf(BodyKind(k));
            if (t) {
                fill.setAlphaF(float(st::kCollidingOpacity));
                p->setBrush(fill);
                p->drawRects(outer[k][t].data(), int(outer[k][t].size()));
                continue;
            }
            p->setBrush(fill.darker(170));
            p->drawRects(outer[k][t].data(), int(outer[k][t].size()));
            p->setBrush(fill);
            p->drawRects(inner[k].data(), int(inner[k].size()));
        }
        for (std::size_t i = 0; i < ballAt[t].size(); ++i) {
            const int size = std::min(ballSize[t][i], 256);
            const quint64 key = (quint64(1) << 63) | (quint64(t) << 20) | quint64(size);
            auto it = mGlyphs.find(key);
            if (it == mGlyphs.end()) {
                QImage img(size, size, QImage::Format_ARGB32_Premultiplied);
                img.fill(Qt::transparent);
                QPainter bp(&img);
                bp.setRenderHint(QPainter::Antialiasing, true);
                QColor fill = st::kBall;
                if (t)
                    fill.setAlphaF(float(st::kCollidingOpacity));
                bp.setBrush(fill);
                bp.setPen(t || size < 4 ? QPen(Qt::NoPen) : QPen(fill.darker(170), 1.0));
                bp.drawEllipse(QRectF(0.5, 0.5, size - 1.0, size - 1.0));
                bp.end();
                it = mGlyphs.insert(key, img);
            }
            p->drawImage(ballAt[t][i], *it);
        }
    }
    p->restore();
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
            QColor c = hit ? st::kSensorHit : st::kSensorMiss;
            if (swept)
                c.setAlpha(st::kSweptAlpha);
            thickLines(p, lines[swept][hit], c, st::kLinePx);
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
        const QRectF sr = mSession->sceneRect(mSession->drawnAabb(id));
        if (!sr.intersects(exposed))
            continue;
        // Marks sit just outside the edge they touch (device pixels), inset so
        // neighbouring marks stay apart and the sensor lines stay visible.
        const QRectF r = xf.mapRect(sr);
        const qreal ix = r.width() * 0.2;
        const qreal iy = r.height() * 0.2;
        if (contacts & ts::OnGround)
            marks[(contacts & ts::OnOneWayPlatform) ? 1 : 0].emplace_back(
                r.left() + ix, r.bottom() + 1, r.width() - 2 * ix, t);
        if (contacts & ts::AtCeiling)
            marks[2].emplace_back(r.left() + ix, r.top() - 1 - t, r.width() - 2 * ix, t);
        if (contacts & ts::PushesLeftWall)
            marks[3].emplace_back(r.left() - 1 - t, r.top() + iy, t, r.height() - 2 * iy);
        if (contacts & ts::PushesRightWall)
            marks[3].emplace_back(r.right() + 1, r.top() + iy, t, r.height() - 2 * iy);
    }
    const QColor colors[4] = {st::kGroundMark, st::kOneWayMark, st::kCeilingMark, st::kWallMark};
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

std::vector<PlayOverlayItem::Arrow> PlayOverlayItem::overlapArrows() const {
    std::vector<Arrow> arrows;
    if (!mSession)
        return arrows;
    const ts::World& w = mSession->world();
    if (!w.debugEnabled())
        return arrows;
    for (const ts::PairDebug& pr : w.debug().pairs) {
        if (!(pr.penetration > 0) || (pr.normal.x == 0 && pr.normal.y == 0))
            continue; // the boxes overlap, the shapes do not
        if (!pr.collides)
            continue; // the bodies pass through each other: nothing pushes them apart
        // B leaves A along the normal, A leaves B the other way: draw the one
        // pointing up (or right), so a resting stack reads as pushes upwards.
        ts::Vec2 dir = pr.normal;
        if (dir.y < 0 || (dir.y == 0 && dir.x < 0))
            dir = -dir;
        arrows.push_back({mSession->toScene(pr.point),
                          mSession->toScene(pr.point + dir * pr.penetration),
                          double(pr.penetration)});
    }
    return arrows;
}

void PlayOverlayItem::paintOverlaps(QPainter* p) const {
    const std::vector<Arrow> arrows = overlapArrows();
    if (arrows.empty())
        return;
    // Drawn in device pixels: the shaft at the true (zoomed) length, the head
    // and the contact dot at a fixed size, so tiny overlaps still show their
    // direction and big ones their length, at any zoom.
    const QTransform xf = p->worldTransform();
    // Axis-aligned shafts (every box pair's) are filled rectangles, a dark rim
    // under the magenta so they read on any tile; heads and dots are one path
    // each: a handful of rasteriser calls however many pairs there are.
    QPainterPath heads;
    QPainterPath dots;
    std::vector<QRectF> rims, cores;
    std::vector<QLineF> diagonal;
    struct Label {
        QPointF at;
        double depth;
    };
    std::vector<Label> labels;
    const bool label = arrows.size() <= 24;
    for (const Arrow& a : arrows) {
        const QPointF from = xf.map(a.from);
        QPointF to = xf.map(a.to);
        const QPointF d = to - from;
        const qreal len = std::hypot(d.x(), d.y());
        const qreal minLen = 7.0; // a head's length: shorter shafts are drawn this long
        if (len < 1e-9)
            continue;
        if (len < minLen)
            to = from + d * (minLen / len);
        const QPointF u = (to - from) / std::max(len, minLen);
        if (std::abs(u.y()) < 1e-9) {
            const qreal x0 = std::min(from.x(), to.x());
            const qreal x1 = std::max(from.x(), to.x());
            rims.emplace_back(QPointF(x0 - 1, from.y() - 2), QPointF(x1 + 1, from.y() + 2));
            cores.emplace_back(QPointF(x0, from.y() - 1), QPointF(x1, from.y() + 1));
        } else if (std::abs(u.x()) < 1e-9) {
            const qreal y0 = std::min(from.y(), to.y());
            const qreal y1 = std::max(from.y(), to.y());
            rims.emplace_back(QPointF(from.x() - 2, y0 - 1), QPointF(from.x() + 2, y1 + 1));
            cores.emplace_back(QPointF(from.x() - 1, y0), QPointF(from.x() + 1, y1));
        } else {
            diagonal.emplace_back(from, to);
        }
        const QPointF n(-u.y(), u.x());
        heads.moveTo(to);
        heads.lineTo(to - u * 7 + n * 4);
        heads.lineTo(to - u * 7 - n * 4);
        heads.closeSubpath();
        dots.addEllipse(from, 2.5, 2.5);
        if (label && a.depth >= 0.1) // a resting contact's hundredths are noise
            labels.push_back({to, a.depth});
    }
    const QColor dark(0, 0, 0, 150);
    p->save();
    p->resetTransform();
    p->setRenderHint(QPainter::Antialiasing, false);
    p->setPen(Qt::NoPen);
    p->setBrush(dark);
    p->drawRects(rims.data(), int(rims.size()));
    p->setBrush(st::kOverlap);
    p->drawRects(cores.data(), int(cores.size()));
    p->setRenderHint(QPainter::Antialiasing, true);
    if (!diagonal.empty()) {
        p->setPen(QPen(dark, 4.0, Qt::SolidLine, Qt::RoundCap));
        p->drawLines(diagonal.data(), int(diagonal.size()));
        p->setPen(QPen(st::kOverlap, 2.0, Qt::SolidLine, Qt::RoundCap));
        p->drawLines(diagonal.data(), int(diagonal.size()));
    }
    p->setPen(QPen(dark, 1.0));
    p->setBrush(st::kOverlap);
    p->drawPath(heads);
    p->drawPath(dots);
    if (!labels.empty()) {
        QFont f = p->font();
        f.setPixelSize(10);
        p->setFont(f);
        for (const Label& l : labels) {
            const QString text = QString::number(l.depth, 'f', l.depth < 10 ? 1 : 0);
            const QRectF box(l.at + QPointF(4, -14), QSizeF(40, 12));
            p->setPen(QColor(0, 0, 0, 170));
            p->drawText(box.translated(1, 1), Qt::AlignLeft | Qt::AlignVCenter, text);
            p->setPen(st::kOverlap);
            p->drawText(box, Qt::AlignLeft | Qt::AlignVCenter, text);
        }
    }
    p->restore();
}

} // namespace ts::play
