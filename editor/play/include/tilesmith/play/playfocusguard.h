// Keeps the game keys with the player while play mode runs, whatever widget of
// the editor window last took the keyboard focus (the size slider, a settings
// field, a dock button): an application event filter, installed only while
// playing, that sends the play keys to the controller, gives the focus back to
// the view on Esc, and turns the first click on the map after a field held the
// keyboard into a plain focus change (nothing is painted while a value may still be
// being typed); after a slider or a button the click edits at once.
#pragma once

#include <QObject>
#include <QPointer>

#include <functional>

class QGraphicsView;
class QKeyEvent;
class QWidget;

namespace ts::play {

class PlayFocusGuard : public QObject {
    Q_OBJECT
public:
    /// `handleKey(event, press)` returns true when the key is a play key it used.
    using KeyHandler = std::function<bool(QKeyEvent*, bool)>;

    PlayFocusGuard(QGraphicsView* view, KeyHandler handleKey, QObject* parent = nullptr);
    ~PlayFocusGuard() override;

    /// Installs (true) or removes (false) the application event filter.
    void setActive(bool active);
    bool isActive() const { return mActive; }

    /// A play key (playKeyBindings(): A/D/W/S, the arrows, Space, Esc) without Ctrl/Alt/Meta.
    static bool isPlayKey(const QKeyEvent* event);
    /// True for widgets where letters are text (line edits other than a spin
    /// box's, text edits, editable combo boxes): the keys stay theirs.
    static bool takesText(const QWidget* widget);
    /// True for fields a value is typed into (takesText(), spin boxes and their
    /// editors): a click on the map after one only takes the keyboard back.
    static bool holdsTypedValue(const QWidget* widget);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The focus is on a field (holdsTypedValue()) of the view's window.
    bool focusOnFieldInWindow() const;
    /// `widget` is in the view's window, or in a dock floated off it.
    bool inViewsWindow(const QWidget* widget) const;

    QPointer<QGraphicsView> mView;
    KeyHandler mHandleKey;
    bool mActive = false;
    bool mFocusWasOnField = false; ///< the last focus change left a field of the window
    bool mSwallowPress = false;    ///< the coming press only brought the focus back
};

} // namespace ts::play
