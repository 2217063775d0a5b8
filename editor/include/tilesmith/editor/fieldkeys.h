// Keys pressed in a dock's or tool bar's field that belong to the window. A text
// field takes Ctrl+Z for its own typing, even when it has none to undo (the
// value was committed with Enter, or set with the arrows): the key would do
// nothing at all. With routeUndoKeys(), a field with typing to undo still undoes
// it, and one without lets the key reach the window's Undo / Redo, which undo the
// edit the field just made. routeToolKeys() does the same for the letter keys of
// the tools (B, E, ..., X) and the brush size's [ and ] in a number field, which
// has no use for them.
#pragma once

class QAbstractSpinBox;
class QAction;
class QWidget;

namespace ts::editor {

/// Watches the line edits and spin boxes under `root` (those there now) for
/// `undo`'s and `redo`'s shortcuts.
void routeUndoKeys(QWidget* root, QAction* undo, QAction* redo);
/// Lets letters and [ ] typed in `field` (without Ctrl or Alt) reach the window's
/// single-key shortcuts.
void routeToolKeys(QAbstractSpinBox* field);
/// Esc in `field` drops the number being typed (the field shows its value again,
/// as Qt's item editors and Tiled's property editor do) and gives the keyboard
/// to `next` (the map view), so the tool keys work again.
void routeEscape(QAbstractSpinBox* field, QWidget* next);
/// Commits a number still being typed in the field of `window` that has the
/// keyboard (the properties dock's fields take a value on Enter or when they lose
/// the keyboard). Save, Export, the unsaved-changes question and Play call it
/// first, so they see the typed value instead of losing or missing it.
void commitTypedValue(QWidget* window);

} // namespace ts::editor
