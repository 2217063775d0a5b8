// Private to tilesmith_tmx: the TMX reader's parts shared by the XML side
// (tmxreader.cpp) and the conversion into a level (tmxconvert.cpp).
#pragma once

#include "tilesmith/level/numbertext.h"
#include "tilesmith/level/rulemessages.h"
#include "tilesmith/tmx/tmx.h"

#include <QString>
#include <QStringView>
#include <QXmlStreamReader>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace ts::tmx::detail {

// Flip and rotation flags live in the top four bits of a gid.
inline constexpr std::uint32_t kGidMask = 0x0fffffffu;

struct Prop {
    QString name;
    QString type;
    QString value;
    int line = 0;
    int column = 0;
};
using PropList = std::vector<Prop>;

struct Tileset {
    std::uint32_t firstGid = 1;
    std::unordered_map<std::uint32_t, Tile> types; // local tile id -> collision type
    int typedTiles = 0; ///< tiles whose type names a tile kind, `empty` included

    // Its art side, as the map (or the .tsx) declares it.
    QString name;
    QString file; ///< where it is declared (the map or the .tsx), and at what position
    int line = 0, column = 0;
    int tileWidth = 0, tileHeight = 0, margin = 0, spacing = 0;
    int columnsAttr = 0, tileCountAttr = 0; ///< 0: not written
    std::int32_t trans = -1;                ///< 0xRRGGBB, -1: none
    bool hasImage = false;
    bool collection = false; ///< an image per tile
    QString imagePath;       ///< absolute
    int imageWidthAttr = 0, imageHeightAttr = 0;
    int offsetX = 0, offsetY = 0; ///< <tileoffset>
    /// Animated tiles: local id -> the local id of the animation's first frame.
    std::unordered_map<std::uint32_t, std::uint32_t> firstFrame;

    /// Once an art cell uses it: its index in Level::tilesets (-1 before), and its columns
    /// and tile count as Tiled cuts the image.
    int artIndex = -1;
    bool geometryKnown = false;
    int columns = 0, count = 0;
};

/// The drawing state of the layers being read: a group passes its opacity and visibility
/// on to the layers in it.
struct LayerState {
    double opacity = 1;
    bool visible = true;
    bool locked = false;
    std::int64_t offsetX = 0, offsetY = 0; ///< summed over nested groups: 64 bits
    bool tinted = false;
    /// The layer's kArtTilesetProperty (not inherited from groups): an empty layer's tileset.
    QString artTileset;
};

struct Object {
    int line = 0;
    int column = 0;
    int objectId = 0;
    QString kind;
    double x = 0, y = 0, width = 0, height = 0;
    bool ellipse = false;
    bool point = false;
    PropList props;
    /// Where its attributes stand, and what they say: "id", "x", "y", "width", "height".
    std::map<std::string, level::ValueSource> attrs;
};

/// A whole number as the level reader takes it (level::readIntText(): an optional '-' or
/// '+', then digits; "+5" is 5), spaces around it allowed, as XML writes attributes.
inline level::IntText readInt(QStringView text, std::int64_t& out) {
    return level::readIntText(text.trimmed().toString().toStdString(), out);
}

inline bool parseInt64(QStringView text, std::int64_t& out) {
    return readInt(text, out) == level::IntText::Integer;
}

/// An integer as written, in range of 64 bits or not: one too large for parseInt64() is
/// still a number (its message is the range's, not "expected an integer").
inline bool isWholeNumber(QStringView text) {
    std::int64_t v = 0;
    return readInt(text, v) != level::IntText::NotAnInteger;
}

