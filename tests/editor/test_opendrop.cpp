// Files dropped on the main window: a level opens as File > Open does and a Tiled
// map is imported as File > Import TMX does (the unsaved-changes prompt first);
// anything else is refused with a hint in the status bar. The drag events go to
// the view's viewport, as a file manager's would, and reach the window through
// Qt's drop propagation.
#include "mainwindow_testutil.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QUrl>

namespace {

std::unique_ptr<QMimeData> filesMime(const QStringList& paths) {
    auto mime = std::make_unique<QMimeData>();
    QList<QUrl> urls;
    for (const QString& p : paths)
        urls << QUrl::fromLocalFile(p);
    mime->setUrls(urls);
    return mime;
}

} // namespace

class TestOpenDrop : public MainWindowTest {
    Q_OBJECT

    /// Where the drags happen: the middle of the view's viewport, in the
    /// coordinates of the window's QWindow, which receives a platform's drag
    /// events and hands them to the widget under the cursor that takes drops.
    static QPoint dropPoint(MainWindow& w) {
        QWidget* vp = w.view()->viewport();
        return vp->mapTo(&w, vp->rect().center());
    }

    /// Drags `mime` over the viewport: true when it is accepted.
    static bool dragOver(MainWindow& w, const QMimeData& mime) {
        const QPoint at = dropPoint(w);
        QDragEnterEvent enter(at, Qt::CopyAction | Qt::MoveAction | Qt::LinkAction, &mime,
                              Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(w.windowHandle(), &enter);
        if (!enter.isAccepted())
            return false;
        QDragMoveEvent move(at, Qt::CopyAction | Qt::MoveAction | Qt::LinkAction, &mime,
                            Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(w.windowHandle(), &move);
        return move.isAccepted();
    }

    /// Drags and drops `mime` on the viewport; true when the drop was taken.
    static bool drop(MainWindow& w, const QMimeData& mime) {
        if (!dragOver(w, mime))
            return false;
        QDropEvent ev(QPointF(dropPoint(w)), Qt::CopyAction | Qt::MoveAction, &mime, Qt::LeftButton,
                      Qt::NoModifier);
        QApplication::sendEvent(w.windowHandle(), &ev);
        return ev.isAccepted();
    }

    std::unique_ptr<MainWindow> shownWindow(ScriptedPrompts** prompts) {
        auto w = makeWindow(prompts);
        w->resize(900, 600);
        w->show();
        if (!QTest::qWaitForWindowExposed(w.get()))
            qFatal("window not exposed");
        return w;
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void droppedLevelOpens() {
        ScriptedPrompts* prompts = nullptr;
        auto w = shownWindow(&prompts);
        const QString path = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("t.yaml"));
        auto mime = filesMime({path});
        QVERIFY(drop(*w, *mime));
        // Opened after the drop has finished (a prompt must not hold the drag).
        QTRY_COMPARE(w->document()->filePath(), path);
        QVERIFY(w->recentFiles().contains(path));
        QVERIFY(prompts->asked.isEmpty());
        QCOMPARE(prompts->fileDialogs, 0);
    }

    void droppedTiledMapIsImported() {
        ScriptedPrompts* prompts = nullptr;
        auto w = shownWindow(&prompts);
        QVERIFY(
            w->openFile(copyLevel(QStringLiteral("playground.yaml"), QStringLiteral("p.yaml"))));
        const ts::level::Level expected = w->document()->level();
        const QString map = work(QStringLiteral("Map.TMX"));
        QVERIFY(w->exportTmx(map));
        QVERIFY(w->newLevel({}));
        auto mime = filesMime({map});
        QVERIFY(drop(*w, *mime));
        QTRY_COMPARE(w->document()->level().tiles, expected.tiles);
        QCOMPARE(w->document()->level().spawns.size(), expected.spawns.size());
        // Imported, not opened: untitled, so Save cannot write YAML over the map.
        QVERIFY(w->document()->filePath().isEmpty());
        QVERIFY(!w->document()->undoStack()->isClean());
        // The status bar says what came in, as Save and Export say what went out.
        const QString said = w->statusBar()->currentMessage();
        QVERIFY2(said.startsWith(QStringLiteral("Imported ") + QDir::toNativeSeparators(map)) &&
                     said.contains(QStringLiteral("%1 x %2 tiles, %3 spawn")
                                       .arg(expected.width)
                                       .arg(expected.height)
                                       .arg(expected.spawns.size())),
                 qPrintable(said));
        // The title and the unsaved-changes prompt name the map, not "untitled.yaml".
        QVERIFY2(w->windowTitle().startsWith(QStringLiteral("Map.TMX (imported)")),
                 qPrintable(w->windowTitle()));
        QVERIFY(!w->maybeSave()); // the scripted prompt cancels
        QCOMPARE(prompts->asked.size(), 1);
        QVERIFY2(prompts->asked.first().text.contains(QStringLiteral("Map.TMX (imported)")),
                 qPrintable(prompts->asked.first().text));
        // Saved as a level, it is that file.
        prompts->savePath = work(QStringLiteral("Map.yaml"));
        QVERIFY(w->saveAs());
        QCOMPARE(prompts->saveSuggestions.value(0), work(QStringLiteral("Map.yaml")));
        QVERIFY2(w->windowTitle().startsWith(QStringLiteral("Map.yaml")),
                 qPrintable(w->windowTitle()));
    }

    void dropOverUnsavedChangesAsksFirst() {
        ScriptedPrompts* prompts = nullptr;
        auto w = shownWindow(&prompts);
        const QString mine =
            copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("mine.yaml"));
        QVERIFY(w->openFile(mine));
        paintOneTile(w->document());
        const ts::level::Level edited = w->document()->level();
        const QString other =
            copyLevel(QStringLiteral("playground.yaml"), QStringLiteral("o.yaml"));
        auto mime = filesMime({other});
        prompts->answers << QMessageBox::Cancel;
        QVERIFY(drop(*w, *mime));
        QTRY_COMPARE(prompts->asked.size(), 1);
        QCOMPARE(w->document()->filePath(), mine); // cancelled: the edits stay
        QCOMPARE(w->document()->level(), edited);
        prompts->answers << QMessageBox::Discard;
        QVERIFY(drop(*w, *mime));
        QTRY_COMPARE(w->document()->filePath(), other);
        QCOMPARE(prompts->asked.size(), 2);
    }

    void otherDropsAreRefused_data() {
        QTest::addColumn<QStringList>("names");
        QTest::newRow("two levels")
            << QStringList{QStringLiteral("a.yaml"), QStringLiteral("b.yaml")};
        QTest::newRow("an image") << QStringList{QStringLiteral("a.png")};
        QTest::newRow("no suffix") << QStringList{QStringLiteral("level")};
        QTest::newRow("a folder") << QStringList{QStringLiteral("dir.yaml")};
        QTest::newRow("missing file") << QStringList{QStringLiteral("gone.yaml")};
    }

    void otherDropsAreRefused() {
        QFETCH(QStringList, names);
        ScriptedPrompts* prompts = nullptr;
        auto w = shownWindow(&prompts);
        const QString open = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("t.yaml"));
        QVERIFY(w->openFile(open));
        QStringList paths;
        for (const QString& n : names) {
            const QString p = work(n);
            if (n == QLatin1String("dir.yaml"))
                QVERIFY(QDir().mkpath(p));
            else if (n != QLatin1String("gone.yaml"))
                QFile::copy(open, p);
            paths << p;
        }
        auto mime = filesMime(paths);
        QVERIFY(!dragOver(*w, *mime));
        QVERIFY2(w->statusBar()->currentMessage().contains(QStringLiteral(".tmx")),
                 qPrintable(w->statusBar()->currentMessage()));
        QTest::qWait(50);
        QCOMPARE(w->document()->filePath(), open);
        QVERIFY(prompts->asked.isEmpty());
    }

    void textIsNotAFile() {
        // Dragged text (not files) is simply not taken, without a hint.
        ScriptedPrompts* prompts = nullptr;
        auto w = shownWindow(&prompts);
        const QString hint = w->statusBar()->currentMessage();
        QMimeData mime;
        mime.setText(QStringLiteral("hello"));
        QVERIFY(!dragOver(*w, mime));
        QCOMPARE(w->statusBar()->currentMessage(), hint);
    }
};

QTEST_MAIN(TestOpenDrop)
#include "test_opendrop.moc"
