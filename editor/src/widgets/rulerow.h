// A row of the Rules dock: the rule's number, its 3 x 3 pattern (RulePatternWidget) and
// its tiles as thumbnails from the tileset, the variants one of which a cell gets. A click
// on a thumbnail picks that variant (Remove Tile takes it out); the dock owns every edit.
#pragma once

#include <QImage>
#include <QWidget>

#include <cstdint>
#include <vector>

class QLabel;

namespace ts::level {
struct AutoRule;
}

namespace ts::editor {

class RulePatternWidget;

/// A rule's tiles as thumbnails, kColumns to a line.
class RuleTilesWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kThumb = 20; ///< a thumbnail's side in pixels
    static constexpr int kColumns = 8;

    explicit RuleTilesWidget(QWidget* parent = nullptr);

    /// The tiles and their pictures (one each, in the same order).
    void setTiles(std::vector<std::int32_t> tiles, std::vector<QImage> thumbnails);
    const std::vector<std::int32_t>& tiles() const { return mTiles; }
    /// The picked variant (framed), -1 for none.
    int selected() const { return mSelected; }
    void setSelected(int variant);
    /// Variant `i`'s thumbnail in widget coordinates.
    QRect thumbRect(int i) const;
    int variantAt(QPoint pos) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

signals:
    void variantClicked(int variant);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    std::vector<std::int32_t> mTiles;
    std::vector<QImage> mThumbnails;
    int mSelected = -1;
};

/// One rule: "1.", the pattern, the tiles.
class RuleRowWidget : public QWidget {
    Q_OBJECT
public:
    explicit RuleRowWidget(QWidget* parent = nullptr);

    /// Shows rule `number` (1-based) with its tiles' thumbnails.
    void setRule(int number, const ts::level::AutoRule& rule, std::vector<QImage> thumbnails);
    RulePatternWidget* pattern() const { return mPattern; }
    RuleTilesWidget* tiles() const { return mTiles; }
    /// How many cells of the level the rule paints (it is the first to match them).
    void setCellCount(std::size_t cells);
    QLabel* cellCount() const { return mCount; }

signals:
    /// A press anywhere on the row but its pattern cells and thumbnails.
    void pressed();

protected:
    void mousePressEvent(QMouseEvent* event) override;

private:
    QLabel* mNumber;
    RulePatternWidget* mPattern;
    RuleTilesWidget* mTiles;
    QLabel* mCount;
};

} // namespace ts::editor
