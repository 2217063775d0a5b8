// File > New's starter art: the starter tileset and its auto layers in a new level, and
// its image copied beside the level when it is saved.
#include "document/starterart.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/newleveldialog.h"
#include "tilesmith/level/art.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/render/tilesetimages.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace ts::editor;
using ts::level::Level;

class TestStarterArt : public QObject {
    Q_OBJECT

private slots:
    void aNewLevelWithTheStarterArt() {
        NewLevelDialog::Settings s;
        s.width = 20;
        s.height = 8;
        s.starterArt = true;
        const Level level = NewLevelDialog::makeLevel(s);
        QCOMPARE(level.tilesets.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(level.tilesets[0].image), starterTilesetImage());
        QCOMPARE(level.art.size(), std::size_t(4));
        QVERIFY(ts::level::validateLevel(level).empty());
        // The floor is drawn by the ground layer; the painted layer is empty, map-sized.
        const ts::level::ArtLayer& ground = *level.findArtLayer("ground");
        QVERIFY(ground.isAuto);
        const auto cells = ts::level::resolveArtLayer(level, ground);
        QVERIFY(!cells[std::size_t(7 * 20 + 5)].empty());
        QVERIFY(cells[std::size_t(3 * 20 + 5)].empty());
        const ts::level::ArtLayer& decoration = *level.findArtLayer("decoration");
        QVERIFY(!decoration.isAuto);
        QCOMPARE(decoration.cells.size(), level.tiles.size());
        // The image loads from the program's resources.
        const ts::render::TilesetImages images(level, QString());
        QVERIFY(images.problems().empty());
        // Without it, no art.
        s.starterArt = false;
        QVERIFY(NewLevelDialog::makeLevel(s).art.empty());
    }

    void theDialogOffersIt() {
        NewLevelDialog dialog;
        NewLevelDialog::Settings s;
        s.starterArt = true;
        dialog.setSettings(s);
        auto* box = dialog.findChild<QCheckBox*>();
        QVERIFY(box && box->isChecked());
        QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(4, box->height() / 2));
        QVERIFY(!dialog.settings().starterArt);
    }

    void savingCopiesTheImageBesideTheLevel() {
        NewLevelDialog::Settings s;
        s.starterArt = true;
        LevelDocument doc(NewLevelDialog::makeLevel(s));
        QTemporaryDir dir;
        QString error;
        QVERIFY2(doc.save(dir.filePath(QStringLiteral("a.yaml")), &error), qPrintable(error));
        QCOMPARE(doc.level().tilesets[0].image, std::string("starter.png"));
        QFile copy(dir.filePath(QStringLiteral("starter.png")));
        QVERIFY(copy.open(QIODevice::ReadOnly));
        QFile original(starterTilesetImage());
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(copy.readAll(), original.readAll());
        const auto back =
            ts::level::loadLevelFile(dir.filePath(QStringLiteral("a.yaml")).toStdString());
        QVERIFY(back.ok());
        QVERIFY(ts::render::TilesetImages(*back.level, dir.path()).problems().empty());

        // Another level in the same folder shares the copy; a different starter.png there
        // is kept and the image gets a name of its own.
        LevelDocument second(NewLevelDialog::makeLevel(s));
        QVERIFY(second.save(dir.filePath(QStringLiteral("b.yaml")), &error));
        QCOMPARE(second.level().tilesets[0].image, std::string("starter.png"));
        QTemporaryDir other;
        {
            QFile mine(other.filePath(QStringLiteral("starter.png")));
            QVERIFY(mine.open(QIODevice::WriteOnly));
            mine.write("my own picture");
        }
        LevelDocument third(NewLevelDialog::makeLevel(s));
        QVERIFY(third.save(other.filePath(QStringLiteral("c.yaml")), &error));
        QCOMPARE(third.level().tilesets[0].image, std::string("starter-2.png"));
        QFile mine(other.filePath(QStringLiteral("starter.png")));
        QVERIFY(mine.open(QIODevice::ReadOnly));
        QCOMPARE(mine.readAll(), QByteArray("my own picture"));
    }
};

QTEST_MAIN(TestStarterArt)
#include "test_starterart.moc"
