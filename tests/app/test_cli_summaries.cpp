// The commands' one-line summaries count in the right number, as the editor's status
// bar does: "ran 1 step, 1 body", "1 spawn", "1 of 1 goal reachable, 1 standable tile",
// and "2 bodies", "3 errors" beside them.
#include "processrun.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kBin = QStringLiteral(TILESMITH_BIN_DIR "/tilesmith");

/// A 3 x 3 level: one solid tile to stand on, the player on it, and `more` spawns.
QByteArray level(const char* more) {
    return QByteArray("tilesmith: 1\nname: one\ntile_size: 16\nwidth: 3\nheight: 3\n"
                      "tiles: |\n  ...\n  ...\n  .#.\n"
                      "spawns:\n  - {id: 1, kind: player, x: 1, y: 1}\n") +
           more;
}

QString write(const QTemporaryDir& dir, const char* name, const QByteArray& text) {
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        return {};
    return path;
}

ts::test::ProcessRun run(const QStringList& args) {
    return ts::test::runProcess(kBin, args);
}

} // namespace

class TestCliSummaries : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(QFile::exists(kBin), qPrintable(kBin + " is not built")); }

    void simulate() {
        QTemporaryDir dir;
        const QString one = write(dir, "one.yaml", level(""));
        QVERIFY(!one.isEmpty());
        const ts::test::ProcessRun r = run({"simulate", one, "-n", "1"});
        QVERIFY2(r.exitCode == 0, qPrintable(ts::test::describe(r)));
        QCOMPARE(r.out, one + ": ran 1 step, 1 body\n");

        const QString two = write(dir, "two.yaml", level("  - {id: 2, kind: box, x: 0, y: 0}\n"));
        const ts::test::ProcessRun r2 = run({"simulate", two, "-n", "2"});
        QVERIFY2(r2.exitCode == 0, qPrintable(ts::test::describe(r2)));
        QCOMPARE(r2.out, two + ": ran 2 steps, 2 bodies\n");
    }

    void import() {
        QTemporaryDir dir;
        const QString one = write(dir, "one.yaml", level(""));
        const QString map = dir.filePath("one.tmx");
        const QString back = dir.filePath("back.yaml");
        QVERIFY(!one.isEmpty());
        const ts::test::ProcessRun e = run({"export", one, "-o", map});
        QVERIFY2(e.exitCode == 0, qPrintable(ts::test::describe(e)));
        const ts::test::ProcessRun r = run({"import", map, "-o", back});
        QVERIFY2(r.exitCode == 0, qPrintable(ts::test::describe(r)));
        QCOMPARE(r.out, "wrote " + back + " (3 x 3 tiles, 1 spawn)\n");
    }

    void lint() {
        QTemporaryDir dir;
        // The goal is just above the player's head: one jump reaches it.
        const QString one = write(dir, "one.yaml", level("  - {id: 2, kind: goal, x: 1, y: 0}\n"));
        QVERIFY(!one.isEmpty());
        const ts::test::ProcessRun r = run({"lint", one});
        QVERIFY2(r.exitCode == 0, qPrintable(ts::test::describe(r)));
        QVERIFY2(r.out.startsWith(one + ": 1 of 1 goal reachable, 1 standable tile, "),
                 qPrintable(ts::test::describe(r)));
        QVERIFY2(r.out.endsWith(" states searched, 0 errors, 0 warnings\n"),
                 qPrintable(ts::test::describe(r)));
    }
};

QTEST_GUILESS_MAIN(TestCliSummaries)
#include "test_cli_summaries.moc"
