// The overlay legend collapses to a chip ("Legend ▸  Ctrl+L") and expands again: by
// a click on its header and by Ctrl+L, through the window as a user does; the choice
// is remembered across starts; a view too small for the expanded panel starts with
// the chip; the legend lists only the overlays that are on; and neither the chip nor
// the panel covers the HUD. LegendLayout's decisions are also tested on their own.
#include "playkeys.h"
#include "testsettings.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/play/legendlayout.h"
#include "tilesmith/play/overlaystyle.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/playhud.h"
#include "tilesmith/play/playlegend.h"
#include "tilesmith/play/playsession.h"

#include <QAction>
#include <QKeyEvent>
#include <QMenu>
#include <QMetaEnum>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWindow>

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

using ts::play::LegendLayout;
using ts::play::PlayController;
using Corner = LegendLayout::Corner;

namespace {

constexpr unsigned kMarks =
    ts::play::OverlayAll & ~(ts::play::OverlayHud | ts::play::OverlayLegend);

/// The tutorial in a main window of `size` with its play controller (whose choices
/// are saved, in the test's settings folder), every overlay on, shown.
struct LegendWindow {
    explicit LegendWindow(QSize size) {
        w.setSettingsEnabled(false); // the window's own geometry and docks are not restored
        play = std::make_unique<PlayController>();
        w.addExtension(play.get());
        QString error;
        opened = w.openFile(QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml"),
                            &error);
        if (!opened)
            qWarning("%s", qPrintable(error));
        play->setOverlays(ts::play::OverlayAll);
        w.resize(size);
        w.show();
        w.activateWindow();
        w.view()->setFocus();
        opened = opened && QTest::qWaitForWindowActive(&w);
    }
    ~LegendWindow() { play.reset(); }
    LegendWindow(const LegendWindow&) = delete;
    LegendWindow& operator=(const LegendWindow&) = delete;

    ts::play::PlayLegend* legend() const { return play->legend(); }
    QRect viewport() const { return w.view()->viewport()->geometry(); }
    /// The player's rectangle in the view's coordinates (the legend's parent's).
    QRect playerRect() const {
        ts::play::PlaySession* s = play->session();
        const QRectF scene = s->sceneRect(s->drawnAabb(s->player()));
        return w.view()->mapFromScene(scene).boundingRect().translated(viewport().topLeft());
    }
    /// A real click through the window at the middle of the legend's header.
    void clickHeader() {
        const QPoint at = legend()->mapTo(&w, legend()->headerRect().center());
        QTest::mouseClick(w.windowHandle(), Qt::LeftButton, {}, at);
    }
    /// The tiles of the map without a spawn whose centres are inside `rect` (view
    /// coordinates), inside the map's border.
    QList<QPoint> tilesUnder(const QRect& rect) const {
        QList<QPoint> tiles;
        const ts::level::Level& level = w.document()->level();
        for (int y = 1; y + 1 < level.height; ++y)
            for (int x = 1; x + 1 < level.width; ++x) {
                const QPoint at = w.view()->mapFromScene(w.scene()->tileCenter(QPoint(x, y))) +
                                  viewport().topLeft();
                const bool spawn =
                    std::any_of(level.spawns.begin(), level.spawns.end(),
                                [&](const ts::level::Spawn& sp) { return sp.x == x && sp.y == y; });
                if (rect.contains(at) && !spawn)
                    tiles << QPoint(x, y);
            }
        return tiles;
    }
    /// The empty tiles of the map whose centres are inside `rect` (view coordinates).
    QList<QPoint> emptyTilesUnder(const QRect& rect) const {
        QList<QPoint> tiles;
        const ts::level::Level& level = w.document()->level();
        for (int y = 0; y < level.height; ++y)
            for (int x = 0; x < level.width; ++x) {
                const QPoint at = w.view()->mapFromScene(w.scene()->tileCenter(QPoint(x, y))) +
                                  viewport().topLeft();
                const bool spawn =
                    std::any_of(level.spawns.begin(), level.spawns.end(),
                                [&](const ts::level::Spawn& sp) { return sp.x == x && sp.y == y; });
                if (rect.contains(at) && level.tile(x, y) == ts::Tile::Empty && !spawn)
                    tiles << QPoint(x, y);
            }
        return tiles;
    }
    void pressCtrlL() {
        w.view()->setFocus();
        QTest::keyClick(w.windowHandle(), Qt::Key_L, Qt::ControlModifier);
    }

