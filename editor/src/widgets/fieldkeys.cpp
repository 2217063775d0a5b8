#include "tilesmith/editor/fieldkeys.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPointer>
#include <QSpinBox>
#include <QWidget>

namespace ts::editor {

namespace {

/// Does not override a ShortcutOverride (so the window's shortcut runs): returns
/// true with the event ignored.
bool letShortcutRun(QKeyEvent* key) {
    key->ignore();
    return true;
}

class UndoKeyFilter : public QObject {
public:
    UndoKeyFilter(QObject* parent, QAction* undo, QAction* redo)
        : QObject(parent), mUndo(undo), mRedo(redo) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::ShortcutOverride)
            return false;
        auto* key = static_cast<QKeyEvent*>(event);
        const QKeySequence pressed(key->keyCombination());
        const bool undo = mUndo && mUndo->shortcuts().contains(pressed);
        const bool redo = mRedo && mRedo->shortcuts().contains(pressed);
        if (!undo && !redo)
            return false;
        QLineEdit* edit = qobject_cast<QLineEdit*>(watched);
        if (auto* spin = qobject_cast<QAbstractSpinBox*>(watched))
            edit = spin->findChild<QLineEdit*>();
        if (!edit || edit->isReadOnly())
            return false;
        if (undo ? edit->isUndoAvailable() : edit->isRedoAvailable())
            return false; // the field's own typing comes first
        return letShortcutRun(key);
    }

private:
    QPointer<QAction> mUndo;
    QPointer<QAction> mRedo;
};

class ToolKeyFilter : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() != QEvent::ShortcutOverride)
            return false;
        auto* key = static_cast<QKeyEvent*>(event);
        const bool plain =
            !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
        // Letters (tools, X) and [ ] (brush size): a number field has no use for them.
        const bool windowKey = (key->key() >= Qt::Key_A && key->key() <= Qt::Key_Z) ||
                               key->key() == Qt::Key_BracketLeft ||
                               key->key() == Qt::Key_BracketRight;
        if (plain && windowKey)
            return letShortcutRun(key);
        return false;
    }
};

class EscapeFilter : public QObject {
public:
    EscapeFilter(QAbstractSpinBox* field, QWidget* next) : QObject(field), mNext(next) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::KeyPress ||
            static_cast<QKeyEvent*>(event)->key() != Qt::Key_Escape)
            return false;
        auto* field = static_cast<QAbstractSpinBox*>(parent());
        // Setting the value it has rewrites the text from it: the typing is gone.
        if (auto* spin = qobject_cast<QSpinBox*>(field))
            spin->setValue(spin->value());
        else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(field))
            dspin->setValue(dspin->value());
        Q_UNUSED(watched);
        if (mNext)
            mNext->setFocus(Qt::OtherFocusReason);
        return true;
    }

private:
    QPointer<QWidget> mNext;
};

} // namespace

void routeEscape(QAbstractSpinBox* field, QWidget* next) {
    field->installEventFilter(new EscapeFilter(field, next));
}

void routeUndoKeys(QWidget* root, QAction* undo, QAction* redo) {
    auto* filter = new UndoKeyFilter(root, undo, redo);
    for (QAbstractSpinBox* spin : root->findChildren<QAbstractSpinBox*>())
        spin->installEventFilter(filter);
    for (QLineEdit* edit : root->findChildren<QLineEdit*>())
        if (!qobject_cast<QAbstractSpinBox*>(edit->parentWidget()))
            edit->installEventFilter(filter);
}

void routeToolKeys(QAbstractSpinBox* field) {
    field->installEventFilter(new ToolKeyFilter(field));
}

void commitTypedValue(QWidget* window) {
    if (!window)
        return;
    if (auto* field = qobject_cast<QAbstractSpinBox*>(window->focusWidget()))
        field->interpretText();
}

} // namespace ts::editor
