// What each monkey action does to the window: real key and mouse events on the view's
// viewport and the docks, file names and answers through MonkeyPrompts.
#include "tilesmith/editor/leveldocument.h" // before autosave.h, which needs it whole

#include "document/autosave.h"
#include "document/diskwatch.h"
#include "driver.h"
#include "invariants.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/spawnitem.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/play/playcontroller.h"
#include "widgets/propertiesdock.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <array>

namespace monkey {

namespace {

constexpr std::array kGameKeys = {Qt::Key_A,     Qt::Key_D,     Qt::Key_W,
                                  Qt::Key_S,     Qt::Key_Space, Qt::Key_Left,
                                  Qt::Key_Right, Qt::Key_Up,    Qt::Key_Down};

/// What a designer types into a Properties field: values in range, out of range, and
/// not numbers at all.
constexpr std::array kTyped = {"0",      "1",     "-1",  "3",   "12.5", "0.001", "1e9",
                               "-99999", "99999", "nan", "abc", "",     "2",     "-0"};

const char* kBroken = "name: broken\nsize: [4, \ntiles: |\n  ##\n";

} // namespace

void Driver::run(const Action& a) {
    const auto& g = a.arg;
    mPrompts->answer = g[5];
    switch (a.op) {
    case Op::Stroke: {
        // Brush, Line, Rectangle, Bucket Fill, Eyedropper, Jump Arc (a click pins its arcs).
        static constexpr std::array kTools = {Qt::Key_B, Qt::Key_L, Qt::Key_R,
                                              Qt::Key_F, Qt::Key_I, Qt::Key_J};
        stroke(a, kTools[std::size_t(g[0]) % kTools.size()]);
        break;
    }
    case Op::Eraser:
        stroke(a, Qt::Key_E);
        break;
    case Op::SwapKind:
        key(Qt::Key_X);
        break;
    case Op::BrushSize:
        for (int i = 0; i < 1 + g[0] % 3; ++i)
            key(g[1] % 2 ? Qt::Key_BracketRight : Qt::Key_BracketLeft);
        break;
    case Op::Select:
        select(a);
        break;
    case Op::SelectAll:
        key(Qt::Key_A, Qt::ControlModifier);
        break;
    case Op::Cut:
        key(Qt::Key_X, Qt::ControlModifier);
        break;
    case Op::Copy:
        key(Qt::Key_C, Qt::ControlModifier);
        break;
    case Op::Paste:
        key(Qt::Key_V, Qt::ControlModifier);
        QTest::mouseMove(viewport(), pointOf(tileAt(g[1], g[2])));
        break;
    case Op::FloatMove:
        QTest::mouseMove(viewport(), pointOf(tileAt(g[1], g[2])));
        break;
    case Op::Place: {
        const QPoint at = pointOf(tileAt(g[1], g[2]));
        activate();
        QTest::mouseMove(viewport(), at);
        mMenuChoice = g[3];
        QTest::mouseClick(viewport(), g[0] % 5 == 4 ? Qt::RightButton : Qt::LeftButton,
                          g[0] % 2 ? Qt::ShiftModifier : Qt::KeyboardModifiers(), at);
        break;
    }
    case Op::Escape:
        key(Qt::Key_Escape);
        break;
    case Op::Delete:
        key(Qt::Key_Delete);
        break;
    case Op::Transform: {
        static constexpr std::array kKeys = {Qt::Key_X, Qt::Key_Y, Qt::Key_Z, Qt::Key_Z};
        const std::size_t i = std::size_t(g[0]) % kKeys.size();
        key(kKeys[i], i == 3 ? Qt::ShiftModifier : Qt::KeyboardModifiers());
        break;
    }
    case Op::SpawnPlace:
        spawnPlace(a);
        break;
    case Op::SpawnDrag:
        spawnDrag(a);
        break;
    case Op::SpawnDelete:
        spawnDelete(a);
        break;
    case Op::PropertyEdit:
        propertyEdit(a);
        break;
    case Op::Undo:
        for (int i = 0; i < 1 + g[0] % 6; ++i)
            key(Qt::Key_Z, Qt::ControlModifier);
        break;
    case Op::Redo:
        for (int i = 0; i < 1 + g[0] % 6; ++i)
            key(Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        break;
    case Op::Play:
        key(Qt::Key_F5);
        break;
    case Op::PlayHere:
        QTest::mouseMove(viewport(), pointOf(tileAt(g[1], g[2])));
        key(Qt::Key_F5, Qt::ShiftModifier);
        break;
    case Op::Step:
        for (int i = 0; i < 1 + g[0] % 4; ++i)
            key(Qt::Key_F6);
        break;
    case Op::Stop:
        key(Qt::Key_F5, Qt::ControlModifier);
        break;
    case Op::HoldKey: {
        const int k = kGameKeys[std::size_t(g[0]) % kGameKeys.size()];
        if (std::find(mHeldKeys.begin(), mHeldKeys.end(), k) == mHeldKeys.end()) {
            QTest::keyPress(keyboardTarget(), Qt::Key(k));
            mHeldKeys.push_back(k);
        }
        break;
    }
    case Op::ReleaseKeys:
        for (int k : std::exchange(mHeldKeys, {}))
            QTest::keyRelease(keyboardTarget(), Qt::Key(k));
        break;
    case Op::Wait:
        QTest::qWait(g[0] % 120);
        break;
    case Op::Reachability:
        key(Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
        break;
    case Op::Zoom: {
        static constexpr std::array kKeys = {Qt::Key_Equal, Qt::Key_Minus, Qt::Key_9};
        key(kKeys[std::size_t(g[0]) % kKeys.size()], Qt::ControlModifier);
        break;
    }
    case Op::New:
        newLevel(a);
        break;
    case Op::Save:
        save(a, false);
        break;
    case Op::SaveAs:
        save(a, true);
        break;
    case Op::Open:
        open(a);
        break;
    case Op::DiskChange:
        diskChange(a);
        break;
    case Op::Dock:
        dockAction(a);
        break;
    case Op::LevelProps:
        mAcceptDialog = g[0] % 2;
        mDialogEdits = {g[1], g[2], g[3], g[4]};
        menuAction("actionLevelProperties", a);
        break;
    case Op::Revert:
        mPrompts->answer = g[0];
        menuAction("actionRevert", a);
        break;
    case Op::Tmx:
        tmx(a);
        break;
    case Op::Autosave:
    case Op::Crash:
    case Op::UndoAll:
    case Op::Count:
        break;
    }
}

void Driver::stroke(const Action& a, int toolKey) {
    const auto& g = a.arg;
    activate();
    key(toolKey);
    const QPoint from = tileAt(g[1], g[2]);
    const QPoint to = tileAt(g[3], g[4]);
    // Mostly the left button; while playing the right paints a solid tile and the
    // middle a platform (while editing they pan or open the view's menu).
    const Qt::MouseButton button = g[5] % 8 == 6   ? Qt::RightButton
                                   : g[5] % 8 == 7 ? Qt::MiddleButton
                                                   : Qt::LeftButton;
    mMenuChoice = g[0];
    QTest::mousePress(viewport(), button, {}, pointOf(from));
    const int steps = 1 + g[5] % 4;
    for (int i = 1; i <= steps; ++i) {
        const QPoint t = from + (to - from) * i / steps;
        QTest::mouseMove(viewport(), pointOf(t));
    }
    QTest::mouseRelease(viewport(), button, {}, pointOf(to));
}

void Driver::select(const Action& a) {
    const auto& g = a.arg;
    activate();
    key(Qt::Key_S);
    const QPoint to = tileAt(g[3], g[4]);
    QTest::mousePress(viewport(), Qt::LeftButton, {}, pointOf(tileAt(g[1], g[2])));
    QTest::mouseMove(viewport(), pointOf(to));
    QTest::mouseRelease(viewport(), Qt::LeftButton, {}, pointOf(to));
}

bool Driver::clickSpawn(int pick) {
    const ts::level::Level& level = mWindow->document()->level();
    if (level.spawns.empty())
        return false;
    const int id = level.spawns[std::size_t(pick) % level.spawns.size()].id;
    activate();
    key(Qt::Key_P);
    ts::editor::SpawnItem* item = mWindow->scene()->spawnItem(id);
    if (!item)
        return false; // checkScene() says so
    const QPointF c = item->spawnSceneRect().center();
    mWindow->view()->ensureVisible(QRectF(c - QPointF(8, 8), QSizeF(16, 16)));
    QTest::mouseClick(viewport(), Qt::LeftButton, {}, mWindow->view()->mapFromScene(c));
    return true;
}

void Driver::spawnPlace(const Action& a) {
    const auto& g = a.arg;
    activate();
    key(Qt::Key_P);
    for (int i = 0; i < g[0] % 8; ++i)
        key(Qt::Key_K);
    QTest::mouseClick(viewport(), Qt::LeftButton, {}, pointOf(tileAt(g[1], g[2])));
}

void Driver::spawnDrag(const Action& a) {
    const auto& g = a.arg;
    const ts::level::Level& level = mWindow->document()->level();
    if (level.spawns.empty())
        return;
    const int id = level.spawns[std::size_t(g[0]) % level.spawns.size()].id;
    activate();
    key(Qt::Key_P);
    ts::editor::SpawnItem* item = mWindow->scene()->spawnItem(id);
    if (!item)
        return;
    const QPointF c = item->spawnSceneRect().center();
    mWindow->view()->ensureVisible(QRectF(c - QPointF(8, 8), QSizeF(16, 16)));
    QTest::mousePress(viewport(), Qt::LeftButton, {}, mWindow->view()->mapFromScene(c));
    const QPoint to = pointOf(tileAt(g[1], g[2]));
    QTest::mouseMove(viewport(), to);
    QTest::mouseRelease(viewport(), Qt::LeftButton, {}, to);
}

void Driver::spawnDelete(const Action& a) {
    if (clickSpawn(a.arg[0]))
        key(Qt::Key_Delete);
}

void Driver::propertyEdit(const Action& a) {
    const auto& g = a.arg;
    if (!clickSpawn(g[0]))
        return;
    auto* dock = mWindow->findChild<ts::editor::PropertiesDock*>();
    QList<QLineEdit*> fields;
    for (QLineEdit* edit : dock->findChildren<QLineEdit*>())
        if (edit->isVisible() && edit->isEnabled() && !edit->isReadOnly())
            fields << edit;
    if (fields.isEmpty())
        return;
    QLineEdit* edit = fields[g[1] % fields.size()];
    QTest::mouseClick(edit, Qt::LeftButton);
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(edit, QString::fromLatin1(kTyped[std::size_t(g[2]) % kTyped.size()]));
    QTest::keyClick(edit, g[3] % 2 ? Qt::Key_Tab : Qt::Key_Return);
    // The keyboard back in the map, as a click there gives it.
    mWindow->view()->setFocus();
}

void Driver::newLevel(const Action& a) {
    const auto& g = a.arg;
    mPrompts->answer = g[0];
    mPrompts->newSettings = {};
    mPrompts->newSettings.width = 4 + g[1] % 80;
    mPrompts->newSettings.height = 4 + g[2] % 40;
    mPrompts->newSettings.starterArt = g[3] % 4 == 0;
    mPrompts->savePath = mWorkDir + QStringLiteral("/untitled-%1.yaml").arg(++mUntitled);
    key(Qt::Key_N, Qt::ControlModifier);
}

void Driver::save(const Action& a, bool as) {
    mPrompts->savePath = as ? mWorkDir + QStringLiteral("/level-%1.yaml").arg(a.arg[0] % 4)
                            : mWorkDir + QStringLiteral("/untitled-%1.yaml").arg(++mUntitled);
    key(Qt::Key_S, as ? Qt::ControlModifier | Qt::ShiftModifier : Qt::ControlModifier);
}

void Driver::open(const Action& a) {
    const auto& g = a.arg;
    const int pick = g[0] % 6;
    if (pick < 4) {
        mPrompts->openPath = mWorkDir + QStringLiteral("/level-%1.yaml").arg(pick);
    } else if (pick == 4) {
        mPrompts->openPath = mWorkDir + QStringLiteral("/broken.yaml");
        QFile f(mPrompts->openPath);
        if (f.open(QIODevice::WriteOnly))
            f.write(kBroken);
    } else {
        mPrompts->openPath = mWorkDir + QStringLiteral("/start.yaml");
    }
    mPrompts->answer = g[1];
    mPrompts->savePath = mWorkDir + QStringLiteral("/untitled-%1.yaml").arg(++mUntitled);
    key(Qt::Key_O, Qt::ControlModifier);
}

void Driver::diskChange(const Action& a) {
    const auto& g = a.arg;
    const QString path = mWindow->document()->filePath();
    if (path.isEmpty())
        return;
    mPrompts->answer = g[1];
    mPrompts->savePath = mWorkDir + QStringLiteral("/untitled-%1.yaml").arg(++mUntitled);
    switch (g[0] % 3) {
    case 0: { // another editor saved a level there: the document's with a tile more
        ts::level::Level other = mWindow->document()->level();
        other.setTile(0, 0,
                      other.tile(0, 0) == ts::Tile::Solid ? ts::Tile::Empty : ts::Tile::Solid);
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(QByteArray::fromStdString(levelBytes(other)));
        break;
    }
    case 1: {
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(kBroken);
        break;
    }
    default:
        QFile::remove(path);
        break;
    }
    // DiskWatch lets a change settle before it looks.
    QTest::qWait(2 * ts::editor::DiskWatch::kSettleMs);
}

QStringList Driver::autosaveTick() {
    return checkRecovery(*mWindow->autosave(), *mWindow->document());
}

QStringList Driver::crash() {
    ts::editor::LevelDocument* doc = mWindow->document();
    const std::string bytes = levelBytes(doc->level());
    const bool unsaved = doc->isModified();
    const QString file = doc->filePath();
    // The crash comes just after an autosave tick: what the autosave keeps (unsaved work,
    // or a level whose file went away) is written as it is now.
    if (!mWindow->autosave()->saveNow())
        return {QStringLiteral("the autosave before the crash failed: %1")
                    .arg(mWindow->autosave()->lastError())};
    // The window goes away without closing, as the process would.
    mModalCloser.stop();
    for (int k : std::exchange(mHeldKeys, {}))
        QTest::keyRelease(keyboardTarget(), Qt::Key(k));
    mPlay.reset();
    mWindow.reset();
    mWasPlaying = false;

    makeWindow();
    mPrompts->answer = 0; // Restore: the first of Yes, Discard, Cancel
    // Nothing unsaved: the level is its file, opened again (unless someone else broke
    // or removed it meanwhile: then there is nothing the editor could have kept).
    const bool reopened = !unsaved && !file.isEmpty() && mWindow->openFile(file);
    const bool recovered = mWindow->offerRecovery();
    mWindow->resize(1100, 700);
    mWindow->show();
    mWindow->activateWindow();
    mWindow->view()->setFocus();
    mModalCloser.start();
    if (unsaved && !recovered)
        return {QStringLiteral("the unsaved work was not offered after the crash")};
    // A file another program changed during play (looked at when play stops) opens
    // as that program's: nothing unsaved was lost.
    const bool changedOnDisk = std::exchange(mDiskChangeWaits, false);
    if (unsaved || (reopened && !changedOnDisk) || recovered) {
        const std::string now = levelBytes(mWindow->document()->level());
        if (now != bytes)
            return {QStringLiteral("the level after the crash is not the level before it")};
    }
    // Recovered also when nothing was unsaved: a level whose file went away is
    // autosaved (it is the only copy).
    if (unsaved || recovered)
        return checkRecoveryStep(file);
    return {};
}

QStringList Driver::checkRecoveryStep(const QString& file) {
    // The recovery is one step in the History over the file on disk (a level never
    // saved, or a file that no longer loads: an empty map of its size): undo all
    // goes back there, so that is where this document's history starts.
    ts::editor::LevelDocument* doc = mWindow->document();
    QUndoStack* stack = doc->undoStack();
    if (stack->count() != 1 || stack->index() != 1 ||
        !stack->text(0).startsWith(QStringLiteral("Recovered from autosave")))
        return {QStringLiteral("the recovery is not the one step in the History (%1 steps: %2)")
                    .arg(stack->count())
                    .arg(stack->count() > 0 ? stack->text(0) : QString())};
    stack->setIndex(0);
    mDocStart = undoBytes(doc->level());
    const ts::level::Level under = doc->level();
    stack->setIndex(1);
    if (!file.isEmpty()) {
        const ts::level::LoadResult disk = ts::level::loadLevelFile(file.toStdString());
        if (disk.level && undoBytes(*disk.level) != mDocStart)
            return {QStringLiteral("undoing the recovery does not give the file on disk (%1)")
                        .arg(firstDifference(undoBytes(*disk.level), mDocStart))};
        if (disk.level)
            return {};
    }
    const bool emptyMap = under.spawns.empty() &&
                          std::all_of(under.tiles.begin(), under.tiles.end(),
                                      [](ts::Tile t) { return t == ts::Tile::Empty; }) &&
                          under.width == doc->level().width && under.height == doc->level().height;
    if (!emptyMap)
        return {QStringLiteral("undoing the recovery of a level with no file on disk does not give "
                               "an empty map of its size")};
    return {};
}

} // namespace monkey
