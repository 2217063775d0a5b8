// The Problems dock: the reachability lint's findings (View > Reachability,
// ReachabilityOverlay::problems()) as a list to read and go through, as Tiled's
// Issues panel or an IDE's Problems view: one row per finding, errors first,
// with its message and where it is. Activating a row (double-click, Enter)
// centres the view on the finding's mark and selects its spawn (the Properties
// dock shows it); the keyboard focus stays in the list for the next one. While
// there is nothing to list a greyed line says why (the lint off, searching, no
// problems). From an edit to the next answer (ReachabilityOverlay::isBusy()) the
// rows are stale: greyed and disabled under a line saying the search runs, so
// activating one does nothing (its spawn may have moved or gone); the next answer
// lists the fresh findings. Activating a finding in play mode (which hides the
// tint) asks to return to editing first (editingRequested(): play stops, as Esc
// does), then goes there, as an IDE goes to an error while debugging. Clicking the
// status bar's reachability summary shows the dock with the keyboard in the list,
// on the finding chosen last (the first at first), ready for Enter and the arrows.
#pragma once

#include <QDockWidget>
#include <QPointer>

class QGraphicsView;
class QLabel;
class QListWidget;

namespace ts::editor {

class LevelScene;
class ReachabilityOverlay;

class ProblemsDock : public QDockWidget {
    Q_OBJECT
public:
    /// Lists `overlay`'s findings; activating one moves `view` over `scene`.
    ProblemsDock(ReachabilityOverlay* overlay, LevelScene* scene, QGraphicsView* view,
                 QWidget* parent = nullptr);

    QListWidget* list() const { return mList; }
    /// The greyed line shown instead of findings ("No problems", ...); empty
    /// while findings are listed.
    QString placeholderText() const { return mPlaceholder; }
    /// The rows are from before an edit and a new search runs: they are greyed
    /// and disabled, and staleText() shows above them.
    bool isStale() const { return mStale; }
    /// The greyed line above stale rows ("Searching… the findings below are from
    /// before the last edit"); empty while the rows are fresh.
    QString staleText() const;
    /// Goes to the finding of `row` (its index in the list): centres the view on
    /// it and selects its spawn. False for a row with no place on the map, and
    /// for a stale one. In play mode (the tint hidden) it emits editingRequested()
    /// first, and goes there if that brought the tint back.
    bool goToRow(int row);

signals:
    /// A finding was activated while the tint is hidden: whoever hid it (play mode)
    /// returns to editing now, so the view can go there.
    void editingRequested();

protected:
    /// A click on the status bar's summary shows the dock.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Fills the list from the overlay's current state.
    void refresh();
    void showPlaceholder(const QString& text);
    /// Greys and disables the rows while the overlay is busy, and back.
    void updateStale();
    /// Gives the list the keyboard, on its current finding (the first if none),
    /// when it lists findings.
    void focusList();

    QPointer<ReachabilityOverlay> mOverlay;
    QPointer<LevelScene> mScene;
    QPointer<QGraphicsView> mView;
    QListWidget* mList = nullptr;
    QLabel* mStaleLine = nullptr;
    QString mPlaceholder;
    bool mStale = false;
};

} // namespace ts::editor
