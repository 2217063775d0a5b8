// The window's layout gives way to the map, through the real window:
// - at the smallest window the map keeps a usable size (the docks shrink first);
// - View > Reset Layout (by its menu keys) puts every dock back where it starts, at its
//   first size, after docks were floated, hidden, moved and squashed;
// - a squashed layout (a window made very small and enlarged again leaves the docks at
//   their least) is not saved: the next start has the default one;
// - with seven docks tabbed in the right column the tabs keep their whole titles.
#include "mainwindow_testutil.h"
#include "tilesmith/editor/windowextension.h"

#include <QDockWidget>
#include <QMenuBar>
#include <QTabBar>

namespace {

/// A mode with docks of its own, tabbed on the right as play mode's Play and Replays.
class DocksExtension : public WindowExtension {
public:
    DocksExtension() {
        for (const char* title : {"Play", "Replays"}) {
            auto* dock = new QDockWidget(QString::fromLatin1(title));
            dock->setObjectName(QString::fromLatin1(title) + QStringLiteral("Dock"));
            dock->setWidget(new QWidget(dock));
            mDocks << dock;
        }
    }
    ~DocksExtension() override { qDeleteAll(mDocks); }
    QList<Dock> docks() override {
        QList<Dock> list;
        for (QDockWidget* d : std::as_const(mDocks))
            list.push_back({d, Qt::RightDockWidgetArea});
        return list;
    }
    void setContext(const WindowContext&) override {}

private:
    QList<QPointer<QDockWidget>> mDocks;
};

/// Where each dock is: its area, floating, shown, the docks tabbed with it.
struct DockState {
    Qt::DockWidgetArea area;
    bool floating;
    bool hidden;
    QStringList tabbedWith;
    bool operator==(const DockState&) const = default;
};

QMap<QString, DockState> dockStates(MainWindow* w) {
    QMap<QString, DockState> states;
    for (QDockWidget* d : w->findChildren<QDockWidget*>()) {
        QStringList tabbed;
        for (QDockWidget* t : w->tabifiedDockWidgets(d))
            tabbed << t->objectName();
        tabbed.sort();
        states.insert(d->objectName(),
                      {w->dockWidgetArea(d), d->isFloating(), d->isHidden(), tabbed});
    }
    return states;
}

QDockWidget* dock(MainWindow* w, const char* name) {
    return w->findChild<QDockWidget*>(QLatin1String(name));
}

void settle() {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
}

} // namespace

