#include "eyedroppertool.h"

#include "brushtool.h"
#include "erasertool.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/toolmanager.h"

namespace ts::editor {

EyedropperTool::EyedropperTool(ToolManager* manager)
    : AbstractTool(tr("Eyedropper"), QStringLiteral("eyedropper"), QKeySequence(Qt::Key_I),
                   manager) {
}

QString EyedropperTool::statusHint() const {
    return tr("Click: pick the tile kind under the cursor and go back to the brush.");
}

void EyedropperTool::pick(ToolManager* manager, QPoint tile) {
    LevelScene* scene = manager->scene();
    if (!scene || !scene->document())
        return;
    const ts::level::Level& level = scene->document()->level();
    if (!level.contains(tile.x(), tile.y()))
        return;
    const ts::Tile t = level.tile(tile.x(), tile.y());
    if (t == ts::Tile::Empty) {
        manager->setCurrentTool(manager->eraserTool());
    } else {
        manager->setTileKind(t);
        manager->setCurrentTool(manager->brushTool());
    }
}

void EyedropperTool::mousePressed(const ToolMouseEvent& e) {
    if (e.button != Qt::LeftButton && e.button != Qt::RightButton)
        return;
    pick(manager(), scene()->tileAt(e.scenePos));
}

} // namespace ts::editor
