// The moment a goal is reached, in play mode and in a replay at that step: the goal's
// glyph lights up gold with a ring spreading from it, and the HUD's goal line with it,
// fading out over kGoalMomentSeconds of game time. Driven by the session's steps (never
// by wall time), so a paused session holds the moment and a replay seeked there shows it.
// Play > Pause at Goal pauses live play on reaching a goal (remembered in the settings).
#pragma once

#include "tilesmith/level/goals.h"

#include <QGraphicsItem>
#include <QObject>
#include <QPointer>
#include <QRectF>
#include <QVector>

#include <cstdint>

class QAction;
class QGraphicsScene;

namespace ts::play {

class PlayController;

/// How long the moment lasts, in seconds of game time.
constexpr double kGoalMomentSeconds = 1.0;

/// How strongly the moment of `e` shows after step `step` of a run stepping `dt` seconds:
/// 1 at the step the goal was reached, fading to 0 kGoalMomentSeconds later (0 before).
double goalMomentStrength(const ts::level::GoalEvent& e, std::uint64_t step, double dt);

/// The goals lit up, drawn over their glyphs (scene coordinates, precomputed).
class GoalMomentItem : public QGraphicsItem {
public:
    struct Mark {
        int goalId = 0;
        QRectF glyph;     ///< the goal's spawn rect
        double strength;  ///< goalMomentStrength()
        QRectF ring;      ///< the ring spreading from the glyph
        QColor fill, pen; ///< the glyph's tint and the ring's colour at that strength
    };
    static QColor colour();
    GoalMomentItem();
    void setMarks(QVector<Mark> marks);
    const QVector<Mark>& marks() const { return mMarks; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option,
               QWidget* widget = nullptr) override;

private:
    QVector<Mark> mMarks;
    QRectF mBounds;
};

class GoalMoment : public QObject {
    Q_OBJECT
public:
    /// A child of `play`: its Play menu gets Pause at Goal.
    explicit GoalMoment(PlayController* play);
    ~GoalMoment() override;

    /// Play > Pause at Goal (checkable).
    QAction* pauseAtGoalAction() const { return mPauseAction; }
    /// The goals lit up now (null item while none has been).
    GoalMomentItem* item() const { return mItem; }

private:
    void update();
    void removeItem();
    void onGoalReached(int goalId);

    PlayController* mPlay;
    QAction* mPauseAction = nullptr;
    GoalMomentItem* mItem = nullptr;
    QPointer<QGraphicsScene> mScene;
};

} // namespace ts::play
