// What a designer relies on in the editor, driven through the main window with real key
// and mouse events: every shortcut of docs/editor.md bound and working, the dialogs' and
// docks' ranges equal the level format's, the last player cannot be deleted,
// recovery files always load, autosave failures are shown, two windows keep
// their own recovery files, paste never buries a spawn, History texts, the
// brush hover, the spawn hint, the selection after a resize, dialog folders.
#include "document/autosave.h"
#include "testsettings.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/region.h"
#include "tilesmith/editor/tilelayeritem.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/editor/tooloptions.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/limits.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playdock.h"
#include "tools/brushtool.h"
#include "tools/spawntool.h"
#include "widgets/elidedlabel.h"
#include "widgets/levelpropertiesdialog.h"
#include "widgets/propertiesdock.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWindow>

#include <algorithm>
#include <optional>
#include <set>

using namespace ts::editor;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;
namespace limits = ts::level::limits;

namespace {

/// Answers every question with OK (or the scripted answer) and records it.
class Prompts : public WindowPrompts {
public:
    QList<QMessageBox::StandardButton> answers;
    QList<Message> asked;
    QStringList dirs; ///< the folder each file dialog opened in
    QMessageBox::StandardButton message(QWidget*, const Message& m) override {
        asked << m;
        if (answers.isEmpty())
            return m.buttons.testFlag(QMessageBox::Cancel) ? QMessageBox::Cancel : QMessageBox::Ok;
        return answers.takeFirst();
    }
    bool newLevelSettings(QWidget*, NewLevelDialog::Settings&) override { return false; }
    QString openFileName(QWidget*, const QString&, const QString& dir, const QString&) override {
        dirs << dir;
        return {};
    }
    QString saveFileName(QWidget*, const QString&, const QString& dir, const QString&) override {
        dirs << dir;
        return {};
    }
    void levelProperties(QWidget*, LevelDocument*) override {}
};

/// 12 x 8 tiles, a floor on the bottom row, the player, an NPC and a box.
Level smallLevel() {
    Level lv = Level::make(12, 8);
    for (int x = 0; x < lv.width; ++x)
        lv.setTile(x, lv.height - 1, ts::Tile::Solid);
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 1, 6));
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Npc, 2, 5, 6));
    lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Box, 3, 8, 6));
    return lv;
}

struct Window {
    Window() {
        auto p = std::make_unique<Prompts>();
        prompts = p.get();
        w.setSettingsEnabled(false);
        w.setPrompts(std::move(p));
        w.setDocument(std::make_unique<LevelDocument>(smallLevel()));
        w.resize(1100, 700);
        w.show();
    }
    bool activate() {
        w.activateWindow();
        w.view()->setFocus();
        return QTest::qWaitForWindowActive(&w);
    }
    QPoint viewportPointOfTile(QPoint tile) {
        const QPointF c = w.scene()->tileCenter(tile);
        w.view()->ensureVisible(QRectF(c - QPointF(8, 8), QSizeF(16, 16)));
        return w.view()->mapFromScene(c);
    }
    QString status() const { return w.statusBar()->currentMessage(); }

    MainWindow w;
    Prompts* prompts = nullptr;
};

QString stripped(QString text) {
    text.remove(QLatin1Char('&'));
    if (text.endsWith(QStringLiteral("...")))
        text.chop(3);
    return text.trimmed();
}

