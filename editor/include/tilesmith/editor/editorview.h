// The level view: Ctrl+wheel zooms about the cursor through even steps (the tile
// under it stays there, also while the map is smaller than the view),
// the middle button and Space+drag pan, scroll bars scroll. A resize of the map
// (or its undo, or a new tile size) keeps the content that was in the middle of
// the view there. Knows nothing of tools or play mode (play mode installs its
// own event filters).
#pragma once

#include <QGraphicsView>
#include <QPoint>

#include <climits>
#include <optional>

namespace ts::editor {

class LevelDocument;
class LevelScene;

class EditorView : public QGraphicsView {
    Q_OBJECT
public:
    explicit EditorView(LevelScene* scene, QWidget* parent = nullptr);

    LevelScene* levelScene() const;
    qreal zoom() const { return mZoom; }
    static constexpr qreal kMinZoom = 1.0 / 64.0; // fits a 1024 x 1024 map of 16 px tiles
    static constexpr qreal kMaxZoom = 16.0;
    /// The zoom steps Ctrl+wheel and zoomIn/zoomOut go through.
    static const QList<qreal>& zoomSteps();

    /// Sets the zoom (clamped), keeping the scene point under `viewportPos`
    /// where it is (the viewport centre when `viewportPos` is null).
    void setZoom(qreal zoom, std::optional<QPoint> viewportPos = std::nullopt);

    bool isPanning() const { return mPanning; }
    /// The id of the spawn under the mouse (the one a click picks), 0 for none.
    int hoveredSpawn() const { return mHoverSpawn; }
    /// The part of the scene the viewport shows.
    QRectF visibleSceneRect() const;

public slots:
    void zoomIn();
    void zoomOut();
    /// Fits the whole map in the viewport.
    void zoomToFit();
    /// 100 %.
    void resetZoom();

signals:
    void zoomChanged(qreal zoom);
    /// The tile under the mouse; `inside` is false outside the map or when the
    /// mouse left the view.
    void hoveredTileChanged(const QPoint& tile, bool inside);
    /// hoveredSpawn() changed: the mouse moved onto or off a spawn, or a spawn
    /// moved, came or went under the still mouse.
    void hoveredSpawnChanged(int spawnId);
    /// visibleSceneRect() may have changed: a scroll, a zoom or a resize.
    void visibleAreaChanged();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    /// The scene's rectangle (the map with room to scroll its edges to the
    /// middle) along the axes the map does not fit in the viewport at this zoom;
    /// just the map along the others; shows the scroll bar of each axis the map
    /// does not fit, and only those, at once (not from Qt's queued check).
    void fitSceneRect();
    void updateHover(QPoint viewportPos);
    /// After a zoom the mouse stands over another tile without moving: tells the
    /// readout and the scene (tool hover, where Paste lands) as a move would.
    void replayMouse();
    void stopPanning();
    /// Follows the scene's document for keepContentInPlace() and hoveredSpawn().
    void watchDocument(LevelDocument* document);
    /// Before a change of the map's geometry: remembers the content at the
    /// viewport's centre (in tiles, moved by `contentShift`) and the view's pixel it
    /// is on; after it, scrolls it back to that pixel.
    void rememberCentre(QPoint contentShift);
    void keepContentInPlace();

    qreal mZoom = 1.0;
    int mWheelAccumulator = 0;
    bool mSpaceHeld = false;
    bool mPanning = false;
    QPoint mPanLast;
    /// Where the mouse last moved over the viewport; empty once it left.
    std::optional<QPoint> mMousePos;
    QPoint mHoverTile{INT_MIN, INT_MIN};
    bool mHoverInside = false;
    int mHoverSpawn = 0;
    QCursor mSavedCursor;
    QList<QMetaObject::Connection> mDocConnections;
    /// See rememberCentre(): the centre's content, in tiles of the changed level,
    /// and the pixel of the view (not of its viewport, which a scroll bar coming or
    /// going resizes) it was on.
    std::optional<QPointF> mKeptCentre;
    QPoint mKeptPixel;
    /// The scene point at the viewport's top left after the last zoom, for the axes the
    /// whole map fits (fitSceneRect()); empty: the map is centred on them.
    std::optional<QPointF> mPlacedAt;
    bool mFitsWide = false; ///< the map fits the viewport's width (fitSceneRect())
    bool mFitsHigh = false;
};

} // namespace ts::editor
