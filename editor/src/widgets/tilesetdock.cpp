#include "tilesetdock.h"

#include "addtilesetdialog.h"
#include "tilesetview.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/tooloptions.h"
#include "tilesmith/editor/windowprompts.h"
#include "tilesmith/level/limits.h"
#include "tilesmith/render/tilesetimages.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImageReader>
#include <QLabel>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ts::editor {

namespace {

enum Zoom { ZoomFit, Zoom1, Zoom2, Zoom4 };

const ts::level::Tileset* findTileset(const ts::level::Level& level, const std::string& name) {
    for (const ts::level::Tileset& t : level.tilesets)
        if (t.name == name)
            return &t;
    return nullptr;
}

} // namespace

TilesetDock::TilesetDock(ToolOptions* options, QWidget* parent)
    : QDockWidget(tr("Tileset"), parent), mOptions(options) {
    setObjectName(QStringLiteral("TilesetDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* bar = new QHBoxLayout;
    mTilesets = new QComboBox(body);
    mTilesets->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    mTilesets->setMinimumContentsLength(6);
    mTilesets->setToolTip(tr("The tileset shown: the active art layer's"));
    mZoom = new QComboBox(body);
    mZoom->addItems({tr("Fit"), tr("1x"), tr("2x"), tr("4x")});
    mZoom->setToolTip(tr("Zoom"));
    mAdd = new QToolButton(body);
    mAdd->setText(tr("Add Tileset…"));
    mAdd->setToolTip(tr("Cut a PNG into tiles and add it to the level"));
    bar->addWidget(mTilesets, 1);
    bar->addWidget(mZoom);
    bar->addWidget(mAdd);
    layout->addLayout(bar);

    mProblem = new QLabel(body);
    mProblem->setWordWrap(true);
    mProblem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mProblem->hide();
    layout->addWidget(mProblem);

    mScroll = new QScrollArea(body);
    mView = new TilesetView;
    mScroll->setWidget(mView);
    mScroll->setWidgetResizable(false);
    mScroll->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    mScroll->setMinimumHeight(80);
    mScroll->viewport()->installEventFilter(this);
    layout->addWidget(mScroll, 1);

    mHover = new QLabel(body);
    layout->addWidget(mHover);
    setWidget(body);

    connect(mTilesets, &QComboBox::currentIndexChanged, this, [this] {
        if (!mRebuilding)
            refreshView();
    });
    connect(mZoom, &QComboBox::currentIndexChanged, this, &TilesetDock::applyZoom);
    connect(mAdd, &QToolButton::clicked, this, &TilesetDock::addTileset);
    connect(mView, &TilesetView::tilesPicked, this, &TilesetDock::pickTiles);
    connect(mView, &TilesetView::hovered, this, &TilesetDock::showHovered);
    connect(mOptions, &ToolOptions::activeLayerChanged, this, &TilesetDock::followActiveLayer);
    connect(mOptions, &ToolOptions::stampChanged, this, &TilesetDock::showStamp);
    showHovered(-1, {});
}

TilesetDock::~TilesetDock() = default;

void TilesetDock::setDocument(LevelDocument* document) {
    if (mDocument)
        mDocument->disconnect(this);
    mDocument = document;
    if (mDocument) {
        connect(mDocument, &LevelDocument::artLayersChanged, this, &TilesetDock::rebuild);
        connect(mDocument, &LevelDocument::levelReset, this, &TilesetDock::rebuild);
    }
    rebuild();
    followActiveLayer();
}

void TilesetDock::setScene(LevelScene* scene) {
    if (mScene)
        mScene->disconnect(this);
    mScene = scene;
    if (mScene)
        connect(mScene, &LevelScene::tilesetImagesChanged, this, &TilesetDock::refreshView);
    refreshView();
}

void TilesetDock::setPrompts(std::function<WindowPrompts*()> prompts) {
    mPrompts = std::move(prompts);
}

WindowPrompts* TilesetDock::prompts() const {
    static WindowPrompts dialogs; // the usual Qt dialogs
    WindowPrompts* p = mPrompts ? mPrompts() : nullptr;
    return p ? p : &dialogs;
}

std::string TilesetDock::currentTileset() const {
    return mTilesets->currentData().toString().toStdString();
}

void TilesetDock::showTileset(const std::string& name) {
    const int row = mTilesets->findData(QString::fromStdString(name));
    if (row >= 0)
        mTilesets->setCurrentIndex(row);
}

void TilesetDock::setZoomIndex(int index) {
    mZoom->setCurrentIndex(index);
}

void TilesetDock::rebuild() {
    const std::string shown = currentTileset();
    mRebuilding = true;
    mTilesets->clear();
    if (mDocument)
        for (const ts::level::Tileset& t : mDocument->level().tilesets)
            mTilesets->addItem(QString::fromStdString(t.name), QString::fromStdString(t.name));
    mTilesets->setEnabled(mTilesets->count() > 0);
    const int keep = mTilesets->findData(QString::fromStdString(shown));
    mTilesets->setCurrentIndex(keep >= 0 ? keep : (mTilesets->count() > 0 ? 0 : -1));
    mRebuilding = false;
    refreshView();
}

void TilesetDock::refreshView() {
    const ts::level::Tileset* tileset =
        mDocument ? findTileset(mDocument->level(), currentTileset()) : nullptr;
    if (!tileset) {
        mView->clear();
        mProblem->hide();
        showHovered(-1, {});
        return;
    }
    // The scene's decoded image; the geometry is the level's (the scene may not have
    // synced an edit yet), drawn as placeholders until the image matches it.
    const ts::render::TilesetImage* image =
        mScene ? mScene->tilesetImages().find(tileset->name) : nullptr;
    const bool current = image && image->tileset == *tileset;
    const QImage placeholder = current
                                   ? image->placeholder
                                   : ts::render::TilesetImages::placeholderTile(tileset->tileSize);
    mView->setTileset(*tileset, current && image->ok() ? image->image : QImage(), placeholder);
    const QString problem = current ? image->problem : QString();
    mProblem->setText(problem);
    mProblem->setVisible(!problem.isEmpty());
    showStamp();
    applyZoom();
}

void TilesetDock::followActiveLayer() {
    const int index = mOptions->activeLayerIndex();
    if (mDocument && index >= 0 && index < int(mDocument->level().art.size()))
        showTileset(mDocument->level().art[std::size_t(index)].tileset);
}

void TilesetDock::showStamp() {
    // Outlined when the stamp is a block of this sheet as it lies in the image (a stamp
    // picked from the map, or flipped, is no rectangle of it).
    const ts::editor::ArtStamp& stamp = mOptions->stamp();
    const ts::level::Tileset& t = mView->tileset();
    QRect picked;
    if (mView->hasTileset() && !stamp.isEmpty() && stamp.tileset == t.name &&
        stamp.tiles.size() == std::size_t(stamp.width) * std::size_t(stamp.height) &&
        stamp.tiles[0].index >= 0) {
        const int first = stamp.tiles[0].index;
        const QPoint origin(first % t.columns, first / t.columns);
        bool block = origin.x() + stamp.width <= t.columns;
        for (int y = 0; block && y < stamp.height; ++y)
            for (int x = 0; block && x < stamp.width; ++x) {
                const ts::level::ArtTile tile = stamp.tiles[std::size_t(y * stamp.width + x)];
                const int expected = mView->indexAt(origin + QPoint(x, y));
                block =
                    tile.flips == 0 && (tile.index == expected || (tile.empty() && expected < 0));
            }
        if (block)
            picked = QRect(origin, QSize(stamp.width, stamp.height));
    }
    mView->setPicked(picked);
}

void TilesetDock::applyZoom() {
    const QSize image = mView->imageSize();
    if (image.isEmpty())
        return;
    switch (mZoom->currentIndex()) {
    case Zoom1:
        mView->setScale(1);
        break;
    case Zoom2:
        mView->setScale(2);
        break;
    case Zoom4:
        mView->setScale(4);
        break;
    default: {
        // The dock's width (sheets are tall: they scroll down), whole steps of a quarter.
        const int width = mScroll->viewport()->width();
        const qreal fit = std::floor(qreal(width) / image.width() * 4) / 4;
        mView->setScale(std::clamp<qreal>(fit, 0.25, 8));
    }
    }
}

bool TilesetDock::eventFilter(QObject* watched, QEvent* event) {
    if (watched == mScroll->viewport() && event->type() == QEvent::Resize &&
        mZoom->currentIndex() == ZoomFit)
        applyZoom();
    return QDockWidget::eventFilter(watched, event);
}

void TilesetDock::pickTiles(const QRect& cells) {
    if (cells.isEmpty() || !mView->hasTileset())
        return;
    ArtStamp stamp;
    stamp.tileset = mView->tileset().name;
    stamp.width = cells.width();
    stamp.height = cells.height();
    for (int y = cells.top(); y <= cells.bottom(); ++y)
        for (int x = cells.left(); x <= cells.right(); ++x)
            stamp.tiles.push_back({mView->indexAt({x, y}), 0}); // -1 past the last tile
    mOptions->setStamp(std::move(stamp));
    showStamp();
}

void TilesetDock::showHovered(int index, QPoint cell) {
    QString text;
    if (index >= 0)
        text = tr("tile %1 (column %2, row %3)").arg(index).arg(cell.x()).arg(cell.y());
    else if (!mView->hasTileset())
        text = tr("No tileset: Add Tileset… cuts one from a PNG");
    mHover->setText(text);
    mView->setToolTip(text);
}

void TilesetDock::addTileset() {
    if (!mDocument)
        return;
    WindowPrompts* ask = prompts();
    if (mDocument->level().tilesets.size() >= std::size_t(ts::level::limits::kMaxTilesets)) {
        WindowPrompts::Message m;
        m.icon = QMessageBox::Warning;
        m.title = tr("Add Tileset");
        m.text = tr("The level has %1 tilesets, the most a level holds.")
                     .arg(ts::level::limits::kMaxTilesets);
        ask->message(this, m);
        return;
    }
    const QString folder = mDocument->assetFolder();
    const QString path =
        ask->openFileName(this, tr("Add Tileset"), folder.isEmpty() ? QDir::homePath() : folder,
                          tr("PNG images (*.png);;All files (*)"));
    if (path.isEmpty())
        return;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QImageReader reader(absolute);
    const QSize size = reader.size();
    const auto refuse = [&](const QString& why) {
        WindowPrompts::Message m;
        m.icon = QMessageBox::Warning;
        m.title = tr("Add Tileset");
        m.text = tr("Cannot add %1 as a tileset.").arg(QDir::toNativeSeparators(absolute));
        m.informativeText = why;
        ask->message(this, m);
    };
    if (!size.isValid()) {
        refuse(reader.errorString());
        return;
    }
    ts::level::Tileset tileset;
    tileset.name = QFileInfo(absolute).completeBaseName().toStdString();
    tileset.image =
        (folder.isEmpty() ? absolute : QDir(folder).relativeFilePath(absolute)).toStdString();
    tileset.tileSize = 16;
    if (!ask->tilesetSettings(this, size, tileset))
        return;
    QString error;
    if (tileset.name.empty() || !cutTileset(tileset, size, &error)) {
        refuse(tileset.name.empty() ? tr("The tileset needs a name.") : error);
        return;
    }
    const std::string name = mDocument->addTileset(tileset);
    showTileset(name);
    emit statusMessage(tr("Added tileset %1: %2 tiles in %3 columns")
                           .arg(QString::fromStdString(name))
                           .arg(tileset.count)
                           .arg(tileset.columns));
}

} // namespace ts::editor