/// A tile gid as written (a CSV value, a <tile>'s gid): a whole number of 32 bits (flip
/// flags included). Empty when it is one (then in `out`); else the error in the rules'
/// words, the value shown as every reader shows it: "expected an integer for a tile gid,
/// got 'x7'", "a tile gid must be between 0 and 4294967295, got 4294967296" (a negative
/// one is out of the range too).
inline QString readGid(QStringView text, std::uint32_t& out) {
    constexpr std::string_view kSubject = "a tile gid";
    const QStringView t = text.trimmed();
    const std::string written = t.toString().toStdString();
    std::int64_t v = 0;
    const level::IntText read = readInt(t, v);
    if (read == level::IntText::NotAnInteger)
        return QString::fromStdString(
            level::rules::notAnIntegerForMessage(kSubject, level::rules::shownValue(written)));
    if (read == level::IntText::Integer && v >= 0 && v <= std::int64_t(0xffffffffu)) {
        out = std::uint32_t(v);
        return {};
    }
    return QString::fromStdString(level::rules::intRangeForMessage(
        kSubject, 0, 0xffffffffll, level::rules::shownUnquoted(written)));
}

template <typename T> bool parseReal(QStringView text, T& out) {
    std::string s = text.trimmed().toString().toStdString();
    if (!s.empty() && s[0] == '+')
        s.erase(0, 1);
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc() && end == s.data() + s.size() && std::isfinite(out);
}

/// A value as every reader shows it in a message (rules::shownValue(): quoted, a long one
/// cut after 40 characters with "...").
inline QString shown(QStringView value) {
    return QString::fromStdString(level::rules::shownValue(value.toString().toStdString()));
}

/// A level rule's message for a TMX value that is no number: `rule` is
/// rules::notANumberMessage or rules::notAnIntegerMessage, the value shown as a level
/// file's is (rules::shownValue(): quoted, a long one cut).
inline QString quotedRule(std::string (*rule)(std::string_view, std::string_view),
                          const QString& key, QStringView value) {
    return QString::fromStdString(
        rule(key.toStdString(), level::rules::shownValue(value.toString().toStdString())));
}

/// A number as a level value: also nan and inf, and NaN for a number no float or double
/// holds ("1e999"), all of which the level's range rules then refuse, showing the value
/// as written (validateLevel() with the map's sources), as the YAML loader does.
template <typename T> bool parseNumber(QStringView text, T& out) {
    std::string s = text.trimmed().toString().toStdString();
    if (!s.empty() && s[0] == '+')
        s.erase(0, 1);
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    if (s.empty() || end != s.data() + s.size())
        return false;
    if (ec == std::errc::result_out_of_range)
        out = std::numeric_limits<T>::quiet_NaN();
    return ec == std::errc() || ec == std::errc::result_out_of_range;
}

class Reader {
public:
    Reader(const QString& fileName, const QString& baseDir, const level::Limits& limits)
        : mFile(fileName), mBaseDir(baseDir), mLimits(limits) {}

    level::LoadResult run(const QByteArray& data);
    /// The external tileset files the map names (as opened, whether or not they could be read).
    const QStringList& externalFiles() const { return mExternalFiles; }

private:
    // --- diagnostics -------------------------------------------------------------
    bool full() const { return int(mErrors.size()) >= mLimits.maxErrors; }
    void error(const QString& file, int line, int column, const QString& message) {
        if (full())
            return;
        level::Diagnostic d;
        d.file = file.toStdString();
        d.line = line;
        d.column = column;
        d.message = message.toStdString();
        mErrors.push_back(std::move(d));
    }
    void error(int line, int column, const QString& message) {
        error(mFile, line, column, message);
    }
    /// An error at the reader's current token (QXmlStreamReader columns are 0-based).
    void errorAt(const QXmlStreamReader& r, const QString& message) {
        error(mCurrentFile, int(r.lineNumber()), int(r.columnNumber()) + 1, message);
    }
    void xmlError(const QXmlStreamReader& r) {
        errorAt(r, QStringLiteral("malformed XML: %1").arg(r.errorString()));
    }

