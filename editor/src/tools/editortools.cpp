#include "editortools.h"

#include "brushtool.h"
#include "erasertool.h"
#include "eyedroppertool.h"
#include "filltool.h"
#include "linetool.h"
#include "rectangletool.h"
#include "selecttool.h"
#include "spawntool.h"
#include "tilesmith/editor/jumparctool.h"
#include "tilesmith/editor/toolmanager.h"

namespace ts::editor {

void registerEditorTools(ToolManager* manager) {
    manager->registerTool(new BrushTool);
    manager->registerTool(new EraserTool);
    manager->registerTool(new LineTool);
    manager->registerTool(new RectangleTool);
    manager->registerTool(new FillTool);
    manager->registerTool(new EyedropperTool);
    manager->registerTool(new SelectTool);
    manager->registerTool(new SpawnTool);
    manager->registerTool(new JumpArcTool);
}

} // namespace ts::editor
