// Papercuts of round 16's designer review, each driven through the main
// window's viewport and dialogs with real key and mouse events:
// - in a narrow window the status bar's hint and reachability summary are
//   shortened with an ellipsis, the summary first, instead of the summary
//   covering the hint cut mid-word: the hint at a word, the summary between
//   whole parts and never past its first, the problems ("Reachability: no
//   problems…").
#include "mainwindow_testutil.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "tilesmith/editor/spawnitem.h"
#include "widgets/elidedlabel.h"
#include "widgets/levelpropertiesdialog.h"

#include <QApplication>
#include <QHelpEvent>
#include <QLayout>
#include <QScopeGuard>
#include <QScrollBar>
#include <QToolTip>

class TestDesignerPapercuts : public MainWindowTest {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void narrowWindowShortensTheHintAndSummary() {
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a, {1800, 650});
        QVERIFY(w);
        QTest::keyClick(viewport(w.get()), Qt::Key_B);
        QTest::keySequence(viewport(w.get()), QKeySequence(QStringLiteral("Ctrl+Shift+R")));
        ReachabilityOverlay* reach = w->reachability();
        QTRY_VERIFY_WITH_TIMEOUT(!reach->summaryText().isEmpty(), 20000);
        ElidedLabel* summary = reach->progressWidget()->findChild<ElidedLabel*>();
        ElidedLabel* hint = w->hintStatus();
        QVERIFY(summary && hint);
        const QString hintText = w->tools()->currentTool()->statusHint();
        QCOMPARE(w->statusBar()->currentMessage(), hintText);
        QCOMPARE(hint->text(), hintText);
        QCOMPARE(summary->text(), reach->summaryText());

        // What `label` shows fits it, and is its text or the text's first whole
        // words (none when the first does not fit) and "…".
        const auto wholeWords = [](ElidedLabel* label) {
            const QString shown = label->shownText();
            const QString text = label->text();
            if (label->fontMetrics().horizontalAdvance(shown) > label->contentsRect().width())
                return false;
            if (shown == text)
                return true;
            if (!shown.endsWith(QStringLiteral("\u2026")))
                return false;
            const QString kept = shown.chopped(1);
            if (kept.isEmpty()) // not even the first word fits
                return true;
            return text.startsWith(kept) &&
                   (text.at(kept.size()).isSpace() || text.at(kept.size()).isPunct());
        };
        // The summary's first part, the problems, and "…": the least it shows.
        const QString firstPart = QStringLiteral("Reachability: no problems\u2026");
        QVERIFY2(
            reach->summaryText().startsWith(QStringLiteral("Reachability: no problems \u00b7 ")),
            qPrintable(reach->summaryText()));
        const auto settle = [&w] {
            QCoreApplication::sendPostedEvents();
            QCoreApplication::processEvents();
            w->statusBar()->layout()->activate();
        };
        // Wide: both whole.
        settle();
        QCOMPARE(hint->shownText(), hintText);
        QCOMPARE(summary->shownText(), reach->summaryText());

        // Narrower: the summary gives up its room first, down to its first part
        // (the hint's room beyond its text goes before), the hint stays whole.
        const int hintWidth = hint->fontMetrics().horizontalAdvance(hintText);
        w->resize(w->width() - (hint->width() - hintWidth) - summary->width() +
                      summary->minimumSizeHint().width() + 40,
                  650);
        settle();
        QCOMPARE(summary->shownText(), firstPart);
        QVERIFY(summary->fontMetrics().horizontalAdvance(firstPart) <=
                summary->contentsRect().width());
        QCOMPARE(hint->shownText(), hintText);
        QVERIFY(hint->width() >= hintWidth);

        // 900 px and 760 px: the hint too is shortened at a word; it keeps the room
        // the readouts leave but the summary's first part, which stays whole.
        for (const int width : {900, 760}) {
            w->resize(width, 650);
            settle();
            QCOMPARE(w->width(), width);
            QVERIFY(hint->shownText() != hintText);
            QVERIFY2(wholeWords(hint), qPrintable(hint->shownText()));
            QCOMPARE(summary->width(), summary->minimumSizeHint().width());
            QCOMPARE(summary->shownText(), firstPart);
            QVERIFY(summary->fontMetrics().horizontalAdvance(firstPart) <=
                    summary->contentsRect().width());
        }
        // Narrower than the status bar's items at their least: the window is no
        // narrower than they are (a status bar does not tell its window), the hint
        // gives way to its "…", the summary's first part and the readouts stay whole.
        w->resize(400, 650);
        settle();
        QTRY_COMPARE(w->width(), w->minimumWidth());
        QVERIFY2(w->width() > 400, qPrintable(QString::number(w->width())));
        QVERIFY(w->statusBar()->width() >= w->statusBar()->minimumSizeHint().width());
        QCOMPARE(summary->width(), summary->minimumSizeHint().width());
        QCOMPARE(summary->shownText(), firstPart);
        QVERIFY2(wholeWords(hint), qPrintable(hint->shownText()));
        for (QLabel* readout : {w->tileStatus(), w->sizeStatus()})
            QVERIFY(readout->width() >= readout->minimumWidth());
        QVERIFY(w->sizeStatus()->fontMetrics().horizontalAdvance(w->sizeStatus()->text()) <=
                w->sizeStatus()->width());
        const auto rightEdge = [](QWidget* widget) {
            return widget->mapTo(widget->window(), QPoint(widget->width(), 0)).x();
        };
        QVERIFY(rightEdge(w->sizeStatus()) <= w->width());

        w->resize(900, 650);
        settle();
        QVERIFY2(hint->shownText().size() > 20, qPrintable(hint->shownText()));
        // Nothing overlaps: hint, summary, then the tile readout.
        const auto right = [](QWidget* widget) {
            return widget->mapTo(widget->window(), QPoint(widget->width(), 0)).x();
        };
        const auto left = [](QWidget* widget) {
            return widget->mapTo(widget->window(), QPoint(0, 0)).x();
        };
        QVERIFY(right(hint) <= left(summary));
        QVERIFY(right(summary) <= left(w->tileStatus()));
        // The whole hint is the shortened one's tooltip.
        QHelpEvent help(QEvent::ToolTip, QPoint(5, 5), hint->mapToGlobal(QPoint(5, 5)));
        QCoreApplication::sendEvent(hint, &help);
        QTRY_COMPARE(QToolTip::text(), hintText);
        QToolTip::hideText();
    }
};

QTEST_MAIN(TestDesignerPapercuts)
#include "test_designerpapercuts.moc"
