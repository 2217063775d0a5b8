// The status bar gives way in a narrow window and keeps still during a search:
// - in a narrow window the hint and the reachability summary are shortened with an
//   ellipsis, the summary first, instead of the summary covering the hint cut
//   mid-word: the hint at a word, the summary between whole parts and never past
//   its first, the problems ("Reachability: no problems…"); the whole hint is
//   the shortened one's tooltip;
// - a window asked to be 520 px wide is 520 px wide (the readouts give up their
//   reserved room, shortened at a word with the whole text in the tooltip, once
//   the hint and the reachability summary are at their least), and nothing in
//   the status bar overlaps or runs past the window's edge;
// - while a reachability search counts its states ("Reachability: searching ·
//   123,456 states") the summary's minimum, and so the window's, does not grow
//   with the count;
// - a file path in a status-bar message ("Saved PATH") is shortened in its
//   folders, keeping the file name;
// - the sections (hint, summary, tile, tool, zoom, map size) read apart: a gap
//   and a separator line between each and the next (the tile readout "2, 17 —
//   empty — Goal #20" ran into the tool's name), the line kept in the narrowest
//   window, whose least width does not grow for it.
#include "mainwindow_testutil.h"
#include "tilesmith/editor/reachabilityoverlay.h"
#include "widgets/editorstatusbar.h"
#include "widgets/elidedlabel.h"

#include <QFontInfo>
#include <QHelpEvent>
#include <QLayout>
#include <QToolTip>

class TestStatusBarRoom : public MainWindowTest {
    Q_OBJECT

