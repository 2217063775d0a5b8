// The play keys, defined once: the keys that steer the running player (the table
// below; PlayController::handleKey() and PlayFocusGuard read it) and the play
// actions' shortcuts (PlayController::createActions()). Every text that names a
// play key (the status bar's hint, the Play dock, the actions' tooltips) is built
// from them, so a binding changed in one place changes every text.
#pragma once

#include <QKeySequence>
#include <QList>
#include <QString>

#include <optional>
#include <span>

class QAction;
class QKeyEvent;

namespace ts::play {

/// What a play key does while playing: the first four are held, Clone and Stop
/// act when pressed.
enum class PlayKey { Left, Right, Jump, Drop, Clone, Stop };

struct PlayKeyBinding {
    PlayKey what;
    QList<Qt::Key> keys; ///< pressed without Ctrl, Alt or Meta
};

/// Every play key, each once.
std::span<const PlayKeyBinding> playKeyBindings();
/// What `event`'s key does while playing (nothing with Ctrl, Alt or Meta held:
/// Ctrl+S and friends keep working).
std::optional<PlayKey> playKeyOf(const QKeyEvent* event);

/// One key as the texts show it: "A", "Space", "Esc", arrows as "←".
QString keyText(Qt::Key key);
/// The keys bound to `what`, "W/↑".
QString playKeyText(PlayKey what);
/// Left and right together, pairwise: "A/D or ←/→".
QString walkKeysText();
/// The shortcuts of `action`, "F6 or F10" (empty without any).
QString shortcutText(const QAction* action);

} // namespace ts::play
