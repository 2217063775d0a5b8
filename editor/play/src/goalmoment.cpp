#include "goalmoment.h"

#include "tilesmith/play/overlaystyle.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playsession.h"
#include "tilesmith/render/levelrenderer.h"

#include <QAction>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QMenu>
#include <QPainter>
#include <QSettings>

#include <algorithm>
#include <cmath>

namespace ts::play {

namespace {
const QString kPauseKey = QStringLiteral("play/pauseAtGoal");
constexpr qreal kRingGrowth = 24; ///< scene px the ring spreads by over the moment
} // namespace

double goalMomentStrength(const ts::level::GoalEvent& e, std::uint64_t step, double dt) {
    if (step < e.step || !(dt > 0))
        return 0;
    const double seconds = double(step - e.step) * dt;
    return std::clamp(1.0 - seconds / kGoalMomentSeconds, 0.0, 1.0);
}

// --- the item ------------------------------------------------------------------------

QColor GoalMomentItem::colour() {
    return style::kGoalMoment;
}

GoalMomentItem::GoalMomentItem() {
    setZValue(1e6 - 0.25); // over the level and a route, under play mode's bodies
    setAcceptedMouseButtons(Qt::NoButton);
}

void GoalMomentItem::setMarks(QVector<Mark> marks) {
    prepareGeometryChange();
    mMarks = std::move(marks);
    QRectF r;
    for (Mark& m : mMarks) {
        const qreal grow = 2 + kRingGrowth * (1.0 - m.strength);
        m.ring = m.glyph.adjusted(-grow, -grow, grow, grow);
        m.fill = colour();
        m.fill.setAlphaF(float(0.85 * m.strength));
        m.pen = colour();
        m.pen.setAlphaF(float(m.strength));
        r = r.united(m.ring);
    }
    mBounds = r.adjusted(-4, -4, 4, 4);
    update();
}

QRectF GoalMomentItem::boundingRect() const {
    return mBounds;
}

void GoalMomentItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) {
    p->setRenderHint(QPainter::Antialiasing);
    for (const Mark& m : mMarks) {
        p->setPen(Qt::NoPen);
        p->setBrush(m.fill);
        p->drawRoundedRect(m.glyph, 3, 3);
        QPen ring(m.pen, 4);
        ring.setCosmetic(true);
        p->setPen(ring);
        p->setBrush(Qt::NoBrush);
        p->drawEllipse(m.ring);
    }
}

// --- the controller's part -------------------------------------------------------------

GoalMoment::GoalMoment(PlayController* play) : QObject(play), mPlay(play) {
    setObjectName(QStringLiteral("goalMoment"));
    mPauseAction = new QAction(tr("Pause at &Goal"), this);
    mPauseAction->setObjectName(QStringLiteral("actionPauseAtGoal"));
    mPauseAction->setCheckable(true);
    mPauseAction->setChecked(QSettings().value(kPauseKey, false).toBool());
    mPauseAction->setToolTip(tr("Pause play when the player reaches a goal (F5 plays on)"));
    mPauseAction->setStatusTip(mPauseAction->toolTip());
    connect(mPauseAction, &QAction::toggled, this, [this](bool on) {
        if (mPlay->persistsOverlays())
            QSettings().setValue(kPauseKey, on);
    });
    if (const QList<QMenu*> menus = play->menus(); !menus.isEmpty())
        menus.first()->addAction(mPauseAction);
    connect(play, &PlayController::refreshed, this, &GoalMoment::update);
    connect(play, &PlayController::goalReached, this, &GoalMoment::onGoalReached);
    connect(play, &PlayController::stateChanged, this, [this](PlayController::State s) {
        if (s == PlayController::State::Editing)
            removeItem();
    });
}

GoalMoment::~GoalMoment() {
    removeItem();
}

void GoalMoment::onGoalReached(int goalId) {
    // Live play only: a replay watched, a route shown or a step taken is paused already.
    if (!mPauseAction->isChecked() || mPlay->state() != PlayController::State::Playing)
        return;
    mPlay->pause();
    emit mPlay->statusMessage(
        tr("Paused at goal %1 (Play > Pause at Goal); %2 plays on.")
            .arg(goalId)
            .arg(mPlay->playAction()->shortcut().toString(QKeySequence::NativeText)),
        10000);
}

void GoalMoment::update() {
    const PlaySession* session = mPlay->session();
    QVector<GoalMomentItem::Mark> marks;
    if (session) {
        const double dt = session->settings().dt;
        for (const ts::level::GoalEvent& e : session->goalEvents()) {
            const double s = goalMomentStrength(e, session->steps(), dt);
            const ts::level::Spawn* goal = session->level().findSpawn(e.goalId);
            if (s > 0 && goal)
                marks.push_back(
                    {e.goalId, render::spawnRect(session->level(), *goal), s, {}, {}, {}});
        }
    }
    if (mItem && !mScene)
        mItem = nullptr; // went with its scene
    if (marks.isEmpty() && (!mItem || mItem->marks().isEmpty()))
        return;
    if (!mItem) {
        QGraphicsView* view = mPlay->view();
        if (!view || !view->scene())
            return;
        mScene = view->scene();
        mItem = new GoalMomentItem;
        mScene->addItem(mItem);
    }
    mItem->setMarks(std::move(marks));
}

void GoalMoment::removeItem() {
    if (!mItem)
        return;
    if (mScene) {
        mScene->removeItem(mItem);
        delete mItem;
    }
    mItem = nullptr;
    mScene = nullptr;
}

} // namespace ts::play
