#include "rulesdock.h"

#include "rulepatternwidget.h"
#include "rulerow.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tooloptions.h"
#include "tilesmith/level/limits.h"
#include "tilesmith/render/tilesetimages.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRandomGenerator>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace ts::editor {

namespace {

using ts::level::ArtLayer;
using ts::level::AutoRule;

enum Page { MessagePage, RulesPage };

/// A new rule paints the solid cells: a catch-all ('?' everywhere) added in the middle of
/// the list would hide every rule after it.
AutoRule newRule(std::vector<std::int32_t> tiles) {
    AutoRule rule;
    rule.pattern = {'?', '?', '?', '?', '#', '?', '?', '?', '?'};
    rule.tiles = tiles.empty() ? std::vector<std::int32_t>{0} : std::move(tiles);
    return rule;
}

QString quoted(const std::string& name) {
    return QStringLiteral("\u201c%1\u201d").arg(QString::fromStdString(name));
}

} // namespace

RulesDock::RulesDock(ToolOptions* options, QWidget* parent)
    : QDockWidget(tr("Rules"), parent), mOptions(options) {
    setObjectName(QStringLiteral("RulesDock"));
    mCountTimer = new QTimer(this);
    mCountTimer->setSingleShot(true);
    mCountTimer->setInterval(100);
    connect(mCountTimer, &QTimer::timeout, this, &RulesDock::updateCounts);
    mPages = new QStackedWidget(this);

    // The page for the collision and painted layers: what to do instead.
    auto* messagePage = new QWidget(mPages);
    auto* messageLayout = new QVBoxLayout(messagePage);
    mMessage = new QLabel(messagePage);
    mMessage->setObjectName(QStringLiteral("rulesMessage"));
    mMessage->setWordWrap(true);
    mMessage->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    mAddAutoLayer = new QPushButton(tr("Add an A&uto Layer"), messagePage);
    mAddAutoLayer->setObjectName(QStringLiteral("rulesAddAutoLayer"));
    messageLayout->addWidget(mMessage);
    messageLayout->addWidget(mAddAutoLayer, 0, Qt::AlignLeft);
    messageLayout->addStretch(1);
    mPages->addWidget(messagePage);

    // The rules of an auto layer.
    auto* rulesPage = new QWidget(mPages);
    auto* layout = new QVBoxLayout(rulesPage);
    layout->setContentsMargins(4, 4, 4, 4);
    mHeader = new QLabel(rulesPage);
    mHeader->setObjectName(QStringLiteral("rulesHeader"));
    mHeader->setWordWrap(true);
    mHeader->setTextFormat(Qt::PlainText);
    layout->addWidget(mHeader);
    mList = new QListWidget(rulesPage);
    mList->setObjectName(QStringLiteral("rulesList"));
    mList->setSelectionMode(QAbstractItemView::SingleSelection);
    mList->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    mList->setToolTip(tr("Each cell of the layer gets the tile of the first rule, from the "
                         "top, whose pattern matches the collision around it. Keys: Up and "
                         "Down choose a rule, Left and Right a cell of its pattern, Space "
                         "steps the cell (Shift+Space back), Ctrl+Up and Ctrl+Down move the "
                         "rule"));
    layout->addWidget(mList, 1);
    mEmpty = new QLabel(tr("No rules yet: Add makes one."), rulesPage);
    mEmpty->setWordWrap(true);
    layout->addWidget(mEmpty);

    const auto button = [&](QHBoxLayout* row, const QString& text, const char* name,
                            const QString& tip) {
        // Tool buttons: as narrow as their text, so the dock is no wider than the Layers
        // dock it sits beside (push buttons are at least 80 px each).
        auto* b = new QToolButton(rulesPage);
        b->setText(text);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        b->setObjectName(QLatin1String(name));
        b->setToolTip(tip);
        row->addWidget(b);
        return b;
    };
    auto* listButtons = new QHBoxLayout;
    mAdd = button(listButtons, tr("Add"), "addRule",
                  tr("A rule after the selected one, painting solid cells with the picked "
                     "tiles"));
    mDuplicate = button(listButtons, tr("Duplicate"), "duplicateRule",
                        tr("A copy of the selected rule, after it"));
    mDelete = button(listButtons, tr("Delete"), "deleteRule", tr("Delete the selected rule"));
    mUp = button(listButtons, tr("Up"), "ruleUp",
                 tr("Try the rule one place earlier (Ctrl+Up in the list)"));
    mDown = button(listButtons, tr("Down"), "ruleDown",
                   tr("Try the rule one place later (Ctrl+Down in the list)"));
    layout->addLayout(listButtons);
    auto* tileButtons = new QHBoxLayout;
    mUsePicked = button(tileButtons, tr("Use Picked Tiles"), "usePickedTiles", {});
    mRemoveTile = button(tileButtons, tr("Remove Tile"), "removeRuleTile", {});
    tileButtons->addStretch(1);
    layout->addLayout(tileButtons);

    auto* seedRow = new QHBoxLayout;
    auto* seedLabel = new QLabel(tr("See&d:"), rulesPage);
    mSeed = new QLineEdit(rulesPage);
    mSeed->setObjectName(QStringLiteral("ruleSeed"));
    mSeed->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("\\d{0,10}")), mSeed));
    mSeed->setToolTip(tr("Chooses which variant of a rule's tiles each cell gets (0 to %1)")
                          .arg(std::numeric_limits<std::uint32_t>::max()));
    seedLabel->setBuddy(mSeed);
    mShuffle = button(seedRow, tr("Shuffle"), "shuffleSeed",
                      tr("A new random seed: the variants fall on other cells"));
    seedRow->insertWidget(0, seedLabel);
    seedRow->insertWidget(1, mSeed, 1);
    layout->addLayout(seedRow);
    mPages->addWidget(rulesPage);
    // The rules scroll in their list; the whole page scrolls only when the dock is shorter
    // than its buttons, instead of setting the window's least height (as the Properties
    // dock beside it does).
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("RulesScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(mPages);
    scroll->setMinimumHeight(2 * fontMetrics().lineSpacing() + 2 * layout->contentsMargins().top());
    scroll->setMinimumWidth(mPages->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width());
    setWidget(scroll);

    connect(mAddAutoLayer, &QPushButton::clicked, this, &RulesDock::addAutoLayerRequested);
    connect(mList, &QListWidget::currentRowChanged, this, [this](int current) {
        for (int i = 0; i < int(mRows.size()); ++i)
            if (i != current)
                mRows[size_t(i)]->tiles()->setSelected(-1);
        showKeyCell();
        updateButtons();
    });
    mList->installEventFilter(this);
    connect(mAdd, &QPushButton::clicked, this, [this] { addRule(false); });
    connect(mDuplicate, &QPushButton::clicked, this, [this] { addRule(true); });
    connect(mDelete, &QPushButton::clicked, this, &RulesDock::deleteRule);
    connect(mUp, &QPushButton::clicked, this, [this] { moveRule(-1); });
    connect(mDown, &QPushButton::clicked, this, [this] { moveRule(1); });
    connect(mUsePicked, &QPushButton::clicked, this, &RulesDock::usePickedTiles);
    connect(mRemoveTile, &QPushButton::clicked, this, &RulesDock::removeTile);
    connect(mSeed, &QLineEdit::editingFinished, this, &RulesDock::commitSeed);
    connect(mShuffle, &QPushButton::clicked, this, [this] {
        const ArtLayer* l = layer();
        std::uint32_t seed = 0;
        do
            seed = QRandomGenerator::global()->generate();
        while (l && seed == l->seed);
        setSeed(seed);
    });
    connect(mOptions, &ToolOptions::activeLayerChanged, this, &RulesDock::refresh);
    connect(mOptions, &ToolOptions::stampChanged, this, &RulesDock::updateButtons);
    refresh();
}

