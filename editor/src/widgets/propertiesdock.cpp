#include "propertiesdock.h"

#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/limitsui.h"
#include "uitext.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace ts::editor {

using ts::level::Properties;
using ts::level::PropertyValue;
using ts::level::Spawn;
using ts::level::SpawnKind;

namespace {
const QStringList kTypes = {QStringLiteral("string"), QStringLiteral("int"),
                            QStringLiteral("number"), QStringLiteral("bool")};

PropertyValue defaultValue(const QString& type) {
    if (type == QLatin1String("int"))
        return std::int64_t{0};
    if (type == QLatin1String("number"))
        return 0.0;
    if (type == QLatin1String("bool"))
        return false;
    return std::string();
}
} // namespace

// --- PropertiesTable -------------------------------------------------------

PropertiesTable::PropertiesTable(QWidget* parent) : QWidget(parent) {
    mTable = new QTableWidget(0, 3, this);
    mTable->setHorizontalHeaderLabels({tr("Name"), tr("Type"), tr("Value")});
    // Name and value share the width; no horizontal scrolling in a narrow dock.
    mTable->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    mTable->horizontalHeader()->setSectionResizeMode(TypeColumn, QHeaderView::ResizeToContents);
    mTable->horizontalHeader()->setSectionResizeMode(ValueColumn, QHeaderView::Stretch);
    mTable->verticalHeader()->setVisible(false);
    mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTable->setSelectionMode(QAbstractItemView::SingleSelection);
    connect(mTable, &QTableWidget::itemChanged, this, &PropertiesTable::onItemChanged);

    mAdd = new QToolButton(this);
    mAdd->setIcon(QIcon(QStringLiteral(":/icons/list-add.svg")));
    mAdd->setToolTip(tr("Add a property"));
    mAdd->setAccessibleName(tr("Add property"));
    connect(mAdd, &QToolButton::clicked, this, &PropertiesTable::addProperty);
    mRemove = new QToolButton(this);
    mRemove->setIcon(QIcon(QStringLiteral(":/icons/list-remove.svg")));
    mRemove->setToolTip(tr("Remove the selected property"));
    mRemove->setAccessibleName(tr("Remove property"));
    connect(mRemove, &QToolButton::clicked, this, &PropertiesTable::removeCurrentProperty);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(mAdd);
    buttons->addWidget(mRemove);
    buttons->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mTable);
    layout->addLayout(buttons);
}

QString PropertiesTable::typeName(const PropertyValue& v) {
    if (std::holds_alternative<bool>(v))
        return QStringLiteral("bool");
    if (std::holds_alternative<std::int64_t>(v))
        return QStringLiteral("int");
    if (std::holds_alternative<double>(v))
        return QStringLiteral("number");
    return QStringLiteral("string");
}

QString PropertiesTable::valueText(const PropertyValue& v) {
    if (const bool* b = std::get_if<bool>(&v))
        return *b ? QStringLiteral("true") : QStringLiteral("false");
    if (const std::int64_t* i = std::get_if<std::int64_t>(&v))
        return QString::number(*i);
    if (const double* d = std::get_if<double>(&v))
        return QString::number(*d, 'g', QLocale::FloatingPointShortest);
    return QString::fromStdString(std::get<std::string>(v));
}

bool PropertiesTable::parseValue(const QString& type, const QString& text, PropertyValue& out) {
    const QString t = text.trimmed();
    bool ok = true;
    if (type == QLatin1String("int")) {
        const qlonglong i = t.toLongLong(&ok);
        if (ok)
            out = std::int64_t{i};
    } else if (type == QLatin1String("number")) {
        const double d = t.toDouble(&ok);
        if (ok)
            out = d;
    } else if (type == QLatin1String("bool")) {
        if (t == QLatin1String("true") || t == QLatin1String("1"))
            out = true;
        else if (t == QLatin1String("false") || t == QLatin1String("0") || t.isEmpty())
            out = false;
        else
            ok = false;
    } else {
        out = text.toStdString();
    }
    return ok;
}

void PropertiesTable::setProperties(const Properties& properties) {
    if (properties == mProperties && mTable->rowCount() == int(properties.size()))
        return;
    mProperties = properties;
    rebuild();
}

