// Draws computed jump arcs (tilesmith/leveledit/jumparc.h) in the scene: one
// polyline per arc from where the player stands, the player's box where each
// arc lands. Holds scene geometry only; the arcs are computed by the tool.
#pragma once

#include "tilesmith/leveledit/jumparc.h"

#include <QGraphicsObject>
#include <QPolygonF>
#include <QRectF>
#include <QVector>

namespace ts::editor {

class JumpArcItem : public QGraphicsObject {
    Q_OBJECT
public:
    enum { Type = UserType + 41 };

    struct SceneArc {
        ts::leveledit::ArcKind kind = ts::leveledit::ArcKind::FullJump;
        int direction = 1;
        QPolygonF path; ///< the player's bottom centre, scene coordinates, from the start
        QRectF endBox;  ///< the player's box after the last step
        bool landed = false;
        bool sameAsFull = false; ///< a short jump identical to the full one (drawn once)
    };

    JumpArcItem();

    /// Shows `arcs` of a level whose map is `mapHeightPx` pixels high (scene y =
    /// mapHeightPx - world y). An arc set that is not ok clears the item.
    void setArcs(const ts::leveledit::JumpArcSet& arcs, double mapHeightPx);
    void clear();

    const QVector<SceneArc>& sceneArcs() const { return mArcs; }
    /// The player's box where it stands before the arcs (null when empty).
    QRectF startBox() const { return mStartBox; }
    bool isEmpty() const { return mArcs.isEmpty() && mStartBox.isNull(); }

    static QColor colour(ts::leveledit::ArcKind kind);

    int type() const override { return Type; }
    QRectF boundingRect() const override { return mBounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    QVector<SceneArc> mArcs;
    QPolygonF mSettle; ///< the fall from the start tile to the ground, if any
    QRectF mStartBox;
    QRectF mBounds;
};

} // namespace ts::editor
