#include "tilesmith/editor/minimapimage.h"

#include "tilesmith/render/levelrenderer.h"

#include <algorithm>

namespace ts::editor {

using ts::level::Level;

QRgb MinimapImage::blockColor(bool anySolid, bool anyOneWay) {
    if (anySolid)
        return render::palette::solid.rgb();
    if (anyOneWay)
        return render::palette::oneWay.rgb();
    return render::palette::mapBackground.rgb();
}

void MinimapImage::rebuild(const Level& level) {
    const int side = std::max(level.width, level.height);
    mBlock = side > kMaxSide ? (side + kMaxSide - 1) / kMaxSide : 1;
    if (level.width <= 0 || level.height <= 0) {
        mImage = QImage();
        return;
    }
    mImage = QImage((level.width + mBlock - 1) / mBlock, (level.height + mBlock - 1) / mBlock,
                    QImage::Format_RGB32);
    drawPixels(level, mImage.rect());
}

void MinimapImage::update(const Level& level, const QRect& tileRect) {
    if (mImage.isNull())
        return;
    const QRect tiles = tileRect.intersected(QRect(0, 0, level.width, level.height));
    if (tiles.isEmpty())
        return;
    const QRect pixels(QPoint(tiles.left() / mBlock, tiles.top() / mBlock),
                       QPoint(tiles.right() / mBlock, tiles.bottom() / mBlock));
    drawPixels(level, pixels.intersected(mImage.rect()));
}

void MinimapImage::drawPixels(const Level& level, const QRect& pixelRect) {
    for (int py = pixelRect.top(); py <= pixelRect.bottom(); ++py) {
        auto* line = reinterpret_cast<QRgb*>(mImage.scanLine(py));
        const int y0 = py * mBlock;
        const int y1 = std::min(y0 + mBlock, level.height);
        for (int px = pixelRect.left(); px <= pixelRect.right(); ++px) {
            const int x0 = px * mBlock;
            const int x1 = std::min(x0 + mBlock, level.width);
            bool solid = false;
            bool oneWay = false;
            for (int y = y0; y < y1 && !solid; ++y) {
                for (int x = x0; x < x1; ++x) {
                    const Tile t = level.tile(x, y);
                    solid = solid || t == Tile::Solid;
                    oneWay = oneWay || t == Tile::OneWay;
                }
            }
            line[px] = blockColor(solid, oneWay);
        }
    }
}

} // namespace ts::editor