void PropertiesTable::rebuild() {
    mUpdating = true;
    const int current = mTable->currentRow();
    mTable->clearContents();
    mTable->setRowCount(int(mProperties.size()));
    int row = 0;
    for (const auto& [key, value] : mProperties) {
        mTable->setItem(row, NameColumn, new QTableWidgetItem(QString::fromStdString(key)));
        auto* type = new QComboBox;
        type->addItems(kTypes);
        type->setCurrentText(typeName(value));
        type->setAccessibleName(tr("Type of %1").arg(QString::fromStdString(key)));
        connect(type, &QComboBox::currentTextChanged, this, [this, type](const QString& t) {
            for (int r = 0; r < mTable->rowCount(); ++r) {
                if (mTable->cellWidget(r, TypeColumn) == type) {
                    onTypeChanged(r, t);
                    return;
                }
            }
        });
        mTable->setCellWidget(row, TypeColumn, type);
        auto* item = new QTableWidgetItem;
        if (const bool* b = std::get_if<bool>(&value)) {
            item->setFlags((item->flags() | Qt::ItemIsUserCheckable) & ~Qt::ItemIsEditable);
            item->setCheckState(*b ? Qt::Checked : Qt::Unchecked);
            item->setText(valueText(value));
        } else {
            item->setText(valueText(value));
        }
        mTable->setItem(row, ValueColumn, item);
        ++row;
    }
    if (current >= 0 && current < mTable->rowCount())
        mTable->setCurrentCell(current, NameColumn);
    mRemove->setEnabled(mTable->rowCount() > 0);
    mUpdating = false;
}

void PropertiesTable::onItemChanged() {
    if (mUpdating)
        return;
    Properties result;
    bool valid = true;
    for (int r = 0; r < mTable->rowCount() && valid; ++r) {
        const QTableWidgetItem* nameItem = mTable->item(r, NameColumn);
        const QTableWidgetItem* valueItem = mTable->item(r, ValueColumn);
        const auto* typeBox = qobject_cast<QComboBox*>(mTable->cellWidget(r, TypeColumn));
        if (!nameItem || !valueItem || !typeBox) {
            valid = false;
            break;
        }
        const std::string name = nameItem->text().trimmed().toStdString();
        if (name.empty() || result.count(name)) {
            valid = false;
            break;
        }
        PropertyValue v;
        if (typeBox->currentText() == QLatin1String("bool"))
            v = valueItem->checkState() == Qt::Checked;
        else
            valid = parseValue(typeBox->currentText(), valueItem->text(), v);
        result[name] = v;
    }
    // Invalid input (empty or duplicate name, "abc" for an int) reverts the
    // table; deferred, since we are inside the item's setData().
    if (valid && result != mProperties) {
        mProperties = result;
        emit edited(mProperties);
    }
    QMetaObject::invokeMethod(this, &PropertiesTable::rebuild, Qt::QueuedConnection);
}

void PropertiesTable::onTypeChanged(int row, const QString& type) {
    if (mUpdating)
        return;
    const QTableWidgetItem* nameItem = mTable->item(row, NameColumn);
    const QTableWidgetItem* valueItem = mTable->item(row, ValueColumn);
    if (!nameItem || !valueItem)
        return;
    const std::string name = nameItem->text().trimmed().toStdString();
    auto it = mProperties.find(name);
    if (it == mProperties.end())
        return;
    PropertyValue v;
    if (!parseValue(type, valueText(it->second), v))
        v = defaultValue(type);
    it->second = v;
    emit edited(mProperties);
    QMetaObject::invokeMethod(this, &PropertiesTable::rebuild, Qt::QueuedConnection);
}

void PropertiesTable::addProperty() {
    std::string name = "property";
    for (int n = 2; mProperties.count(name); ++n)
        name = "property" + std::to_string(n);
    mProperties[name] = std::string();
    rebuild();
    for (int r = 0; r < mTable->rowCount(); ++r) {
        if (mTable->item(r, NameColumn)->text().toStdString() == name)
            mTable->setCurrentCell(r, NameColumn);
    }
    emit edited(mProperties);
}

void PropertiesTable::removeCurrentProperty() {
    const int row = mTable->currentRow();
    if (row < 0 || !mTable->item(row, NameColumn))
        return;
    mProperties.erase(mTable->item(row, NameColumn)->text().trimmed().toStdString());
    rebuild();
    emit edited(mProperties);
}

// --- PropertiesDock --------------------------------------------------------

namespace {
/// A spin box with the format's range and unit for `r`.
QDoubleSpinBox* makeSpin(QWidget* parent, const ts::level::limits::FloatRange& r, double step,
                         int decimals) {
    auto* box = new QDoubleSpinBox(parent);
    applyLimits(box, r, decimals);
    box->setSingleStep(step);
    box->setKeyboardTracking(false);
    return box;
}
} // namespace

