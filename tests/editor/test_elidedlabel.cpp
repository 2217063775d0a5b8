// ElidedLabel (the status bar's hint and reachability summary): shortened at a
// word, or, given a part separator, only between whole parts, never narrower
// than its first part and "…", also when a box layout squeezes it to its
// minimum (as the status bar does to the summary in a narrow window).
#include "widgets/elidedlabel.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QTest>

using ts::editor::ElidedLabel;

namespace {
const QString kSep = QStringLiteral(" \u00b7 ");
const QString kEllipsis = QStringLiteral("\u2026");
const QString kSummary =
    QStringLiteral("Reachability: 9 warnings \u00b7 1 of 1 goal reached \u00b7 46 surfaces");
} // namespace

class TestElidedLabel : public QObject {
    Q_OBJECT

private slots:
    void partsAreKeptWholeOrLeftOut() {
        const QFontMetrics fm(QApplication::font());
        const auto at = [&fm](int width) {
            return ElidedLabel::elideAtPart(fm, kSummary, kSep, width);
        };
        const QString two = QStringLiteral("Reachability: 9 warnings \u00b7 1 of 1 goal reached");
        const QString one = QStringLiteral("Reachability: 9 warnings");
        QCOMPARE(at(fm.horizontalAdvance(kSummary)), kSummary);
        QCOMPARE(at(fm.horizontalAdvance(kSummary) - 1), two + kEllipsis);
        QCOMPARE(at(fm.horizontalAdvance(two + kEllipsis)), two + kEllipsis);
        // One pixel short of the second part: the first, not a word of the second.
        QCOMPARE(at(fm.horizontalAdvance(two + kEllipsis) - 1), one + kEllipsis);
        QCOMPARE(at(fm.horizontalAdvance(one + kEllipsis)), one + kEllipsis);
        // Squeezed below the first part: cut at a word, as the hint is.
        const int below = fm.horizontalAdvance(one + kEllipsis) - 1;
        QCOMPARE(at(below), ElidedLabel::elideAtWord(fm, kSummary, below));
        QCOMPARE(at(below), QStringLiteral("Reachability: 9") + kEllipsis);
        // A text of one part is whole or cut at a word.
        const QString busy = QStringLiteral("Reachability: 12,345 states");
        QCOMPARE(ElidedLabel::elideAtPart(fm, busy, kSep, fm.horizontalAdvance(busy)), busy);
    }

    void minimumIsTheFirstPartAndTheEllipsis() {
        ElidedLabel label;
        label.setContentsMargins(3, 0, 5, 0);
        label.setText(kSummary);
        const QFontMetrics fm = label.fontMetrics();
        // Without a separator: squeezed to the ellipsis.
        QCOMPARE(label.minimumSizeHint().width(), fm.horizontalAdvance(kEllipsis) + 8);
        label.setPartSeparator(kSep);
        QCOMPARE(label.minimumSizeHint().width(),
                 fm.horizontalAdvance(QStringLiteral("Reachability: 9 warnings\u2026")) + 8);
        // Follows the text; a text of one part is its own minimum.
        label.setText(QStringLiteral("Reachability: no problems \u00b7 9 surfaces"));
        QCOMPARE(label.minimumSizeHint().width(),
                 fm.horizontalAdvance(QStringLiteral("Reachability: no problems\u2026")) + 8);
        label.setText(QStringLiteral("Reachability: no player spawn"));
        QCOMPARE(label.minimumSizeHint().width(),
                 fm.horizontalAdvance(QStringLiteral("Reachability: no player spawn")) + 8);
        // The hint's way is unchanged: at a word, down to the ellipsis.
        ElidedLabel hint;
        hint.setText(QStringLiteral("Left drag: paint (brush size 1; [ ] change it)"));
        QCOMPARE(hint.minimumSizeHint().width(), fm.horizontalAdvance(kEllipsis));
        hint.resize(fm.horizontalAdvance(QStringLiteral("Left drag: paint (brush\u2026")), 20);
        QCOMPARE(hint.shownText(), QStringLiteral("Left drag: paint (brush\u2026"));
    }

    void aPathKeepsItsFileName() {
        const QFontMetrics fm(QApplication::font());
        const auto at = [&fm](const QString& text, int width) {
            const QString shown = ElidedLabel::elideAtWord(fm, text, width);
            if (fm.horizontalAdvance(shown) > width)
                qWarning("%s is wider than %d px", qPrintable(shown), width);
            return shown;
        };
        const QString saved =
            QStringLiteral("Saved /home/designer/projects/platformer/levels/world-3/cave.yaml");
        QCOMPARE(at(saved, fm.horizontalAdvance(saved)), saved);
        // The folders give way in their middle; the file name stays whole.
        const QString shortened = at(saved, fm.horizontalAdvance(saved) - 60);
        QVERIFY2(shortened.startsWith(QStringLiteral("Saved /home/")), qPrintable(shortened));
        QVERIFY2(shortened.endsWith(QStringLiteral("/cave.yaml")), qPrintable(shortened));
        QVERIFY2(shortened.contains(kEllipsis), qPrintable(shortened));
        QVERIFY(fm.horizontalAdvance(shortened) <= fm.horizontalAdvance(saved) - 60);
        const QString least = QStringLiteral("Saved \u2026/cave.yaml");
        QCOMPARE(at(saved, fm.horizontalAdvance(least)), least);
        // Below that, the words after the path go first, then the path itself.
        const QString imported =
            QStringLiteral("Imported /srv/maps/tiled/export/map.tmx: 60 x 20 tiles, 5 spawns");
        QCOMPARE(at(imported, fm.horizontalAdvance(QStringLiteral("Imported \u2026/map.tmx: 60 x "
                                                                  "20 tiles, 5 spawns"))),
                 QStringLiteral("Imported \u2026/map.tmx: 60 x 20 tiles, 5 spawns"));
        QCOMPARE(at(imported, fm.horizontalAdvance(QStringLiteral("Imported \u2026/map.tmx: 60 x "
                                                                  "20\u2026"))),
                 QStringLiteral("Imported \u2026/map.tmx: 60 x 20\u2026"));
        QCOMPARE(at(saved, fm.horizontalAdvance(least) - 1), QStringLiteral("Saved\u2026"));
        // Windows paths too; key pairs ("A/D") are no paths.
        const QString windows = QStringLiteral("Saved C:\\Users\\ann\\Levels\\cave.yaml");
        QCOMPARE(at(windows, fm.horizontalAdvance(QStringLiteral("Saved \u2026\\cave.yaml"))),
                 QStringLiteral("Saved \u2026\\cave.yaml"));
        const QString keys = QStringLiteral("A/D or \u2190/\u2192 walk and W/\u2191 jump");
        QCOMPARE(at(keys, fm.horizontalAdvance(QStringLiteral("A/D or \u2190/\u2192 walk\u2026"))),
                 QStringLiteral("A/D or \u2190/\u2192 walk\u2026"));
    }