RulesDock::~RulesDock() {
    // The list and the seed field go with the dock's widgets, after this: their last
    // signals (a focus lost commits the seed) find no dock.
    disconnect(mList, nullptr, this, nullptr);
    disconnect(mSeed, nullptr, this, nullptr);
}

void RulesDock::setDocument(LevelDocument* document) {
    if (mDocument)
        disconnect(mDocument, nullptr, this, nullptr);
    mDocument = document;
    if (document) {
        connect(document, &LevelDocument::artLayersChanged, this, &RulesDock::refresh);
        connect(document, &LevelDocument::levelReset, this, &RulesDock::refresh);
        connect(document, &LevelDocument::tilesChanged, mCountTimer, qOverload<>(&QTimer::start));
    }
    mThumbnails.clear();
    mShownLayer.clear();
    refresh();
}

void RulesDock::setScene(LevelScene* scene) {
    if (mScene)
        disconnect(mScene, nullptr, this, nullptr);
    mScene = scene;
    if (scene)
        connect(scene, &LevelScene::tilesetImagesChanged, this, [this] {
            mThumbnails.clear();
            refresh();
        });
    mThumbnails.clear();
    refresh();
}

bool RulesDock::showsRules() const {
    return mPages->currentIndex() == RulesPage;
}

RuleRowWidget* RulesDock::row(int index) const {
    return index >= 0 && index < int(mRows.size()) ? mRows[size_t(index)] : nullptr;
}

