// The tile kinds' words (level.h: tileKindName, tileKindFromName, tileKindNameList):
// the format's spelling of each kind, the way back, exact matching, and the level
// and replay readers and writers that spell the words through them.
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/replay.h"

#include <QTest>

#include <set>
#include <string>

using namespace ts;
using namespace ts::level;

namespace {

std::string levelWithLegend(const std::string& legend) {
    return "tilesmith: 1\nname: K\ntile_size: 16\nwidth: 3\nheight: 2\nlegend: " + legend +
           "\ntiles: |\n  abc\n  bbb\nspawns:\n  - {id: 1, kind: player, x: 0, y: 0}\n";
}

// A replay whose events section holds `event` (the replay test's hostile-file base).
std::string replayWithEvent(const std::string& event) {
    return "tilesmith-replay: 1\nlevel: a.yaml\nlevel-hash: 0123456789abcdef\n"
           "physics: gravity=1500 walk_speed=160 jump_speed=480 max_fall_speed=720 "
           "one_way_threshold=2 partition_cell=16 dt=0.016666668\nsteps: 3\n"
           "checkpoint-interval: 2\nfinal-hash: 00000000000000ff\nbodies: 1 2\ninputs:\n"
           "1 3 right\nevents:\n" +
           event +
           "\ncheckpoints:\n2 00000000000000aa 1,2 3,4\n"
           "3 00000000000000ff = 5,6\n";
}

std::string firstError(const std::vector<Diagnostic>& errors) {
    return errors.empty() ? std::string() : errors.front().toString();
}

} // namespace

class TestTileKinds : public QObject {
    Q_OBJECT

private slots:
    void eachKindHasTheFormatsWord() {
        // docs/format/level-format.md and replay-format.md spell them so.
        QCOMPARE(std::string(tileKindName(Tile::Empty)), std::string("empty"));
        QCOMPARE(std::string(tileKindName(Tile::Solid)), std::string("solid"));
        QCOMPARE(std::string(tileKindName(Tile::OneWay)), std::string("one_way"));
        // No enumerator: written as the level writer writes such a tile.
        QCOMPARE(std::string(tileKindName(Tile(77))), std::string("empty"));
    }

    void everyKindRoundTrips() {
        // kTileKinds holds every enumerator once, and each word names its kind back.
        const std::set<Tile> kinds(std::begin(kTileKinds), std::end(kTileKinds));
        QCOMPARE(kinds, (std::set<Tile>{Tile::Empty, Tile::Solid, Tile::OneWay}));
        QCOMPARE(std::size(kTileKinds), kinds.size());
        std::set<std::string> words;
        for (const Tile t : kTileKinds) {
            Tile back = t == Tile::Solid ? Tile::Empty : Tile::Solid; // not t
            QVERIFY(tileKindFromName(tileKindName(t), back));
            QCOMPARE(back, t);
            words.insert(tileKindName(t));
        }
        QCOMPARE(words.size(), std::size(kTileKinds));
    }

    void unknownWordsAreRefused_data() {
        QTest::addColumn<QString>("word");
        // Matching is exact: another case, spelling or spacing names no kind.
        for (const char* w : {"", "Solid", "SOLID", "Empty", "One_Way", "one-way", "oneway",
                              "one way", " solid", "solid ", "solid\n", "lava", "emptyx", "s"})
            QTest::newRow(w[0] ? w : "(nothing)") << QString::fromLatin1(w);
    }

    void unknownWordsAreRefused() {
        QFETCH(QString, word);
        Tile out = Tile::OneWay;
        QVERIFY(!tileKindFromName(word.toStdString(), out));
        QCOMPARE(out, Tile::OneWay); // untouched
        // A word with a NUL after it is not the word.
        QVERIFY(!tileKindFromName(std::string_view("solid\0", 6), out));
    }

    void listsTheWordsInOrder() {
        QCOMPARE(tileKindNameList(" or "), std::string("empty, solid or one_way"));
        QCOMPARE(tileKindNameList(", "), std::string("empty, solid, one_way"));
    }

    void levelLegendReadsAndWritesTheWords() {
        const LoadResult r = loadLevelFromString(
            levelWithLegend("{\"a\": empty, \"b\": solid, \"c\": one_way}"), "k.yaml");
        QVERIFY2(r.ok(), firstError(r.errors).c_str());
        QCOMPARE(r.level->tile(0, 0), Tile::Empty);
        QCOMPARE(r.level->tile(1, 0), Tile::Solid);
        QCOMPARE(r.level->tile(2, 0), Tile::OneWay);
        const std::string saved = saveLevelToString(*r.level);
        QVERIFY2(saved.find("legend: {\"a\": empty, \"b\": solid, \"c\": one_way}\n") !=
                     std::string::npos,
                 saved.c_str());
    }

    void levelLegendIsExact() {
        // As before the words had one home: a legend word in another case is refused.
        const LoadResult r = loadLevelFromString(
            levelWithLegend("{\"a\": empty, \"b\": Solid, \"c\": one_way}"), "k.yaml");
        QVERIFY(!r.ok());
        QCOMPARE(firstError(r.errors),
                 std::string("k.yaml:6:27: error: expected empty, solid or one_way for legend "
                             "character 'b', got 'Solid'"));
        const LoadResult notMap = loadLevelFromString(levelWithLegend("[a, b]"), "k.yaml");
        QCOMPARE(firstError(notMap.errors),
                 std::string("k.yaml:6:9: error: expected a mapping for 'legend' like {\".\": "
                             "empty, \"#\": solid, \"=\": one_way}, got a list"));
    }

    void replayTileEventsReadAndWriteTheWords() {
        for (const Tile t : kTileKinds) {
            const std::string line = std::string("1 tile 2 1 ") + tileKindName(t);
            const ReplayLoadResult r = loadReplayFromString(replayWithEvent(line), "k.tsreplay");
            QVERIFY2(r.ok(), firstError(r.errors).c_str());
            QCOMPARE(r.replay->events.size(), std::size_t(1));
            QCOMPARE(r.replay->events[0].tile, t);
            const std::string saved = saveReplayToString(*r.replay);
            QVERIFY2(saved.find("\n" + line + "\n") != std::string::npos, saved.c_str());
        }
    }

    void replayTileEventsAreExact() {
        const ReplayLoadResult r = loadReplayFromString(replayWithEvent("1 tile 2 1 Solid"), "k");
        QVERIFY(!r.ok());
        QCOMPARE(firstError(r.errors),
                 std::string("k:12:12: error: expected empty, solid or one_way, got 'Solid'"));
        const ReplayLoadResult few = loadReplayFromString(replayWithEvent("1 tile 2 1"), "k");
        QCOMPARE(firstError(few.errors),
                 std::string("k:12:11: error: 'tile' expects X Y and empty, solid or one_way"));
    }

    void legendRuleNamesTheWords() {
        Level l = Level::make(3, 1);
        l.spawns.push_back(Spawn::withDefaults(SpawnKind::Player, 1, 0, 0));
        l.legend.solid = l.legend.empty;
        const std::vector<Diagnostic> errors = validateLevel(l);
        QVERIFY(!errors.empty());
        QCOMPARE(errors.front().message,
                 std::string("the legend must use three different characters for empty, solid "
                             "and one_way"));
    }
};

QTEST_GUILESS_MAIN(TestTileKinds)
#include "test_tilekinds.moc"