    ts::editor::MainWindow w;
    std::unique_ptr<PlayController> play;
    bool opened = false;
};

bool savedCollapsed() {
    QSettings settings;
    return settings.value(QStringLiteral("play/legend/collapsed"), false).toBool();
}

/// What the layout's rectangles hide: kPlayerCost for `player`, 1 for each of `bodies`.
LegendLayout::Hidden hiding(QRect player, QList<QRect> bodies = {}) {
    return [=](const QRect& r) {
        int n = r.intersects(player) ? LegendLayout::kPlayerCost : 0;
        for (const QRect& b : bodies)
            n += r.intersects(b);
        return n;
    };
}

} // namespace

class TestLegend : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mSettingsDir;

private slots:
    void initTestCase() {
        tstest::isolateSettings(mSettingsDir, QStringLiteral("TilesmithTests"),
                                QStringLiteral("test_play_legend"));
        if (QTest::currentTestFailed())
            return;
    }
    void init() { QSettings().clear(); }

    // --- LegendLayout on its own ------------------------------------------------

    void layoutListsOnlyTheOverlaysOn() {
        LegendLayout all;
        all.setContent(QFont(), ts::play::OverlayAll, QStringLiteral("Ctrl+L"));
        QCOMPARE(int(all.rows().size()), 11);
        LegendLayout contacts;
        contacts.setContent(QFont(), ts::play::OverlayContacts | ts::play::OverlayLegend,
                            QStringLiteral("Ctrl+L"));
        QCOMPARE(int(contacts.rows().size()), 4);
        for (const LegendLayout::Row& row : contacts.rows())
            QCOMPARE(row.entry.overlay, ts::play::OverlayContacts);
        QVERIFY(contacts.expandedSize().height() < all.expandedSize().height());
        LegendLayout none;
        none.setContent(QFont(), ts::play::OverlayHud | ts::play::OverlayLegend, {});
        QVERIFY(none.isEmpty());
    }

    void layoutChipIsTheHeader() {
        LegendLayout l;
        l.setContent(QFont(), ts::play::OverlayAll, QStringLiteral("Ctrl+L"));
        QVERIFY(!l.isCollapsed());
        QCOMPARE(l.title(), QStringLiteral("Legend \u25be"));
        QCOMPARE(l.headerRect().width(), l.expandedSize().width());
        QVERIFY(l.headerRect().height() < 30);
        for (const LegendLayout::Row& row : l.rows())
            QVERIFY(row.swatch.top() >= l.headerRect().bottom() && !row.text.isEmpty());
        l.setCollapsed(true);
        QCOMPARE(l.title(), QStringLiteral("Legend \u25b8"));
        QCOMPARE(l.size(), l.collapsedSize());
        QCOMPARE(l.headerRect(), QRect(QPoint(0, 0), l.collapsedSize()));
        QVERIFY(l.collapsedSize().width() * 2 < l.expandedSize().width());
        QVERIFY(!l.titleRect().intersects(l.keysRect()));
        QVERIFY(QRect(QPoint(0, 0), l.size()).contains(l.keysRect()));
    }

    void layoutStartsCollapsedOnlyWithoutRoom() {
        LegendLayout l;
        l.setContent(QFont(), ts::play::OverlayAll, QStringLiteral("Ctrl+L"));
        const QSize panel = l.expandedSize();
        // Room: an empty view twice the panel's size.
        const QRect big(0, 0, panel.width() * 2 + 40, panel.height() * 2 + 40);
        const QRect hud(8, 8, 290, 80);
        l.place(big, hud, hiding({}));
        QVERIFY(!l.isCollapsed());
        QCOMPARE(l.corner(), Corner::BottomLeft);
        // A small view: the player under the bottom-left corner, a body under the
        // bottom-right one, the HUD under the top-right one. It starts collapsed, clear
        // of all three.
        const QRect small(0, 0, panel.width() + 150, panel.height() + 120);
        const QRect player(20, small.bottom() - 40, 16, 24);
        const QRect box(small.right() - 60, small.bottom() - 40, 16, 16);
        QVERIFY(l.rectIn(small, Corner::TopRight, panel).intersects(hud));
        l.restart();
        const QRect chip = l.place(small, hud, hiding(player, {box}));
        QVERIFY(l.isCollapsed());
        QVERIFY(!l.wantsCollapsed()); // not the user's choice
        QCOMPARE(chip.size(), l.collapsedSize());
        QVERIFY(!chip.intersects(hud) && !chip.intersects(player) && !chip.intersects(box));
        // Shown again in the large view, it is expanded again.
        l.restart();
        l.place(big, hud, hiding({}));
        QVERIFY(!l.isCollapsed());
        // The user's choice holds in the large view too.
        l.setCollapsed(true);
        l.restart();
        l.place(big, hud, hiding({}));
        QVERIFY(l.isCollapsed());
    }

    void layoutNeverRestsOnTheHud() {
        // Expanded by the user in a view too small for it, the panel takes a corner
        // over a body rather than the HUD, at once.
        LegendLayout l;
        l.setContent(QFont(), ts::play::OverlayAll, QStringLiteral("Ctrl+L"));
        const QSize panel = l.expandedSize();
        const QRect view(0, 0, panel.width() + 150, panel.height() + 120);
        const QRect hud(8, 8, 290, 80);
        const QRect player(20, view.bottom() - 40, 16, 24);
        const QRect box(view.right() - 60, view.bottom() - 40, 16, 16);
        l.place(view, hud, hiding(player, {box}));
        QVERIFY(l.isCollapsed());
        l.setCollapsed(false);
        const QRect r = l.place(view, hud, hiding(player, {box}));
        QCOMPARE(r.size(), panel);
        QCOMPARE(l.corner(), Corner::BottomRight);
        QVERIFY(!r.intersects(hud) && !r.intersects(player));
        // Collapsed again, the chip stays in that corner (where the header was).
        l.setCollapsed(true);
        l.place(view, hud, hiding(player, {box}));
        QCOMPARE(l.corner(), Corner::BottomRight);
    }

    // --- through the window -----------------------------------------------------

    void smallWindowStartsCollapsedClearOfTheHud() {
        LegendWindow win(QSize(1000, 700));
        QVERIFY(win.opened);
        QVERIFY(!win.play->collapseLegendAction()->isChecked());
        int frames = 0;
        int overHud = 0;
        int overPlayer = 0;
        connect(win.play.get(), &PlayController::frameAdvanced, &win.w, [&] {
            ++frames;
            if (!win.legend()->isVisible())
                return;
            overHud += win.legend()->geometry().intersects(win.play->hud()->geometry());
            overPlayer += win.legend()->geometry().intersects(win.playerRect());
        });
        win.play->play();
        QTRY_VERIFY(frames >= 30 && win.legend()->isVisible());
        QVERIFY(win.legend()->isCollapsed());
        QCOMPARE(win.legend()->size(), win.legend()->legendLayout().collapsedSize());
        QCOMPARE(overHud, 0);
        QCOMPARE(overPlayer, 0);
        // The action shows it collapsed; the user's choice (expanded) is kept.
        QVERIFY(win.play->collapseLegendAction()->isChecked());
        QVERIFY(!savedCollapsed());
        win.play->stop();
        QVERIFY(!win.play->collapseLegendAction()->isChecked());
    }

    void clickAndKeyCollapseAndExpand() {
        // Low enough for the whole map to reach under the legend's corner.
        LegendWindow win(QSize(1000, 600));
        QVERIFY(win.opened);
        win.play->stepOnce();
        ts::play::PlayLegend* legend = win.legend();
        QVERIFY(legend->isVisible() && legend->isCollapsed());
        const QRect hud = win.play->hud()->geometry();
        // A click on the chip expands it; the keyboard stays with the view.
        win.clickHeader();
        QVERIFY(!legend->isCollapsed());
        QCOMPARE(legend->size(), legend->legendLayout().expandedSize());
        QVERIFY(!legend->geometry().intersects(hud));
        QVERIFY(!win.play->collapseLegendAction()->isChecked());
        QVERIFY(!savedCollapsed());
        QVERIFY(win.w.view()->hasFocus());
        // Ctrl+L collapses it, and expands it again.
        win.pressCtrlL();
        QVERIFY(legend->isCollapsed());
        QVERIFY(win.play->collapseLegendAction()->isChecked());
        QVERIFY(savedCollapsed());
        win.pressCtrlL();
        QVERIFY(!legend->isCollapsed());
        QVERIFY(!savedCollapsed());
        // The panel below the header lets the clicks through to the view's viewport:
        // the active tool (the Brush, solid) and play's right button paint the empty
        // tiles beneath, as without the legend; the legend stays expanded.
        const QRect below =
            legend->geometry().adjusted(2, legend->headerRect().height() + 4, -2, -2);
        QList<QPoint> empties = win.emptyTilesUnder(below);
        if (empties.size() < 2) {
            // The legend's corner is over ground: clear two tiles under it first.
            std::vector<ts::editor::TileWrite> clear;
            for (const QPoint& t : win.tilesUnder(below))
                if (clear.size() < 2)
                    clear.push_back({t, ts::Tile::Empty});
            QCOMPARE(int(clear.size()), 2);
            QCOMPARE(win.w.document()->paintTiles(clear, QStringLiteral("Clear")), 2);
            empties = win.emptyTilesUnder(below);
        }
        QVERIFY2(empties.size() >= 2, "the expanded legend is over two empty tiles");
        for (const auto& [button, tile] : {std::pair(Qt::LeftButton, empties.first()),
                                           std::pair(Qt::RightButton, empties.last())}) {
            const int undoCount = win.w.document()->undoStack()->count();
            const QPoint at = win.w.view()->mapFromScene(win.w.scene()->tileCenter(tile)) +
                              win.viewport().topLeft();
            QVERIFY(below.contains(at));
            QTest::mouseClick(win.w.windowHandle(), button, {}, win.w.view()->mapTo(&win.w, at));
            QCOMPARE(win.w.document()->level().tile(tile.x(), tile.y()), ts::Tile::Solid);
            QCOMPARE(win.w.document()->undoStack()->count(), undoCount + 1);
            QVERIFY(!legend->isCollapsed());
            // The viewport is what the window finds there: the legend lets it through.
            QCOMPARE(win.w.view()->childAt(at), win.w.view()->viewport());
        }
        // A click on the expanded panel's header collapses it.
        win.clickHeader();
        QVERIFY(legend->isCollapsed());
        QVERIFY(savedCollapsed());
        // The header names the shortcut, as the action's tooltip does.
        QCOMPARE(legend->legendLayout().keys(),
                 ts::play::shortcutText(win.play->collapseLegendAction()));
        QVERIFY(win.w.findChild<QMenu*>(QStringLiteral("overlaysMenu"))
                    ->actions()
                    .contains(win.play->collapseLegendAction()));
        win.play->stop();
    }

    void expandedInANarrowWindowKeepsOffTheHud() {
        // 900 x 640: the expanded panel in the top-right corner would cover the HUD, the
        // bottom corners have the player and the bodies. Expanded by the user, it takes a
        // bottom corner, never the HUD's row, whatever the play does.
        LegendWindow win(QSize(900, 640));
        QVERIFY(win.opened);
        int frames = 0;
        int overHud = 0;
        connect(win.play.get(), &PlayController::frameAdvanced, &win.w, [&] {
            ++frames;
            if (win.legend()->isVisible())
                overHud += win.legend()->geometry().intersects(win.play->hud()->geometry());
        });
        win.play->play();
        QTRY_VERIFY(frames >= 2 && win.legend()->isVisible());
        QVERIFY(win.legend()->isCollapsed());
        win.pressCtrlL();
        QVERIFY(!win.legend()->isCollapsed());
        QVERIFY(win.legend()
                    ->legendLayout()
                    .rectIn(win.viewport(), Corner::TopRight)
                    .intersects(win.play->hud()->geometry()));
        const int expandedAt = frames;
        QTRY_VERIFY(frames >= expandedAt + 3 * LegendLayout::kSettleFrames);
        QCOMPARE(overHud, 0);
        QVERIFY(win.legend()->corner() != Corner::TopRight);
        win.play->stop();
    }

    void choiceRememberedAcrossStarts() {
        const QSize large(1600, 1000);
        {
            LegendWindow win(large);
            QVERIFY(win.opened);
            win.play->stepOnce();
            QVERIFY(win.legend()->isVisible());
            QVERIFY(!win.legend()->isCollapsed()); // room for it expanded
            win.pressCtrlL();
            QVERIFY(win.legend()->isCollapsed());
            win.play->stop();
        }
        {
            // The next start: collapsed, in the large window too.
            LegendWindow win(large);
            QVERIFY(win.opened);
            QVERIFY(win.play->collapseLegendAction()->isChecked());
            win.play->stepOnce();
            QVERIFY(win.legend()->isVisible() && win.legend()->isCollapsed());
            win.clickHeader();
            QVERIFY(!win.legend()->isCollapsed());
            win.play->stop();
        }
        LegendWindow win(large);
        QVERIFY(win.opened);
        QVERIFY(!win.play->collapseLegendAction()->isChecked());
        win.play->stepOnce();
        QVERIFY(win.legend()->isVisible() && !win.legend()->isCollapsed());
        win.play->stop();
    }

    void listsOnlyTheOverlaysOn() {
        LegendWindow win(QSize(1600, 1000));
        QVERIFY(win.opened);
        win.play->stepOnce();
        ts::play::PlayLegend* legend = win.legend();
        QCOMPARE(legend->texts().size(), 11);
        const int fullHeight = legend->height();
        win.play->overlayAction(ts::play::OverlaySensors)->setChecked(false);
        QCOMPARE(legend->texts().size(), 8);
        QVERIFY(!legend->texts().join(QLatin1Char(' ')).contains(QStringLiteral("sensor")));
        QVERIFY(legend->height() < fullHeight);
        // No overlay with marks on: nothing to explain, no legend.
        win.play->setOverlays(ts::play::OverlayHud | ts::play::OverlayLegend);
        QVERIFY(!legend->isVisible());
        win.play->overlayAction(ts::play::OverlayOverlaps)->setChecked(true);
        QVERIFY(legend->isVisible());
        QCOMPARE(legend->texts().size(), 1);
        QVERIFY(legend->texts().constFirst().startsWith(QStringLiteral("overlap")));
        win.play->setOverlays(ts::play::OverlayAll);
        QCOMPARE(legend->texts().size(), 11);
        QCOMPARE(win.play->overlays() & kMarks, kMarks);
        win.play->stop();
    }

    void shortcutClashesWithNothing() {
        LegendWindow win(QSize(1000, 700));
        QVERIFY(win.opened);
        const QKeySequence ctrlL(Qt::CTRL | Qt::Key_L);
        QCOMPARE(win.play->collapseLegendAction()->shortcuts(), QList<QKeySequence>{ctrlL});
        QList<QAction*> all = win.w.findChildren<QAction*>();
        all += win.play->findChildren<QAction*>();
        for (QAction* a : all)
            if (a != win.play->collapseLegendAction())
                QVERIFY2(!a->shortcuts().contains(ctrlL), qPrintable(a->text()));
        const QMetaEnum standard = QMetaEnum::fromType<QKeySequence::StandardKey>();
        for (int i = 0; i < standard.keyCount(); ++i)
            QVERIFY2(!QKeySequence::keyBindings(QKeySequence::StandardKey(standard.value(i)))
                          .contains(ctrlL),
                     standard.key(i));
        QKeyEvent press(QEvent::KeyPress, Qt::Key_L, Qt::ControlModifier);
        QVERIFY(!ts::play::playKeyOf(&press));
    }

    // The first play shows what reads at a glance (the HUD, contact flags, overlap
    // vectors); the partition cells and the sensors are off, a key away (Ctrl+1,
    // Ctrl+2, the Overlays menu's order), and what the user turns on stays on at the
    // next start.
    void firstPlayShowsWhatReadsAtAGlance() {
        using namespace ts::play;
        for (int start = 0; start < 2; ++start) {
            ts::editor::MainWindow w;
            w.setSettingsEnabled(false);
            PlayController play;
            w.addExtension(&play);
            QString error;
            QVERIFY2(
                w.openFile(QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/tutorial.yaml"),
                           &error),
                qPrintable(error));
            w.resize(1200, 800);
            w.show();
            w.activateWindow();
            w.view()->setFocus();
            QVERIFY(QTest::qWaitForWindowActive(&w));
            QTest::keyClick(w.windowHandle(), Qt::Key_F5);
            QTRY_VERIFY(play.session() && play.session()->steps() > 0);
            QVERIFY(play.hud() && play.hud()->isVisible());
            const unsigned on = play.overlays();
            for (const Overlay shown : {OverlayHud, OverlayContacts, OverlayOverlaps})
                QVERIFY2(on & shown, qPrintable(play.overlayAction(shown)->text()));
            QVERIFY(!(on & OverlayCells));
            QCOMPARE(bool(on & OverlaySensors), start == 1);
            QCOMPARE(play.overlayAction(OverlaySensors)->isChecked(), start == 1);
            if (start == 0) {
                QTest::keyClick(w.windowHandle(), Qt::Key_1, Qt::ControlModifier);
                QVERIFY(play.overlays() & OverlayCells);
                QVERIFY(play.overlayAction(OverlayCells)->isChecked());
                QTest::keyClick(w.windowHandle(), Qt::Key_2, Qt::ControlModifier);
                QVERIFY(play.overlays() & OverlaySensors);
                QVERIFY(play.legend()
                            ->texts()
                            .join(QLatin1Char(' '))
                            .contains(QStringLiteral("sensor")));
                QTest::keyClick(w.windowHandle(), Qt::Key_1, Qt::ControlModifier);
                QVERIFY(!(play.overlays() & OverlayCells));
            }
            QTest::keyClick(w.windowHandle(), Qt::Key_F5, Qt::ControlModifier);
            QTRY_VERIFY(!play.isPlaying());
            w.document()->undoStack()->setClean();
        }
    }

    // The faint (swept) sensor swatch reads on the legend's dark panel: its line is as
    // thick as the view draws it and stands out from the panel by at least 3 : 1
    // (WCAG's contrast for graphics).
    void faintSwatchVisibleOnThePanel() {
        LegendWindow win(QSize(1600, 1000));
        QVERIFY(win.opened);
        win.play->stepOnce();
        ts::play::PlayLegend* legend = win.legend();
        QVERIFY(legend->isVisible() && !legend->isCollapsed());
        const QImage img = legend->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const qreal dpr = img.devicePixelRatio();
        const auto luminance = [](QRgb c) {
            const auto lin = [](int v) {
                const double x = v / 255.0;
                return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
            };
            return 0.2126 * lin(qRed(c)) + 0.7152 * lin(qGreen(c)) + 0.0722 * lin(qBlue(c));
        };
        bool found = false;
        for (const LegendLayout::Row& row : legend->legendLayout().rows()) {
            if (row.entry.mark != ts::play::style::Mark::ThinLine)
                continue;
            found = true;
            const QRect sw(row.swatch.topLeft() * dpr, row.swatch.size() * dpr);
            const double panel = luminance(img.pixel(sw.left() + 1, sw.top()));
            // The swatch's middle column: how many pixels stand out, and how much.
            const int x = sw.center().x();
            int thick = 0;
            double best = 1;
            for (int y = sw.top(); y <= sw.bottom(); ++y) {
                const double l = luminance(img.pixel(x, y));
                const double ratio = (std::max(l, panel) + 0.05) / (std::min(l, panel) + 0.05);
                best = std::max(best, ratio);
                thick += ratio >= 3.0;
            }
            QVERIFY2(best >= 3.0, qPrintable(QStringLiteral("contrast %1 : 1").arg(best)));
            QVERIFY2(thick >= int(ts::play::style::kLinePx * dpr),
                     qPrintable(QStringLiteral("%1 px stand out").arg(thick)));
        }
        QVERIFY(found);
        win.play->stop();
    }

    // One meaning per colour: no two rows of the legend or answer marks (route, replay,
    // desync, goal moment) share a colour, except a faint (thin) line drawn as a fainter
    // form of the row it follows, the cell's count, which is text, and the translucent
    // body, whose meaning is its translucency (drawn in the body's own colour); and no
    // two are so close in hue and brightness that they read alike.
    void oneMeaningPerColour() {
        using ts::play::style::Mark;
        std::vector<ts::play::style::LegendEntry> rows = ts::play::style::legend();
        for (const auto& mark : ts::play::style::answerMarks())
            rows.push_back(mark);
        const auto skipped = [](Mark m) { return m == Mark::Text || m == Mark::Translucent; };
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (skipped(rows[i].mark))
                continue;
            for (std::size_t j = i + 1; j < rows.size(); ++j) {
                if (skipped(rows[j].mark))
                    continue;
                if (rows[j].mark == ts::play::style::Mark::ThinLine &&
                    rows[j].color == rows[i].color)
                    continue;
                const QColor a = rows[i].color.toHsv(), b = rows[j].color.toHsv();
                const int hue = std::abs(a.hue() - b.hue());
                const int hueApart = std::min(hue, 360 - hue);
                const bool bothGrey = a.saturation() < 40 && b.saturation() < 40;
                const bool alike = bothGrey ? std::abs(a.value() - b.value()) < 40
                                            : hueApart < 25 && a.saturation() >= 40 &&
                                                  b.saturation() >= 40 &&
                                                  std::abs(a.saturation() - b.saturation()) < 60 &&
                                                  std::abs(a.value() - b.value()) < 60;
                QVERIFY2(!alike, qPrintable(QStringLiteral("\"%1\" and \"%2\" read alike")
                                                .arg(rows[i].text, rows[j].text)));
            }
        }
    }
};

QTEST_MAIN(TestLegend)
#include "test_legend.moc"