int RulesDock::currentRule() const {
    const int r = mList->currentRow();
    const ArtLayer* l = layer();
    return l && r >= 0 && r < int(mRows.size()) && r < int(l->rules.size()) ? r : -1;
}

int RulesDock::layerIndex() const {
    if (!mDocument || mOptions->activeLayer().empty())
        return -1;
    const auto& art = mDocument->level().art;
    for (size_t i = 0; i < art.size(); ++i)
        if (art[i].name == mOptions->activeLayer())
            return art[i].isAuto ? int(i) : -1;
    return -1;
}

const ArtLayer* RulesDock::layer() const {
    const int index = layerIndex();
    return index < 0 ? nullptr : &mDocument->level().art[size_t(index)];
}

void RulesDock::refresh() {
    const ArtLayer* l = layer();
    if (!l) {
        mPages->setCurrentIndex(MessagePage);
        mShownLayer.clear();
        const ArtLayer* painted =
            mDocument ? mDocument->level().findArtLayer(mOptions->activeLayer()) : nullptr;
        const QString what = !mDocument ? tr("No level is open.")
                             : painted  ? tr("%1 is a painted layer: its tiles are laid by hand.")
                                             .arg(quoted(painted->name))
                                       : tr("The collision is active in Layers.");
        mMessage->setText(what + QLatin1Char(' ') +
                          tr("Rules choose the tiles of an auto layer from the collision around "
                             "each cell, so its art follows the collision as you paint it. "
                             "Choose an auto layer in Layers, or add one."));
        const bool haveTileset = mDocument && !mDocument->level().tilesets.empty();
        mAddAutoLayer->setEnabled(haveTileset);
        mAddAutoLayer->setToolTip(haveTileset ? tr("A layer whose tiles rules choose from the "
                                                   "collision, made the active layer")
                                              : tr("Add a tileset first (Tileset dock)"));
        return;
    }
    mPages->setCurrentIndex(RulesPage);
    const bool otherLayer = l->name != mShownLayer;
    if (l->tileset != mThumbnailTileset) {
        mThumbnails.clear();
        mThumbnailTileset = l->tileset;
    }
    mHeader->setText(tr("%1: auto layer of tileset %2. The first rule that matches a cell "
                        "paints it.")
                         .arg(quoted(l->name), quoted(l->tileset)));
    const int keep = otherLayer ? 0 : currentRule();

    // Rows are kept and shown again: a click on a pattern changes the level while its
    // row still handles that click.
    const std::vector<AutoRule>& rules = l->rules;
    while (mRows.size() > rules.size()) {
        delete mList->takeItem(int(mRows.size()) - 1);
        mRows.back()->deleteLater();
        mRows.pop_back();
    }
    while (mRows.size() < rules.size()) {
        auto* item = new QListWidgetItem(mList);
        auto* row = new RuleRowWidget;
        mList->setItemWidget(item, row);
        mRows.push_back(row);
        const auto indexOf = [this, row] {
            const auto at = std::find(mRows.begin(), mRows.end(), row);
            return at == mRows.end() ? -1 : int(at - mRows.begin());
        };
        connect(row, &RuleRowWidget::pressed, this, [this, indexOf] { setCurrentRule(indexOf()); });
        connect(row->pattern(), &RulePatternWidget::cellClicked, this,
                [this, indexOf](int cell, int step) {
                    const int rule = indexOf();
                    setCurrentRule(rule);
                    cycleCell(rule, cell, step);
                });
        connect(row->tiles(), &RuleTilesWidget::variantClicked, this,
                [this, indexOf, row](int variant) {
                    setCurrentRule(indexOf());
                    row->tiles()->setSelected(variant);
                    updateButtons();
                });
    }
    for (size_t i = 0; i < rules.size(); ++i) {
        std::vector<QImage> thumbs;
        for (std::int32_t t : rules[i].tiles)
            thumbs.push_back(thumbnail(t));
        mRows[i]->setRule(int(i) + 1, rules[i], std::move(thumbs));
        mList->item(int(i))->setSizeHint(mRows[i]->sizeHint());
    }
    updateCounts();
    mEmpty->setVisible(rules.empty());
    if (otherLayer || !mSeed->hasFocus())
        mSeed->setText(QString::number(l->seed));
    mShownLayer = l->name;
    setCurrentRule(std::clamp(keep, rules.empty() ? -1 : 0, int(rules.size()) - 1));
    showKeyCell();
    updateButtons();
}

