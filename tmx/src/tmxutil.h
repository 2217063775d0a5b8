// Internal helpers shared by the TMX writer and reader.
#pragma once

#include <QString>

#include <charconv>
#include <string>

namespace ts::tmx::detail {

/// Shortest text that reads back to the same float / double (std::to_chars).
inline QString number(float v) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return QString::fromLatin1(buf, ec == std::errc() ? end - buf : 0);
}
inline QString number(double v) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return QString::fromLatin1(buf, ec == std::errc() ? end - buf : 0);
}

/// Prefix that escapes property names which would collide with our own names.
inline const QString kEscapePrefix = QStringLiteral("property.");
/// Prefix of integer properties too wide for Tiled's 32-bit ints (written as text).
inline const QString kInt64Prefix = QStringLiteral("int64.");

} // namespace ts::tmx::detail
