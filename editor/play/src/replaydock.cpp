#include "replaydock.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>

namespace ts::play {

namespace {

/// The timeline slider with a green mark at each step where the replay reaches a goal
/// and a red one, with a notch on top, at its first desync.
class GoalSlider : public QSlider {
public:
    using QSlider::QSlider;
    void setMarks(const QList<quint64>& marks) {
        mMarks = marks;
        update();
    }
    void setDesync(std::optional<quint64> step) {
        mDesync = step;
        update();
    }

protected:
    void paintEvent(QPaintEvent* event) override {
        QSlider::paintEvent(event);
        if ((mMarks.isEmpty() && !mDesync) || maximum() <= minimum())
            return;
        QStyleOptionSlider opt;
        initStyleOption(&opt);
        const QRect groove =
            style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderGroove, this);
        const QRect handle =
            style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, this);
        const auto xOf = [&](quint64 step) {
            const int value = int(std::min<quint64>(step, quint64(maximum())));
            return groove.x() + handle.width() / 2 +
                   QStyle::sliderPositionFromValue(minimum(), maximum(), value,
                                                   groove.width() - handle.width());
        };
        QPainter p(this);
        p.setPen(QPen(QColor(46, 125, 50), 3));
        for (quint64 step : mMarks)
            p.drawLine(xOf(step), rect().top() + 1, xOf(step), rect().bottom() - 1);
        if (mDesync) {
            const int x = xOf(*mDesync);
            const QColor red(198, 40, 40);
            p.setPen(QPen(red, 3));
            p.drawLine(x, rect().top() + 1, x, rect().bottom() - 1);
            p.setPen(Qt::NoPen);
            p.setBrush(red);
            p.drawPolygon(QPolygon({QPoint(x - 5, rect().top()), QPoint(x + 5, rect().top()),
                                    QPoint(x, rect().top() + 6)}));
        }
    }

private:
    QList<quint64> mMarks;
    std::optional<quint64> mDesync;
};

} // namespace

