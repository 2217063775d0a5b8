// Alt keys: no two that can show at once are the same, across the menu bar and
// every dock (Properties, History, Problems, and play mode's Play and Replays; docks
// tabbed together show one at a time), as Qt takes turns between the widgets of a
// shared Alt key.
#include "mainwindow_testutil.h"
#include "tilesmith/play/playcontroller.h"
#include "tilesmith/play/replaycontroller.h"

#include <QDockWidget>
#include <QMenuBar>

class TestAltKeys : public MainWindowTest {
    Q_OBJECT

    /// The Alt key of a label or button text ("Res&titution:" -> T), or 0.
    static QChar altKeyOf(const QString& text) {
        const QKeySequence key = QKeySequence::mnemonic(text);
        return key.isEmpty() ? QChar() : QChar(key[0].key() & ~Qt::KeyboardModifierMask).toUpper();
    }
    /// The Alt keys of `root`'s labels (those with a buddy: the others take no key)
    /// and buttons, each with the text it comes from.
    static QMultiMap<QChar, QString> altKeysIn(const QWidget* root) {
        QMultiMap<QChar, QString> keys;
        for (const QLabel* label : root->findChildren<QLabel*>())
            if (label->buddy() && !altKeyOf(label->text()).isNull())
                keys.insert(altKeyOf(label->text()), label->text());
        for (const QAbstractButton* button : root->findChildren<QAbstractButton*>())
            if (!altKeyOf(button->text()).isNull())
                keys.insert(altKeyOf(button->text()), button->text());
        return keys;
    }

private slots:
    void initTestCase() { setUpTestCase(); }
    void init() { setUpTest(); }
    void cleanup() { tearDownTest(); }

    void noTwoAltKeysShowingAtOnceAreTheSame() {
        ScriptedPrompts* prompts = nullptr;
        auto w = openWindow(&prompts, {});
        QVERIFY(w);
        // The docks of the application (Play, Replays) as well.
        ts::play::PlayController play;
        play.setPersistOverlays(false);
        auto* replays = new ts::play::ReplayController(&play); // owned by `play`
        w->addExtension(&play);
        w->addExtension(replays);
        // The menu bar's keys, and each dock's (all its fields and buttons: a dock
        // shows different ones at different times).
        QMultiMap<QChar, QString> menuKeys;
        for (const QAction* a : w->menuBar()->actions())
            if (!altKeyOf(a->text()).isNull())
                menuKeys.insert(altKeyOf(a->text()), a->text());
        QCOMPARE(menuKeys.size(), 4); // File, Edit, View, Play
        const QList<QDockWidget*> docks = w->findChildren<QDockWidget*>();
        QVERIFY(docks.size() >= 5); // Properties, History, Problems, Play, Replays
        QStringList clashes;
        for (const QDockWidget* dock : docks) {
            const QMultiMap<QChar, QString> keys = altKeysIn(dock);
            for (const QChar key : keys.uniqueKeys()) {
                if (keys.count(key) > 1)
                    clashes << QStringLiteral("%1: %2 in %3")
                                   .arg(key)
                                   .arg(QStringList(keys.values(key)).join(QStringLiteral(", ")))
                                   .arg(dock->windowTitle());
                if (menuKeys.contains(key))
                    clashes << QStringLiteral("%1: %2 in %3 and the menu %4")
                                   .arg(key)
                                   .arg(keys.value(key), dock->windowTitle(), menuKeys.value(key));
            }
            // Docks tabbed together show one at a time; the others can show together.
            for (const QDockWidget* other : docks) {
                if (other <= dock || w->tabifiedDockWidgets(const_cast<QDockWidget*>(dock))
                                         .contains(const_cast<QDockWidget*>(other)))
                    continue;
                const QMultiMap<QChar, QString> otherKeys = altKeysIn(other);
                for (const QChar key : keys.uniqueKeys())
                    if (otherKeys.contains(key))
                        clashes << QStringLiteral("%1: %2 in %3 and %4 in %5")
                                       .arg(key)
                                       .arg(keys.value(key), dock->windowTitle(),
                                            otherKeys.value(key), other->windowTitle());
            }
        }
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral("; "))));
    }
};

QTEST_MAIN(TestAltKeys)
#include "test_altkeys.moc"
