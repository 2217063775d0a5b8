// The fast PNG encoder (pngencoder.h).
#include "tilesmith/render/pngencoder.h"

#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

namespace ts::render {

namespace {

/// Filtered bytes per band: about 1 MiB, whatever the thread count.
constexpr std::size_t kBandBytes = 1u << 20;

void put32(QByteArray& out, std::uint32_t v) {
    const char b[4] = {char(v >> 24), char(v >> 16), char(v >> 8), char(v)};
    out.append(b, 4);
}

/// A PNG chunk: length, type, data, CRC of type and data.
void chunk(QByteArray& out, const char* type, const char* data, std::size_t size) {
    put32(out, std::uint32_t(size));
    const qsizetype start = out.size();
    out.append(type, 4);
    out.append(data, qsizetype(size));
    const uLong crc =
        crc32(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(out.constData() + start),
              uInt(size + 4));
    put32(out, std::uint32_t(crc));
}

/// Row `y` of `image` (ARGB32 or RGB32), Sub-filtered, into `out` (1 + width * channels
/// bytes): each byte minus the same byte of the pixel to its left.
void filterRow(const QImage& image, int y, int channels, unsigned char* out) {
    const QRgb* px = reinterpret_cast<const QRgb*>(image.constScanLine(y));
    *out++ = 1; // Sub
    unsigned char prev[4] = {0, 0, 0, 0};
    for (int x = 0; x < image.width(); ++x) {
        const QRgb c = px[x];
        const unsigned char v[4] = {
            static_cast<unsigned char>(qRed(c)), static_cast<unsigned char>(qGreen(c)),
            static_cast<unsigned char>(qBlue(c)), static_cast<unsigned char>(qAlpha(c))};
        for (int k = 0; k < channels; ++k) {
            *out++ = static_cast<unsigned char>(v[k] - prev[k]);
            prev[k] = v[k];
        }
    }
}

struct Band {
    int firstRow = 0, rows = 0;
    std::vector<unsigned char> deflated;
    uLong adler = 1;
    std::size_t rawBytes = 0;
    bool ok = false;
};

/// Filters and deflates one band: a raw deflate stream ending on a byte boundary (a sync
/// flush), or finished when it is the last.
void encodeBand(const QImage& image, int channels, bool last, Band& band) {
    const std::size_t rowBytes = 1 + std::size_t(image.width()) * std::size_t(channels);
    std::vector<unsigned char> raw(rowBytes * std::size_t(band.rows));
    for (int r = 0; r < band.rows; ++r)
        filterRow(image, band.firstRow + r, channels, raw.data() + std::size_t(r) * rowBytes);
    band.rawBytes = raw.size();
    band.adler = adler32(adler32(0, nullptr, 0), raw.data(), uInt(raw.size()));
    z_stream zs{};
    if (deflateInit2(&zs, Z_BEST_SPEED, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return;
    band.deflated.resize(deflateBound(&zs, uLong(raw.size())) + 16);
    zs.next_in = raw.data();
    zs.avail_in = uInt(raw.size());
    zs.next_out = band.deflated.data();
    zs.avail_out = uInt(band.deflated.size());
    const int rc = deflate(&zs, last ? Z_FINISH : Z_SYNC_FLUSH);
    band.ok = last ? rc == Z_STREAM_END : (rc == Z_OK && zs.avail_in == 0);
    // Drop the unused tail (erase, not resize: nothing can grow here).
    const std::size_t unused = std::min<std::size_t>(zs.avail_out, band.deflated.size());
    band.deflated.erase(band.deflated.end() - std::ptrdiff_t(unused), band.deflated.end());
    deflateEnd(&zs);
}

} // namespace

QByteArray encodePng(const QImage& source, int threads) {
    if (source.isNull() || source.width() <= 0 || source.height() <= 0)
        return {};
    const bool alpha = source.hasAlphaChannel();
    const QImage image =
        source.convertToFormat(alpha ? QImage::Format_ARGB32 : QImage::Format_RGB32);
    const int channels = alpha ? 4 : 3;
    const std::size_t rowBytes = 1 + std::size_t(image.width()) * std::size_t(channels);
    const int rowsPerBand = int(std::max<std::size_t>(1, kBandBytes / rowBytes));
    std::vector<Band> bands;
    for (int y = 0; y < image.height(); y += rowsPerBand)
        bands.push_back({y, std::min(rowsPerBand, image.height() - y), {}, 1, 0, false});

    if (threads <= 0)
        threads = int(std::min(8u, std::max(1u, std::thread::hardware_concurrency())));
    threads = std::min<int>(threads, int(bands.size()));
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < bands.size();)
            encodeBand(image, channels, i + 1 == bands.size(), bands[i]);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();

    QByteArray out;
    std::size_t total = 0;
    for (const Band& b : bands) {
        if (!b.ok)
            return {};
        total += b.deflated.size();
    }
    out.reserve(qsizetype(total + 128));
    out.append("\x89PNG\r\n\x1a\n", 8);
    char ihdr[13];
    const std::uint32_t w = std::uint32_t(image.width()), h = std::uint32_t(image.height());
    for (int k = 0; k < 4; ++k) {
        ihdr[k] = char(w >> (24 - 8 * k));
        ihdr[4 + k] = char(h >> (24 - 8 * k));
    }
    ihdr[8] = 8;                        // bits per channel
    ihdr[9] = alpha ? 6 : 2;            // RGBA or RGB
    ihdr[10] = ihdr[11] = ihdr[12] = 0; // deflate, adaptive filtering, no interlace
    chunk(out, "IHDR", ihdr, sizeof ihdr);
    // One zlib stream over every band: a header, the bands' deflate data, the Adler-32
    // of all the filtered bytes (combined band by band).
    uLong adler = adler32(0, nullptr, 0);
    for (const Band& b : bands)
        adler = adler32_combine(adler, b.adler, z_off_t(b.rawBytes));
    QByteArray first(2, Qt::Uninitialized);
    first[0] = char(0x78); // deflate, 32 KiB window
    first[1] = char(0x01); // fastest, and 0x7801 % 31 == 0
    chunk(out, "IDAT", first.constData(), 2);
    for (int k = 3; k >= 0; --k)
        bands.back().deflated.push_back(static_cast<unsigned char>(adler >> (8 * k)));
    for (const Band& b : bands)
        chunk(out, "IDAT", reinterpret_cast<const char*>(b.deflated.data()), b.deflated.size());
    chunk(out, "IEND", nullptr, 0);
    return out;
}

} // namespace ts::render
