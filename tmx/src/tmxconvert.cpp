// TMX import: the conversion of a read map's properties and objects into the
// level's settings, properties and spawns (the XML side: tmxreader.cpp).
#include "tmxreader.h"

#include "tilesmith/level/rulemessages.h"
#include "tmxutil.h"

#include <cstring>

namespace ts::tmx::detail {

namespace {

/// Where a property stands (its <property> tag) and its value as written.
level::ValueSource sourceOf(const Prop& p) {
    return {p.line, p.column, p.value.toStdString()};
}

} // namespace

bool Reader::propertyValue(const Prop& p, level::PropertyValue& out) {
    const QString& t = p.type;
    const std::string name = p.name.toStdString();
    const std::string written = p.value.toStdString();
    // The value's error in the rules' words, as the YAML loader says it of a property.
    auto bad = [&](std::string (*rule)(std::string_view, std::string_view)) {
        error(p.line, p.column, QString::fromStdString(rule(name, written)));
        return false;
    };
    if (t.isEmpty() || t == QLatin1String("string") || t == QLatin1String("color") ||
        t == QLatin1String("file")) {
        out = written;
    } else if (t == QLatin1String("int") || t == QLatin1String("object")) {
        return integerProperty(p, out);
    } else if (t == QLatin1String("float")) {
        // The level loader's rule (level::readFloatText()), spaces around the number
        // allowed as XML writes attributes: nan, inf and a number no double holds (1e999)
        // are not finite, as a level file's .nan, .inf and 1e999 are.
        const std::string text = p.value.trimmed().toStdString();
        double v = 0;
        switch (level::readFloatText(text, v)) {
        case level::FloatText::Number:
            out = v;
            break;
        case level::FloatText::OutOfRange:
            error(p.line, p.column,
                  QString::fromStdString(level::rules::propertyNotFiniteMessage(name, text)));
            return false;
        case level::FloatText::NotANumber:
            if (level::namesNonFiniteNumber(text)) {
                error(p.line, p.column,
                      QString::fromStdString(level::rules::propertyNotFiniteMessage(name, text)));
                return false;
            }
            return bad(level::rules::propertyNotANumberMessage);
        }
    } else if (t == QLatin1String("bool")) {
        if (p.value == QLatin1String("true"))
            out = true;
        else if (p.value == QLatin1String("false"))
            out = false;
        else
            return bad(level::rules::propertyNotABooleanMessage);
    } else {
        error(p.line, p.column,
              QStringLiteral("property %1 has the unknown type %2").arg(shown(p.name), shown(t)));
        return false;
    }
    return true;
}

bool Reader::integerProperty(const Prop& p, level::PropertyValue& out) {
    std::int64_t v = 0;
    const level::IntText read = readInt(p.value, v);
    if (read == level::IntText::Integer) {
        out = v;
        return true;
    }
    // A number too large is shown as the number (without the spaces XML allows around
    // it), one that is none as written, as intAttr() shows an attribute.
    const std::string name = p.name.toStdString();
    error(p.line, p.column,
          QString::fromStdString(
              read == level::IntText::OutOfRange
                  ? level::rules::propertyIntRangeMessage(name, p.value.trimmed().toStdString())
                  : level::rules::propertyNotAnIntegerMessage(name, p.value.toStdString())));
    return false;
}

bool Reader::userProperty(const Prop& p, std::string& key, level::PropertyValue& out) {
    // Undo the writer's escapes: `int64.` first (wide integers as text), then `property.`
    // (names that would collide with ours).
    QString name = p.name;
    const bool wide = name.startsWith(detail::kInt64Prefix);
    if (wide)
        name = name.mid(detail::kInt64Prefix.size());
    if (name.startsWith(detail::kEscapePrefix))
        name = name.mid(detail::kEscapePrefix.size());
    key = name.toStdString();
    return wide ? integerProperty(p, out) : propertyValue(p, out);
}

void Reader::applyMapProperties() {
    struct Setting {
        const char* name;
        float level::PhysicsSettings::*field;
    };
    static const Setting kFloats[] = {
        {"physics.gravity", &level::PhysicsSettings::gravity},
        {"physics.walk_speed", &level::PhysicsSettings::walkSpeed},
        {"physics.jump_speed", &level::PhysicsSettings::jumpSpeed},
        {"physics.max_fall_speed", &level::PhysicsSettings::maxFallSpeed},
        {"physics.one_way_threshold", &level::PhysicsSettings::oneWayThreshold},
        {"physics.dt", &level::PhysicsSettings::dt},
    };
    for (const Prop& p : mMapProps) {
        const std::string key = p.name.toStdString();
        if (p.name.startsWith(QLatin1String("physics."))) {
            if (key == "physics.partition_cell") {
                std::int64_t v = 0;
                constexpr level::limits::IntRange kCell = level::limits::kPartitionCell;
                if (!parseInt64(p.value, v) && !isWholeNumber(p.value))
                    error(p.line, p.column, // no integer: as the YAML loader says it
                          quotedRule(level::rules::notAnIntegerMessage,
                                     QStringLiteral("partition_cell"), p.value));
                else if (!parseInt64(p.value, v) || !kCell.contains(v))
                    error(p.line, p.column,
                          QString::fromStdString(level::rules::intRangeMessage(
                              "partition_cell", kCell.lo, kCell.hi,
                              level::rules::shownUnquoted(p.value.toStdString()),
                              "physics"))); // as the YAML loader says it
                else
                    mLevel.physics.partitionCell = int(v);
                continue;
            }
            const auto it = std::find_if(std::begin(kFloats), std::end(kFloats),
                                         [&](const Setting& s) { return key == s.name; });
            if (it == std::end(kFloats)) {
                error(p.line, p.column,
                      QStringLiteral("unknown physics setting %1 (expected physics.gravity, "
                                     "walk_speed, jump_speed, max_fall_speed, "
                                     "one_way_threshold, partition_cell or dt)")
                          .arg(shown(p.name)));
                continue;
            }
            float v = 0;
            if (!parseNumber(p.value, v)) { // as a level file's physics section says it
                error(p.line, p.column,
                      quotedRule(level::rules::notANumberMessage,
                                 p.name.mid(int(std::strlen("physics."))), p.value));
            } else { // the range: validateLevel(), at this property
                mLevel.physics.*(it->field) = v;
                mSources.physics[key.substr(std::strlen("physics."))] = sourceOf(p);
            }
            continue;
        }
        if (p.name.startsWith(QLatin1String("tilesmith."))) {
            if (key == "tilesmith.name") {
                mLevel.name = p.value.toStdString();
                mSources.name = sourceOf(p);
            } else if (key == "tilesmith.version") {
                std::int64_t v = 0;
                if (!parseInt64(p.value, v) || v < 1) // as a level file's 'tilesmith: 0'
                    error(p.line, p.column,
                          QString::fromStdString(level::rules::formatVersionMessage(
                              "tilesmith.version",
                              level::rules::shownValue(p.value.trimmed().toStdString()))));
                else if (v > level::kFormatVersion)
                    error(p.line, p.column,
                          QString::fromStdString(level::rules::newerFormatMessage(v)));
            } else if (key == "tilesmith.legend") {
                const std::string s = p.value.toStdString();
                if (s.size() != 3)
                    error(p.line, p.column,
                          QStringLiteral("tilesmith.legend: expected 3 characters (%1), got %2")
                              .arg(QString::fromStdString(level::tileKindNameList(", ")),
                                   shown(p.value)));
                else
                    mLevel.legend = level::Legend{s[0], s[1], s[2]};
                mSources.legend = sourceOf(p);
            } else {
                error(p.line, p.column,
                      QStringLiteral("unknown map property %1 (expected tilesmith.name, "
                                     "tilesmith.version or tilesmith.legend)")
                          .arg(shown(p.name)));
            }
            continue;
        }
        std::string userKey;
        level::PropertyValue v;
        if (userProperty(p, userKey, v)) {
            mLevel.properties[userKey] = v;
            mSources.properties[userKey] = sourceOf(p);
        }
    }
}

void Reader::addSpawn(const Object& o) {
    level::SpawnKind kind;
    level::spawnKindFromName(o.kind.toStdString(), kind);
    const double ts = mLevel.tileSize;
    const bool sized = !o.point && o.width > 0 && o.height > 0;
    // Point objects mark the bottom centre; shapes stand on their bottom edge.
    const double cx = sized ? o.x + o.width / 2 : o.x;
    const double bottom = sized ? o.y + o.height : o.y;
    const double col = std::floor(cx / ts);
    // A bottom exactly on a tile boundary stands on the tile below it; the tolerance
    // absorbs rounding of positions written with few digits.
    const double row = std::ceil(bottom / ts - 1e-6) - 1;
    if (!(std::abs(col) < 1e7 && std::abs(row) < 1e7)) {
        error(o.line, o.column, QStringLiteral("%1 object is far outside the map").arg(o.kind));
        return;
    }
    // A point goal is one tile, like a goal written without a size.
    level::Spawn s = mLevel.defaultSpawn(kind, o.objectId, int(col), int(row));
    // Where each value came from: validateLevel() reports a broken one there.
    level::LevelSources::Spawn src;
    src.at = {o.line, o.column, {}};
    const auto attr = [&](const char* name) {
        const auto it = o.attrs.find(name);
        return it == o.attrs.end() ? src.at : it->second;
    };
    const auto derived = [&](const char* name) { // a value computed from the attribute
        level::ValueSource v = attr(name);
        v.text.clear();
        return v;
    };
    src.fields["id"] = attr("id");
    src.fields["x"] = derived("x"); // the tile under the bottom centre: from x (+ width / 2)
    src.fields["y"] = derived("y"); // and y (+ height)
    if (sized) {
        if (kind == level::SpawnKind::Ball) {
            s.radius = float(std::min(o.width, o.height) / 2);
            src.fields["radius"] = derived(o.width <= o.height ? "width" : "height");
        } else {
            s.width = float(o.width);
            s.height = float(o.height);
            src.fields["width"] = attr("width");
            src.fields["height"] = attr("height");
        }
    }
    struct Field {
        const char* name;
        float level::Spawn::*field;
    };
    static const Field kFields[] = {{"mass", &level::Spawn::mass},
                                    {"restitution", &level::Spawn::restitution},
                                    {"vx", &level::Spawn::vx},
                                    {"vy", &level::Spawn::vy}};
    for (const Prop& p : o.props) {
        const std::string key = p.name.toStdString();
        if (key == "id") {
            std::int64_t v = 0;
            if (!parseInt64(p.value, v) && !isWholeNumber(p.value))
                error(p.line, p.column,
                      quotedRule(level::rules::notAnIntegerMessage, QStringLiteral("id"), p.value));
            else if (!parseInt64(p.value, v) || v > std::numeric_limits<int>::max())
                error(p.line, p.column, // the rule validateLevel() checks, in its words
                      QString::fromStdString(level::rules::intRangeMessage(
                          "id", 1, std::numeric_limits<int>::max(),
                          level::rules::shownUnquoted(p.value.trimmed().toStdString()))));
            else
                s.id = int(std::max<std::int64_t>(v, std::numeric_limits<int>::min()));
            src.fields["id"] = sourceOf(p);
            continue;
        }
        const auto it = std::find_if(std::begin(kFields), std::end(kFields),
                                     [&](const Field& f) { return key == f.name; });
        if (it != std::end(kFields)) {
            float v = 0;
            if (!level::isBodyKind(kind))
                error(p.line, p.column,
                      QStringLiteral("property '%1' does not apply to a goal (an area, not a "
                                     "physics body)")
                          .arg(p.name));
            else if (!parseNumber(p.value, v))
                error(p.line, p.column,
                      quotedRule(level::rules::notANumberMessage, p.name, p.value));
            else
                s.*(it->field) = v;
            src.fields[key] = sourceOf(p);
            continue;
        }
        std::string userKey;
        level::PropertyValue v;
        if (userProperty(p, userKey, v)) {
            s.properties[userKey] = v;
            src.properties[userKey] = sourceOf(p);
        }
    }
    mLevel.spawns.push_back(std::move(s));
    mSources.spawns.push_back(std::move(src));
}

} // namespace ts::tmx::detail