PropertiesDock::PropertiesDock(QWidget* parent) : QDockWidget(tr("Properties"), parent) {
    setObjectName(QStringLiteral("PropertiesDock"));
    auto* root = new QWidget(this);
    mInfo = new QLabel(tr("No spawn selected"), root);
    mInfo->setWordWrap(true);
    mInfo->setMinimumHeight(2 * mInfo->fontMetrics().lineSpacing());
    mEditor = new QWidget(root);

    mKind = new QComboBox(mEditor);
    for (SpawnKind k : ts::level::kSpawnKinds)
        mKind->addItem(spawnKindLabel(k), int(k));
    mX = new QSpinBox(mEditor);
    mY = new QSpinBox(mEditor);
    for (QSpinBox* b : {mX, mY})
        b->setKeyboardTracking(false);
    namespace limits = ts::level::limits;
    mWidth = makeSpin(mEditor, limits::kSpawnSize, 1, 1);
    mHeight = makeSpin(mEditor, limits::kSpawnSize, 1, 1);
    mRadius = makeSpin(mEditor, limits::kRadius, 0.5, 1);
    mMass = makeSpin(mEditor, limits::kMass, 0.5, 2);
    mMass->setToolTip(tr("0 makes the body immovable"));
    mRestitution = makeSpin(mEditor, limits::kRestitution, 0.05, 2);
    mRestitution->setToolTip(tr("Bounciness: 0 = no bounce, 1 = perfectly elastic"));
    mVx = makeSpin(mEditor, limits::kVelocity, 10, 1);
    mVy = makeSpin(mEditor, limits::kVelocity, 10, 1);
    mVy->setToolTip(tr("Positive is up"));

    auto* form = new QFormLayout(mEditor);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Kind:"), mKind);
    auto* pos = new QHBoxLayout;
    pos->addWidget(mX);
    pos->addWidget(mY);
    form->addRow(tr("Tile (x, y):"), pos);
    mWidthLabel = new QLabel(tr("&Width:"), mEditor);
    mWidthLabel->setBuddy(mWidth);
    form->addRow(mWidthLabel, mWidth);
    mHeightLabel = new QLabel(tr("&Height:"), mEditor);
    mHeightLabel->setBuddy(mHeight);
    form->addRow(mHeightLabel, mHeight);
    mRadiusLabel = new QLabel(tr("&Radius:"), mEditor);
    mRadiusLabel->setBuddy(mRadius);
    form->addRow(mRadiusLabel, mRadius);
    form->addRow(tr("&Mass:"), mMass);
    form->addRow(tr("Res&titution:"), mRestitution);
    form->addRow(tr("Velocity &x:"), mVx);
    form->addRow(tr("Velocity &y:"), mVy);
    mTable = new PropertiesTable(mEditor);
    form->addRow(new QLabel(tr("Custom properties:"), mEditor));
    form->addRow(mTable);

    auto* layout = new QVBoxLayout(root);
    layout->addWidget(mInfo);
    layout->addWidget(mEditor, 1);
    layout->addStretch();
    // The form scrolls when the dock is shorter than it, instead of setting the
    // window's least height (with a body selected it is taller than the docks
    // beside it leave in a small window).
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("PropertiesScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(root);
    // As short as the "No spawn selected" text (a scroll area's own least height
    // is more); only the height scrolls, the dock stays as wide as the form needs.
    scroll->setMinimumHeight(mInfo->minimumHeight() + layout->contentsMargins().top() +
                             layout->contentsMargins().bottom());
    scroll->setMinimumWidth(root->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width());
    setWidget(scroll);

    connect(mKind, &QComboBox::currentIndexChanged, this, [this] { apply(KindField); });
    connect(mX, &QSpinBox::valueChanged, this, [this] { apply(XField); });
    connect(mY, &QSpinBox::valueChanged, this, [this] { apply(YField); });
    const std::pair<QDoubleSpinBox*, Field> spins[] = {
        {mWidth, WidthField}, {mHeight, HeightField},           {mRadius, RadiusField},
        {mMass, MassField},   {mRestitution, RestitutionField}, {mVx, VxField},
        {mVy, VyField}};
    for (const auto& [box, field] : spins) {
        const Field f = field;
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, f] { apply(f); });
    }
    connect(mTable, &PropertiesTable::edited, this, [this] { apply(PropertiesField); });
    refresh();
}

void PropertiesDock::setDocument(LevelDocument* document) {
    if (mDocument)
        disconnect(mDocument, nullptr, this, nullptr);
    mDocument = document;
    mSpawnId = 0;
    mSelectionCount = 0;
    if (mDocument) {
        connect(mDocument, &LevelDocument::spawnsChanged, this, &PropertiesDock::refresh);
        connect(mDocument, &LevelDocument::levelReset, this, &PropertiesDock::refresh);
    }
    refresh();
}

void PropertiesDock::setSelectedSpawns(const QList<int>& ids) {
    mSelectionCount = int(ids.size());
    mSpawnId = ids.isEmpty() ? 0 : ids.first();
    refresh();
}

const Spawn* PropertiesDock::currentSpawn() const {
    if (!mDocument || mSpawnId == 0)
        return nullptr;
    return mDocument->level().findSpawn(mSpawnId);
}

