#include "playkeys.h"

#include <QAction>
#include <QCoreApplication>
#include <QKeyEvent>
#include <QStringList>

#include <algorithm>

namespace ts::play {

namespace {

QString orText() {
    return QCoreApplication::translate("ts::play::PlayKeys", " or ");
}

const PlayKeyBinding kBindings[] = {
    {PlayKey::Left, {Qt::Key_A, Qt::Key_Left}}, {PlayKey::Right, {Qt::Key_D, Qt::Key_Right}},
    {PlayKey::Jump, {Qt::Key_W, Qt::Key_Up}},   {PlayKey::Drop, {Qt::Key_S, Qt::Key_Down}},
    {PlayKey::Clone, {Qt::Key_Space}},          {PlayKey::Stop, {Qt::Key_Escape}},
};

const QList<Qt::Key>& keysOf(PlayKey what) {
    for (const PlayKeyBinding& b : kBindings)
        if (b.what == what)
            return b.keys;
    static const QList<Qt::Key> none;
    return none;
}

} // namespace

std::span<const PlayKeyBinding> playKeyBindings() {
    return kBindings;
}

std::optional<PlayKey> playKeyOf(const QKeyEvent* event) {
    if (event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return std::nullopt;
    for (const PlayKeyBinding& b : kBindings)
        if (b.keys.contains(Qt::Key(event->key())))
            return b.what;
    return std::nullopt;
}

QString keyText(Qt::Key key) {
    // Arrows as arrows, as on the keycaps; the rest as the platform names them.
    switch (key) {
    case Qt::Key_Left:
        return QStringLiteral("\u2190");
    case Qt::Key_Up:
        return QStringLiteral("\u2191");
    case Qt::Key_Right:
        return QStringLiteral("\u2192");
    case Qt::Key_Down:
        return QStringLiteral("\u2193");
    default:
        return QKeySequence(key).toString(QKeySequence::NativeText);
    }
}

QString playKeyText(PlayKey what) {
    QStringList texts;
    for (Qt::Key key : keysOf(what))
        texts << keyText(key);
    return texts.join(QLatin1Char('/'));
}

QString walkKeysText() {
    const QList<Qt::Key>& left = keysOf(PlayKey::Left);
    const QList<Qt::Key>& right = keysOf(PlayKey::Right);
    QStringList pairs;
    for (qsizetype i = 0; i < std::max(left.size(), right.size()); ++i) {
        QStringList pair;
        if (i < left.size())
            pair << keyText(left[i]);
        if (i < right.size())
            pair << keyText(right[i]);
        pairs << pair.join(QLatin1Char('/'));
    }
    return pairs.join(orText());
}

QString shortcutText(const QAction* action) {
    QStringList texts;
    for (const QKeySequence& k : action->shortcuts())
        texts << k.toString(QKeySequence::NativeText);
    return texts.join(orText());
}

} // namespace ts::play
