// What the painting tools share on an art layer: where they paint now (the collision, a
// painted art layer, or nothing: a locked layer), the art writes that lay a stamp over
// cells (repeated from an origin, as Tiled's stamp brush repeats it), a stroke's undo
// text counting every cell it changed, and the art preview of what a tool would lay.
// On an auto layer the tools paint the collision its rules follow, as LDtk's tools paint
// an auto-layer's IntGrid.
#pragma once

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/tooloptions.h"

#include <QPoint>
#include <QRect>
#include <QSet>
#include <QString>

#include <string>
#include <vector>

namespace ts::editor {

class LevelScene;

/// Where the painting tools lay what they paint.
struct PaintTarget {
    enum class Kind {
        Collision, ///< the collision grid (the active layer is the collision or an auto layer)
        Art,       ///< the cells of painted art layer `layer`
        Locked,    ///< art layer `layer` is locked: nothing is painted
    };
    Kind kind = Kind::Collision;
    int layer = -1;         ///< the active art layer's index (-1 for the collision)
    std::string name;       ///< its name
    bool autoLayer = false; ///< Collision because the active layer is an auto layer
    bool isArt() const { return kind == Kind::Art; }
    bool isLocked() const { return kind == Kind::Locked; }
};

/// Where the tools paint with `options`' active layer on `document` (null: the collision).
PaintTarget paintTarget(const ToolOptions* options, const LevelDocument* document);

/// The status line of a tool on a locked layer: "'deco' is locked: unlock it in the
/// Layers dock to paint it."
QString lockedLayerText(const std::string& name);
/// What a tool's hint adds on an auto layer: " (auto layer 'walls': painting the
/// collision its rules follow)".
QString autoLayerNote(const PaintTarget& target);
/// A tool hint for `target`: `art` on a painted layer, the locked text on a locked one,
/// `collision` (with the auto-layer note) otherwise.
QString targetHint(const PaintTarget& target, const QString& collision, const QString& art);

/// Why `stamp` cannot be laid on art layer `layer` (empty when it can): no stamp picked
/// yet, or its tiles are of another tileset than the layer's.
QString stampProblem(const ArtStamp& stamp, const LevelDocument& document, int layer);

/// An art edit's History text: "Paint 12 art tiles on 'decoration'".
QString artEditText(const QString& action, long long tiles, const std::string& layer);

/// The writes that lay `stamp` on `cells`: cell c gets stamp.tileAt(c - origin), so the
/// stamp repeats from `origin`.
std::vector<ArtWrite> stampWrites(const std::vector<QPoint>& cells, const ArtStamp& stamp,
                                  QPoint origin);
/// The same on every cell of `rect`.
std::vector<ArtWrite> stampWrites(const QRect& rect, const ArtStamp& stamp, QPoint origin);
/// Writes that empty every cell of `rect`.
std::vector<ArtWrite> clearWrites(const QRect& rect);

/// The art a stroke (or a one-click edit) lays on one layer: paints through
/// LevelDocument::paintArt() and names the step after every cell the stroke changed
/// ("Paint 40 art tiles on 'deco'"), its dabs merged into one undo step.
class ArtStroke {
public:
    /// Starts a stroke on layer `layer` (its strokes merge by `strokeId`; 0: one step).
    void begin(int layer, int strokeId);
    /// Paints `writes`; returns the cells changed.
    int paint(LevelDocument* document, const std::vector<ArtWrite>& writes, const QString& action);
    /// Cells the stroke changed so far.
    int changed() const { return int(mChanged.size()); }

private:
    int mLayer = -1;
    int mStrokeId = 0;
    QSet<quint64> mChanged;
};

/// The 4-connected region of cells equal to `start`'s on art layer `layer` (its cells
/// as drawn), bounded by the map. Empty when start is outside the map.
std::vector<QPoint> artRegion(const LevelDocument& document, int layer, QPoint start);

/// The tiles of `writes` as a block over their bounding box, for the art preview item
/// (empty cells where nothing is written). `topLeft` gets the block's top-left cell.
struct ArtPreviewBlock {
    int width = 0;
    int height = 0;
    std::vector<ts::level::ArtTile> tiles;
    QPoint topLeft;
};
ArtPreviewBlock previewBlock(const std::vector<ArtWrite>& writes);
/// Shows `writes` in the scene's art preview with `tileset`'s tiles (clears it for none).
void showArtPreview(LevelScene* scene, const std::string& tileset,
                    const std::vector<ArtWrite>& writes);

/// The cells of art layer `layer` in `rect` (clipped to the map) as a stamp of the
/// layer's tileset; empty when the rect misses the map.
ArtStamp artStampOf(const LevelDocument& document, int layer, const QRect& rect);

} // namespace ts::editor
