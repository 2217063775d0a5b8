// Shared by the tests that drive a main window (test_mainwindow.cpp,
// test_mainwindow_files.cpp and the other window tests): prompts answered from a
// script, and a fixture with its own settings folder, a fresh work folder per test,
// copies of the sample levels and helpers that click, select and type as a designer.
#pragma once

#include "document/autosave.h"
#include "testsettings.h"
#include "tilesmith/editor/abstracttool.h"
#include "tilesmith/editor/editorview.h"
#include "tilesmith/editor/leveldocument.h"
#include "tilesmith/editor/levelscene.h"
#include "tilesmith/editor/mainwindow.h"
#include "tilesmith/editor/spawnitem.h"
#include "tilesmith/editor/toolmanager.h"
#include "tilesmith/level/levelio.h"
#include "widgets/levelpropertiesdialog.h"
#include "widgets/propertiesdock.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QWindow>

#include <optional>

#include <unistd.h>

using namespace ts::editor;

/// Answers the window's questions from a script and records what was asked.
class ScriptedPrompts : public WindowPrompts {
public:
    QList<QMessageBox::StandardButton> answers;
    QList<Message> asked;
    QString openPath;
    QString savePath;
    int fileDialogs = 0;

    QMessageBox::StandardButton message(QWidget*, const Message& m) override {
        asked << m;
        if (answers.isEmpty())
            return m.buttons.testFlag(QMessageBox::Cancel) ? QMessageBox::Cancel : QMessageBox::Ok;
        return answers.takeFirst();
    }
    std::optional<NewLevelDialog::Settings> newSettings; ///< nullopt = cancel the dialog
    bool realNewLevelDialog = false;                     ///< show the real New Level dialog instead
    bool newLevelSettings(QWidget* parent, NewLevelDialog::Settings& settings) override {
        ++fileDialogs;
        if (realNewLevelDialog)
            return WindowPrompts::newLevelSettings(parent, settings);
        if (!newSettings)
            return false;
        settings = *newSettings;
        return true;
    }
    QString openFileName(QWidget*, const QString&, const QString&, const QString&) override {
        ++fileDialogs;
        return openPath;
    }
    bool realSaveDialog = false; ///< show the real save dialog instead of answering savePath
    QString saveFileName(QWidget* parent, const QString& caption, const QString& suggestion,
                         const QString& filter) override {
        ++fileDialogs;
        saveSuggestions << suggestion;
        if (realSaveDialog)
            return WindowPrompts::saveFileName(parent, caption, suggestion, filter);
        return savePath;
    }
    QStringList saveSuggestions; ///< what each save dialog proposed
};

inline QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline void paintOneTile(LevelDocument* doc, QPoint pos = {5, 5}) {
    const ts::Tile old = doc->level().tile(pos.x(), pos.y());
    doc->paintTiles({{pos, old == ts::Tile::Solid ? ts::Tile::Empty : ts::Tile::Solid}},
                    QStringLiteral("Paint"));
}

/// The fixture of the main-window tests: settings and recovery files in a
/// temporary folder, a work folder per test.
class MainWindowTest : public QObject {
protected:
    QTemporaryDir mSettingsDir;
    std::unique_ptr<QTemporaryDir> mWork;

    QString work(const QString& name) const { return mWork->filePath(name); }
    /// A fresh copy of a sample level in the work folder.
    QString copyLevel(const QString& sample, const QString& as) {
        const QString src = QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/") + sample;
        const QString dst = work(as);
        QFile::remove(dst);
        if (!QFile::copy(src, dst))
            qFatal("cannot copy %s", qPrintable(src));
        QFile(dst).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        return dst;
    }
    /// A window with scripted prompts; `prompts` receives the script.
    std::unique_ptr<MainWindow> makeWindow(ScriptedPrompts** prompts) {
        auto w = std::make_unique<MainWindow>();
        auto p = std::make_unique<ScriptedPrompts>();
        *prompts = p.get();
        w->setPrompts(std::move(p));
        return w;
    }

    /// A shown, active window with scripted prompts on `path` (none: a new level),
    /// its settings off and the keyboard in the view; null if it did not open.
    /// A window on a fresh copy of the sample level `sample` (openWindow()).
    std::unique_ptr<MainWindow> openSample(ScriptedPrompts** prompts, const QString& sample) {
        return openWindow(prompts, copyLevel(sample, sample));
    }

    /// The next start, as the application does it: the stored settings restored
    /// (after the level, when one is given), then shown with the keyboard in the view.
    std::unique_ptr<MainWindow> restart(ScriptedPrompts** prompts, const QString& path = {}) {
        auto w = makeWindow(prompts);
        if (!path.isEmpty() && !w->openFile(path))
            return nullptr;
        w->restoreWindowState();
        return shown(std::move(w));
    }

