// The Problems dock in play mode, with real key and mouse events through the window:
// going to a finding (Enter, double-click) while playing or paused stops play, as Esc
// does (the session ends, the tint and the editor's items come back), then centres
// the view on the finding and selects its spawn, as an IDE shows an error while
// debugging.
#include "playwindow_testutil.h"
#include "problemlevel.h"
#include "testsettings.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/problemsdock.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/play/playcontroller.h"
#include "widgets/propertiesdock.h"

#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using ts::Tile;
using ts::editor::ProblemsDock;
using ts::editor::ReachabilityOverlay;
using ts::level::Level;
using ts::level::Spawn;
using ts::level::SpawnKind;

namespace {

using tstest::problemLevel;

QPointF viewCentre(const ts::editor::MainWindow& window) {
    const ts::editor::EditorView* view = window.view();
    return view->mapToScene(view->viewport()->rect().center());
}

int rowOf(QListWidget* list, const QString& message) {
    for (int row = 0; row < list->count(); ++row)
        if (list->item(row)->text().split(u'\n').value(0) == message)
            return row;
    return -1;
}

QRectF rectOf(const ReachabilityOverlay* reach, int spawnId) {
    for (const ReachabilityOverlay::Problem& p : reach->problems())
        if (p.spawnId == spawnId)
            return p.rect;
    return {};
}

} // namespace

class TestProblemsPlay : public QObject {
    Q_OBJECT
    QTemporaryDir mSettingsDir;
private slots:
    void initTestCase() {
        tstest::isolateSettings(mSettingsDir, QStringLiteral("TilesmithTests"),
                                QStringLiteral("test_problems_play"));
    }
    void goingToAFindingStopsPlayFirst();
};

void TestProblemsPlay::goingToAFindingStopsPlayFirst() {
    playtest::PlayWindow win(problemLevel());
    QVERIFY(win.activate());
    ts::editor::MainWindow& w = win.w;
    w.view()->setZoom(3.0);
    ReachabilityOverlay* reach = w.reachability();
    reach->setEnabled(true);
    QVERIFY(QTest::qWaitFor([&] { return !reach->isBusy() && reach->lint() != nullptr; }, 20000));
    ProblemsDock* dock = w.findChild<ts::editor::ProblemsDock*>();
    dock->show();
    dock->raise();
    QListWidget* list = dock->list();
    QCOMPARE(list->count(), 3);
    const QRectF goalRect = rectOf(reach, 5);
    const QRectF boxRect = rectOf(reach, 3);
    QVERIFY(!goalRect.isEmpty() && !boxRect.isEmpty());

    // F5 on the view: playing, the tint hidden, the camera on the player (far left).
    QTest::keyClick(win.handle(), Qt::Key_F5);
    QVERIFY(win.play->isPlaying());
    QVERIFY(!reach->isTintVisible());
    QVERIFY(!goalRect.contains(viewCentre(w)));
    QSignalSpy ending(win.play.get(), &ts::play::PlayController::sessionEnding);

    // A click on the goal's row gives the list the keyboard; Enter goes there:
    // play stops (the session ends as Esc ends it), the view centres on the goal,
    // the goal is selected and the Properties dock edits it.
    const int goalRow = rowOf(list, QStringLiteral("Goal 5 is not reachable from the player."));
    QVERIFY(goalRow >= 0);
    const QPoint goalAt = list->visualItemRect(list->item(goalRow)).center();
    QTest::mouseClick(win.handle(), Qt::LeftButton, {}, list->viewport()->mapTo(&w, goalAt));
    QTRY_VERIFY(list->hasFocus());
    QCOMPARE(list->currentRow(), goalRow);
    QVERIFY(win.play->isPlaying()); // a click only selects
    QTest::keyClick(win.handle(), Qt::Key_Return);
    QVERIFY(!win.play->isPlaying());
    QCOMPARE(ending.count(), 1);
    QVERIFY(reach->isTintVisible());
    QVERIFY2(
        goalRect.contains(viewCentre(w)),
        qPrintable(QStringLiteral("centre %1, %2").arg(viewCentre(w).x()).arg(viewCentre(w).y())));
    QCOMPARE(w.scene()->selectedSpawnIds(), QList<int>{5});
    QCOMPARE(w.findChild<ts::editor::PropertiesDock*>()->currentSpawnId(), 5);
    QVERIFY(list->hasFocus());

    // Paused (F5 on the view, F5 again): a double-click on box 3's row stops and goes.
    w.view()->setFocus();
    QTest::keyClick(win.handle(), Qt::Key_F5);
    QTest::keyClick(win.handle(), Qt::Key_F5);
    QVERIFY(win.play->isPaused());
    QVERIFY(!boxRect.contains(viewCentre(w)));
    const int boxRow = rowOf(list, QStringLiteral("Box 3 is not reachable from the player."));
    QVERIFY(boxRow >= 0);
    const QPoint boxAt =
        list->viewport()->mapTo(&w, list->visualItemRect(list->item(boxRow)).center());
    QTest::mouseClick(win.handle(), Qt::LeftButton, {}, boxAt);
    QTest::mouseDClick(win.handle(), Qt::LeftButton, {}, boxAt);
    QVERIFY(!win.play->isPlaying());
    QCOMPARE(ending.count(), 2);
    QVERIFY(boxRect.contains(viewCentre(w)));
    QCOMPARE(w.scene()->selectedSpawnIds(), QList<int>{3});
}

QTEST_MAIN(TestProblemsPlay)
#include "test_problems_play.moc"
