// The invalid corpus (tests/level/invalid/*.yaml): every file names the error
// it must give on its first line, "# expect: LINE:COLUMN: MESSAGE", and the
// loader must report exactly that position with that message text. The fuzz
// seeds (tests/fuzz/corpus/level_yaml/) that carry such a line are held to it too,
// so a changed message cannot leave a stale comment there.
#include "tilesmith/level/levelio.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace ts::level;

class TestLevelCorpus : public QObject {
    Q_OBJECT

private slots:
    void corpusIsLargeEnough();
    void invalidFile_data();
    void invalidFile();
};

static QString corpusDir() {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/tests/level/invalid");
}

void TestLevelCorpus::corpusIsLargeEnough() {
    const QStringList files = QDir(corpusDir()).entryList({"*.yaml"}, QDir::Files);
    QVERIFY2(files.size() >= 40, qPrintable(QString::number(files.size())));
}

static QString fuzzSeedDir() {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/tests/fuzz/corpus/level_yaml");
}

void TestLevelCorpus::invalidFile_data() {
    QTest::addColumn<QString>("path");
    for (const QString& f : QDir(corpusDir()).entryList({"*.yaml"}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << corpusDir() + "/" + f;
    int seeds = 0;
    for (const QString& f : QDir(fuzzSeedDir()).entryList({"*.yaml"}, QDir::Files, QDir::Name)) {
        QFile file(fuzzSeedDir() + "/" + f);
        if (file.open(QIODevice::ReadOnly) && file.readLine().startsWith("# expect:")) {
            QTest::newRow(qPrintable("fuzz seed " + f)) << file.fileName();
            ++seeds;
        }
    }
    QVERIFY2(seeds >= 10, qPrintable(QString::number(seeds))); // the seeds are found
}

void TestLevelCorpus::invalidFile() {
    QFETCH(QString, path);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray firstLine = f.readLine().trimmed();
    f.close();
    static const QRegularExpression re(QStringLiteral("^# expect: (\\d+):(\\d+): (.+)$"));
    const QRegularExpressionMatch m = re.match(QString::fromUtf8(firstLine));
    QVERIFY2(m.hasMatch(), "the first line must be '# expect: LINE:COLUMN: MESSAGE'");
    const int line = m.captured(1).toInt();
    const int column = m.captured(2).toInt();
    const std::string message = m.captured(3).toStdString();

    const LoadResult r = loadLevelFile(path.toStdString());
    QVERIFY(!r.ok());
    QVERIFY(!r.level.has_value());
    QVERIFY(!r.errors.empty());
    std::string all;
    bool found = false;
    for (const Diagnostic& d : r.errors) {
        all += d.toString() + "\n";
        QCOMPARE(d.file, path.toStdString());
        if (d.line == line && d.column == column && d.message.find(message) != std::string::npos)
            found = true;
    }
    QVERIFY2(found,
             qPrintable(QStringLiteral("expected %1:%2: %3, got:\n%4")
                            .arg(line)
                            .arg(column)
                            .arg(QString::fromStdString(message), QString::fromStdString(all))));
    // The expected error is the first one reported (errors come in file order,
    // so the corpus files each hold one mistake).
    QCOMPARE(r.errors[0].line, line);
    QCOMPARE(r.errors[0].column, column);
}

QTEST_GUILESS_MAIN(TestLevelCorpus)
#include "test_levelcorpus.moc"
