// Friction found in a designer's X session (openbox, no desktop theme), each driven
// through the main window's viewport and dialogs with real key and mouse events:
// - Save As (Qt's own file dialog) selected the whole "Cave.yaml", so typing a name
//   dropped the extension from the box: now the base name is selected.
#include "mainwindow_testutil.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/replaycontroller.h"
#include "tools/brushtool.h"
#include "tools/spawntool.h"
#include "widgets/elidedlabel.h"

#include <QDockWidget>
#include <QFileDialog>
#include <QMenuBar>
#include <QScopeGuard>

#include <algorithm>

using ts::level::SpawnKind;

class TestDesignerXSession : public MainWindowTest {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void saveAsSelectsTheBaseName() {
        const QString cave =
            copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("Cave.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, cave);
        QVERIFY(w);
        prompts->realSaveDialog = true;
        QString selected, typed;
        QTimer::singleShot(0, [&selected, &typed] {
            auto* d = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            QVERIFY(d);
            const auto closeOnFailure = qScopeGuard([d] {
                if (d->isVisible())
                    d->reject();
            });
            QVERIFY(QTest::qWaitForWindowActive(d));
            QTRY_VERIFY(qobject_cast<QLineEdit*>(QApplication::focusWidget()));
            auto* name = qobject_cast<QLineEdit*>(QApplication::focusWidget());
            QCoreApplication::processEvents();
            selected = name->selectedText();
            QTest::keyClicks(name, QStringLiteral("Ice"));
            typed = name->text();
            QTest::keyClick(name, Qt::Key_Return);
        });
        QTest::keyClick(viewport(w.get()), Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(selected, QStringLiteral("Cave"));  // was "Cave.yaml"
        QCOMPARE(typed, QStringLiteral("Ice.yaml")); // was "Ice"
        QCOMPARE(w->document()->filePath(), work(QStringLiteral("Ice.yaml")));
        QVERIFY(QFile::exists(work(QStringLiteral("Ice.yaml"))));
    }
};

QTEST_MAIN(TestDesignerXSession)
#include "test_designerxsession.moc"