void RulesDock::showKeyCell() {
    const int current = currentRule();
    for (int i = 0; i < int(mRows.size()); ++i)
        mRows[size_t(i)]->pattern()->setKeyCell(i == current && mList->hasFocus() ? mKeyCell : -1);
}

bool RulesDock::eventFilter(QObject* watched, QEvent* event) {
    if (watched != mList)
        return QDockWidget::eventFilter(watched, event);
    if (event->type() == QEvent::FocusIn || event->type() == QEvent::FocusOut)
        showKeyCell();
    if (event->type() != QEvent::KeyPress)
        return QDockWidget::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    const Qt::KeyboardModifiers mods = key->modifiers() & ~Qt::KeypadModifier;
    const int rule = currentRule();
    if (rule < 0)
        return QDockWidget::eventFilter(watched, event);
    if ((key->key() == Qt::Key_Left || key->key() == Qt::Key_Right) && mods == Qt::NoModifier) {
        mKeyCell = std::clamp(mKeyCell + (key->key() == Qt::Key_Left ? -1 : 1), 0, 8);
        showKeyCell();
        emit statusMessage(tr("Rule %1, %2: Space steps it, Shift+Space back")
                               .arg(rule + 1)
                               .arg(RulePatternWidget::placeName(mKeyCell).toLower()));
        return true;
    }
    if (key->key() == Qt::Key_Space && (mods == Qt::NoModifier || mods == Qt::ShiftModifier)) {
        cycleCell(rule, mKeyCell, mods == Qt::ShiftModifier ? -1 : 1);
        return true;
    }
    if ((key->key() == Qt::Key_Up || key->key() == Qt::Key_Down) && mods == Qt::ControlModifier) {
        moveRule(key->key() == Qt::Key_Up ? -1 : 1);
        return true;
    }
    return QDockWidget::eventFilter(watched, event);
}

void RulesDock::updateCounts() {
    mCountTimer->stop();
    const ArtLayer* l = layer();
    if (!l || !mDocument)
        return;
    // The library's matching, each rule painting its own index: the tile a cell gets is
    // the first rule that matches it.
    ArtLayer probe = *l;
    for (std::size_t k = 0; k < probe.rules.size(); ++k)
        probe.rules[k].tiles = {std::int32_t(k)};
    std::vector<std::size_t> counts(probe.rules.size());
    for (const ts::level::ArtTile& t : ts::level::AutoTiler(probe).resolve(mDocument->level()))
        if (!t.empty() && std::size_t(t.index) < counts.size())
            ++counts[std::size_t(t.index)];
    for (std::size_t i = 0; i < counts.size() && i < mRows.size(); ++i)
        mRows[i]->setCellCount(counts[i]);
}

void RulesDock::setCurrentRule(int index) {
    if (index < 0 || index >= int(mRows.size())) {
        mList->setCurrentRow(-1);
        return;
    }
    mList->setCurrentRow(index);
    mList->scrollToItem(mList->item(index));
}

