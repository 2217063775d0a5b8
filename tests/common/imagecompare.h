// Comparing two pictures pixel for pixel (ours against Tiled's tmxrasterizer, the command
// line's against the library's), and running tmxrasterizer.
#pragma once

#include "processrun.h"

#include <QFileInfo>
#include <QImage>
#include <QString>
#include <QStringList>

namespace ts::test {

/// Tiled's rasterizer (Debian's `tiled` package); tests that need it skip without it.
inline const QString kTmxRasterizer = QStringLiteral("/usr/bin/tmxrasterizer");

inline bool haveTmxRasterizer() {
    return QFileInfo::exists(kTmxRasterizer);
}

/// Empty when `a` and `b` have the same size and the same ARGB pixels (a pixel of alpha 0
/// is transparent whatever its colour bits); else how many pixels differ and the first few.
inline QString imageDifference(const QImage& a, const QImage& b) {
    if (a.isNull() || b.isNull())
        return QStringLiteral("a null image (%1, %2)").arg(a.isNull()).arg(b.isNull());
    if (a.size() != b.size())
        return QStringLiteral("sizes differ: %1 x %2 and %3 x %4")
            .arg(a.width())
            .arg(a.height())
            .arg(b.width())
            .arg(b.height());
    const QImage x = a.convertToFormat(QImage::Format_ARGB32);
    const QImage y = b.convertToFormat(QImage::Format_ARGB32);
    qint64 differ = 0;
    QStringList first;
    for (int row = 0; row < x.height(); ++row) {
        const QRgb* p = reinterpret_cast<const QRgb*>(x.constScanLine(row));
        const QRgb* q = reinterpret_cast<const QRgb*>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col) {
            const QRgb u = qAlpha(p[col]) == 0 ? 0 : p[col];
            const QRgb v = qAlpha(q[col]) == 0 ? 0 : q[col];
            if (u == v)
                continue;
            if (++differ <= 5)
                first << QStringLiteral("(%1, %2): %3 vs %4")
                             .arg(col)
                             .arg(row)
                             .arg(u, 8, 16, QLatin1Char('0'))
                             .arg(v, 8, 16, QLatin1Char('0'));
        }
    }
    if (differ == 0)
        return {};
    return QStringLiteral("%1 of %2 pixels differ, first %3")
        .arg(differ)
        .arg(qint64(x.width()) * x.height())
        .arg(first.join(QStringLiteral(", ")));
}

/// `tmxrasterizer args map png` and the image it wrote; a null image and `error` set when
/// it fails.
inline QImage rasterize(const QString& map, const QString& png, const QStringList& args,
                        QString* error) {
    const ProcessRun r = runProcess(kTmxRasterizer, args + QStringList{map, png});
    if (r.exitCode != 0) {
        if (error)
            *error = describe(r);
        return QImage();
    }
    return QImage(png);
}

} // namespace ts::test
