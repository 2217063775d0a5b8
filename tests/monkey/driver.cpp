#include "driver.h"

#include "tilesmith/editor/leveldocument.h" // before autosave.h, which needs it whole

#include "document/autosave.h"
#include "document/diskwatch.h"
#include "invariants.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playsession.h"
#include "tilesmith/play/replaycontroller.h"

#include <QApplication>
#include <QDialog>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QPointer>
#include <QTest>

#include <algorithm>
#include <array>
#include <utility>

namespace monkey {

namespace {
constexpr int kDiskSettleMs = ts::editor::DiskWatch::kSettleMs;

// Qt's warnings while a driver runs: each is a fault of the editor (an ambiguous
// shortcut that runs nothing, a connection to a signal that does not exist), so a
// failure. The offscreen platform's notes on what it cannot do are not.
QStringList gWarnings;
QtMessageHandler gPassOn = nullptr;

void collectWarnings(QtMsgType type, const QMessageLogContext& context, const QString& text) {
    if (type != QtDebugMsg && type != QtInfoMsg &&
        !text.startsWith(QStringLiteral("This plugin does not support")))
        gWarnings << QStringLiteral("Qt warned: %1").arg(text);
    if (gPassOn)
        gPassOn(type, context, text);
}
} // namespace

QMessageBox::StandardButton MonkeyPrompts::message(QWidget*, const Message& m) {
    asked << m.title;
    QList<QMessageBox::StandardButton> offered;
    for (unsigned bit = 1; bit != 0 && bit <= QMessageBox::LastButton; bit <<= 1)
        if (m.buttons.testFlag(QMessageBox::StandardButton(bit)))
            offered << QMessageBox::StandardButton(bit);
    return offered.isEmpty() ? QMessageBox::Ok : offered[answer % offered.size()];
}

Driver::Driver(const QString& workDir, const QString& level) : mWorkDir(workDir), mLevel(level) {
    mModalCloser.setInterval(5);
    connect(&mModalCloser, &QTimer::timeout, this, &Driver::closeModals);
    gWarnings.clear();
    mPreviousHandler = qInstallMessageHandler(collectWarnings);
    gPassOn = mPreviousHandler;
}

Driver::~Driver() {
    destroyWindow();
    qInstallMessageHandler(mPreviousHandler);
    gPassOn = nullptr;
}

void Driver::makeWindow() {
    mWindow = std::make_unique<ts::editor::MainWindow>();
    auto prompts = std::make_unique<MonkeyPrompts>();
    mPrompts = prompts.get();
    mWindow->setPrompts(std::move(prompts));
    mWindow->setSettingsEnabled(false);
    mPlay = std::make_unique<ts::play::PlayController>();
    auto* replays = new ts::play::ReplayController(mPlay.get()); // owned by the controller
    mPlay->setPersistOverlays(false);
    mWindow->addExtension(mPlay.get());
    mWindow->addExtension(replays);
    connect(mWindow.get(), &ts::editor::MainWindow::documentChanged, this,
            &Driver::onDocumentChanged);
    onDocumentChanged();
}

void Driver::destroyWindow() {
    mModalCloser.stop();
    for (int k : std::exchange(mHeldKeys, {}))
        if (mWindow)
            QTest::keyRelease(keyboardTarget(), Qt::Key(k));
    mPlay.reset(); // before the window, as the application has it
    if (mWindow && mWindow->document())
        mWindow->document()->undoStack()->setClean(); // no question on the way out
    mWindow.reset();
}

bool Driver::start(QString* error) {
    makeWindow();
    if (!mLevel.isEmpty()) {
        const QString copy = mWorkDir + QStringLiteral("/start.yaml");
        QFile::remove(copy);
        if (!QFile::copy(mLevel, copy)) {
            *error = mLevel + QStringLiteral(": error: cannot copy it to the work folder");
            return false;
        }
        QFile(copy).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        if (!mWindow->openFile(copy, error))
            return false;
    }
    mWindow->resize(1100, 700);
    mWindow->show();
    mWindow->activateWindow();
    mWindow->view()->setFocus();
    if (!QTest::qWaitForWindowActive(mWindow.get())) {
        *error = QStringLiteral("the window did not become active");
        return false;
    }
    mModalCloser.start();
    return true;
}

void Driver::onDocumentChanged() {
    if (ts::editor::LevelDocument* doc = mWindow ? mWindow->document() : nullptr)
        mDocStart = undoBytes(doc->level());
}

namespace {

/// Actions that change no level: the document's bytes must be the same after them
/// (while no paste or move floats: a tool switch or a click places it).
bool passive(Op op, bool playing) {
    switch (op) {
    case Op::Copy:
    case Op::Zoom:
    case Op::Reachability:
    case Op::Step:
    case Op::Wait:
    case Op::Save:
    case Op::SaveAs:
    case Op::Autosave:
    case Op::UndoAll:
    case Op::Play:
    case Op::Stop:
        return true;
    case Op::HoldKey: // while editing a key may be a tool's shortcut
    case Op::ReleaseKeys:
        return playing;
    default:
        return false;
    }
}

} // namespace

QStringList Driver::execute(const Action& a) {
    QStringList broken;
    ts::editor::LevelDocument* doc = mWindow->document();
    const QPointer<ts::editor::LevelDocument> docBefore = doc;
    const bool playing = mPlay->isPlaying();
    const bool floating = mWindow->scene()->hasFloating();
    // Tileset image names left out: Save names them anew relative to the file (undoBytes()).
    const std::string before = undoBytes(doc->level());
    mPrompts->answer = 0;
    mPrompts->asked.clear();
    mClosedModals.clear();
    mMenuChoice = 0;
    mAcceptDialog = false;

    switch (a.op) {
    case Op::Autosave:
        broken << autosaveTick();
        break;
    case Op::Crash:
        broken << crash();
        break;
    case Op::UndoAll:
        broken << checkUndoAll(*doc, mDocStart);
        break;
    default:
        run(a);
        break;
    }
    QCoreApplication::processEvents();

    doc = mWindow->document();
    const std::string after = undoBytes(doc->level());
    const bool replaced = doc != docBefore; // New, Open, a reload, a crash recovered
    if (passive(a.op, playing) && !floating && !replaced && after != before)
        broken << QStringLiteral("%1 changed the level").arg(opName(a.op));

    // Play: the running world is apart from the level; Stop gives the level back as it
    // was before Play, unless it was edited meanwhile.
    const bool nowPlaying = mPlay->isPlaying();
    if (nowPlaying && !mWasPlaying) {
        mPlayStart = after;
        mEditedInPlay = false;
    } else if (nowPlaying && !passive(a.op, true)) {
        mEditedInPlay = true;
    } else if (!nowPlaying && mWasPlaying && !mEditedInPlay && passive(a.op, true) && !replaced &&
               after != mPlayStart) {
        broken << QStringLiteral("Stop did not give back the level as it was before Play");
    }
    mWasPlaying = nowPlaying;

    broken << checkLevel(doc->level());
    broken << checkScene(*mWindow->scene(), *doc);
    if (ts::play::PlaySession* session = mPlay->session())
        broken << checkWorld(session->world());
    // A change on disk while playing is looked at when play stops (DiskWatch's settle
    // time later); until then the file may differ from a saved document.
    if (a.op == Op::DiskChange && nowPlaying)
        mDiskChangeWaits = true;
    if (mDiskChangeWaits && !nowPlaying) {
        QTest::qWait(2 * kDiskSettleMs);
        mDiskChangeWaits = false;
        doc = mWindow->document();
    }
    if (!mDiskChangeWaits)
        broken << checkSavedFile(*doc);
    broken << checkNoModal();
    broken << std::exchange(gWarnings, {});
    return broken;
}

QStringList Driver::finish() {
    QStringList broken;
    for (const Action& a : {Action{Op::ReleaseKeys, {}}, Action{Op::Stop, {}},
                            Action{Op::Escape, {}}, Action{Op::UndoAll, {}}})
        broken << execute(a);
    return broken;
}

QWidget* Driver::viewport() const {
    return mWindow->view()->viewport();
}

QPoint Driver::tileAt(int ax, int ay) const {
    const ts::level::Level& level = mWindow->document()->level();
    return {ax * level.width / 1000, ay * level.height / 1000};
}

QPoint Driver::pointOf(QPoint tile) const {
    const QPointF c = mWindow->scene()->tileCenter(tile);
    mWindow->view()->ensureVisible(QRectF(c - QPointF(8, 8), QSizeF(16, 16)));
    return mWindow->view()->mapFromScene(c);
}

QWidget* Driver::keyboardTarget() const {
    QWidget* focus = QApplication::focusWidget();
    return focus ? focus : viewport();
}

void Driver::key(int k, Qt::KeyboardModifiers mods) {
    QTest::keyClick(keyboardTarget(), Qt::Key(k), mods);
}

void Driver::activate() {
    if (QApplication::activeWindow() != mWindow.get()) {
        mWindow->activateWindow();
        QCoreApplication::processEvents();
    }
}

void Driver::closeModals() {
    if (QWidget* popup = QApplication::activePopupWidget()) {
        if (auto* menu = qobject_cast<QMenu*>(popup)) {
            QList<QAction*> usable;
            for (QAction* act : menu->actions())
                if (act->isEnabled() && act->isVisible() && !act->isSeparator() && !act->menu())
                    usable << act;
            if (!usable.isEmpty() && mMenuChoice % (usable.size() + 1) < usable.size()) {
                menu->setActiveAction(usable[mMenuChoice % (usable.size() + 1)]);
                mMenuChoice = 0;
                QTest::keyClick(menu, Qt::Key_Return);
                return;
            }
        }
        popup->close();
        return;
    }
    if (QWidget* modal = QApplication::activeModalWidget()) {
        mClosedModals << QString::fromLatin1(modal->metaObject()->className());
        auto* dialog = qobject_cast<QDialog*>(modal);
        if (dialog && std::exchange(mAcceptDialog, false)) {
            fillAndAccept(dialog); // refused: the next tick cancels it
            return;
        }
        if (dialog)
            dialog->reject();
        else
            modal->close();
    }
}

} // namespace monkey

namespace monkey {

void Driver::fillAndAccept(QDialog* dialog) {
    static constexpr std::array kTexts = {"1", "4",   "40",  "9999", "-3",
                                          "0", "2.5", "abc", "",     "17"};
    QList<QLineEdit*> fields;
    for (QLineEdit* edit : dialog->findChildren<QLineEdit*>())
        if (edit->isVisible() && edit->isEnabled() && !edit->isReadOnly())
            fields << edit;
    QLineEdit* last = nullptr;
    for (std::size_t i = 0; i + 1 < mDialogEdits.size() && !fields.isEmpty(); i += 2) {
        last = fields[mDialogEdits[i] % fields.size()];
        QTest::keyClick(last, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(
            last, QString::fromLatin1(kTexts[std::size_t(mDialogEdits[i + 1]) % kTexts.size()]));
    }
    if (last) // Enter: the dialog's default button, as a designer confirms
        QTest::keyClick(last, Qt::Key_Return);
    else
        dialog->accept();
}

} // namespace monkey