void RulesDock::updateButtons() {
    const ArtLayer* l = layer();
    if (!l)
        return;
    const int n = int(l->rules.size());
    const int r = currentRule();
    const bool room = n < ts::level::limits::kMaxAutoRules;
    mAdd->setEnabled(room);
    mDuplicate->setEnabled(r >= 0 && room);
    mDelete->setEnabled(r >= 0);
    mUp->setEnabled(r > 0);
    mDown->setEnabled(r >= 0 && r + 1 < n);

    const ArtStamp& stamp = mOptions->stamp();
    const bool picked = !pickedTiles().empty();
    mUsePicked->setEnabled(r >= 0 && picked);
    mUsePicked->setToolTip(
        picked ? tr("The tiles picked for painting become the selected rule's variants")
        : stamp.isEmpty() || stamp.tileset == l->tileset
            ? tr("Pick tiles of tileset %1 first (in the Tileset dock or on the map)")
                  .arg(quoted(l->tileset))
            : tr("The picked tiles are of tileset %1; this layer draws from %2")
                  .arg(quoted(stamp.tileset), quoted(l->tileset)));
    const int tiles = r >= 0 ? int(l->rules[size_t(r)].tiles.size()) : 0;
    const int variant = r >= 0 ? mRows[size_t(r)]->tiles()->selected() : -1;
    mRemoveTile->setEnabled(variant >= 0 && tiles > 1);
    mRemoveTile->setToolTip(tiles == 1 ? tr("A rule keeps at least one tile")
                                       : tr("Take the tile clicked in the rule out of it"));
}

void RulesDock::edit(std::vector<AutoRule> rules, const QString& text, int current) {
    const int index = layerIndex();
    if (index < 0)
        return;
    mDocument->setAutoRules(index, std::move(rules), text);
    setCurrentRule(current);
    updateButtons();
}

void RulesDock::cycleCell(int rule, int cell, int step) {
    const ArtLayer* l = layer();
    if (!l || rule < 0 || rule >= int(l->rules.size()) || cell < 0 || cell >= 9)
        return;
    std::vector<AutoRule> rules = l->rules;
    char& c = rules[size_t(rule)].pattern[size_t(cell)];
    c = RulePatternWidget::stepped(c, step);
    const char now = c;
    edit(std::move(rules), tr("Edit Rule %1 of %2").arg(rule + 1).arg(quoted(l->name)), rule);
    emit statusMessage(tr("Rule %1, %2: %3 (%4)")
                           .arg(rule + 1)
                           .arg(RulePatternWidget::placeName(cell).toLower(),
                                RulePatternWidget::meaning(now), QString(QLatin1Char(now))));
}

void RulesDock::addRule(bool duplicate) {
    const ArtLayer* l = layer();
    const int r = currentRule();
    if (!l || (duplicate && r < 0) || int(l->rules.size()) >= ts::level::limits::kMaxAutoRules)
        return;
    std::vector<AutoRule> rules = l->rules;
    const int at = r >= 0 ? r + 1 : int(rules.size());
    const std::vector<std::int32_t> picked = pickedTiles();
    rules.insert(rules.begin() + at, duplicate ? rules[size_t(r)] : newRule(picked));
    const QString name = quoted(l->name);
    edit(std::move(rules),
         duplicate ? tr("Duplicate Rule %1 of %2").arg(r + 1).arg(name)
                   : tr("Add Rule %1 to %2").arg(at + 1).arg(name),
         at);
    if (!duplicate && picked.empty())
        emit statusMessage(
            tr("Rule %1 paints tile 0: pick its tiles and click Use Picked Tiles.").arg(at + 1));
}

void RulesDock::deleteRule() {
    const ArtLayer* l = layer();
    const int r = currentRule();
    if (!l || r < 0)
        return;
    std::vector<AutoRule> rules = l->rules;
    rules.erase(rules.begin() + r);
    const int next = std::min(r, int(rules.size()) - 1);
    edit(std::move(rules), tr("Delete Rule %1 of %2").arg(r + 1).arg(quoted(l->name)), next);
}

void RulesDock::moveRule(int step) {
    const ArtLayer* l = layer();
    const int r = currentRule();
    const int to = r + step;
    if (!l || r < 0 || to < 0 || to >= int(l->rules.size()))
        return;
    std::vector<AutoRule> rules = l->rules;
    std::swap(rules[size_t(r)], rules[size_t(to)]);
    edit(std::move(rules),
         (step < 0 ? tr("Move Rule %1 of %2 Up") : tr("Move Rule %1 of %2 Down"))
             .arg(r + 1)
             .arg(quoted(l->name)),
         to);
}

