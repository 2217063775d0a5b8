// Without Qt's SVG image plugin every icon is blank: the window says so (stderr and the status
// bar) and its tool bars show the actions' names, so every tool can still be found and used.
#include "tilesmith/editor/mainwindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QImageReader>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

class TestMissingSvg : public QObject {
    Q_OBJECT

    QTemporaryDir mNoPlugins;

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("TilesmithTests"));
        QCoreApplication::setApplicationName(QStringLiteral("test_missing_svg"));
        // Image plugins load on first use: with only an empty folder to look in, none is found.
        QVERIFY(mNoPlugins.isValid());
        QCoreApplication::setLibraryPaths({mNoPlugins.path()});
        QVERIFY(!QImageReader::supportedImageFormats().contains("svg"));
    }

    void toolBarsShowNames() {
        ts::editor::MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("SVG image plugin")),
                 qPrintable(w.statusBar()->currentMessage()));
        const auto* tools = w.findChild<QToolBar*>(QStringLiteral("ToolPalette"));
        const auto* main = w.findChild<QToolBar*>(QStringLiteral("MainToolBar"));
        QVERIFY(tools && main);
        QCOMPARE(tools->toolButtonStyle(), Qt::ToolButtonTextOnly);
        QCOMPARE(main->toolButtonStyle(), Qt::ToolButtonTextOnly);
        // Every tool's button shows its name, and is wide enough to read it.
        int buttons = 0;
        for (QAction* a : tools->actions()) {
            auto* b = qobject_cast<QToolButton*>(tools->widgetForAction(a));
            if (!b)
                continue;
            ++buttons;
            QVERIFY2(!a->text().isEmpty(), "a tool without a name");
            QCOMPARE(b->toolButtonStyle(), Qt::ToolButtonTextOnly);
            QVERIFY2(b->width() >= b->fontMetrics().horizontalAdvance(QStringLiteral("Line")),
                     qPrintable(a->text()));
        }
        QVERIFY(buttons >= 8);
    }
};

QTEST_MAIN(TestMissingSvg)
#include "test_missing_svg.moc"