    // --- attributes -----------------------------------------------------------------
    /// An integer attribute in [minValue, maxValue], with the level rules' words (the
    /// YAML loader's for its keys): "'width' must be between 1 and 4096, got 5000" (however
    /// many digits), "expected an integer for 'width', got 'wide'", at the attribute.
    bool intAttr(QXmlStreamReader& r, QLatin1String name, int& out, bool required,
                 int minValue = std::numeric_limits<int>::min(),
                 int maxValue = std::numeric_limits<int>::max()) {
        const auto attrs = r.attributes();
        if (!attrs.hasAttribute(name)) {
            if (required)
                errorAtTag(r, QStringLiteral("<%1> needs the attribute '%2'")
                                  .arg(r.name().toString(), QString(name)));
            return !required;
        }
        const level::ValueSource at = attrSource(r, name);
        std::int64_t v = 0;
        const bool parsed = parseInt64(attrs.value(name), v);
        const std::string text =
            level::rules::shownUnquoted(attrs.value(name).trimmed().toString().toStdString());
        if (!parsed && !isWholeNumber(attrs.value(name))) {
            error(mCurrentFile, at.line, at.column,
                  quotedRule(level::rules::notAnIntegerMessage, QString(name), attrs.value(name)));
            return false;
        }
        if (!parsed || v < minValue || v > maxValue) {
            error(
                mCurrentFile, at.line, at.column,
                QString::fromStdString(level::rules::intRangeMessage(
                    std::string(name.data(), std::size_t(name.size())), minValue, maxValue, text)));
            return false;
        }
        out = int(v);
        return true;
    }
    bool realAttr(QXmlStreamReader& r, QLatin1String name, double& out) {
        const auto attrs = r.attributes();
        if (!attrs.hasAttribute(name))
            return true;
        if (!parseReal(attrs.value(name), out)) { // at the attribute, as intAttr() says it
            const level::ValueSource at = attrSource(r, name);
            error(mCurrentFile, at.line, at.column,
                  quotedRule(level::rules::notANumberMessage, QString(name), attrs.value(name)));
            return false;
        }
        return true;
    }

    // --- elements ---------------------------------------------------------------------
    void readMap(QXmlStreamReader& r);
    void readProperties(QXmlStreamReader& r, PropList& out);
    void readTileset(QXmlStreamReader& r);
    void readTilesetBody(QXmlStreamReader& r, Tileset& ts);
    void readExternalTileset(const QString& source, Tileset& ts, int line, int column);
    void readTilesetAttributes(QXmlStreamReader& r, Tileset& ts);
    void readLayer(QXmlStreamReader& r, const LayerState& parent);
    void readObjectGroup(QXmlStreamReader& r);
    void readGroup(QXmlStreamReader& r, const LayerState& parent);
    /// The state of the layer or group the reader stands on, inside `parent`.
    bool readLayerState(QXmlStreamReader& r, const LayerState& parent, LayerState& out);

    bool decodeCsv(const QString& text, int line, int column, std::vector<std::uint32_t>& gids);
    /// The tileset of `gid` (flags removed), or null with an error at (line, column).
    Tileset* tilesetOf(std::uint32_t gid, std::size_t cell, int line, int column);
    void mergeGids(const std::vector<std::uint32_t>& gids, int line, int column);
    // --- art (tmxartreader.cpp) ---------------------------------------------------------
    /// A tile layer's art: one painted art layer per art tileset its cells use.
    void addArt(const std::vector<std::uint32_t>& gids, const QString& name,
                const LayerState& state, int line, int column);
    /// Whether `ts` is drawn as art: it has an image and a tile without a collision type
    /// (works out its columns and tile count from its image, once).
    bool isArtTileset(Tileset& ts);
    /// Makes `ts` a tileset of the level (once): false with an error when it cannot be
    /// drawn as a level's art.
    bool useArtTileset(Tileset& ts);
    std::string uniqueArtName(const QString& wanted) const;

    // --- conversion ---------------------------------------------------------------------
    void applyMapProperties();
    void addSpawn(const Object& o);
    bool propertyValue(const Prop& p, level::PropertyValue& out);
    /// An int (or object, or int64.-escaped) property's value: a whole number of 64 bits
    /// (readInt(), the level reader's rule), else the rules' error at the property.
    bool integerProperty(const Prop& p, level::PropertyValue& out);
    bool userProperty(const Prop& p, std::string& key, level::PropertyValue& out);

