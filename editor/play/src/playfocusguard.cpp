#include "tilesmith/play/playfocusguard.h"

#include "playkeys.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QGraphicsView>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QTextEdit>

#include <utility>

namespace ts::play {

PlayFocusGuard::PlayFocusGuard(QGraphicsView* view, KeyHandler handleKey, QObject* parent)
    : QObject(parent), mView(view), mHandleKey(std::move(handleKey)) {
}

PlayFocusGuard::~PlayFocusGuard() {
    setActive(false);
}

void PlayFocusGuard::setActive(bool active) {
    if (active == mActive || !qApp)
        return;
    mActive = active;
    if (active)
        qApp->installEventFilter(this);
    else
        qApp->removeEventFilter(this);
}

bool PlayFocusGuard::isPlayKey(const QKeyEvent* event) {
    return playKeyOf(event).has_value();
}

bool PlayFocusGuard::takesText(const QWidget* widget) {
    if (!widget)
        return false;
    if (qobject_cast<const QTextEdit*>(widget) || qobject_cast<const QPlainTextEdit*>(widget))
        return !widget->property("readOnly").toBool();
    if (auto* edit = qobject_cast<const QLineEdit*>(widget)) {
        // A spin box's editor holds numbers: the play keys are not text there.
        if (qobject_cast<const QAbstractSpinBox*>(edit->parentWidget()))
            return false;
        return !edit->isReadOnly();
    }
    if (auto* combo = qobject_cast<const QComboBox*>(widget))
        return combo->isEditable();
    return false;
}

bool PlayFocusGuard::holdsTypedValue(const QWidget* widget) {
    if (!widget)
        return false;
    if (qobject_cast<const QAbstractSpinBox*>(widget) ||
        qobject_cast<const QAbstractSpinBox*>(widget->parentWidget()))
        return true;
    return takesText(widget);
}

bool PlayFocusGuard::inViewsWindow(const QWidget* widget) const {
    // A dock floated off the window is still the window's: its keys play as a docked one's.
    const QWidget* window = widget->window();
    if (qobject_cast<const QDockWidget*>(window) && window->parentWidget())
        window = window->parentWidget()->window();
    return window == mView->window();
}

bool PlayFocusGuard::focusOnFieldInWindow() const {
    if (!mView)
        return false;
    const QWidget* focus = QApplication::focusWidget();
    if (!focus)
        return false;
    if (focus == mView || mView->isAncestorOf(focus))
        return false;
    return inViewsWindow(focus) && holdsTypedValue(focus);
}

bool PlayFocusGuard::eventFilter(QObject* watched, QEvent* event) {
    if (!mView || !watched->isWidgetType())
        return false;
    const QEvent::Type type = event->type();
    // A click gives the focus before the press is delivered: remember where the
    // keyboard was (FocusOut comes first, then FocusIn with the mouse reason).
    if (type == QEvent::FocusOut) {
        auto* w = static_cast<QWidget*>(watched);
        mFocusWasOnField =
            w != mView && !mView->isAncestorOf(w) && inViewsWindow(w) && holdsTypedValue(w);
        return false;
    }
    if (type == QEvent::FocusIn) {
        auto* fe = static_cast<QFocusEvent*>(event);
        auto* w = static_cast<QWidget*>(watched);
        mSwallowPress = (w == mView || mView->isAncestorOf(w)) &&
                        fe->reason() == Qt::MouseFocusReason && mFocusWasOnField;
        return false;
    }
    if (type == QEvent::MouseButtonPress || type == QEvent::MouseButtonDblClick) {
        // A click on the map while a field had the keyboard only brings the
        // keyboard back: it must not paint. After a slider or a button it edits.
        const bool swallow = std::exchange(mSwallowPress, false);
        if (watched == mView->viewport() && (swallow || focusOnFieldInWindow())) {
            mView->setFocus(Qt::MouseFocusReason);
            return true;
        }
        return false;
    }
    if (type != QEvent::ShortcutOverride && type != QEvent::KeyPress && type != QEvent::KeyRelease)
        return false;
    auto* key = static_cast<QKeyEvent*>(event);
    if (!isPlayKey(key))
        return false;
    QWidget* focus = QApplication::focusWidget();
    // The view's own filter handles keys that reach it; other windows (dialogs)
    // and text fields keep their keys.
    QWidget* target = focus ? focus : static_cast<QWidget*>(watched);
    if (target == mView || mView->isAncestorOf(target))
        return false;
    if (!inViewsWindow(target) || takesText(focus))
        return false;
    if (type == QEvent::ShortcutOverride) {
        // Claimed, so single-key tool shortcuts (S, ...) do not fire.
        event->accept();
        return true;
    }
    if (key->key() == Qt::Key_Escape) {
        if (type == QEvent::KeyPress)
            mView->setFocus(Qt::OtherFocusReason);
        return true;
    }
    if (mHandleKey)
        mHandleKey(key, type == QEvent::KeyPress);
    return true;
}

} // namespace ts::play
