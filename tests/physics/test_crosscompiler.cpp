// Determinism across compilers: the recorded hash case (hashcase.h) built by a
// second compiler (clang++, an external project built with this test) must end
// in the same state hash as this build (g++ in CI). Skips with a message when
// no clang++ was found at configure time.
#include "hashcase.h"

#include <QtTest/QtTest>

using namespace tstest;

class TestCrossCompiler : public QObject {
    Q_OBJECT
private slots:
    void clangBuildGivesTheSameHash();
};

void TestCrossCompiler::clangBuildGivesTheSameHash() {
#ifndef TILESMITH_HASH_CASE_CLANG
    QSKIP("clang++ not found when configuring: install Debian's clang (tools/install-deps.sh) "
          "to compare the state hash across compilers");
#else
    QProcess p;
    p.start(QStringLiteral(TILESMITH_HASH_CASE_CLANG), {});
    QVERIFY2(p.waitForFinished(120000), qPrintable(p.errorString()));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 0);
    const QString printed = QString::fromLatin1(p.readAllStandardOutput()).trimmed();
    bool ok = false;
    const std::uint64_t clangHash = printed.toULongLong(&ok, 16);
    QVERIFY2(ok, qPrintable(QStringLiteral("unexpected output: ") + printed));
    const std::uint64_t ours = runHashCase();
    qInfo("%s (%s): 0x%016llx; clang++ build: 0x%016llx", __VERSION__, "this build",
          static_cast<unsigned long long>(ours), static_cast<unsigned long long>(clangHash));
    QCOMPARE(clangHash, ours);
#endif
}

QTEST_GUILESS_MAIN(TestCrossCompiler)
#include "test_crosscompiler.moc"
