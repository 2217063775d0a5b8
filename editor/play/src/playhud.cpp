#include "tilesmith/play/playhud.h"

#include "goalmoment.h"
#include "tilesmith/play/playsession.h"

#include <QFontMetrics>
#include <QPainter>

namespace ts::play {

PlayHud::PlayHud(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    QFont f = font();
    f.setStyleHint(QFont::Monospace);
    f.setFamily(QStringLiteral("monospace"));
    f.setPixelSize(12);
    setFont(f);
}

void PlayHud::setSession(const PlaySession* session) {
    mSession = session;
    refresh();
}

QString PlayHud::stepLine(const PlayTimings& t, std::uint64_t stepsRun) const {
    // A frame faster than the physics runs no step: it says so, with the last step's time.
    if (stepsRun == 0)
        return QStringLiteral("step   none yet");
    if (mPaused)
        return QStringLiteral("step   paused (last %1 ms)").arg(t.lastStepMs, 0, 'f', 2);
    if (t.stepsLastFrame == 0)
        return QStringLiteral("step   %1 ms, none this frame").arg(t.lastStepMs, 0, 'f', 2);
    return QStringLiteral("step   %1 ms, %2 this frame")
        .arg(t.stepMs / t.stepsLastFrame, 0, 'f', 2)
        .arg(t.stepsLastFrame == 1 ? QStringLiteral("1 step")
                                   : QStringLiteral("%1 steps").arg(t.stepsLastFrame));
}

void PlayHud::refresh() {
    mLines.clear();
    mGoalHighlight = 0;
    if (mSession) {
        const PlayTimings& t = mSession->timings();
        const ts::World& w = mSession->world();
        const ts::StepStats& s = w.stats();
        if (mReplay)
            mLines << (mReplayPlaying
                           ? QStringLiteral("step   replay, playing at %1\u00d7").arg(mReplaySpeed)
                           : QStringLiteral("step   replay, paused"));
        else
            mLines << stepLine(t, w.stepCount());
        mLines << QStringLiteral("paint  %1 ms").arg(t.paintMs, 0, 'f', 2)
               << QStringLiteral("frame  %1 ms  %2 FPS  (last %3 ms)")
                      .arg(t.frameMs, 0, 'f', 1)
                      .arg(t.fps, 0, 'f', 0)
                      .arg(t.lastFrameMs, 0, 'f', 1)
               << QStringLiteral("objects %1  step #%2").arg(w.bodyCount()).arg(w.stepCount())
               << QStringLiteral("pairs  %1 tested, %2 found").arg(s.pairsTested).arg(s.pairsFound);
        if (!mSession->goalEvents().empty()) {
            const ts::level::GoalEvent& last = mSession->goalEvents().back();
            mLines << goalReachedText(last);
            mGoalHighlight = goalMomentStrength(last, mSession->steps(), mSession->settings().dt);
            mGoalFill = GoalMomentItem::colour();
            mGoalFill.setAlphaF(float(0.85 * mGoalHighlight));
        }
    }
    const QFontMetrics fm(font());
    int width = 0;
    for (const QString& l : mLines)
        width = std::max(width, fm.horizontalAdvance(l));
    const QSize want(width + 16, int(mLines.size()) * fm.height() + 10);
    if (want != size())
        resize(want);
    update();
}

void PlayHud::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(15, 20, 30, 190));
    p.drawRoundedRect(rect(), 5, 5);
    const QFontMetrics fm(font());
    int y = 5 + fm.ascent();
    for (qsizetype i = 0; i < mLines.size(); ++i) {
        // The goal's moment: the goal line (the last) on a gold band, dark on it.
        const bool lit = mGoalHighlight > 0 && i == mLines.size() - 1;
        if (lit)
            p.fillRect(QRect(4, y - fm.ascent() - 1, width() - 8, fm.height() + 2), mGoalFill);
        p.setPen(lit && mGoalHighlight > 0.4 ? QColor(20, 20, 28) : QColor(225, 235, 245));
        p.drawText(8, y, mLines[i]);
        y += fm.height();
    }
}

} // namespace ts::play
