// The Tileset dock: the level's tilesets, one shown at a time (the active art layer's,
// when one is active), its image zoomable with each tile outlined. A click picks a tile as
// the painting tools' stamp, a drag picks a rectangle of them; hovering names the tile.
// Add Tileset... cuts a PNG into tiles (the designer gives the tile size; the columns and
// count follow from the image) and adds it to the level as one undo step.
#pragma once

#include <QDockWidget>
#include <QPointer>

#include <functional>
#include <string>

class QComboBox;
class QLabel;
class QScrollArea;
class QToolButton;

namespace ts::editor {

class LevelDocument;
class LevelScene;
class TilesetView;
class ToolOptions;
class WindowPrompts;

class TilesetDock : public QDockWidget {
    Q_OBJECT
public:
    explicit TilesetDock(ToolOptions* options, QWidget* parent = nullptr);
    ~TilesetDock() override;

    void setDocument(LevelDocument* document);
    /// The scene whose decoded tileset images the dock shows.
    void setScene(LevelScene* scene);
    /// Where Add Tileset... asks for the file and the tile size (the window's prompts, so
    /// tests answer them); without one, the usual dialogs.
    void setPrompts(std::function<WindowPrompts*()> prompts);

    /// The tileset shown (empty for none).
    std::string currentTileset() const;
    void showTileset(const std::string& name);
    /// Fit (the dock's width), 1x, 2x or 4x: index into the zoom box.
    void setZoomIndex(int index);

    // For tests and the window.
    TilesetView* view() const { return mView; }
    QComboBox* tilesetBox() const { return mTilesets; }
    QComboBox* zoomBox() const { return mZoom; }
    QLabel* hoverLabel() const { return mHover; }
    QLabel* problemLabel() const { return mProblem; }
    QToolButton* addButton() const { return mAdd; }
    /// Asks for a PNG and its tile size and adds the tileset (one undo step).
    void addTileset();

signals:
    void statusMessage(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();
    void refreshView();
    void followActiveLayer();
    void showStamp();
    void applyZoom();
    void pickTiles(const QRect& cells);
    void showHovered(int index, QPoint cell);
    WindowPrompts* prompts() const;

    ToolOptions* mOptions;
    QPointer<LevelDocument> mDocument;
    QPointer<LevelScene> mScene;
    std::function<WindowPrompts*()> mPrompts;
    QComboBox* mTilesets;
    QComboBox* mZoom;
    QToolButton* mAdd;
    QScrollArea* mScroll;
    TilesetView* mView;
    QLabel* mProblem;
    QLabel* mHover;
    bool mRebuilding = false;
};

} // namespace ts::editor
