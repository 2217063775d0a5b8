// The monkey in the docks (Play, Replays, Layers, Properties, ...) and the menu items
// without a key (Level Properties, Revert, TMX): what a designer clicks and types there.
#include "driver.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/mainwindow.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QLineEdit>
#include <QScrollBar>
#include <QTest>

#include <array>

namespace monkey {

namespace {

constexpr std::array kTexts = {"0",   "1",   "-1",  "2.5", "0.25", "1e9", "-99999",
                               "nan", "inf", "abc", "",    "7",    "100", "Cave"};
constexpr std::array kSliderKeys = {Qt::Key_Left,     Qt::Key_Right, Qt::Key_PageUp,
                                    Qt::Key_PageDown, Qt::Key_Home,  Qt::Key_End};

bool usable(const QWidget* w) {
    return w->isVisible() && w->isEnabled();
}

/// Inside a spin box or a combo box: used through it, not on its own.
bool partOfAnother(const QWidget* w) {
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<const QAbstractSpinBox*>(p) || qobject_cast<const QComboBox*>(p) ||
            qobject_cast<const QAbstractItemView*>(p))
            return true;
    return false;
}

} // namespace

void Driver::dockAction(const Action& a) {
    const auto& g = a.arg;
    const QList<QDockWidget*> docks = mWindow->findChildren<QDockWidget*>();
    if (docks.isEmpty())
        return;
    QDockWidget* dock = docks[g[0] % docks.size()];
    if (!dock->isVisible()) { // its tab clicked, or View > Docks
        dock->show();
        dock->raise();
        QCoreApplication::processEvents();
    }
    QList<QWidget*> widgets;
    for (QWidget* w : dock->findChildren<QWidget*>()) {
        if (!usable(w) || partOfAnother(w) || qobject_cast<QScrollBar*>(w))
            continue;
        const auto* edit = qobject_cast<QLineEdit*>(w);
        if (qobject_cast<QAbstractButton*>(w) || qobject_cast<QAbstractSlider*>(w) ||
            qobject_cast<QComboBox*>(w) || qobject_cast<QAbstractItemView*>(w) ||
            (edit && !edit->isReadOnly()))
            widgets << w;
    }
    if (widgets.isEmpty())
        return;
    QWidget* w = widgets[g[1] % widgets.size()];
    // A click there makes its window (the main one, or a floating dock) the active one,
    // as a window manager does; the keys below then go where the click put the focus.
    if (QApplication::activeWindow() != w->window()) {
        w->window()->activateWindow();
        QCoreApplication::processEvents();
    }
    mMenuChoice = g[2];
    mPrompts->answer = g[3];
    mPrompts->savePath = mWorkDir + QStringLiteral("/replay-%1.tsreplay").arg(g[3] % 3);
    mPrompts->openPath = mPrompts->savePath;
    if (auto* button = qobject_cast<QAbstractButton*>(w)) {
        QTest::mouseClick(button, Qt::LeftButton);
    } else if (auto* slider = qobject_cast<QAbstractSlider*>(w)) {
        slider->setFocus(Qt::TabFocusReason); // tabbed to, then keys
        for (int i = 0; i <= g[3] % 4; ++i)
            key(kSliderKeys[std::size_t(g[2]) % kSliderKeys.size()]);
    } else if (auto* combo = qobject_cast<QComboBox*>(w)) {
        combo->setFocus(Qt::TabFocusReason);
        for (int i = 0; i <= g[2] % 3; ++i)
            key(g[3] % 2 ? Qt::Key_Down : Qt::Key_Up);
    } else if (auto* edit = qobject_cast<QLineEdit*>(w)) {
        QTest::mouseClick(edit, Qt::LeftButton);
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, QString::fromLatin1(kTexts[std::size_t(g[2]) % kTexts.size()]));
        QTest::keyClick(edit, g[3] % 2 ? Qt::Key_Tab : Qt::Key_Return);
    } else if (auto* view = qobject_cast<QAbstractItemView*>(w)) {
        QAbstractItemModel* model = view->model();
        const int rows = model ? model->rowCount(view->rootIndex()) : 0;
        if (rows > 0) {
            const QModelIndex index = model->index(g[2] % rows, 0, view->rootIndex());
            view->scrollTo(index);
            const QPoint at = view->visualRect(index).center();
            if (g[3] % 4 == 0) {
                QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
            } else {
                QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
                if (g[3] % 4 == 1)
                    key(Qt::Key_Delete);
                else if (g[3] % 4 == 2)
                    key(Qt::Key_Return);
            }
        }
    }
    // The keyboard back in the map unless play keeps it (a click there gives it back).
    if (g[4] % 2)
        mWindow->view()->setFocus();
}

void Driver::menuAction(const char* name, const Action&) {
    QAction* action = mWindow->action(QString::fromLatin1(name));
    if (action && action->isEnabled())
        action->trigger();
}

void Driver::tmx(const Action& a) {
    const QString path = mWorkDir + QStringLiteral("/level.tmx");
    mPrompts->answer = a.arg[1];
    mPrompts->savePath = path;
    mPrompts->openPath = path;
    menuAction(a.arg[0] % 2 ? "actionImportTmx" : "actionExportTmx", a);
}

} // namespace monkey
