// The Rules dock: the rules of the active auto layer, in the order they are tried (the
// first whose pattern matches a cell paints it). Each row shows a rule's 3 x 3 pattern,
// which a click steps through `? # = . x o` (a right click back), and its tiles from the
// tileset; Add, Duplicate, Delete, Up and Down edit the list, Use Picked Tiles makes the
// tiles picked for painting the rule's variants, Remove Tile takes the picked variant
// out, and the seed shuffles which variant a cell gets. Every change is one undo step
// through the document; the map follows at once. For the collision or a painted layer
// the dock says how to get an auto layer.
#pragma once

#include <QDockWidget>
#include <QHash>
#include <QImage>
#include <QPointer>

#include <cstdint>
#include <vector>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QStackedWidget;
class QTimer;
class QToolButton;

namespace ts::level {
struct ArtLayer;
struct AutoRule;
} // namespace ts::level

namespace ts::editor {

class LevelDocument;
class LevelScene;
class RuleRowWidget;
class ToolOptions;

class RulesDock : public QDockWidget {
    Q_OBJECT
public:
    explicit RulesDock(ToolOptions* options, QWidget* parent = nullptr);
    ~RulesDock() override;

    void setDocument(LevelDocument* document);
    /// The scene whose tileset images the thumbnails come from (placeholders without one).
    void setScene(LevelScene* scene);

    // For tests and the window.
    /// Whether the rules of an auto layer are shown (else the "choose an auto layer" page).
    bool showsRules() const;
    QLabel* message() const { return mMessage; }
    QLabel* header() const { return mHeader; }
    QListWidget* list() const { return mList; }
    /// Rule `index`'s row (null when there is none such).
    RuleRowWidget* row(int index) const;
    /// The rule selected in the list (-1 for none).
    int currentRule() const;
    QToolButton* addButton() const { return mAdd; }
    QToolButton* duplicateButton() const { return mDuplicate; }
    QToolButton* deleteButton() const { return mDelete; }
    QToolButton* upButton() const { return mUp; }
    QToolButton* downButton() const { return mDown; }
    QToolButton* usePickedButton() const { return mUsePicked; }
    QToolButton* removeTileButton() const { return mRemoveTile; }
    QPushButton* addAutoLayerButton() const { return mAddAutoLayer; }
    QLineEdit* seedField() const { return mSeed; }
    QToolButton* shuffleButton() const { return mShuffle; }

signals:
    void statusMessage(const QString& text);
    /// The "choose an auto layer" page's button: the window adds one as the Layers dock does.
    void addAutoLayerRequested();

protected:
    /// The list's keys: Left and Right choose a cell of the current rule's pattern, Space
    /// steps it (Shift+Space back), Ctrl+Up and Ctrl+Down move the rule.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Frames the keyboard's cell on the current rule's pattern, on no other.
    void showKeyCell();
    /// The active layer's index if it is an auto layer of the document, else -1.
    int layerIndex() const;
    /// The active layer if it is an auto layer of the document, else null.
    const ts::level::ArtLayer* layer() const;
    /// Shows the active layer again (its rules, name, seed) or the page saying what to do.
    void refresh();
    void updateButtons();
    /// Each row's count of the cells its rule paints in the level.
    void updateCounts();
    void setCurrentRule(int index);
    /// Pushes `rules` as one undo step named `text`, then selects rule `current`.
    void edit(std::vector<ts::level::AutoRule> rules, const QString& text, int current);
    void cycleCell(int rule, int cell, int step);
    void addRule(bool duplicate);
    void deleteRule();
    void moveRule(int step);
    void usePickedTiles();
    void removeTile();
    void commitSeed();
    void setSeed(std::uint32_t seed);
    /// The tiles a rule gets from the painting stamp: its non-empty tiles in order, when
    /// it is of the layer's tileset (empty otherwise).
    std::vector<std::int32_t> pickedTiles() const;
    /// Tile `index` of the active layer's tileset as drawn (a placeholder when the image
    /// is missing or the index out of range).
    QImage thumbnail(std::int32_t index);

    QPointer<LevelDocument> mDocument;
    QPointer<LevelScene> mScene;
    ToolOptions* mOptions;
    QStackedWidget* mPages;
    QLabel* mMessage;
    QPushButton* mAddAutoLayer;
    QLabel* mHeader;
    QListWidget* mList;
    QLabel* mEmpty;
    QToolButton* mAdd;
    QToolButton* mDuplicate;
    QToolButton* mDelete;
    QToolButton* mUp;
    QToolButton* mDown;
    QToolButton* mUsePicked;
    QToolButton* mRemoveTile;
    QLineEdit* mSeed;
    QToolButton* mShuffle;
    std::vector<RuleRowWidget*> mRows;
    int mKeyCell = 4; ///< the pattern cell the keyboard edits (the centre first)
    /// Counts again once painting pauses (a stroke changes tiles at every move).
    QTimer* mCountTimer;
    /// Thumbnails of the shown tileset by tile index, dropped when its images reload.
    QHash<std::int32_t, QImage> mThumbnails;
    std::string mThumbnailTileset;
    std::string mShownLayer; ///< the layer the list shows (its selection is kept for it)
};

} // namespace ts::editor
