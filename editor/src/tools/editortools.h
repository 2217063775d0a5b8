// The editor's tools, created and registered in one place (as Tiled's main window
// registers its tools): the main window and the tests' tool rigs call it.
#pragma once

namespace ts::editor {

class ToolManager;

/// Registers the nine tools with `manager` in the tool bar's order: brush, eraser,
/// line, rectangle, bucket fill, eyedropper, select, spawn, jump arc. The brush is current.
void registerEditorTools(ToolManager* manager);

} // namespace ts::editor