class TestWindowLayout : public MainWindowTest {
    Q_OBJECT

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void smallestWindowKeepsAUsableMap() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        w->resize(450, 465);
        settle();
        // As small as it gets (its least size, or the one asked for).
        QVERIFY(w->width() <= std::max(450, w->minimumSizeHint().width()));
        const QSize map = w->view()->size();
        QVERIFY2(map.width() >= MainWindow::usableMapSize().width() &&
                     map.height() >= MainWindow::usableMapSize().height(),
                 qPrintable(QStringLiteral("map %1 x %2 in a window of %3 x %4")
                                .arg(map.width())
                                .arg(map.height())
                                .arg(w->width())
                                .arg(w->height())));
        // The docks are still there, a click away.
        QVERIFY(!dock(w.get(), "HistoryDock")->isHidden());
    }

    void resetLayoutPutsTheDocksBack() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openSample(&prompts, QStringLiteral("tutorial.yaml"));
        QVERIFY(w);
        w->resize(1200, 800);
        settle();
        const QMap<QString, DockState> before = dockStates(w.get());
        QDockWidget* properties = dock(w.get(), "PropertiesDock");
        QDockWidget* minimap = dock(w.get(), "MinimapDock");
        QVERIFY(properties && minimap);
        const int propertiesHeight = properties->height();
        const int minimapHeight = minimap->height();
        const int columnWidth = properties->width();
        // Floated, hidden, moved to the left, and squashed by a small window.
        minimap->setFloating(true);
        dock(w.get(), "HistoryDock")->hide();
        w->addDockWidget(Qt::LeftDockWidgetArea, dock(w.get(), "LayersDock"));
        w->resize(450, 465);
        settle();
        w->resize(1200, 800);
        settle();
        QVERIFY(dockStates(w.get()) != before);
        // View > Reset Layout, by its keys.
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        QTest::keyClick(w.get(), Qt::Key_V, Qt::AltModifier);
        QMenu* view = nullptr;
        QTRY_VERIFY((view = qobject_cast<QMenu*>(QApplication::activePopupWidget())));
        QTest::keyClick(view, Qt::Key_L);
        settle();
        QVERIFY(!QApplication::activePopupWidget());
        QCOMPARE(dockStates(w.get()), before);
        // The first sizes: the column's width, Properties three times the Mini-map's height
        // (within 10 %: the first ones were given before the window had its size).
        const auto near = [](int now, int was) { return qAbs(now - was) <= std::max(4, was / 10); };
        QVERIFY2(near(properties->height(), propertiesHeight) &&
                     near(minimap->height(), minimapHeight) &&
                     qAbs(properties->width() - columnWidth) <= 4,
                 qPrintable(QStringLiteral("Properties %1 x %2 (was %3 x %4), Mini-map %5 (was %6)")
                                .arg(properties->width())
                                .arg(properties->height())
                                .arg(columnWidth)
                                .arg(propertiesHeight)
                                .arg(minimap->height())
                                .arg(minimapHeight)));
        QVERIFY(minimap->height() < properties->height() / 2);
        QVERIFY(!w->isLayoutSquashed());
        // Whichever tab is in front, the default column fits its content.
        for (const char* name : {"LayersDock", "TilesetDock", "RulesDock", "ProblemsDock"}) {
            dock(w.get(), name)->raise();
            settle();
            QVERIFY2(!w->isLayoutSquashed(), name);
        }
    }

    void squashedLayoutIsNotKept() {
        int minimapHeight = 0;
        {
            ScriptedPrompts* prompts = nullptr;
            auto w = makeWindow(&prompts);
            w->resize(1200, 800);
            w = shown(std::move(w));
            QVERIFY(w);
            settle();
            minimapHeight = dock(w.get(), "MinimapDock")->height();
            QVERIFY(!w->isLayoutSquashed());
            // Made as small as it gets and enlarged again: the docks stay at their least.
            w->resize(1, 1);
            settle();
            w->resize(1200, 800);
            settle();
            QVERIFY(w->isLayoutSquashed());
            w->close(); // saves the window's state, as a quit does
        }
        ScriptedPrompts* prompts = nullptr;
        auto w = restart(&prompts);
        QVERIFY(w);
        settle();
        QCOMPARE(w->size(), QSize(1200, 800));
        QVERIFY(!w->isLayoutSquashed());
        QVERIFY2(qAbs(dock(w.get(), "MinimapDock")->height() - minimapHeight) <= 4,
                 qPrintable(QStringLiteral("Mini-map %1 px high (%2 at first)")
                                .arg(dock(w.get(), "MinimapDock")->height())
                                .arg(minimapHeight)));
    }

    void sevenTabsKeepTheirTitles() {
        ScriptedPrompts* prompts = nullptr;
        auto w = makeWindow(&prompts);
        w->setSettingsEnabled(false);
        DocksExtension modes;
        w->addExtension(&modes);
        w->resize(1100, 700);
        w = shown(std::move(w));
        QVERIFY(w);
        settle();
        QTabBar* tabs = nullptr;
        for (QTabBar* bar : w->findChildren<QTabBar*>())
            if (bar->isVisible() && bar->count() >= 7)
                tabs = bar;
        QVERIFY(tabs);
        for (int i = 0; i < tabs->count(); ++i) {
            const int text = tabs->fontMetrics().horizontalAdvance(tabs->tabText(i));
            QVERIFY2(tabs->tabRect(i).width() >= text,
                     qPrintable(QStringLiteral("%1: %2 px for %3 px of title")
                                    .arg(tabs->tabText(i))
                                    .arg(tabs->tabRect(i).width())
                                    .arg(text)));
        }
        // The tabs out of sight are a scroll away.
        QVERIFY(tabs->usesScrollButtons());
    }
};

QTEST_MAIN(TestWindowLayout)
#include "test_windowlayout.moc"