    /// Line and 1-based column of the '<' of the start tag the reader stands on:
    /// QXmlStreamReader reports the position after the tag, but an error about an
    /// element reads best at its start. ('<' cannot occur inside a start tag.)
    struct Pos {
        int line;
        int column;
    };
    Pos tagStart(const QXmlStreamReader& r) const {
        const QString& text = *mCurrentText;
        qint64 i = std::min<qint64>(r.characterOffset(), text.size()) - 1;
        int line = int(r.lineNumber());
        while (i >= 0 && text[i] != QLatin1Char('<')) {
            if (text[i] == QLatin1Char('\n'))
                --line;
            --i;
        }
        if (i < 0)
            return {int(r.lineNumber()), int(r.columnNumber()) + 1};
        qint64 lineStart = i;
        while (lineStart > 0 && text[lineStart - 1] != QLatin1Char('\n'))
            --lineStart;
        return {line, int(i - lineStart) + 1};
    }
    /// Where attribute `name` of the start tag the reader stands on begins (its name),
    /// with its value as written; the tag's start when it has no such attribute.
    level::ValueSource attrSource(const QXmlStreamReader& r, QLatin1String name) const {
        const Pos tag = tagStart(r);
        level::ValueSource src{tag.line, tag.column,
                               r.attributes().value(name).toString().toStdString()};
        const QString& text = *mCurrentText;
        const qint64 end = std::min<qint64>(r.characterOffset(), text.size());
        qint64 i = end - 1;
        while (i >= 0 && text[i] != QLatin1Char('<'))
            --i;
        if (i < 0)
            return src;
        // Walk the tag: its name, then NAME = "VALUE" pairs (values may hold anything).
        int line = tag.line, column = tag.column;
        const auto step = [&] {
            if (text[i] == QLatin1Char('\n')) {
                ++line;
                column = 1;
            } else {
                ++column;
            }
            ++i;
        };
        step(); // '<'
        while (i < end && !text[i].isSpace() && text[i] != QLatin1Char('>'))
            step();
        while (i < end) {
            while (i < end && text[i].isSpace())
                step();
            const qint64 nameStart = i;
            const int nameLine = line, nameColumn = column;
            while (i < end && !text[i].isSpace() && text[i] != QLatin1Char('=') &&
                   text[i] != QLatin1Char('>'))
                step();
            if (i == nameStart)
                break;
            if (QStringView(text).mid(nameStart, i - nameStart) == name) {
                src.line = nameLine;
                src.column = nameColumn;
                return src;
            }
            while (i < end && text[i] != QLatin1Char('"') && text[i] != QLatin1Char('\''))
                step();
            if (i >= end)
                break;
            const QChar quote = text[i];
            step();
            while (i < end && text[i] != quote)
                step();
            if (i < end)
                step();
        }
        return src;
    }

    /// An error about the element whose start tag the reader stands on.
    void errorAtTag(const QXmlStreamReader& r, const QString& message) {
        const Pos p = tagStart(r);
        error(mCurrentFile, p.line, p.column, message);
    }

    QString mFile;
    QString mCurrentFile; // the .tmx or the .tsx being read
    const QString* mCurrentText = nullptr;
    QString mBaseDir;
    level::Limits mLimits;
    QStringList mExternalFiles;
    std::vector<level::Diagnostic> mErrors;

    level::Level mLevel;
    level::LevelSources mSources; ///< where mLevel's values came from, for validateLevel()
    bool mHaveMap = false;
    PropList mMapProps;
    std::vector<Tileset> mTilesets;
    std::vector<Object> mObjects;
    bool mSawSpawns = false; ///< an object group with spawns was read: art after it is front
    std::size_t mArtCells = 0;
    std::uint32_t mCachedGid = 0xffffffffu;
    Tile mCachedTile = Tile::Empty;
};

} // namespace ts::tmx::detail
