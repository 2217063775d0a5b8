// The C++ examples of the docs a game programmer reads (docs/game-library.md's "Loading a
// level and running it", docs/format/level-format.md's "Art" and "Loading a level in a game",
// physics/README.md's "Using it"), extracted as they stand by extract_snippets.cmake: this
// test builds only when they compile with warnings as errors against the public headers, and
// runs each on the sample level. tools/check-package.sh builds the same files against the
// installed package.
#include "docsnippets.h"

#include <QDir>
#include <QTest>

class TestDocSnippets : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        // The examples load "levels/tutorial.yaml", as a game started from its data folder.
        QVERIFY(QDir::setCurrent(QStringLiteral(TILESMITH_SOURCE_DIR "/resources")));
    }
    void gameLibrary() {
        QCOMPARE(docSnippetCount_game(), 1);
        QCOMPARE(docSnippet_game_0(1.0 / 60.0), 0);
    }
    void levelFormat() {
        QCOMPARE(docSnippetCount_format(), 2);
        QCOMPARE(docSnippet_format_0(0.0), 0); // "Art": drawing the art layers
        for (double frame : {1.0 / 144.0, 1.0 / 60.0, 1.0 / 30.0, 0.0})
            QCOMPARE(docSnippet_format_1(frame), 0);
    }
    void physics() {
        QCOMPARE(docSnippetCount_physics(), 1);
        QCOMPARE(docSnippet_physics_0(1.0 / 60.0), 0);
    }
};

QTEST_GUILESS_MAIN(TestDocSnippets)
#include "test_docsnippets.moc"
