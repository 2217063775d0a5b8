// Add Tileset: a PNG cut into square tiles. The designer gives the tile size (and the
// margin and spacing of a sheet that has them); the columns and the tile count follow from
// the image's size by Tiled's rule, so a sheet is added the way Tiled would import it.
#pragma once

#include "tilesmith/level/art.h"

#include <QDialog>
#include <QSize>
#include <QString>

class QLabel;
class QLineEdit;
class QSpinBox;
class QDialogButtonBox;

namespace ts::editor {

/// Sets `tileset`'s columns and count from an image of `imageSize` and its tile size,
/// margin and spacing, as Tiled cuts a sheet: columns = (width - margin + spacing) /
/// (tile + spacing), rows alike, count = columns * rows (clamped to the format's limits).
/// Returns false (and changes nothing) when the image holds not even one tile; `error`
/// then says why.
bool cutTileset(ts::level::Tileset& tileset, QSize imageSize, QString* error = nullptr);

/// The tileset's name, tile size, margin and spacing for an image of a known size, with the
/// columns and tiles it gives shown as they are typed.
class AddTilesetDialog : public QDialog {
    Q_OBJECT
public:
    AddTilesetDialog(const ts::level::Tileset& tileset, QSize imageSize, QWidget* parent = nullptr);
    /// The tileset as entered, cut to the image (valid only when accepted).
    ts::level::Tileset tileset() const;

private:
    void updateCut();

    ts::level::Tileset mTileset;
    QSize mImageSize;
    QLineEdit* mName;
    QSpinBox* mTileSize;
    QSpinBox* mMargin;
    QSpinBox* mSpacing;
    QLabel* mCut;
    QDialogButtonBox* mButtons;
};

} // namespace ts::editor
