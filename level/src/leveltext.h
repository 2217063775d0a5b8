// Private to tilesmith_level: the text rules that the loader, validateLevel() and
// the saver share: the ranges they check, how numbers and strings are written, and
// how plain scalars are classified.
#pragma once

#include "tilesmith/level/level.h"
#include "tilesmith/level/limits.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace ts::level::detail {

// ---------------------------------------------------------------------------
// Ranges shared by the loader and validateLevel(), so both say the same thing.

using limits::FloatRange;

constexpr FloatRange kSpawnSizeRange = limits::kSpawnSize;
constexpr FloatRange kRadiusRange = limits::kRadius;
constexpr FloatRange kMassRange = limits::kMass;
constexpr FloatRange kRestitutionRange = limits::kRestitution;
constexpr FloatRange kVelocityRange = limits::kVelocity;
constexpr FloatRange kAccelRange = limits::kGravity;
constexpr FloatRange kSpeedRange = limits::kSpeed;
constexpr FloatRange kMaxFallRange = limits::kMaxFallSpeed;
constexpr FloatRange kOneWayRange = limits::kOneWayThreshold;
constexpr FloatRange kDtRange = limits::kDt;
constexpr int kMinTileSize = limits::kTileSize.lo;
constexpr int kMaxTileSize = limits::kTileSize.hi;
constexpr int kMinPartitionCell = limits::kPartitionCell.lo;
constexpr int kMaxPartitionCell = limits::kPartitionCell.hi;
constexpr std::size_t kMaxNameBytes = limits::kMaxNameBytes;

/// Reads a whole file of at most `maxBytes`, a pipe or a device too (it reads up to
/// maxBytes + 1 bytes and never trusts a size from seeking). Empty on success;
/// otherwise the reason: "cannot open the file: ...", "the file is too large (more
/// than N bytes)" or "cannot read the file: ...".
std::string readFileCapped(const std::string& path, std::size_t maxBytes, std::string& text);

std::string rangeText(FloatRange r);
bool inRange(double v, FloatRange r);
/// The mass rule: in kMassRange, and 0 (immovable) or at least limits::kMinMass.
bool massInRange(float mass);
/// "0 or between 0.000001 and 1000000", for messages.
std::string massRangeText();

// ---------------------------------------------------------------------------
// Number formatting: shortest text that reads back to the same value.

std::string formatFloat(float f);
std::string formatDouble(double d);

// ---------------------------------------------------------------------------
// Plain-scalar classification (YAML 1.2 core schema, decimal numbers only).

bool isNullText(std::string_view v);
bool boolText(std::string_view v, bool& out);
bool isDigit(char c);
bool isIntText(std::string_view v);
/// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
bool isFloatText(std::string_view v);
bool isSpecialFloatText(std::string_view v);
std::string_view stripPlus(std::string_view v);
/// Shortens a value for a message and makes control characters visible.
std::string clip(std::string_view v);

// ---------------------------------------------------------------------------
// Strings: plain when that is safe for YAML 1.1 and 1.2 readers alike, else
// double-quoted. The rule depends only on the string, so output is stable.

std::string quoted(std::string_view v);
std::string yamlString(std::string_view v);
std::string propertyValueText(const PropertyValue& v);

} // namespace ts::level::detail
