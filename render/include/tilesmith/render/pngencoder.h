// A fast PNG encoder for large rendered pictures: `tilesmith render` of a 1024 x 1024
// level at scale 0.25 is a 4096 x 4096 image, and Qt's writer (libpng's adaptive filters
// at zlib's default level) spends most of the command's time on it. This writes 8-bit
// RGBA (or RGB for an opaque format), every row with PNG's Sub filter, compressed at
// zlib's fastest level in independent bands on several threads (pigz's way: each band a
// raw deflate stream flushed to a byte boundary, one zlib stream in all). The bands do
// not depend on the thread count, so the bytes are the same on every machine.
#pragma once

#include <QByteArray>
#include <QImage>

namespace ts::render {

/// The PNG file of `image` (a null or empty image gives an empty array). Formats with
/// alpha are written as RGBA, unpremultiplied; the others as RGB. `threads` 0: one per
/// hardware thread (at most 8).
QByteArray encodePng(const QImage& image, int threads = 0);

} // namespace ts::render
