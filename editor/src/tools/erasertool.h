// Eraser: a brush that paints empty tiles.
#pragma once

#include "brushtool.h"

namespace ts::editor {

class EraserTool : public BrushTool {
    Q_OBJECT
public:
    explicit EraserTool(QObject* parent = nullptr);
    QString statusHint() const override;
    bool takesPickedTile(ts::Tile kind) const override { return kind == ts::Tile::Empty; }

protected:
    ts::Tile paintTile() const override { return ts::Tile::Empty; }
    QString undoText() const override;
};

} // namespace ts::editor