    static void settle(MainWindow* w) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        w->statusBar()->layout()->activate();
        QCoreApplication::processEvents();
    }
    static int left(QWidget* widget) { return widget->mapTo(widget->window(), QPoint(0, 0)).x(); }
    static int right(QWidget* widget) { return left(widget) + widget->width(); }

    /// A copy of the playground, 1280 x 650, with Reachability on (Ctrl+Shift+R on
    /// the viewport) and its answer in the status bar; null if it did not get there.
    std::unique_ptr<MainWindow> openPlaygroundWithReachability() {
        const QString a = copyLevel(QStringLiteral("playground.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a, {1280, 650});
        if (!w)
            return nullptr;
        QTest::keySequence(viewport(w.get()), QKeySequence(QStringLiteral("Ctrl+Shift+R")));
        ReachabilityOverlay* reach = w->reachability();
        if (!QTest::qWaitFor([&] { return !reach->summaryText().isEmpty() && !reach->isBusy(); },
                             20000))
            return nullptr;
        return w;
    }

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
        ElidedLabel* hint = w->findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"));
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
        for (QLabel* readout : {w->findChild<QLabel*>(QStringLiteral("tileStatus")),
                                w->findChild<QLabel*>(QStringLiteral("sizeStatus"))})
            QVERIFY(readout->width() >= readout->minimumWidth());
        QVERIFY(
            w->findChild<QLabel*>(QStringLiteral("sizeStatus"))
                ->fontMetrics()
                .horizontalAdvance(w->findChild<QLabel*>(QStringLiteral("sizeStatus"))->text()) <=
            w->findChild<QLabel*>(QStringLiteral("sizeStatus"))->width());
        const auto rightEdge = [](QWidget* widget) {
            return widget->mapTo(widget->window(), QPoint(widget->width(), 0)).x();
        };
        QVERIFY(rightEdge(w->findChild<QLabel*>(QStringLiteral("sizeStatus"))) <= w->width());

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
        QVERIFY(right(summary) <= left(w->findChild<QLabel*>(QStringLiteral("tileStatus"))));
        // The whole hint is the shortened one's tooltip.
        QHelpEvent help(QEvent::ToolTip, QPoint(5, 5), hint->mapToGlobal(QPoint(5, 5)));
        QCoreApplication::sendEvent(hint, &help);
        QTRY_COMPARE(QToolTip::text(), hintText);
        QToolTip::hideText();
    }

    void narrowWindowHasTheWidthAskedFor() {
        auto w = openPlaygroundWithReachability();
        QVERIFY(w);
        ReachabilityOverlay* reach = w->reachability();
        // A tile under the mouse, so the tile readout has its text.
        QTest::mouseMove(viewport(w.get()), viewport(w.get())->rect().center());
        QTRY_VERIFY(!w->findChild<QLabel*>(QStringLiteral("tileStatus"))->text().isEmpty());
        settle(w.get());
        QList<QLabel*> readouts = {w->findChild<QLabel*>(QStringLiteral("tileStatus")),
                                   w->findChild<QLabel*>(QStringLiteral("toolStatus")),
                                   w->findChild<QLabel*>(QStringLiteral("zoomStatus")),
                                   w->findChild<QLabel*>(QStringLiteral("sizeStatus"))};
        // Wide: every readout whole, at its reserved width or more.
        for (QLabel* r : readouts)
            QVERIFY2(r->width() >= r->fontMetrics().horizontalAdvance(r->text()),
                     qPrintable(r->objectName()));

        w->resize(520, 650);
        settle(w.get());
        QTRY_COMPARE(w->width(), 520);
        QVERIFY(w->minimumWidth() <= 520);
        auto* summary = reach->progressWidget()->findChild<ElidedLabel*>();
        QVERIFY(summary && summary->isVisible());
        // The problems are still said; the hint gave way to its "…" at the least.
        QCOMPARE(summary->shownText(), QStringLiteral("Reachability: 9 warnings\u2026"));
        ElidedLabel* hint = w->findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"));
        QVERIFY(hint->fontMetrics().horizontalAdvance(hint->shownText()) <=
                hint->contentsRect().width());
        // The readouts fit: each shows what fits its width, the tool's name, the
        // zoom and the coordinates whole.
        for (QLabel* r : readouts) {
            auto* e = qobject_cast<ElidedLabel*>(r);
            QVERIFY2(e, qPrintable(r->objectName()));
            QVERIFY2(e->fontMetrics().horizontalAdvance(e->shownText()) <=
                         e->contentsRect().width(),
                     qPrintable(e->shownText()));
            QVERIFY(e->width() >= e->minimumSizeHint().width());
        }
        QCOMPARE(qobject_cast<ElidedLabel*>(w->findChild<QLabel*>(QStringLiteral("toolStatus")))
                     ->shownText(),
                 w->findChild<QLabel*>(QStringLiteral("toolStatus"))->text());
        QCOMPARE(qobject_cast<ElidedLabel*>(w->findChild<QLabel*>(QStringLiteral("zoomStatus")))
                     ->shownText(),
                 w->findChild<QLabel*>(QStringLiteral("zoomStatus"))->text());
        const QString tile =
            qobject_cast<ElidedLabel*>(w->findChild<QLabel*>(QStringLiteral("tileStatus")))
                ->shownText();
        const QString coordinates = w->findChild<QLabel*>(QStringLiteral("tileStatus"))
                                        ->text()
                                        .section(QStringLiteral(" \u2014"), 0, 0);
        QVERIFY2(tile.startsWith(coordinates), qPrintable(tile));
        // Side by side, none over another, the last inside the window.
        QVERIFY(right(hint) <= left(reach->progressWidget()));
        QVERIFY(right(reach->progressWidget()) <=
                left(w->findChild<QLabel*>(QStringLiteral("tileStatus"))));
        for (int i = 0; i + 1 < readouts.size(); ++i)
            QVERIFY(right(readouts[i]) <= left(readouts[i + 1]));
        QVERIFY(right(w->findChild<QLabel*>(QStringLiteral("sizeStatus"))) <= w->width());
        // A shortened readout has its whole text in the tooltip.
        auto* size =
            qobject_cast<ElidedLabel*>(w->findChild<QLabel*>(QStringLiteral("sizeStatus")));
        if (size->shownText() != size->text()) {
            QHelpEvent help(QEvent::ToolTip, QPoint(2, 2), size->mapToGlobal(QPoint(2, 2)));
            QCoreApplication::sendEvent(size, &help);
            QTRY_COMPARE(QToolTip::text(), size->text());
            QToolTip::hideText();
        }

        // Wider again: the readouts have their reserved room back, whole.
        w->resize(1280, 650);
        settle(w.get());
        for (QLabel* r : readouts)
            QCOMPARE(qobject_cast<ElidedLabel*>(r)->shownText(), r->text());
    }

    /// Where `label`'s shown text starts and ends, in `bar`'s coordinates.
    static std::pair<int, int> textSpan(ElidedLabel* label, QWidget* bar) {
        const QRect r = label->textRect();
        const int start = label->mapTo(bar, r.topLeft()).x();
        return {start, start + label->fontMetrics().horizontalAdvance(label->shownText())};
    }
    /// Checks each visible section's text against the next one's: `gap` px apart
    /// at least, a separator line drawn between them.
    static void checkSeparated(MainWindow* w, const QList<ElidedLabel*>& sections, int gap) {
        auto* bar = qobject_cast<EditorStatusBar*>(w->statusBar());
        QVERIFY(bar);
        const QImage image = bar->grab().toImage();
        const int mid = bar->height() / 2;
        const auto ink = [&](int x) {
            const QColor c = image.pixelColor(x, mid);
            const QColor l = image.pixelColor(x - 2, mid);
            const QColor r = image.pixelColor(x + 2, mid);
            return std::abs(c.lightness() - l.lightness()) > 20 &&
                   std::abs(c.lightness() - r.lightness()) > 20;
        };
        const QList<int> separators = bar->separatorPositions();
        ElidedLabel* previous = nullptr;
        int pairs = 0;
        for (ElidedLabel* next : sections) {
            if (!next->isVisible())
                continue;
            if (previous) {
                const int end = textSpan(previous, bar).second;
                const int start = textSpan(next, bar).first;
                const QString pair = previous->shownText() + QStringLiteral(" | ") +
                                     next->shownText() +
                                     QStringLiteral(": %1 px apart").arg(start - end);
                QVERIFY2(start - end >= gap, qPrintable(pair));
                const auto between = std::find_if(separators.begin(), separators.end(),
                                                  [&](int x) { return x > end && x < start; });
                QVERIFY2(between != separators.end(), qPrintable(pair));
                QVERIFY2(ink(*between), qPrintable(QStringLiteral("no line drawn: ") + pair));
                ++pairs;
            }
            previous = next;
        }
        QCOMPARE(pairs, int(separators.size()));
    }

    void sectionsReadApart() {
        auto w = openPlaygroundWithReachability();
        QVERIFY(w);
        ReachabilityOverlay* reach = w->reachability();
        // The goal under the mouse: the tile readout's longest kind of text.
        const QPoint goal = w->view()->mapFromScene(w->scene()->tileCenter(QPoint(2, 17)));
        QTest::mouseMove(viewport(w.get()), goal);
        QTRY_VERIFY(w->findChild<QLabel*>(QStringLiteral("tileStatus"))
                        ->text()
                        .endsWith(QStringLiteral("Goal #20")));
        settle(w.get());
        const QList<ElidedLabel*> sections = {
            w->findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus")),
            reach->summaryLabel(),
            qobject_cast<ElidedLabel*>(w->findChild<QLabel*>(QStringLiteral("tileStatus"))),
            qobject_cast<ElidedLabel*>(w->findChild<QLabel*>(QStringLiteral("toolStatus"))),
            qobject_cast<ElidedLabel*>(w->findChild<QLabel*>(QStringLiteral("zoomStatus"))),
            qobject_cast<ElidedLabel*>(w->findChild<QLabel*>(QStringLiteral("sizeStatus")))};
        QVERIFY(reach->summaryLabel()->isVisible());
        const int leastWidth = w->minimumWidth();
        // With room: the layout's spacing and the section gap, the line midway.
        const int roomy = 6 + EditorStatusBar::kSectionGap;
        checkSeparated(w.get(), sections, roomy);
        if (QTest::currentTestFailed())
            return;
        // Without the summary (as while playing) the hint and the tile readout too.
        reach->setEnabled(false);
        settle(w.get());
        QVERIFY(!reach->summaryLabel()->isVisible());
        checkSeparated(w.get(), sections, roomy);
        if (QTest::currentTestFailed())
            return;
        reach->setEnabled(true);
        QTRY_VERIFY_WITH_TIMEOUT(!reach->summaryText().isEmpty() && !reach->isBusy(), 20000);
        // The narrowest window: the gaps are given up, the lines stay in the
        // layout's spacing, and the window is no wider than without them.
        w->resize(300, 650);
        settle(w.get());
        QCOMPARE(w->width(), leastWidth);
        QCOMPARE(w->minimumWidth(), leastWidth);
        // The target is measured with DejaVu Sans (tools/install-deps.sh installs it):
        // a failure names the font, so another machine's font shows as the cause.
        QVERIFY2(leastWidth <= 510, qPrintable(QStringLiteral("%1 px with the font %2")
                                                   .arg(leastWidth)
                                                   .arg(QFontInfo(w->font()).family())));
        checkSeparated(w.get(), sections, 4);
    }

    void savedPathKeepsItsFileName() {
        // "Saved PATH" in a window too narrow for the whole path: the folders give
        // way in the middle, the file name stays, the whole message is the tooltip.
        const QString a = copyLevel(QStringLiteral("tutorial.yaml"), QStringLiteral("a.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, a, {800, 650});
        QVERIFY(w);
        const QString folder = work(QStringLiteral("platformer-project/assets/levels/"
                                                   "world-three-the-caves/drafts/second-pass"));
        QVERIFY(QDir().mkpath(folder));
        prompts->savePath = folder + QStringLiteral("/cave-of-echoes.yaml");
        w->action(QStringLiteral("actionSaveAs"))->trigger();
        QTRY_COMPARE(w->document()->filePath(), prompts->savePath);
        settle(w.get());
        ElidedLabel* hint = w->findChild<ts::editor::ElidedLabel*>(QStringLiteral("hintStatus"));
        const QString message = QStringLiteral("Saved ") + prompts->savePath;
        QCOMPARE(hint->text(), message);
        QVERIFY2(hint->fontMetrics().horizontalAdvance(message) > hint->contentsRect().width(),
                 "the window is wide enough for the whole path");
        const QString shown = hint->shownText();
        QVERIFY2(shown.startsWith(QStringLiteral("Saved ")), qPrintable(shown));
        QVERIFY2(shown.endsWith(QStringLiteral("/cave-of-echoes.yaml")), qPrintable(shown));
        QVERIFY(hint->fontMetrics().horizontalAdvance(shown) <= hint->contentsRect().width());
        QHelpEvent help(QEvent::ToolTip, QPoint(2, 2), hint->mapToGlobal(QPoint(2, 2)));
        QCoreApplication::sendEvent(hint, &help);
        QTRY_COMPARE(QToolTip::text(), message);
        QToolTip::hideText();
    }

    void searchCountKeepsTheMinimum() {
        // big.yaml's search explores about 1.5 million states: the busy label
        // counts them for seconds, through more digits than it starts with.
        const QString big = copyLevel(QStringLiteral("big.yaml"), QStringLiteral("big.yaml"));
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, big, {900, 650});
        QVERIFY(w);
        ReachabilityOverlay* reach = w->reachability();
        auto* label = reach->progressWidget()->findChild<ElidedLabel*>();
        QVERIFY(label);
        QTest::keySequence(viewport(w.get()), QKeySequence(QStringLiteral("Ctrl+Shift+R")));
        QTRY_VERIFY_WITH_TIMEOUT(label->isVisible() && !label->text().isEmpty(), 20000);
        QVERIFY(reach->isBusy());
        const auto digits = [](const QString& text) {
            return int(
                std::count_if(text.begin(), text.end(), [](QChar c) { return c.isDigit(); }));
        };
        settle(w.get());
        const int firstDigits = digits(label->text());
        const int minimum = label->minimumSizeHint().width();
        const int windowMinimum = w->minimumWidth();
        // Until the count has a digit more than it started with.
        QTRY_VERIFY_WITH_TIMEOUT(!reach->isBusy() || digits(label->text()) > firstDigits, 60000);
        QVERIFY2(reach->isBusy(), "the search ended before its count grew a digit");
        settle(w.get());
        QCOMPARE(label->minimumSizeHint().width(), minimum);
        QCOMPARE(w->minimumWidth(), windowMinimum);
        QVERIFY2(label->text().startsWith(QStringLiteral("Reachability: searching \u00b7 ")),
                 qPrintable(label->text()));
        // Squeezed, the label says what it does.
        w->resize(520, 650);
        settle(w.get());
        if (reach->isBusy())
            QCOMPARE(label->shownText(), QStringLiteral("Reachability: searching\u2026"));
        reach->setEnabled(false);
    }
};

QTEST_MAIN(TestStatusBarRoom)
#include "test_statusbarroom.moc"
