// The monkey's actions: a serialisable list generated from a seed before any runs, so a
// run replays by executing the same list, and shrinking drops entries from it.
#pragma once

#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace monkey {

/// What an action does. Arguments are numbers in [0, 1000) read at execution time
/// against what the window has then (a tile is x = a * width / 1000), so one list runs
/// on any level and stays meaningful after a resize or a New.
enum class Op {
    Stroke,       ///< a tool (B L R F I J) dragged from (b, c) to (d, e), button by f
    Eraser,       ///< the eraser dragged from (b, c) to (d, e)
    SwapKind,     ///< X with a painting tool: the other tile kind
    BrushSize,    ///< `[` or `]` a times
    Select,       ///< the Select tool dragged from (b, c) to (d, e)
    SelectAll,    ///< Ctrl+A
    Cut,          ///< Ctrl+X
    Copy,         ///< Ctrl+C
    Paste,        ///< Ctrl+V, then the paste follows the mouse to (b, c)
    FloatMove,    ///< the mouse moved to (b, c) (a paste follows it)
    Place,        ///< a left click at (b, c); with a Shift held when a is odd
    Escape,       ///< Esc in the view
    Delete,       ///< Del
    Transform,    ///< X, Y, Z or Shift+Z (a)
    SpawnPlace,   ///< the Spawn tool: K a times, then a click at (b, c)
    SpawnDrag,    ///< the Spawn tool: spawn a dragged to (b, c)
    SpawnDelete,  ///< spawn a clicked, then Del
    PropertyEdit, ///< spawn a clicked, field b of the Properties dock typed text c, Enter or Tab
    Undo,         ///< Ctrl+Z a times
    Redo,         ///< Ctrl+Shift+Z a times
    Play,         ///< F5: play or pause
    PlayHere,     ///< Shift+F5 with the mouse over (b, c)
    Step,         ///< F6 a times
    Stop,         ///< Ctrl+F5
    HoldKey,      ///< a game key (a) pressed and held
    ReleaseKeys,  ///< every held key released
    Wait,         ///< the event loop runs a ms
    Reachability, ///< Ctrl+Shift+R
    Zoom,         ///< Ctrl+=, Ctrl+- or Ctrl+9 (a)
    New,          ///< Ctrl+N (size from b, c), the unsaved-changes question answered by a
    Save,         ///< Ctrl+S (Save As into the work folder for an untitled level)
    SaveAs,       ///< Ctrl+Shift+S to file a of the work folder
    Open,         ///< Ctrl+O of file a of the work folder (saved, or a broken one), answer b
    DiskChange,   ///< the open file rewritten (a: another level, garbage) or deleted, answer b
    Autosave,     ///< an autosave tick; its recovery file must load to the document's level
    Crash,        ///< the window dies without closing; a new one recovers its work
    UndoAll,      ///< undo all then redo all (the invariant), through the undo stack
    Dock,         ///< a widget (b) of a dock (a) used: a button clicked, a slider or combo box
                  ///< moved by keys, text typed in a field, a list row clicked or deleted (c, d)
    LevelProps,   ///< Edit > Level Properties, the dialog accepted or cancelled (a)
    Revert,       ///< File > Revert, the question answered (a)
    Tmx,          ///< File > Export TMX to the work folder, or Import TMX of it (a)
    Count
};

struct Action {
    Op op = Op::Wait;
    std::array<int, 6> arg{};
    bool operator==(const Action&) const = default;
};

/// "stroke 3 120 400 560 410 0": the name, then the arguments.
QString formatAction(const Action& action);
/// The inverse of formatAction(); nullopt for a line that is not an action.
std::optional<Action> parseAction(const QString& line);
QString opName(Op op);

/// `count` actions from `seed` (a fixed generator: the same list on every platform).
std::vector<Action> generateActions(std::uint64_t seed, int count);

/// A case file: comment lines (#), blank lines and actions; an optional "level NAME"
/// line names a sample level (resources/levels) to start from. Returns false with
/// `error` ("FILE:LINE: error: ...") for a line that is neither.
struct Case {
    QString level; ///< a sample level's file name; empty = the default
    std::vector<Action> actions;
};
bool readCase(const QString& path, Case* out, QString* error);
bool writeCase(const QString& path, const Case& c, const QStringList& comments, QString* error);

} // namespace monkey