    std::unique_ptr<MainWindow> openWindow(ScriptedPrompts** prompts, const QString& path,
                                           QSize size = {1100, 700}) {
        auto w = makeWindow(prompts);
        w->setSettingsEnabled(false);
        if (!path.isEmpty() && !w->openFile(path))
            return nullptr;
        w->resize(size);
        return shown(std::move(w));
    }

    /// `w` shown and active with the keyboard in the view; null if it never became active.
    static std::unique_ptr<MainWindow> shown(std::unique_ptr<MainWindow> w) {
        w->show();
        w->activateWindow();
        w->view()->setFocus();
        if (!QTest::qWaitForWindowActive(w.get()))
            return nullptr;
        return w;
    }

    static QWidget* viewport(MainWindow* w) { return w->view()->viewport(); }
    /// The viewport point of a tile's centre, scrolled into view.
    static QPoint tilePoint(MainWindow* w, QPoint tile) {
        const QPointF c = w->scene()->tileCenter(tile);
        w->view()->ensureVisible(QRectF(c - QPointF(8, 8), QSizeF(16, 16)));
        return w->view()->mapFromScene(c);
    }
    /// Drags with the Select tool (S) from tile `from` to tile `to`.
    static void selectTiles(MainWindow* w, QPoint from, QPoint to) {
        QTest::keyClick(viewport(w), Qt::Key_S);
        QTest::mousePress(viewport(w), Qt::LeftButton, {}, tilePoint(w, from));
        QTest::mouseMove(viewport(w), tilePoint(w, to));
        QTest::mouseRelease(viewport(w), Qt::LeftButton, {}, tilePoint(w, to));
    }
    /// The viewport point of tile `tile`'s centre, scrolled into view (as tilePoint()).
    static QPoint at(MainWindow* w, QPoint tile) { return tilePoint(w, tile); }
    /// The spawn kind the tool bar's kind box shows.
    static QString kindBoxText(MainWindow* w) {
        auto* box = w->findChild<QComboBox*>(QStringLiteral("spawnKindBox"));
        return box ? box->currentText() : QStringLiteral("(no spawn kind box)");
    }
    /// Clicks spawn `id` with the Spawn tool (P), as a designer selects it.
    static void clickSpawn(MainWindow* w, int id) {
        QTest::keyClick(viewport(w), Qt::Key_P);
        SpawnItem* item = w->scene()->spawnItem(id);
        QVERIFY(item);
        const QPointF c = item->sceneBoundingRect().center();
        w->view()->ensureVisible(QRectF(c - QPointF(8, 8), QSizeF(16, 16)));
        QTest::mouseClick(viewport(w), Qt::LeftButton, {}, w->view()->mapFromScene(c));
    }
    /// Selects the tutorial's box (mass 2), clicks its Mass field and types `text`
    /// over its value without confirming it; returns the field.
    static QDoubleSpinBox* typeBoxMass(MainWindow* w, const QString& text) {
        clickSpawn(w, 4);
        QDoubleSpinBox* mass = w->findChild<ts::editor::PropertiesDock*>()->massBox();
        QTest::mouseClick(mass->findChild<QLineEdit*>(), Qt::LeftButton);
        if (!QTest::qWaitFor([&] { return QApplication::focusWidget() == mass; }))
            return nullptr;
        mass->selectAll();
        QTest::keyClicks(mass, text);
        return mass;
    }

    /// Leaves a recovery file of unsaved untitled work, as a session that crashed
    /// would (the window goes away without closing).
    void leaveUntitledRecovery() {
        ScriptedPrompts* prompts = nullptr;
        auto crashed = makeWindow(&prompts);
        paintOneTile(crashed->document());
        QVERIFY(crashed->autosave()->saveNow());
        crashed.reset();
        QCOMPARE(Autosave::pendingRecoveries().size(), std::size_t(1));
    }

    /// Their initTestCase(), init() and cleanup().
    void setUpTestCase() {
        tstest::isolateSettings(mSettingsDir, QStringLiteral("Tilesmith"),
                                QStringLiteral("Tilesmith"));
        if (QTest::currentTestFailed())
            return;
        Autosave::setDirectoryOverride(mSettingsDir.filePath(QStringLiteral("recovery")));
    }

    void setUpTest() {
        mWork = std::make_unique<QTemporaryDir>();
        QVERIFY(mWork->isValid());
        QSettings(QStringLiteral("Tilesmith"), QStringLiteral("Tilesmith")).clear();
        QDir(Autosave::directory()).removeRecursively();
    }

    void tearDownTest() {
        if (mWork)
            QFile::setPermissions(mWork->path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                     QFileDevice::ExeOwner);
        mWork.reset();
    }
};