std::vector<std::int32_t> RulesDock::pickedTiles() const {
    const ArtLayer* l = layer();
    const ArtStamp& stamp = mOptions->stamp();
    std::vector<std::int32_t> tiles;
    if (!l || stamp.isEmpty() || stamp.tileset != l->tileset)
        return tiles;
    for (const ts::level::ArtTile& t : stamp.tiles)
        if (!t.empty())
            tiles.push_back(t.index);
    return tiles;
}

void RulesDock::usePickedTiles() {
    const ArtLayer* l = layer();
    const int r = currentRule();
    std::vector<std::int32_t> tiles = pickedTiles();
    if (!l || r < 0 || tiles.empty())
        return;
    const size_t most = size_t(ts::level::limits::kMaxRuleTiles);
    const bool cut = tiles.size() > most;
    if (cut)
        tiles.resize(most);
    std::vector<AutoRule> rules = l->rules;
    rules[size_t(r)].tiles = std::move(tiles);
    edit(std::move(rules), tr("Set Tiles of Rule %1 of %2").arg(r + 1).arg(quoted(l->name)), r);
    const auto& stamp = mOptions->stamp().tiles;
    const bool flipped = std::any_of(stamp.begin(), stamp.end(),
                                     [](const ts::level::ArtTile& t) { return t.flips != 0; });
    if (cut)
        emit statusMessage(tr("Rule %1 took the first %2 picked tiles: a rule has at most %2.")
                               .arg(r + 1)
                               .arg(most));
    else if (flipped)
        emit statusMessage(
            tr("Rule %1 paints its tiles unflipped: rules keep no flips.").arg(r + 1));
}

void RulesDock::removeTile() {
    const ArtLayer* l = layer();
    const int r = currentRule();
    if (!l || r < 0)
        return;
    const int variant = mRows[size_t(r)]->tiles()->selected();
    std::vector<AutoRule> rules = l->rules;
    std::vector<std::int32_t>& tiles = rules[size_t(r)].tiles;
    if (variant < 0 || variant >= int(tiles.size()) || tiles.size() <= 1)
        return;
    tiles.erase(tiles.begin() + variant);
    mRows[size_t(r)]->tiles()->setSelected(-1);
    edit(std::move(rules), tr("Remove a Tile of Rule %1 of %2").arg(r + 1).arg(quoted(l->name)), r);
}

void RulesDock::commitSeed() {
    const ArtLayer* l = layer();
    if (!l)
        return;
    bool ok = false;
    const qulonglong value = mSeed->text().toULongLong(&ok);
    if (!ok || value > std::numeric_limits<std::uint32_t>::max()) {
        if (!mSeed->text().isEmpty())
            emit statusMessage(tr("A seed is a whole number from 0 to %1.")
                                   .arg(std::numeric_limits<std::uint32_t>::max()));
        mSeed->setText(QString::number(l->seed));
        return;
    }
    setSeed(std::uint32_t(value));
}

void RulesDock::setSeed(std::uint32_t seed) {
    const int index = layerIndex();
    if (index < 0)
        return;
    ArtLayerProps props = ArtLayerProps::of(mDocument->level().art[size_t(index)]);
    props.seed = seed;
    mDocument->changeArtLayer(index, props);
    mSeed->setText(QString::number(mDocument->level().art[size_t(index)].seed));
}

QImage RulesDock::thumbnail(std::int32_t index) {
    if (const auto at = mThumbnails.constFind(index); at != mThumbnails.constEnd())
        return *at;
    const ts::render::TilesetImage* image =
        mScene ? mScene->tilesetImages().find(mThumbnailTileset) : nullptr;
    QImage tile;
    if (image && image->ok() && index >= 0 && index < image->tileset.count) {
        const ts::level::PixelRect r = image->tileset.tileRect(index);
        tile = image->image.copy(r.x, r.y, r.width, r.height);
    } else if (image) {
        tile = image->placeholder;
    } else {
        const ts::level::Tileset* tileset =
            mDocument ? mDocument->level().findTileset(mThumbnailTileset) : nullptr;
        tile = ts::render::TilesetImages::placeholderTile(tileset ? tileset->tileSize : 16);
    }
    mThumbnails.insert(index, tile);
    return tile;
}

} // namespace ts::editor