ReplayDock::ReplayDock(QWidget* parent) : QDockWidget(tr("Replays"), parent) {
    setObjectName(QStringLiteral("replayDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);

    mList = new QListWidget(body);
    mList->setObjectName(QStringLiteral("replaySessions"));
    mList->setToolTip(tr("Play sessions of this level, newest first (every session is recorded)"));
    // The dock is narrow: long lines (the empty list's hint) wrap instead of
    // hiding behind a horizontal scroll bar.
    mList->setWordWrap(true);
    mList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    mList->setResizeMode(QListView::Adjust);
    mList->setSelectionMode(QAbstractItemView::ExtendedSelection);
    layout->addWidget(mList, 1);
    // Managing the kept sessions: the list's context menu, Del while it has focus.
    mDeleteAction = new QAction(tr("&Delete..."), mList);
    mDeleteAction->setObjectName(QStringLiteral("deleteSessions"));
    mDeleteAction->setShortcut(QKeySequence::Delete);
    mDeleteAction->setShortcutContext(Qt::WidgetShortcut);
    mDeleteAction->setToolTip(tr("Delete the selected sessions (the replay files you saved stay)"));
    mDeleteAllAction = new QAction(tr("Delete All &Kept Sessions..."), mList);
    mDeleteAllAction->setObjectName(QStringLiteral("deleteAllSessions"));
    mDeleteAllAction->setToolTip(tr("Delete every session the editor recorded for this level"));
    auto* separator = new QAction(mList);
    separator->setSeparator(true);
    mShowFolderAction = new QAction(tr("Show Sessions &Folder"), mList);
    mShowFolderAction->setObjectName(QStringLiteral("showSessionsFolder"));
    mShowFolderAction->setToolTip(tr("Open the folder of this level's kept sessions"));
    mList->addActions({mDeleteAction, mDeleteAllAction, separator, mShowFolderAction});
    mList->setContextMenuPolicy(Qt::ActionsContextMenu);
    mList->installEventFilter(this);

    auto* buttons = new QHBoxLayout;
    mWatch = new QPushButton(tr("W&atch"), body);
    mWatch->setToolTip(tr("Replay the selected session on the level as it is now"));
    mSave = new QPushButton(tr("&Save Replay As..."), body);
    mOpen = new QPushButton(tr("&Open..."), body);
    buttons->addWidget(mWatch);
    buttons->addWidget(mSave);
    buttons->addWidget(mOpen);
    // The same menu as the list's context menu, reachable while the list is empty.
    mManage = new QToolButton(body);
    mManage->setObjectName(QStringLiteral("manageSessions"));
    mManage->setText(QStringLiteral("\u2026"));
    mManage->setToolTip(tr("Delete sessions, show the sessions folder"));
    mManage->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(mManage);
    menu->addActions(mList->actions());
    mManage->setMenu(menu);
    mManage->installEventFilter(this);
    buttons->addWidget(mManage);
    layout->addLayout(buttons);
    mGhost = new QCheckBox(tr("Show the selected replay's &ghost while playing"), body);
    mGhost->setToolTip(tr("The recorded player runs beside you as a dashed box; select "
                          "another session to race that one instead"));
    layout->addWidget(mGhost);

    mTimeline = new QWidget(body);
    auto* tl = new QVBoxLayout(mTimeline);
    tl->setContentsMargins(0, 0, 0, 0);
    auto* transport = new QHBoxLayout;
    auto tool = [&](QStyle::StandardPixmap icon, const QString& tip) {
        auto* b = new QToolButton(mTimeline);
        b->setIcon(style()->standardIcon(icon));
        b->setToolTip(tip);
        transport->addWidget(b);
        return b;
    };
    mBack = tool(QStyle::SP_MediaSeekBackward, tr("One step back"));
    mPlay = tool(QStyle::SP_MediaPlay, tr("Play / pause the replay"));
    mForward = tool(QStyle::SP_MediaSeekForward, tr("One step forward"));
    transport->addStretch(1);
    mSpeed = new QComboBox(mTimeline);
    for (double s : {0.25, 0.5, 1.0, 2.0, 4.0})
        mSpeed->addItem(QStringLiteral("%1\u00d7").arg(s), s);
    mSpeed->setCurrentIndex(2);
    mSpeed->setToolTip(tr("Replay speed"));
    transport->addWidget(mSpeed);
    tl->addLayout(transport);
    mSlider = new GoalSlider(Qt::Horizontal, mTimeline);
    mSlider->setObjectName(QStringLiteral("replaySlider"));
    mSlider->setToolTip(tr("The replay's steps: green marks where it reaches a goal, a red one "
                           "where it first desyncs"));
    tl->addWidget(mSlider);
    // The step readout has a line of its own under the slider: beside the buttons it
    // would make the row wider than the dock (a long session's digits more so), and
    // the dock would widen, pushing the level aside, when Watch is pressed.
    mStepLabel = new QLabel(mTimeline);
    tl->addWidget(mStepLabel);
    mGoalsLabel = new QLabel(mTimeline);
    mGoalsLabel->setObjectName(QStringLiteral("replayGoals"));
    mGoalsLabel->setToolTip(tr("Goals this replay reaches (the green marks on the slider); "
                               "click one to go to its step"));
    mGoalsLabel->setTextFormat(Qt::RichText);
    mGoalsLabel->setVisible(false);
    tl->addWidget(mGoalsLabel);
    auto* end = new QHBoxLayout;
    mTakeOver = new QPushButton(tr("P&lay from Here"), mTimeline);
    mTakeOver->setToolTip(tr("Continue live from this step (the new session keeps the replay's "
                             "steps before it)"));
    mClose = new QPushButton(tr("&Close"), mTimeline);
    end->addWidget(mTakeOver);
    end->addWidget(mClose);
    tl->addLayout(end);
    layout->addWidget(mTimeline);
    mTimeline->setVisible(false);

    mBusy = new QLabel(body);
    mBusy->setObjectName(QStringLiteral("replayFileBusy"));
    mBusy->setVisible(false);
    layout->addWidget(mBusy);
    mStatus = new QLabel(body);
    mStatus->setWordWrap(true);
    mStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(mStatus);
    setWidget(body);

    connect(mWatch, &QPushButton::clicked, this, [this] { emit watchRequested(currentSession()); });
    connect(mList, &QListWidget::itemDoubleClicked, this,
            [this] { emit watchRequested(currentSession()); });
    connect(mSave, &QPushButton::clicked, this, [this] { emit saveRequested(currentSession()); });
    connect(mOpen, &QPushButton::clicked, this, &ReplayDock::openRequested);
    connect(mGhost, &QCheckBox::toggled, this, [this](bool on) {
        updateButtons();
        emit ghostToggled(on);
    });
    connect(mSlider, &QSlider::valueChanged, this, [this](int v) {
        if (!mUpdating)
            emit seekRequested(quint64(v));
    });
    connect(mGoalsLabel, &QLabel::linkActivated, this,
            [this](const QString& step) { emit seekRequested(step.toULongLong()); });
    connect(mPlay, &QToolButton::clicked, this, &ReplayDock::playToggled);
    connect(mBack, &QToolButton::clicked, this, [this] { emit stepRequested(-1); });
    connect(mForward, &QToolButton::clicked, this, [this] { emit stepRequested(+1); });
    connect(mSpeed, &QComboBox::currentIndexChanged, this, [this] { emit speedChanged(speed()); });
    connect(mTakeOver, &QPushButton::clicked, this, &ReplayDock::takeOverRequested);
    connect(mClose, &QPushButton::clicked, this, &ReplayDock::closeRequested);
    connect(mList, &QListWidget::currentRowChanged, this, &ReplayDock::updateButtons);
    connect(mList, &QListWidget::itemSelectionChanged, this, &ReplayDock::selectionChanged);
    // Chosen by the user (or setCurrentSession()): setSessions() keeps it on its session.
    const auto chosen = [this] {
        if (!mFilling)
            mFollowNewest = false;
    };
    connect(mList->selectionModel(), &QItemSelectionModel::currentChanged, this, chosen);
    connect(mList->selectionModel(), &QItemSelectionModel::selectionChanged, this, chosen);
    connect(mList, &QListWidget::itemPressed, this, chosen);
    connect(mDeleteAction, &QAction::triggered, this, [this] {
        if (const QList<int> rows = selectedSessions(); !rows.isEmpty())
            emit deleteRequested(rows);
    });
    connect(mDeleteAllAction, &QAction::triggered, this, &ReplayDock::deleteAllRequested);
    connect(mShowFolderAction, &QAction::triggered, this, &ReplayDock::showFolderRequested);
    setSessions({}, {});
}

void ReplayDock::setSessions(const QStringList& lines, const QList<quint64>& ids, bool reading) {
    // The sessions chosen, by id: their rows may have moved (a newer one listed above,
    // the kept ones read in among them) or gone.
    const auto idOf = [](const QListWidgetItem* item) {
        return item ? item->data(Qt::UserRole).toULongLong() : 0;
    };
    const bool listed = mList->isEnabled();
    const quint64 current = listed ? idOf(mList->currentItem()) : 0;
    QList<quint64> selected;
    if (listed) {
        for (const QListWidgetItem* item : mList->selectedItems())
            selected << idOf(item);
    }
    mFilling = true;
    {
        const QSignalBlocker block(mList); // one selectionChanged() below, for the new list
        mList->clear();
        for (qsizetype i = 0; i < lines.size(); ++i) {
            auto* item = new QListWidgetItem(lines[i], mList);
            item->setData(Qt::UserRole, i < ids.size() ? ids[i] : 0);
        }
        if (reading) {
            auto* note = new QListWidgetItem(tr("(reading kept sessions...)"), mList);
            note->setFlags(Qt::NoItemFlags); // greyed, never selected: no session of its own
        } else if (lines.isEmpty()) {
            mList->addItem(tr("(no sessions yet: press F5 to play; every session is recorded)"));
        }
        mList->setEnabled(!lines.isEmpty());
        if (lines.isEmpty())
            mFollowNewest = true;
        if (mFollowNewest) {
            if (!lines.isEmpty())
                mList->setCurrentRow(0);
        } else {
            QModelIndex currentIndex;
            for (int row = 0; row < lines.size(); ++row) {
                QListWidgetItem* item = mList->item(row);
                if (current != 0 && idOf(item) == current)
                    currentIndex = mList->model()->index(row, 0);
                if (selected.contains(idOf(item)))
                    item->setSelected(true);
            }
            mList->selectionModel()->setCurrentIndex(currentIndex, QItemSelectionModel::NoUpdate);
        }
    }
    mFilling = false;
    updateButtons();
    emit selectionChanged();
}

void ReplayDock::updateButtons() {
    const bool busy = !mBusy->text().isEmpty();
    mWatch->setEnabled(currentSession() >= 0);
    mSave->setEnabled(currentSession() >= 0 && !busy);
    mOpen->setEnabled(!busy);
    // A ticked box stays enabled: unticking needs no session.
    mGhost->setEnabled(currentSession() >= 0 || mGhost->isChecked());
}

void ReplayDock::setGhostShown(bool shown) {
    {
        const QSignalBlocker block(mGhost);
        mGhost->setChecked(shown);
    }
    updateButtons();
}

void ReplayDock::setFileBusy(const QString& text) {
    mBusy->setText(text);
    mBusy->setVisible(!text.isEmpty());
    updateButtons();
}

bool ReplayDock::eventFilter(QObject* watched, QEvent* event) {
    // The list and its "..." menu button (whose menu holds the same Delete): Del there
    // deletes the selected sessions.
    if ((watched == mList || watched == mManage) &&
        (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) &&
        static_cast<QKeyEvent*>(event)->matches(QKeySequence::Delete)) {
        // Overriding the shortcut: the window's Del (delete the map's selection) would
        // otherwise be an ambiguous match with the list's and neither would run.
        event->accept();
        if (event->type() == QEvent::KeyPress && mDeleteAction->isEnabled())
            mDeleteAction->trigger();
        return true;
    }
    return QDockWidget::eventFilter(watched, event);
}

int ReplayDock::currentSession() const {
    return mList->isEnabled() ? mList->currentRow() : -1;
}

QList<int> ReplayDock::selectedSessions() const {
    QList<int> rows;
    if (!mList->isEnabled())
        return rows; // the "(no sessions yet ...)" hint
    for (const QModelIndex& index : mList->selectionModel()->selectedRows())
        rows << index.row();
    std::sort(rows.begin(), rows.end());
    return rows;
}

void ReplayDock::setCurrentSession(int row) {
    mFollowNewest = false; // chosen, even when it is the current row already
    mList->setCurrentRow(row);
}

QString ReplayDock::clockText(quint64 steps, double dt) {
    if (!(dt > 0.0) || !std::isfinite(dt))
        dt = 1.0 / 60.0;
    const quint64 s = quint64(std::floor(double(steps) * dt + 1e-9)); // whole seconds
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

void ReplayDock::setTimeline(quint64 length, double dt) {
    mLength = length;
    mDt = dt;
    mTimeline->setVisible(length > 0);
    mUpdating = true;
    mSlider->setRange(0, int(std::min<quint64>(length, quint64(INT_MAX))));
    mUpdating = false;
    setGoals({}, {});
    setDesyncStep(std::nullopt);
    // The label is as wide as its widest text from the start (the length's digits,
    // all 8s, the widest digit in proportional fonts), so the dock does not widen
    // and push the view aside as the step count gains digits during playback.
    QString widest = stepText(length, length);
    for (QChar& c : widest)
        if (c.isDigit())
            c = QLatin1Char('8');
    mStepLabel->setMinimumWidth(mStepLabel->fontMetrics().horizontalAdvance(widest));
    setStep(0);
}

QString ReplayDock::stepText(quint64 step, quint64 length) const {
    return tr("step %1 / %2  (%3 / %4)")
        .arg(step)
        .arg(length)
        .arg(clockText(step, mDt), clockText(length, mDt));
}

void ReplayDock::setGoals(const QList<quint64>& steps, const QStringList& lines) {
    mGoalSteps = steps;
    mGoalLines = lines;
    static_cast<GoalSlider*>(mSlider)->setMarks(steps);
    mGoalsLabel->setVisible(!steps.isEmpty());
    setStep(mStep);
}

void ReplayDock::setDesyncStep(std::optional<quint64> step) {
    mDesyncStep = step;
    static_cast<GoalSlider*>(mSlider)->setDesync(step);
}

void ReplayDock::setStep(quint64 step) {
    mStep = step;
    QStringList goals;
    for (qsizetype i = 0; i < mGoalSteps.size() && i < mGoalLines.size(); ++i) {
        const QString link = QStringLiteral("<a href=\"%1\">%2</a>")
                                 .arg(mGoalSteps[i])
                                 .arg(mGoalLines[i].toHtmlEscaped());
        goals << (step >= mGoalSteps[i] ? QStringLiteral("<b>\u2714 %1</b>").arg(link) : link);
    }
    mGoalsLabel->setText(goals.join(QStringLiteral("<br>")));
    mUpdating = true;
    mSlider->setValue(int(step));
    mUpdating = false;
    mStepLabel->setText(stepText(step, mLength));
}

void ReplayDock::setPlaying(bool playing) {
    mPlay->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

void ReplayDock::setStatus(const QString& text, bool problem) {
    mStatus->setText(text);
    mStatus->setStyleSheet(problem ? QStringLiteral("color: #c62828; font-weight: bold")
                                   : QString());
}

double ReplayDock::speed() const {
    return mSpeed->currentData().toDouble();
}

} // namespace ts::play
