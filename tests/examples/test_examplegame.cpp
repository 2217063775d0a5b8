// The example game (examples/platformer) run headless next to `tilesmith simulate`: with
// the same level and inputs both print the same state hash, so the file a game programmer
// copies steps the world exactly as the editor and the command line do, and reports the
// goals the player reaches at the same steps as `tilesmith simulate` (one GoalWatch rule).
// Its frames draw the level's art as `tilesmith render --art-only` does, with Tiled's flips,
// layer opacity, the `trans` colour and hidden layers, and a placeholder for a lost image.
#include <QColor>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "processrun.h"

namespace {

const QString kTilesmith = QStringLiteral(TILESMITH_BIN_DIR "/tilesmith");
const QString kPlatformer = QStringLiteral(TILESMITH_PLATFORMER);

QString source(const QString& path) {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/") + path;
}

using Run = ts::test::ProcessRun;
using ts::test::describe;

Run run(const QString& program, const QStringList& args) {
    return ts::test::runProcess(program, args);
}

/// The hash line (16 hex digits) of a run's output; empty when there is none.
QString hashOf(const Run& r) {
    static const QRegularExpression line(QStringLiteral("^([0-9a-f]{16})$"),
                                         QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = line.match(r.out);
    return m.hasMatch() ? m.captured(1) : QString();
}

/// The "goal ID reached at step N (T s)" lines of a run (stdout and stderr), in order.
QStringList goalLines(const Run& r) {
    static const QRegularExpression line(QStringLiteral("^goal \\d+ reached at step \\d+ .*$"),
                                         QRegularExpression::MultilineOption);
    QStringList lines;
    for (const QString& text : {r.out, r.err})
        for (auto it = line.globalMatch(text); it.hasNext();)
            lines << it.next().captured(0).trimmed();
    return lines;
}

const QRgb kSky = qRgb(135, 190, 235); // the game's background

/// `level` as a file in `dir` with its tileset images at absolute paths (the game and
/// `tilesmith render` find them wherever the copy is), without spawns when `noSpawns` (the
/// camera then centres on the map: see viewOf()), and with `image` for every tileset image
/// when given.
QString copyLevel(const QTemporaryDir& dir, const QString& level, bool noSpawns,
                  const QString& image = QString()) {
    QFile in(source(QStringLiteral("resources/levels/") + level));
    if (!in.open(QIODevice::ReadOnly))
        return QString();
    QString text = QString::fromUtf8(in.readAll());
    const QString sheet =
        image.isEmpty() ? source(QStringLiteral("resources/tilesets/starter.png")) : image;
    text.replace(QStringLiteral("\"../tilesets/starter.png\""), QLatin1Char('"') + sheet + '"');
    if (noSpawns)
        text.replace(QRegularExpression(QStringLiteral("spawns:\n(  - .*\n)+")),
                     QStringLiteral("spawns: []\n"));
    const QString path = dir.filePath(level);
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return QString();
    out.write(text.toUtf8());
    return path;
}

/// The game's first frame of `level` (0 steps, headless) as RGB32; null when it failed.
QImage frameOf(const QTemporaryDir& dir, const QString& level, Run* runOut = nullptr,
               const QStringList& more = {}) {
    const QString png = dir.filePath(QFileInfo(level).completeBaseName() + QStringLiteral(".png"));
    QFile::remove(png);
    const Run r =
        run(kPlatformer, QStringList{level, QStringLiteral("--headless"), QStringLiteral("--steps"),
                                     QStringLiteral("0"), QStringLiteral("--screenshot"), png} +
                             more);
    if (runOut)
        *runOut = r;
    return r.exitCode == 0 ? QImage(png).convertToFormat(QImage::Format_RGB32) : QImage();
}

/// The part of a `width` x `height` tile map of 16 px tiles the game shows at 2x when the
/// level has no player: 480 x 270 level pixels centred on the map, kept inside it, on whole
/// pixels.
QPoint viewOf(int width, int height) {
    const double mapW = width * 16.0, mapH = height * 16.0;
    const double left = std::max(0.0, std::min(mapW / 2 - 240, mapW - 480));
    const double top = std::min(mapH, std::max(mapH / 2 + 135, 270.0));
    return {int(std::lround(left)) * 2, int(std::lround(mapH - top)) * 2};
}

/// `art` (an RGBA image) drawn over the sky.
QImage overSky(const QImage& art) {
    QImage out(art.size(), QImage::Format_RGB32);
    out.fill(kSky);
    QPainter p(&out);
    p.drawImage(0, 0, art);
    return out;
}

/// Pixels of `a` and `b` (same size) whose channels differ by more than `tolerance`; -1
/// when the sizes differ.
qint64 pixelsApart(const QImage& a, const QImage& b, int tolerance = 0) {
    if (a.size() != b.size())
        return -1;
    qint64 n = 0;
    for (int y = 0; y < a.height(); ++y) {
        const QRgb* pa = reinterpret_cast<const QRgb*>(a.constScanLine(y));
        const QRgb* pb = reinterpret_cast<const QRgb*>(b.constScanLine(y));
        for (int x = 0; x < a.width(); ++x)
            if (std::abs(qRed(pa[x]) - qRed(pb[x])) > tolerance ||
                std::abs(qGreen(pa[x]) - qGreen(pb[x])) > tolerance ||
                std::abs(qBlue(pa[x]) - qBlue(pb[x])) > tolerance)
                ++n;
    }
    return n;
}

/// Whether `block` appears in `frame` at some position, each channel within `tolerance`.
bool contains(const QImage& frame, const QImage& block, int tolerance = 0) {
    const auto near = [tolerance](QRgb a, QRgb b) {
        return std::abs(qRed(a) - qRed(b)) <= tolerance &&
               std::abs(qGreen(a) - qGreen(b)) <= tolerance &&
               std::abs(qBlue(a) - qBlue(b)) <= tolerance;
    };
    for (int oy = 0; oy + block.height() <= frame.height(); ++oy)
        for (int ox = 0; ox + block.width() <= frame.width(); ++ox) {
            bool same = true;
            for (int y = 0; same && y < block.height(); ++y) {
                const QRgb* f = reinterpret_cast<const QRgb*>(frame.constScanLine(oy + y)) + ox;
                const QRgb* b = reinterpret_cast<const QRgb*>(block.constScanLine(y));
                for (int x = 0; same && x < block.width(); ++x)
                    same = near(f[x], b[x]);
            }
            if (same)
                return true;
        }
    return false;
}

/// Pixels of `frame` of exactly `colour`.
qint64 countColour(const QImage& frame, QRgb colour) {
    qint64 n = 0;
    for (int y = 0; y < frame.height(); ++y) {
        const QRgb* p = reinterpret_cast<const QRgb*>(frame.constScanLine(y));
        n += std::count(p, p + frame.width(), colour | 0xff000000u);
    }
    return n;
}

/// Tile `i` of the test tileset: a red gradient across, a green one down (so each of the
/// eight flips gives another image), its own blue; tile 1 has pixels of the `trans` colour.
QImage testTile(int i) {
    QImage t(16, 16, QImage::Format_RGB32);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            t.setPixel(x, y,
                       i == 1 && (x + y) % 5 == 0 ? qRgb(255, 0, 255)
                                                  : qRgb(40 + x * 12, 40 + y * 12, 30 + i * 60));
    return t;
}

/// `t` flipped as Tiled flips a tile: diagonal (x and y swapped) first, then horizontal,
/// then vertical.
QImage tiledFlip(const QImage& t, int flips) {
    QImage out = t;
    if (flips & 4) {
        out = QImage(t.height(), t.width(), t.format());
        for (int y = 0; y < t.height(); ++y)
            for (int x = 0; x < t.width(); ++x)
                out.setPixel(y, x, t.pixel(x, y));
    }
    return out.mirrored(flips & 1, flips & 2);
}

/// `t` at the game window's 2x, pixels doubled.
QImage at2x(const QImage& t) {
    return t.scaled(t.size() * 2, Qt::IgnoreAspectRatio, Qt::FastTransformation);
}

/// A 30 x 20 tile level without collision, drawing `sheet` (4 tiles of 16 px in 2 columns,
/// margin 1, spacing 2, trans #ff00ff): tile 0 with each of the eight flips and tile 1 on a
/// back layer, tile 2 on a front layer at half opacity, tile 3 on a hidden layer.
QString testArtLevel(const QTemporaryDir& dir, const QString& sheet) {
    const auto rows = [](int row, const QStringList& tokens) { // tokens from column 2, 2 apart
        QString text;
        for (int y = 0; y < 20; ++y) {
            QStringList line(30, QStringLiteral("."));
            for (int i = 0; y == row && i < tokens.size(); ++i)
                line[2 + 2 * i] = tokens[i];
            text += QStringLiteral("      ") + line.join(QLatin1Char(' ')) + '\n';
        }
        return text;
    };
    QString text = QStringLiteral("tilesmith: 1\nname: Art\ntile_size: 16\nwidth: 30\nheight: "
                                  "20\ntiles: |\n");
    for (int y = 0; y < 20; ++y)
        text += QStringLiteral("  ") + QString(30, QLatin1Char('.')) + '\n';
    text += QStringLiteral("spawns: []\ntilesets:\n  - {name: sheet, image: \"%1\", tile_size: "
                           "16, columns: 2, count: 4, margin: 1, spacing: 2, trans: "
                           "\"#ff00ff\"}\nart:\n")
                .arg(sheet);
    text += QStringLiteral("  - name: flips\n    tileset: sheet\n    tiles: |\n") +
            rows(4, QString(QStringLiteral("0 0h 0v 0hv 0d 0hd 0vd 0hvd . 1")).split(' '));
    text += QStringLiteral("  - name: faded\n    tileset: sheet\n    depth: front\n    "
                           "opacity: 0.5\n    tiles: |\n") +
            rows(10, {QStringLiteral("2")});
    text += QStringLiteral("  - name: hidden\n    tileset: sheet\n    visible: false\n    "
                           "tiles: |\n") +
            rows(10, {QStringLiteral("."), QStringLiteral("."), QStringLiteral("3")});
    const QString path = dir.filePath(QStringLiteral("art.yaml"));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return QString();
    out.write(text.toUtf8());
    return path;
}

} // namespace

class TestExampleGame : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qputenv("SDL_VIDEODRIVER", "dummy"); }

    void sameHashAsSimulate_data() {
        QTest::addColumn<QString>("level");
        QTest::addColumn<QString>("inputs");
        QTest::addColumn<int>("steps");
        const QString run = source(QStringLiteral("tests/play/data/tutorial_run.txt"));
        const QString levels = QStringLiteral("resources/levels/");
        QTest::newRow("tutorial, scripted run") << levels + "tutorial.yaml" << run << 240;
        QTest::newRow("tutorial, no inputs") << levels + "tutorial.yaml" << QString() << 300;
        QTest::newRow("tutorial, zero steps") << levels + "tutorial.yaml" << run << 0;
        QTest::newRow("playground, scripted run") << levels + "playground.yaml" << run << 600;
        QTest::newRow("crowd, scripted run") << levels + "crowd.yaml" << run << 300;
    }

    void sameHashAsSimulate() {
        QFETCH(QString, level);
        QFETCH(QString, inputs);
        QFETCH(int, steps);
        QStringList args{source(level), QStringLiteral("--steps"), QString::number(steps),
                         QStringLiteral("--hash")};
        if (!inputs.isEmpty())
            args << QStringLiteral("--inputs") << inputs;

        const Run simulate = run(kTilesmith, QStringList{QStringLiteral("simulate")} + args);
        QVERIFY2(simulate.exitCode == 0, qPrintable(describe(simulate)));
        const Run game = run(kPlatformer, QStringList{QStringLiteral("--headless")} + args);
        QVERIFY2(game.exitCode == 0, qPrintable(describe(game)));
        QVERIFY2(!hashOf(simulate).isEmpty(), qPrintable(describe(simulate)));
        QCOMPARE(hashOf(game), hashOf(simulate));
    }

    // Each sample's goal, reached by the route `tilesmith lint --route ID -o F` writes:
    // the game prints the same goal events as simulate (same steps and times) and ends
    // with the same hash.
    void sameGoalEventsAsSimulate_data() {
        QTest::addColumn<QString>("level");
        QTest::addColumn<int>("goal");
        QTest::newRow("tutorial") << QStringLiteral("tutorial.yaml") << 7;
        QTest::newRow("playground") << QStringLiteral("playground.yaml") << 20;
        QTest::newRow("crowd") << QStringLiteral("crowd.yaml") << 208;
    }

    void sameGoalEventsAsSimulate() {
        QFETCH(QString, level);
        QFETCH(int, goal);
        const QString file = source(QStringLiteral("resources/levels/") + level);
        QTemporaryDir dir;
        const QString route = dir.filePath(QStringLiteral("route.inputs"));
        const Run lint = run(kTilesmith, {QStringLiteral("lint"), file, QStringLiteral("--route"),
                                          QString::number(goal), QStringLiteral("-o"), route});
        QVERIFY2(lint.exitCode == 0, qPrintable(describe(lint)));
        // The route's last step, then a little more.
        QFile f(route);
        QVERIFY(f.open(QIODevice::ReadOnly));
        qulonglong last = 0;
        for (const QByteArray& l : f.readAll().split('\n')) {
            const QList<QByteArray> words = l.simplified().split(' ');
            if (words.size() >= 2 && !l.startsWith('#'))
                last = std::max(last, words[1].toULongLong());
        }
        QVERIFY(last > 0);
        const QStringList args{file,
                               QStringLiteral("--steps"),
                               QString::number(last + 20),
                               QStringLiteral("--inputs"),
                               route,
                               QStringLiteral("--hash")};
        const Run simulate = run(kTilesmith, QStringList{QStringLiteral("simulate")} + args);
        QVERIFY2(simulate.exitCode == 0, qPrintable(describe(simulate)));
        const Run game = run(kPlatformer, QStringList{QStringLiteral("--headless")} + args);
        QVERIFY2(game.exitCode == 0, qPrintable(describe(game)));
        const QStringList expected = goalLines(simulate);
        QVERIFY2(!expected.isEmpty() &&
                     expected.front().startsWith(QStringLiteral("goal %1 reached").arg(goal)),
                 qPrintable(describe(simulate)));
        QCOMPARE(goalLines(game), expected);
        QVERIFY(!hashOf(simulate).isEmpty());
        QCOMPARE(hashOf(game), hashOf(simulate));
    }

    // Different inputs move the player differently: the hash tells runs apart, so the
    // comparison above can fail.
    void inputsChangeTheHash() {
        const QStringList common{source(QStringLiteral("resources/levels/tutorial.yaml")),
                                 QStringLiteral("--headless"), QStringLiteral("--steps"),
                                 QStringLiteral("120"), QStringLiteral("--hash")};
        const Run idle = run(kPlatformer, common);
        const Run walking =
            run(kPlatformer,
                common + QStringList{QStringLiteral("--inputs"),
                                     source(QStringLiteral("tests/play/data/tutorial_run.txt"))});
        QVERIFY2(idle.exitCode == 0 && walking.exitCode == 0, qPrintable(describe(walking)));
        QVERIFY(!hashOf(idle).isEmpty());
        QVERIFY(hashOf(idle) != hashOf(walking));
    }

    void screenshotOfTheLastFrame() {
        QTemporaryDir dir;
        const QString bmp = dir.filePath(QStringLiteral("shot.bmp"));
        const Run r = run(kPlatformer, {source(QStringLiteral("resources/levels/tutorial.yaml")),
                                        QStringLiteral("--headless"), QStringLiteral("--steps"),
                                        QStringLiteral("10"), QStringLiteral("--screenshot"), bmp});
        QVERIFY2(r.exitCode == 0, qPrintable(describe(r)));
        QFile f(bmp);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.read(2), QByteArray("BM"));
        QVERIFY(f.size() > 960 * 540 * 3); // the whole 960 x 540 window
    }

    // The game draws the samples' art as the editor's renderer does: the tutorial's tileset
    // loads (no warning) and the first frame of each sample, spawns left out, is exactly
    // `tilesmith render --art-only --scale 2` over the sky where the camera looks.
    void artLikeTheEditor_data() {
        QTest::addColumn<QString>("level");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("tutorial") << QStringLiteral("tutorial.yaml") << 60 << 20;
        QTest::newRow("playground") << QStringLiteral("playground.yaml") << 48 << 24;
        QTest::newRow("crowd") << QStringLiteral("crowd.yaml") << 96 << 50;
    }

    void artLikeTheEditor() {
        QFETCH(QString, level);
        QFETCH(int, width);
        QFETCH(int, height);
        QTemporaryDir dir;
        const QString file = copyLevel(dir, level, true);
        QVERIFY(!file.isEmpty());
        Run game;
        const QImage frame = frameOf(dir, file, &game);
        QVERIFY2(!frame.isNull(), qPrintable(describe(game)));
        QVERIFY2(!game.err.contains(QStringLiteral("warning")), qPrintable(describe(game)));
        QCOMPARE(frame.size(), QSize(960, 540));

        const QString art = dir.filePath(QStringLiteral("art.png"));
        const Run render = run(kTilesmith, {QStringLiteral("render"), file,
                                            QStringLiteral("--art-only"), QStringLiteral("--scale"),
                                            QStringLiteral("2"), QStringLiteral("-o"), art});
        QVERIFY2(render.exitCode == 0, qPrintable(describe(render)));
        const QImage expected =
            overSky(QImage(art)).copy(QRect(viewOf(width, height), frame.size()));
        QCOMPARE(pixelsApart(frame, expected), qint64(0));
        // Art, not the sky alone.
        QVERIFY(frame.width() * frame.height() - countColour(frame, kSky) > 10000);
    }

    // Tiled's eight flips, the `trans` colour, a layer's opacity and a hidden layer, on a
    // tileset made here (margin and spacing included): each tile as Tiled draws it is in the
    // frame, the hidden one is not, and the frame is the editor's.
    void flipsOpacityTransAndHiddenLayers() {
        QTemporaryDir dir;
        QImage sheet(36, 36, QImage::Format_RGB32);
        sheet.fill(qRgb(255, 255, 255)); // margin and spacing: drawn by no tile
        for (int i = 0; i < 4; ++i) {
            QPainter p(&sheet);
            p.drawImage(1 + (i % 2) * 18, 1 + (i / 2) * 18, testTile(i));
        }
        const QString sheetPath = dir.filePath(QStringLiteral("sheet.png"));
        QVERIFY(sheet.save(sheetPath));
        const QString file = testArtLevel(dir, sheetPath);
        Run game;
        const QImage frame = frameOf(dir, file, &game);
        QVERIFY2(!frame.isNull() && game.err.isEmpty(), qPrintable(describe(game)));

        QList<QImage> flipped;
        for (int flips = 0; flips < 8; ++flips)
            flipped << at2x(tiledFlip(testTile(0), flips));
        for (int a = 0; a < 8; ++a)
            for (int b = a + 1; b < 8; ++b)
                QVERIFY(flipped[a] != flipped[b]); // the tile tells every flip apart
        for (int flips = 0; flips < 8; ++flips)
            QVERIFY2(contains(frame, flipped[flips]),
                     qPrintable(QStringLiteral("tile 0 with flips %1 is not drawn").arg(flips)));

        QImage keyed = testTile(1); // the trans colour shows the sky through
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x)
                if (keyed.pixel(x, y) == qRgb(255, 0, 255))
                    keyed.setPixel(x, y, kSky);
        QVERIFY(contains(frame, at2x(keyed)));
        QVERIFY(countColour(frame, qRgb(255, 0, 255)) == 0);

        QImage faded = testTile(2); // half opacity over the sky
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x) {
                const QRgb c = faded.pixel(x, y);
                faded.setPixel(x, y,
                               qRgb((qRed(c) + qRed(kSky) + 1) / 2,
                                    (qGreen(c) + qGreen(kSky) + 1) / 2,
                                    (qBlue(c) + qBlue(kSky) + 1) / 2));
            }
        QVERIFY(contains(frame, at2x(faded), 2));
        QVERIFY(!contains(frame, at2x(testTile(2)), 2));  // not at full opacity
        QVERIFY(!contains(frame, at2x(testTile(3)), 40)); // the hidden layer's tile

        const QString art = dir.filePath(QStringLiteral("render.png"));
        const Run render = run(kTilesmith, {QStringLiteral("render"), file,
                                            QStringLiteral("--art-only"), QStringLiteral("--scale"),
                                            QStringLiteral("2"), QStringLiteral("-o"), art});
        QVERIFY2(render.exitCode == 0, qPrintable(describe(render)));
        QCOMPARE(
            pixelsApart(frame, overSky(QImage(art)).copy(QRect(viewOf(30, 20), frame.size())), 2),
            qint64(0));
    }

    // A tileset image that is missing or no image: one warning naming the tileset and the
    // file, its tiles drawn as the editor's magenta and black squares, and the game plays
    // on exactly as with its art (the art does not touch the physics).
    void lostTilesetImage_data() {
        QTest::addColumn<QString>("image");
        QTest::addColumn<QString>("why");
        QTest::newRow("missing") << QStringLiteral("gone/starter.png")
                                 << QStringLiteral("no such file");
        QTest::newRow("not an image") << QStringLiteral("text.png") << QString();
    }

    void lostTilesetImage() {
        QFETCH(QString, image);
        QFETCH(QString, why);
        QTemporaryDir dir;
        QFile text(dir.filePath(QStringLiteral("text.png")));
        QVERIFY(text.open(QIODevice::WriteOnly) && text.write("not a PNG\n") > 0);
        text.close();
        const QString lost =
            copyLevel(dir, QStringLiteral("tutorial.yaml"), false, dir.filePath(image));
        const QString shot = dir.filePath(QStringLiteral("lost.png"));
        const QStringList args{QStringLiteral("--headless"), QStringLiteral("--steps"),
                               QStringLiteral("60"), QStringLiteral("--hash")};
        const Run game =
            run(kPlatformer, QStringList{lost, QStringLiteral("--screenshot"), shot} + args);
        QVERIFY2(game.exitCode == 0, qPrintable(describe(game)));
        const QStringList warnings = game.err.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(
            warnings[0].startsWith(QStringLiteral("platformer: warning: tileset 'starter': ")) &&
                warnings[0].contains(dir.filePath(image)) && warnings[0].contains(why),
            qPrintable(describe(game)));
        const QImage frame = QImage(shot).convertToFormat(QImage::Format_RGB32);
        QVERIFY(countColour(frame, qRgb(255, 0, 255)) > 20000);
        QVERIFY(countColour(frame, qRgb(0, 0, 0)) > 20000);

        QTemporaryDir other;
        const Run withArt =
            run(kPlatformer,
                QStringList{copyLevel(other, QStringLiteral("tutorial.yaml"), false)} + args);
        QVERIFY(!hashOf(withArt).isEmpty());
        QCOMPARE(hashOf(game), hashOf(withArt));
    }

    // The collision boxes: what a level without art shows; over art only when asked.
    void collisionWhereThereIsNoArt() {
        QTemporaryDir dir;
        const QString withArt = copyLevel(dir, QStringLiteral("tutorial.yaml"), true);
        QFile f(withArt);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(f.readAll());
        f.close();
        text = text.left(text.indexOf(QStringLiteral("tilesets:"))) +
               text.mid(text.indexOf(QStringLiteral("properties:")));
        const QString noArt = dir.filePath(QStringLiteral("noart.yaml"));
        QFile out(noArt);
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(text.toUtf8()) > 0);
        out.close();

        const QRgb solid = qRgb(90, 70, 55); // the game's solid tile box
        QVERIFY(countColour(frameOf(dir, noArt), solid) > 50000);
        const QImage art = frameOf(dir, withArt);
        QCOMPARE(countColour(art, solid), qint64(0));
        const QImage overlay = frameOf(dir, withArt, nullptr, {QStringLiteral("--collision")});
        QVERIFY(pixelsApart(art, overlay) > 50000); // see-through, over the art
        QCOMPARE(countColour(overlay, solid), qint64(0));
    }

    void badLevelAndUsage() {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.yaml"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("tilesmith: 1\nname: x\ntile_size: sixteen\n");
        f.close();
        const Run r = run(kPlatformer, {bad, QStringLiteral("--headless"),
                                        QStringLiteral("--steps"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QRegularExpression(QStringLiteral("bad\\.yaml:3:\\d+: error: "))),
                 qPrintable(describe(r)));

        const Run usage = run(kPlatformer, {QStringLiteral("--steps")});
        QCOMPARE(usage.exitCode, 2);
        QVERIFY2(usage.err.contains(QStringLiteral("Usage: platformer")),
                 qPrintable(describe(usage)));

        // --steps reads a whole number as `tilesmith simulate` does (it took "abc" as 0 steps
        // and exited 0, and called "-5" a missing --steps).
        for (const char* steps : {"abc", "-5", "1e3", "12x"}) {
            const Run r =
                run(kPlatformer, {source(QStringLiteral("resources/levels/tutorial.yaml")),
                                  QStringLiteral("--headless"), QStringLiteral("--steps"),
                                  QString::fromLatin1(steps)});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(QStringLiteral("platformer: --steps expects a whole number of "
                                                   "steps, got '%1'")
                                        .arg(QString::fromLatin1(steps))),
                     qPrintable(describe(r)));
        }
    }
};

QTEST_GUILESS_MAIN(TestExampleGame)
#include "test_examplegame.moc"
