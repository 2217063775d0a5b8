// File > New: the size of the new level.
#pragma once

#include "tilesmith/level/level.h"

#include <QDialog>

class QCheckBox;
class QLineEdit;
class QSpinBox;

namespace ts::editor {

class NewLevelDialog : public QDialog {
    Q_OBJECT
public:
    struct Settings {
        QString name = QString::fromUtf8(ts::level::kDefaultLevelName);
        int width = 40;    ///< tiles
        int height = 12;   ///< tiles
        int tileSize = 16; ///< pixels
        /// With the starter tileset and its auto-tiled layers (File > New offers it).
        bool starterArt = false;
    };

    explicit NewLevelDialog(QWidget* parent = nullptr);

    /// The new level: a solid floor along the bottom row and the player standing
    /// on it near the left edge, ready to play; with the starter art if asked.
    static ts::level::Level makeLevel(const Settings& settings);

    /// The width a window needs for the window manager to show `title` whole in its
    /// title bar (with the application's name, as Qt adds it), beside the icon and
    /// buttons: an estimate from the title font's metrics.
    static int titleBarWidth(const QString& title);

    void setSettings(const Settings& s);
    Settings settings() const;

private:
    QLineEdit* mName;
    QSpinBox* mWidth;
    QSpinBox* mHeight;
    QSpinBox* mTileSize;
    QCheckBox* mStarterArt;
};

} // namespace ts::editor