void PropertiesDock::refresh() {
    mUpdating = true;
    const Spawn* s = currentSpawn();
    // Nothing to edit: show only the hint, not a form of meaningless values.
    mEditor->setVisible(s != nullptr);
    if (!s) {
        mInfo->setText(tr("No spawn selected. Select a spawn with the spawn tool to edit it."));
        mTable->setProperties({});
    } else {
        mInfo->setText(
            mSelectionCount > 1
                ? tr("%1 (first of %2 selected spawns)").arg(spawnLabel(*s)).arg(mSelectionCount)
                : spawnLabel(*s));
        // Only one player may exist: offer "Player" only to the player itself
        // or when the level has none.
        const ts::level::Spawn* player = mDocument->level().player();
        if (auto* model = qobject_cast<QStandardItemModel*>(mKind->model()))
            model->item(0)->setEnabled(!player || player->id == s->id);
        mKind->setCurrentIndex(mKind->findData(int(s->kind)));
        mX->setRange(0, std::max(0, mDocument->level().width - 1));
        mY->setRange(0, std::max(0, mDocument->level().height - 1));
        mX->setValue(s->x);
        mY->setValue(s->y);
        mWidth->setValue(s->width);
        mHeight->setValue(s->height);
        mRadius->setValue(s->radius);
        mMass->setValue(s->mass);
        mRestitution->setValue(s->restitution);
        mVx->setValue(s->vx);
        mVy->setValue(s->vy);
        const bool ball = s->kind == SpawnKind::Ball;
        for (QWidget* w : {static_cast<QWidget*>(mWidthLabel), static_cast<QWidget*>(mWidth),
                           static_cast<QWidget*>(mHeightLabel), static_cast<QWidget*>(mHeight)})
            w->setVisible(!ball);
        mRadiusLabel->setVisible(ball);
        mRadius->setVisible(ball);
        // A goal is an area, not a body: no mass, bounce or velocity.
        auto* form = qobject_cast<QFormLayout*>(mEditor->layout());
        for (QWidget* w : {static_cast<QWidget*>(mMass), static_cast<QWidget*>(mRestitution),
                           static_cast<QWidget*>(mVx), static_cast<QWidget*>(mVy)}) {
            w->setVisible(ts::level::isBodyKind(s->kind));
            if (QWidget* label = form ? form->labelForField(w) : nullptr)
                label->setVisible(ts::level::isBodyKind(s->kind));
        }
        mTable->setProperties(s->properties);
    }
    mUpdating = false;
}

void PropertiesDock::apply(Field field) {
    if (mUpdating)
        return;
    const Spawn* current = currentSpawn();
    if (!current)
        return;
    Spawn s = *current;
    switch (field) {
    case KindField:
        s.kind = static_cast<SpawnKind>(mKind->currentData().toInt());
        break;
    case XField:
        s.x = mX->value();
        break;
    case YField:
        s.y = mY->value();
        break;
    case WidthField:
        s.width = float(mWidth->value());
        break;
    case HeightField:
        s.height = float(mHeight->value());
        break;
    case RadiusField:
        s.radius = float(mRadius->value());
        break;
    case MassField:
        s.mass = float(mMass->value());
        break;
    case RestitutionField:
        s.restitution = float(mRestitution->value());
        break;
    case VxField:
        s.vx = float(mVx->value());
        break;
    case VyField:
        s.vy = float(mVy->value());
        break;
    case PropertiesField:
        s.properties = mTable->properties();
        break;
    }
    if (s == *current)
        return;
    // Kind and custom properties are discrete edits: one undo step each. Numbers
    // merge while the same field of the same spawn keeps changing (arrow keys).
    const int mergeId = (field == KindField || field == PropertiesField) ? 0 : int(field);
    mDocument->changeSpawn(s, mergeId);
    const Spawn* now = currentSpawn();
    if (!now || *now == s)
        return;
    // Refused (a spawn never stands in a solid tile, the player stays the
    // player): the fields show the spawn as it is, not the value typed or
    // chosen, and the status bar says why.
    const QPoint was(now->x, now->y);
    const SpawnKind kind = now->kind;
    refresh();
    if (kind != s.kind && kind == SpawnKind::Player)
        emit statusMessage(tr("The player stays a player: a level needs one. Place another "
                              "spawn kind with the Spawn tool (P)."));
    else if (was != QPoint(s.x, s.y))
        emit statusMessage(tr("%1 stays at %2, %3: tile %4, %5 is solid.")
                               .arg(spawnLabel(*now))
                               .arg(was.x())
                               .arg(was.y())
                               .arg(s.x)
                               .arg(s.y));
}

} // namespace ts::editor
