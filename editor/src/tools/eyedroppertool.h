// Eyedropper: picks the tile kind under the cursor and switches to the brush
// (or to the eraser when the tile is empty).
#pragma once

#include "tilesmith/editor/abstracttool.h"

namespace ts::editor {

class EyedropperTool : public AbstractTool {
    Q_OBJECT
public:
    explicit EyedropperTool(QObject* parent = nullptr);

    void mousePressed(const ToolMouseEvent& e) override;
    QString statusHint() const override;
};

} // namespace ts::editor
