// Eyedropper: picks the tile kind under the cursor and switches to the brush
// (or to the eraser when the tile is empty). On an art layer it picks the art tile under
// the cursor as the stamp, or a dragged rectangle of them (ToolManager::pickArt()).
#pragma once

#include "tilesmith/editor/abstracttool.h"

namespace ts::editor {

class EyedropperTool : public AbstractTool {
    Q_OBJECT
public:
    explicit EyedropperTool(QObject* parent = nullptr);

    void deactivate() override;
    void mousePressed(const ToolMouseEvent& e) override;
    void mouseMoved(const ToolMouseEvent& e) override;
    void mouseReleased(const ToolMouseEvent& e) override;
    bool keyPressed(QKeyEvent* event) override;
    QString statusHint() const override;

private:
    bool mDragging = false; ///< picking a rectangle of art tiles
    QPoint mStart;
};

} // namespace ts::editor
