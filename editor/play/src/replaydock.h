// The Replays dock: the open level's recorded sessions (newest first, with length
// and date), Save Replay As..., Open Replay..., the ghost switch, and the timeline
// of the replay being watched (play, pause, step back and forward, scrub, speed,
// Play from Here) with its desync report and the goals the replay reaches (marks on the
// slider, red at the desync step, green at each goal's, one line per goal; a click seeks
// there). The list's context menu (and Del) deletes the selected sessions, deletes all
// kept ones, shows the sessions folder. Widgets only: ReplayController acts.
#pragma once

#include <QDockWidget>

#include <optional>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSlider;
class QToolButton;

namespace ts::play {

class ReplayDock : public QDockWidget {
    Q_OBJECT
public:
    explicit ReplayDock(QWidget* parent = nullptr);

    /// One line per session, newest first: "12:41:07  1:23 (4,980 steps)  name", and
    /// what identifies each (`ids`, one per line). Sessions the user chose (clicked,
    /// selected with the keys, setCurrentSession()) stay chosen wherever they are listed
    /// now; one gone is no longer selected, and with the current one gone there is none.
    /// Until the user chooses, the newest is the current one.
    /// `reading`: the level's kept sessions are still being read, a greyed last line
    /// says so (it cannot be selected; the rows above are the sessions').
    void setSessions(const QStringList& lines, const QList<quint64>& ids, bool reading = false);
    int currentSession() const;
    /// The selected rows, in order (several with Shift or Ctrl).
    QList<int> selectedSessions() const;
    void setCurrentSession(int row);

    /// Shows the timeline of a replay of `length` steps of `dt` seconds (0 hides it).
    void setTimeline(quint64 length, double dt = 1.0 / 60.0);
    /// "m:ss" of `steps` steps of `dt` seconds (the replay's recorded step).
    static QString clockText(quint64 steps, double dt);
    /// "step N / LENGTH  (M:SS / M:SS)", the transport row's readout.
    QString stepText(quint64 step, quint64 length) const;
    void setStep(quint64 step);
    void setPlaying(bool playing);
    void setStatus(const QString& text, bool problem);
    /// A replay file being read or written ("Opening NAME..."): said above the status
    /// line, and Open... and Save Replay As... wait (disabled) until it is done (empty).
    void setFileBusy(const QString& text);
    QLabel* busyLabel() const { return mBusy; }
    /// The goals the watched replay reaches: a mark on the slider at each step and a
    /// line each ("Goal 7 reached at step 160 (2.67 s)"), bold once the step shown is
    /// there. Empty hides them; setTimeline() clears them.
    void setGoals(const QList<quint64>& steps, const QStringList& lines);
    QList<quint64> goalSteps() const { return mGoalSteps; }
    /// The watched replay's first desync: a red mark on the slider (none: no mark);
    /// setTimeline() clears it.
    void setDesyncStep(std::optional<quint64> step);
    std::optional<quint64> desyncStep() const { return mDesyncStep; }
    double speed() const;

    QListWidget* sessionList() const { return mList; }
    QPushButton* watchButton() const { return mWatch; }
    QPushButton* saveButton() const { return mSave; }
    QPushButton* openButton() const { return mOpen; }
    /// "...": a menu with the list's context menu actions (also while the list is empty).
    QToolButton* manageButton() const { return mManage; }
    /// "Show the selected replay's ghost while playing": ticked while a session's ghost is
    /// shown, which is the selected session's (selecting another one moves the ghost
    /// there: ReplayController); it can be ticked only with a session selected
    /// (unticked, always).
    QCheckBox* ghostBox() const { return mGhost; }
    /// Ticks or unticks the ghost box without ghostToggled() (the controller's choice).
    void setGhostShown(bool shown);
    QSlider* slider() const { return mSlider; }
    QComboBox* speedBox() const { return mSpeed; }
    QToolButton* playButton() const { return mPlay; }
    QToolButton* backButton() const { return mBack; }
    QToolButton* forwardButton() const { return mForward; }
    QPushButton* takeOverButton() const { return mTakeOver; }
    QPushButton* closeButton() const { return mClose; }
    QLabel* statusLabel() const { return mStatus; }
    QLabel* stepLabel() const { return mStepLabel; }
    QLabel* goalsLabel() const { return mGoalsLabel; }
    /// The list's context menu: Delete (Del), Delete All Kept Sessions..., Show
    /// Sessions Folder. ReplayController enables them.
    QAction* deleteAction() const { return mDeleteAction; }
    QAction* deleteAllAction() const { return mDeleteAllAction; }
    QAction* showFolderAction() const { return mShowFolderAction; }

protected:
    /// Del in the list is the list's (Edit > Delete has Del too, for the map).
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void watchRequested(int session);
    void saveRequested(int session);
    void openRequested();
    void ghostToggled(bool on);
    void seekRequested(quint64 step);
    void playToggled();
    void stepRequested(int delta);
    void speedChanged(double speed);
    void takeOverRequested();
    void closeRequested();
    void deleteRequested(const QList<int>& sessions);
    void deleteAllRequested();
    void showFolderRequested();
    /// Another row is selected (or the list changed).
    void selectionChanged();

private:
    /// Watch, Save Replay As... and ticking the ghost need a session; Open... and Save
    /// wait for a file.
    void updateButtons();

    QListWidget* mList = nullptr;
    QPushButton* mWatch = nullptr;
    QPushButton* mSave = nullptr;
    QPushButton* mOpen = nullptr;
    QToolButton* mManage = nullptr;
    QCheckBox* mGhost = nullptr;
    QWidget* mTimeline = nullptr;
    QSlider* mSlider = nullptr;
    QLabel* mStepLabel = nullptr;
    QComboBox* mSpeed = nullptr;
    QToolButton* mPlay = nullptr;
    QToolButton* mBack = nullptr;
    QToolButton* mForward = nullptr;
    QPushButton* mTakeOver = nullptr;
    QPushButton* mClose = nullptr;
    QLabel* mStatus = nullptr;
    QLabel* mBusy = nullptr;
    QLabel* mGoalsLabel = nullptr;
    QAction* mDeleteAction = nullptr;
    QAction* mDeleteAllAction = nullptr;
    QAction* mShowFolderAction = nullptr;
    QList<quint64> mGoalSteps;
    QStringList mGoalLines;
    std::optional<quint64> mDesyncStep;
    quint64 mStep = 0;
    quint64 mLength = 0;
    double mDt = 1.0 / 60.0; ///< seconds per step of the replay shown
    bool mUpdating = false;
    bool mFilling = false;     ///< setSessions() is filling the list
    bool mFollowNewest = true; ///< the user chose no session: the newest is current
};

} // namespace ts::play