/// Rows of the "Keyboard shortcuts" table of docs/editor.md: key sequences, action names.
QList<QPair<QStringList, QStringList>> documentedShortcuts() {
    QFile f(QStringLiteral(TILESMITH_SOURCE_DIR "/docs/editor.md"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    QList<QPair<QStringList, QStringList>> rows;
    bool inSection = false;
    static const QRegularExpression code(QStringLiteral("`([^`]+)`"));
    for (const QString& line : lines) {
        if (line.startsWith(QStringLiteral("## Keyboard shortcuts"))) {
            inSection = true;
            continue;
        }
        if (inSection && line.startsWith(QLatin1Char('#')))
            break;
        if (!inSection || !line.startsWith(QStringLiteral("| `")))
            continue;
        const QStringList cells = line.split(QLatin1Char('|'), Qt::SkipEmptyParts);
        if (cells.size() < 2)
            continue;
        QStringList keys;
        for (auto it = code.globalMatch(cells[0]); it.hasNext();)
            keys << it.next().captured(1);
        QStringList actions;
        for (const QString& a : cells[1].split(QLatin1Char(',')))
            actions << a.trimmed();
        rows.append({keys, actions});
    }
    return rows;
}

} // namespace

class TestEditorUx : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mSettingsDir;

private slots:
    void initTestCase() {
        tstest::isolateSettings(mSettingsDir, QStringLiteral("Tilesmith"),
                                QStringLiteral("TilesmithUxTest"));
        if (QTest::currentTestFailed())
            return;
        Autosave::setDirectoryOverride(mSettingsDir.filePath(QStringLiteral("recovery")));
    }

    void init() { QDir(Autosave::directory()).removeRecursively(); }

    // --- item 5: every documented shortcut is bound and fires ------------------
    void everyDocumentedShortcutWorks() {
        Window win;
        ts::play::PlayController play;
        win.w.addExtension(&play);
        play.setPersistOverlays(false);
        QVERIFY(win.activate());
        const auto rows = documentedShortcuts();
        QVERIFY2(rows.size() >= 20, "the shortcut table of docs/editor.md was not found");

        QList<QAction*> all = win.w.findChildren<QAction*>();
        all += play.findChildren<QAction*>();
        QHash<QString, QAction*> byName;
        for (QAction* a : all)
            if (!a->text().isEmpty())
                byName.insert(stripped(a->text()), a);
        // Only the shortcut's firing is tested: the actions do nothing here.
        for (QAction* a : all) {
            QObject::disconnect(a, &QAction::triggered, nullptr, nullptr);
            a->setEnabled(true);
        }
        int checked = 0;
        for (const auto& [keys, actions] : rows) {
            QVERIFY2(actions.size() == 1 || actions.size() == keys.size(),
                     qPrintable(keys.join(QLatin1Char(' '))));
            for (int i = 0; i < keys.size(); ++i) {
                const QString name = actions.size() == 1 ? actions[0] : actions[i];
                QAction* action = byName.value(name);
                QVERIFY2(action, qPrintable(QStringLiteral("no action named ") + name));
                const QKeySequence seq =
                    QKeySequence::fromString(keys[i], QKeySequence::PortableText);
                QVERIFY2(!seq.isEmpty(), qPrintable(keys[i]));
                QVERIFY2(action->shortcuts().contains(seq),
                         qPrintable(QStringLiteral("%1 is not bound to %2").arg(keys[i], name)));
                // And the key, pressed in the window, triggers exactly that action. A key
                // with a meaning per state (X: swap the tile kind, or flip a floating
                // paste) is tested in the action's state: the window keeps the other
                // actions on that key off then (test_pastetransform checks it does).
                QList<QAction*> sameKey;
                for (QAction* other : all) {
                    if (other != action && other->shortcuts().contains(seq)) {
                        other->setEnabled(false);
                        sameKey << other;
                    }
                }
                QSignalSpy spy(action, &QAction::triggered);
                win.w.view()->setFocus();
                const QKeyCombination k = seq[0];
                QTest::keyClick(win.w.windowHandle(), k.key(), k.keyboardModifiers());
                for (QAction* other : sameKey)
                    other->setEnabled(true);
                QVERIFY2(spy.count() == 1,
                         qPrintable(QStringLiteral("%1 did not trigger %2").arg(keys[i], name)));
                ++checked;
            }
        }
        QVERIFY(checked >= 30);
    }

    // --- item 8: one place for ranges and units --------------------------------
    void levelPropertiesRangesAreTheFormats() {
        LevelPropertiesDialog d(smallLevel());
        const auto checkF = [](QDoubleSpinBox* box, const limits::FloatRange& r, const char* what) {
            QVERIFY2(box, what);
            QCOMPARE(box->maximum(), r.hi);
            QCOMPARE(box->minimum(), r.minimum(box->decimals()));
            QVERIFY2(r.contains(box->minimum()), what);
            QVERIFY2(box->suffix().trimmed() == QString::fromUtf8(r.unit), what);
        };
        checkF(d.gravityBox(), limits::kGravity, "gravity");
        checkF(d.walkSpeedBox(), limits::kSpeed, "walk speed");
        checkF(d.jumpSpeedBox(), limits::kSpeed, "jump speed");
        checkF(d.maxFallSpeedBox(), limits::kMaxFallSpeed, "max fall speed");
        QVERIFY(d.maxFallSpeedBox()->minimum() > 0);
        checkF(d.oneWayThresholdBox(), limits::kOneWayThreshold, "one-way threshold");
        QCOMPARE(d.oneWayThresholdBox()->maximum(), 64.0);
        QCOMPARE(d.partitionCellBox()->minimum(), limits::kPartitionCell.lo);
        QCOMPARE(d.partitionCellBox()->maximum(), 1024);
        QCOMPARE(d.partitionCellBox()->suffix().trimmed(), QStringLiteral("tiles"));
        QCOMPARE(d.tileSizeBox()->minimum(), limits::kTileSize.lo);
        QCOMPARE(d.tileSizeBox()->maximum(), limits::kTileSize.hi);
        QCOMPARE(d.widthBox()->maximum(), limits::kMapSide.hi);
        QVERIFY(d.stepRateBox()->minimum() >= 1.0 / limits::kDt.hi);

        // Whatever the boxes accept, Save accepts: every box at its maximum,
        // then at its minimum.
        for (bool atMax : {true, false}) {
            LevelDocument doc(smallLevel());
            LevelPropertiesDialog e(doc.level());
            for (QDoubleSpinBox* b : e.findChildren<QDoubleSpinBox*>())
                b->setValue(atMax ? b->maximum() : b->minimum());
            for (QSpinBox* b : {e.partitionCellBox(), e.tileSizeBox()})
                b->setValue(atMax ? b->maximum() : b->minimum());
            e.applyTo(&doc);
            const auto problems = ts::level::validateLevel(doc.level());
            for (const auto& p : problems)
                qWarning("%s", p.toString().c_str());
            QVERIFY(problems.empty());
        }
    }

    void untouchedFieldsKeepExactValues() {
        // Values the boxes cannot show exactly (three decimals, a 2 px tile, a
        // 7 Hz step) survive opening and accepting the dialog.
        Level lv = smallLevel();
        lv.tileSize = 2;
        lv.physics.gravity = 1234.567f;
        lv.physics.oneWayThreshold = 0.333f;
        lv.physics.maxFallSpeed = 0.001f;
        lv.physics.dt = 1.0f / 7.0f;
        LevelDocument doc(lv);
        LevelPropertiesDialog d(doc.level());
        QCOMPARE(d.tileSizeBox()->value(), 2);
        d.nameEdit()->setText(QStringLiteral("Renamed"));
        d.applyTo(&doc);
        QCOMPARE(doc.level().name, std::string("Renamed"));
        QCOMPARE(doc.level().tileSize, 2);
        QCOMPARE(doc.level().physics, lv.physics);
        // An edited field takes the box's value.
        LevelPropertiesDialog e(doc.level());
        e.gravityBox()->setValue(900);
        e.applyTo(&doc);
        QCOMPARE(doc.level().physics.gravity, 900.0f);
        QCOMPARE(doc.level().physics.oneWayThreshold, 0.333f);
    }

    void propertiesDockRangesAreTheFormats() {
        Window win;
        PropertiesDock* dock = win.w.findChild<ts::editor::PropertiesDock*>();
        win.w.scene()->setSelectedSpawns({3});
        const auto spins = dock->findChildren<QDoubleSpinBox*>();
        QVERIFY(spins.size() >= 7);
        for (QDoubleSpinBox* b : spins) {
            const bool known =
                (b->maximum() == limits::kSpawnSize.hi &&
                 b->minimum() == limits::kSpawnSize.minimum(b->decimals())) ||
                (b->maximum() == limits::kRadius.hi &&
                 b->minimum() == limits::kRadius.minimum(b->decimals())) ||
                (b->maximum() == limits::kMass.hi && b->minimum() == limits::kMass.lo) ||
                (b->maximum() == limits::kRestitution.hi && b->minimum() == 0) ||
                (b->maximum() == limits::kVelocity.hi && b->minimum() == limits::kVelocity.lo);
            QVERIFY2(known,
                     qPrintable(QStringLiteral("%1..%2").arg(b->minimum()).arg(b->maximum())));
        }
        // The kind reads as designers say it.
        bool npc = false;
        for (QComboBox* kind : dock->findChildren<QComboBox*>()) {
            npc = npc || kind->findText(QStringLiteral("NPC")) >= 0;
            QCOMPARE(kind->findText(QStringLiteral("Npc")), -1);
        }
        QVERIFY(npc);
    }

    // --- item 4: the last player -----------------------------------------------
    void selectAllDeleteKeepsThePlayer() {
        Window win;
        QVERIFY(win.activate());
        QTest::keyClick(win.w.windowHandle(), Qt::Key_A, Qt::ControlModifier);
        QCOMPARE(win.w.scene()->selectedSpawnIds().size(), 3);
        QTest::keyClick(win.w.windowHandle(), Qt::Key_Delete);
        const Level& lv = win.w.document()->level();
        QCOMPARE(lv.spawns.size(), std::size_t(1));
        QVERIFY(lv.player());
        QVERIFY2(win.status().contains(QStringLiteral("player")), qPrintable(win.status()));
        // The spawn tool's Delete keeps it too.
        win.w.tools()->setCurrentTool(win.w.tools()->findTool<ts::editor::SpawnTool>());
        win.w.scene()->setSelectedSpawns({1});
        win.w.statusBar()->clearMessage();
        win.w.view()->setFocus();
        QTest::keyClick(win.w.windowHandle(), Qt::Key_Delete);
        QVERIFY(win.w.document()->level().player());
        QVERIFY2(win.status().contains(QStringLiteral("not deleted")), qPrintable(win.status()));
        // Undo brings the others back in one step.
        win.w.document()->undoStack()->undo();
        QCOMPARE(win.w.document()->level().spawns.size(), std::size_t(3));
    }

    // --- item 4: recovery and autosave ----------------------------------------
    void recoveryOfUnsaveableWorkLoadsWithItsProblems() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("level.yaml"));
        QVERIFY(ts::level::saveLevelFile(smallLevel(), path.toStdString()));
        Level edited;
        {
            Window crashed;
            QVERIFY(crashed.w.openFile(path));
            // Work in progress the loader refuses: a second player. No tool places one
            // (any rule Save checks would do): an edit, then the model replaced.
            crashed.w.document()->removeSpawns({3});
            Level broken = crashed.w.document()->level();
            broken.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 9, 3, 6));
            crashed.w.document()->applyLevel(broken);
            QVERIFY(crashed.w.autosave()->saveNow());
            edited = crashed.w.document()->level();
            QVERIFY(!ts::level::validateLevel(edited).empty());
        } // "crash": the recovery file stays
        QCOMPARE(Autosave::pendingRecoveries().size(), std::size_t(1));
        Window next;
        next.prompts->answers << QMessageBox::Yes << QMessageBox::Ok;
        QVERIFY(next.w.offerRecovery());
        QCOMPARE(next.w.document()->level(), edited);
        QVERIFY(next.w.document()->isModified());
        QCOMPARE(next.prompts->asked.size(), 2);
        const auto& info = next.prompts->asked.at(1);
        QVERIFY(info.informativeText.contains(QStringLiteral("second player")));
        QVERIFY(next.status().contains(QStringLiteral("problem")));
        next.w.document()->undoStack()->setClean();
    }

    void failingAutosaveIsShown() {
        QTemporaryDir dir;
        // A file where the recovery folder should be: no one can create it.
        const QString blocker = dir.filePath(QStringLiteral("file"));
        QFile f(blocker);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        Autosave::setDirectoryOverride(blocker + QStringLiteral("/recovery"));
        Window win;
        QSignalSpy failed(win.w.autosave(), &Autosave::failed);
        win.w.document()->paintTiles({{QPoint(3, 3), ts::Tile::Solid}}, QStringLiteral("Paint"));
        QVERIFY(!win.w.autosave()->saveNow());
        QCOMPARE(failed.count(), 1);
        QVERIFY(win.status().startsWith(QStringLiteral("Autosave failed")));
        QVERIFY(!win.w.autosave()->lastError().isEmpty());
        Autosave::setDirectoryOverride(mSettingsDir.filePath(QStringLiteral("recovery")));
        QVERIFY(win.w.autosave()->saveNow());
        QVERIFY(win.w.autosave()->lastError().isEmpty());
        win.w.document()->undoStack()->setClean();
    }

    void twoWindowsKeepTheirOwnRecoveryFiles() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("shared.yaml"));
        QVERIFY(ts::level::saveLevelFile(smallLevel(), path.toStdString()));
        Window a, b;
        QVERIFY(a.w.openFile(path));
        QVERIFY(b.w.openFile(path));
        a.w.document()->paintTiles({{QPoint(3, 3), ts::Tile::Solid}}, QStringLiteral("Paint"));
        b.w.document()->paintTiles({{QPoint(4, 3), ts::Tile::OneWay}}, QStringLiteral("Paint"));
        QVERIFY(a.w.autosave()->saveNow());
        QVERIFY(b.w.autosave()->saveNow());
        const QString ra = a.w.autosave()->recoveryPath();
        const QString rb = b.w.autosave()->recoveryPath();
        QVERIFY(ra != rb);
        QVERIFY(QFile::exists(ra) && QFile::exists(rb));
        QCOMPARE(Autosave::originalPathOf(rb), path);
        // Each file holds its own window's work.
        QVERIFY(Autosave::loadRecovery(ra).level->tile(3, 3) == ts::Tile::Solid);
        QVERIFY(Autosave::loadRecovery(rb).level->tile(3, 3) == ts::Tile::Empty);
        QVERIFY(Autosave::loadRecovery(rb).level->tile(4, 3) == ts::Tile::OneWay);
        // Autosaving again keeps each window on its file.
        QVERIFY(a.w.autosave()->saveNow());
        QCOMPARE(a.w.autosave()->recoveryPath(), ra);
        // Undoing to the saved state in A removes A's file only.
        a.w.document()->undoStack()->undo();
        QVERIFY(!QFile::exists(ra));
        QVERIFY(QFile::exists(rb));
        b.w.document()->undoStack()->undo();
        QVERIFY(!QFile::exists(rb));
    }

    // --- item 7: paste ------------------------------------------------------------
    void pasteNeverBuriesASpawn() {
        Window win;
        QVERIFY(win.activate());
        // A 3 x 2 block of solid with an empty corner, and a ball on its top-left.
        Region region;
        region.stamp = Level::make(3, 2);
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 3; ++x)
                region.stamp.setTile(x, y, ts::Tile::Solid);
        region.stamp.setTile(2, 0, ts::Tile::Empty);
        region.stamp.spawns.push_back(Spawn::withDefaults(SpawnKind::Ball, 1, 0, 0));
        copyToClipboard(region);
        win.w.document()->paintTiles({{QPoint(9, 4), ts::Tile::OneWay}}, QStringLiteral("Paint"));

        // Ctrl+V, then a click puts the region's top-left on tile (7, 4): over
        // the box at (8, 6)? No: rows 4 and 5. The box stands at (8, 6); paste at
        // (7, 5) covers (7..9, 5..6), the box's tile included.
        QTest::keyClick(win.w.windowHandle(), Qt::Key_V, Qt::ControlModifier);
        QVERIFY(win.w.scene()->hasFloating());
        // While it floats, the hint says how empty cells paste, and fits the
        // status bar left of its labels (as the summary below must): the hint's
        // label shows it whole, not shortened.
        const auto fits = [&win] {
            QCoreApplication::sendPostedEvents(); // the status bar lays the new text out
            const ElidedLabel* hint =
                win.w.findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"));
            return hint->isVisible() && hint->text() == win.status() &&
                   hint->shownText() == win.status();
        };
        QVERIFY2(win.status().contains(QStringLiteral("Tiled")), qPrintable(win.status()));
        QVERIFY2(fits(), qPrintable(win.status()));
        const QPoint at(7, 5);
        QTest::mouseMove(win.w.view()->viewport(), win.viewportPointOfTile(at));
        QTest::mouseClick(win.w.view()->viewport(), Qt::LeftButton, {},
                          win.viewportPointOfTile(at));
        QVERIFY(!win.w.scene()->hasFloating());
        const Level& lv = win.w.document()->level();
        // Every non-empty cell landed: no hole where the box stood.
        for (QPoint p : {QPoint(7, 5), QPoint(8, 5), QPoint(7, 6), QPoint(8, 6), QPoint(9, 6)})
            QVERIFY2(lv.tile(p.x(), p.y()) == ts::Tile::Solid,
                     qPrintable(QStringLiteral("%1,%2").arg(p.x()).arg(p.y())));
        // The clipboard's empty cell left the level's tile as it was (Tiled's rule).
        QCOMPARE(lv.tile(9, 5), ts::Tile::Empty);
        QCOMPARE(lv.tile(9, 4), ts::Tile::OneWay);
        // The box moved straight up out of the pasted floor; the pasted ball
        // (which would land on solid at (7, 5)) moved up too.
        const Spawn* box = lv.findSpawn(3);
        QVERIFY(box);
        QCOMPARE(QPoint(box->x, box->y), QPoint(8, 4));
        const Spawn* ball = nullptr;
        for (const Spawn& s : lv.spawns)
            if (s.kind == SpawnKind::Ball)
                ball = &s;
        QVERIFY(ball);
        QCOMPARE(QPoint(ball->x, ball->y), QPoint(7, 4));
        QVERIFY(ts::level::validateLevel(lv).empty());
        QVERIFY(win.status().contains(QStringLiteral("2 spawns moved")));
        QVERIFY2(fits(), qPrintable(win.status())); // the summary was cut off
        // One undo step takes all of it back.
        win.w.document()->undoStack()->undo();
        QCOMPARE(win.w.document()->level().findSpawn(3)->y, 6);
        QCOMPARE(win.w.document()->level().tile(7, 5), ts::Tile::Empty);
    }

    // --- item 9: paintTiles ----------------------------------------------------------
    void paintTilesStillKeepsSolidOffSpawns() {
        // The indexed lookup: dense (a fill) and sparse writes, after spawn edits.
        Level lv = Level::make(200, 100);
        lv.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 3, 3));
        for (int i = 0; i < 500; ++i)
            lv.spawns.push_back(
                Spawn::withDefaults(SpawnKind::Box, i + 2, (i * 37) % 200, (i * 11) % 100));
        LevelDocument doc(lv);
        std::vector<TileWrite> all;
        for (int y = 0; y < 100; ++y)
            for (int x = 0; x < 200; ++x)
                all.push_back({QPoint(x, y), ts::Tile::Solid});
        doc.paintTiles(all, QStringLiteral("Fill"));
        QVERIFY(ts::level::validateLevel(doc.level()).empty());
        int solid = 0;
        for (ts::Tile t : doc.level().tiles)
            solid += t == ts::Tile::Solid;
        std::set<std::pair<int, int>> spawnTiles;
        for (const Spawn& s : doc.level().spawns)
            spawnTiles.insert({s.x, s.y});
        QCOMPARE(solid, 200 * 100 - int(spawnTiles.size()));
        // After moving a spawn, its new tile is protected and the old one is not.
        doc.undoStack()->undo();
        doc.moveSpawns({1}, QPoint(1, 0));
        doc.paintTiles({{QPoint(4, 3), ts::Tile::Solid}, {QPoint(3, 3), ts::Tile::Solid}},
                       QStringLiteral("Paint"));
        QCOMPARE(doc.level().tile(4, 3), ts::Tile::Empty);
        QCOMPARE(doc.level().tile(3, 3), ts::Tile::Solid);
    }

    // --- item 11: smaller things --------------------------------------------------------
    void historySaysWhatAndHowMany() {
        Window win;
        QVERIFY(win.activate());
        win.w.tools()->setCurrentTool(win.w.tools()->findTool<ts::editor::BrushTool>());
        win.w.tools()->options()->setBrushSize(2);
        QTest::mouseClick(win.w.view()->viewport(), Qt::LeftButton, {},
                          win.viewportPointOfTile(QPoint(9, 1)));
        QUndoStack* stack = win.w.document()->undoStack();
        QCOMPARE(stack->text(stack->count() - 1), QStringLiteral("Paint 4 solid tiles"));
        // A stroke merges: the text counts the whole stroke.
        const QPoint from = win.viewportPointOfTile(QPoint(2, 4));
        const QPoint to = win.viewportPointOfTile(QPoint(4, 4));
        QTest::mousePress(win.w.view()->viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(win.w.view()->viewport(), to);
        QTest::mouseRelease(win.w.view()->viewport(), Qt::LeftButton, {}, to);
        QCOMPARE(stack->text(stack->count() - 1), QStringLiteral("Paint 8 solid tiles"));
        win.w.scene()->setSelectedSpawns({2, 3});
        win.w.scene()->deleteSelection();
        QVERIFY(stack->text(stack->count() - 1).isEmpty() == false);
        // The step's removal names them (beside the selection it takes, which undo gives back).
        const QUndoCommand* step = stack->command(stack->count() - 1);
        QStringList parts;
        for (int i = 0; i < step->childCount(); ++i)
            parts << step->child(i)->text();
        QVERIFY2(parts.contains(QStringLiteral("Remove 2 spawns")), qPrintable(parts.join(u',')));
        win.w.document()->undoStack()->setClean();
    }

    void brushHoverLeavesWithTheMouseAndStaysOnTheMap() {
        Window win;
        QVERIFY(win.activate());
        win.w.tools()->setCurrentTool(win.w.tools()->findTool<ts::editor::BrushTool>());
        win.w.tools()->options()->setBrushSize(8);
        TileOverlayItem* preview = win.w.scene()->previewItem();
        QTest::mouseMove(win.w.view()->viewport(), win.viewportPointOfTile(QPoint(0, 0)));
        QVERIFY(!preview->boundingRect().isEmpty());
        // Clipped to the map: nothing left of or above tile (0, 0).
        const QRectF map = win.w.scene()->mapRect();
        QVERIFY2(map.adjusted(-3, -3, 3, 3).contains(preview->boundingRect()),
                 qPrintable(QStringLiteral("%1 %2")
                                .arg(preview->boundingRect().x())
                                .arg(preview->boundingRect().y())));
        // Outside the map: no hover at all.
        win.w.tools()->options()->setBrushSize(1);
        QTest::mouseMove(win.w.view()->viewport(), win.viewportPointOfTile(QPoint(-1, -1)));
        QVERIFY(!preview->hasStamp());
        // The mouse leaves the view: the hover goes.
        QTest::mouseMove(win.w.view()->viewport(), win.viewportPointOfTile(QPoint(5, 3)));
        QVERIFY(preview->hasStamp());
        QEvent leave(QEvent::Leave);
        QCoreApplication::sendEvent(win.w.view()->viewport(), &leave);
        QVERIFY(!preview->hasStamp());
    }

    void spawnHintFollowsTheKind() {
        Window win;
        win.w.tools()->setCurrentTool(win.w.tools()->findTool<ts::editor::SpawnTool>());
        win.w.tools()->options()->setSpawnKind(SpawnKind::Box);
        QVERIFY2(win.status().contains(QStringLiteral("Box")), qPrintable(win.status()));
        win.w.tools()->options()->setSpawnKind(SpawnKind::Npc);
        QVERIFY2(win.status().contains(QStringLiteral("NPC")), qPrintable(win.status()));
        auto* box = win.w.findChild<QComboBox*>(QStringLiteral("spawnKindBox"));
        QVERIFY(box);
        QCOMPARE(box->currentText(), QStringLiteral("NPC"));
    }

    void selectionOutlineClearsOnResize() {
        Window win;
        win.w.scene()->setTileSelection(QRect(2, 2, 3, 3));
        QVERIFY(win.w.scene()->hasSelection());
        win.w.document()->resize(20, 10, ResizeAnchor::BottomRight);
        QVERIFY(win.w.scene()->tileSelection().isEmpty());
        win.w.document()->undoStack()->setClean();
    }

    void fileDialogsOpenInTheLevelsOrTheUsersFolder() {
        QTemporaryDir program;
        const QString oldCwd = QDir::currentPath();
        QDir::setCurrent(program.path()); // where the program was started
        Window win;
        win.w.open();
        QCOMPARE(win.prompts->dirs.size(), 1);
        QVERIFY(win.prompts->dirs[0] != program.path());
        const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QVERIFY(win.prompts->dirs[0] == docs || win.prompts->dirs[0] == QDir::homePath());
        // With a level open: its folder.
        QTemporaryDir levels;
        const QString path = levels.filePath(QStringLiteral("here.yaml"));
        QVERIFY(ts::level::saveLevelFile(smallLevel(), path.toStdString()));
        QVERIFY(win.w.openFile(path));
        win.w.exportTmx();
        QVERIFY(win.prompts->dirs.last().startsWith(QFileInfo(path).absolutePath()));
        QDir::setCurrent(oldCwd);
    }
};

QTEST_MAIN(TestEditorUx)
#include "test_editorux.moc"