    void leastTextAndReservedWidth() {
        // A readout: asks for its reserved width while its text is narrower, is never
        // narrower than its least text, whatever the text.
        ElidedLabel readout;
        const QFontMetrics fm = readout.fontMetrics();
        const QString least = QStringLiteral("8888, 8888\u2026");
        readout.setReservedWidth(150);
        readout.setLeastText(least);
        for (const QString& text : {QStringLiteral("1, 2"), QStringLiteral("12, 7 \u2014 Solid"),
                                    QStringLiteral("4095, 4095 \u2014 One-way \u2014 Goal 12")}) {
            readout.setText(text);
            QCOMPARE(readout.minimumSizeHint().width(), fm.horizontalAdvance(least));
            QCOMPARE(readout.sizeHint().width(), std::max(150, readout.QLabel::sizeHint().width()));
        }
        QVERIFY(readout.sizeHint().width() > 150);
        // At its least it keeps the words that fit.
        readout.resize(readout.minimumSizeHint().width(), 20);
        QCOMPARE(readout.shownText(), QStringLiteral("4095, 4095\u2026"));
    }

    void leadingGapIsGivenUpLast() {
        // A status-bar section's gap before its text: asked for, not required; the
        // text shortens to its least before the gap goes.
        ElidedLabel readout;
        const QFontMetrics fm(readout.font());
        const QString least = QStringLiteral("8888, 8888\u2026");
        readout.setReservedWidth(150);
        readout.setLeastText(least);
        readout.setText(QStringLiteral("4095, 4095 \u2014 One-way \u2014 Goal 12"));
        const int text = readout.QLabel::sizeHint().width();
        readout.setLeadingGap(10);
        QCOMPARE(readout.sizeHint().width(), std::max(150, text) + 10);
        QCOMPARE(readout.minimumSizeHint().width(), fm.horizontalAdvance(least));
        readout.resize(readout.sizeHint().width(), 20);
        QCOMPARE(readout.textRect().left(), 10);
        QCOMPARE(readout.shownText(), readout.text());
        // Squeezed: the text gives way, the gap stays...
        readout.resize(fm.horizontalAdvance(least) + 10, 20);
        QCOMPARE(readout.textRect().left(), 10);
        QCOMPARE(readout.shownText(), QStringLiteral("4095, 4095\u2026"));
        // ...until the least, where it is gone.
        readout.resize(fm.horizontalAdvance(least) + 4, 20);
        QCOMPARE(readout.textRect().left(), 4);
        readout.resize(readout.minimumSizeHint().width(), 20);
        QCOMPARE(readout.textRect().left(), 0);
        QCOMPARE(readout.shownText(), QStringLiteral("4095, 4095\u2026"));
    }

    void squeezedByALayoutItKeepsItsFirstPart() {
        // The status bar's hint area: a wide label, then the summary with a stretch
        // factor, which a box layout squeezes to its minimum first.
        QWidget area;
        auto* layout = new QHBoxLayout(&area);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(6);
        auto* wide = new ElidedLabel(&area);
        wide->setText(QStringLiteral("Left drag: paint (brush size 1; [ ] change it). Right "
                                     "click: pick the tile kind; X: swap solid and one-way."));
        auto* summary = new ElidedLabel(&area);
        summary->setPartSeparator(kSep);
        summary->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Preferred);
        layout->addWidget(wide);
        layout->addWidget(summary, 1);
        area.resize(wide->sizeHint().width() + 100, 30);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        // The text arrives after the layout ran (the search finishes later).
        summary->setText(kSummary);
        QTRY_COMPARE(summary->width(), summary->minimumSizeHint().width());
        QCOMPARE(summary->shownText(), QStringLiteral("Reachability: 9 warnings\u2026"));
        QVERIFY(wide->shownText() != wide->text());
        // Wider: the next part when it fits whole, and the whole text.
        area.resize(wide->sizeHint().width() + summary->sizeHint().width() + 6, 30);
        QTRY_COMPARE(summary->shownText(), kSummary);
        QCOMPARE(wide->shownText(), wide->text());
    }
};

QTEST_MAIN(TestElidedLabel)
#include "test_elidedlabel.moc"
