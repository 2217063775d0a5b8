#include "actions.h"

#include <QFile>
#include <QSaveFile>
#include <QTextStream>

#include <algorithm>
#include <utility>

namespace monkey {

namespace {

constexpr std::array<const char*, std::size_t(Op::Count)> kNames = {
    "stroke",  "eraser",      "swapkind",   "brushsize",    "select",      "selectall",
    "cut",     "copy",        "paste",      "floatmove",    "place",       "escape",
    "delete",  "transform",   "spawnplace", "spawndrag",    "spawndelete", "property",
    "undo",    "redo",        "play",       "playhere",     "step",        "stop",
    "holdkey", "releasekeys", "wait",       "reachability", "zoom",        "new",
    "save",    "saveas",      "open",       "diskchange",   "autosave",    "crash",
    "undoall", "dock",        "levelprops", "revert",       "tmx"};

constexpr bool everyOpNamed() {
    for (const char* name : kNames)
        if (!name)
            return false;
    return true;
}
static_assert(everyOpNamed(), "an Op without a name in kNames");

/// splitmix64: a tiny generator whose sequence is fixed by its definition (std's
/// distributions are not the same on every standard library).
struct Rng {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    int below(int n) { return int(next() % std::uint64_t(n)); }
};

/// How often each action is drawn: the edits and the interplays most likely to break
/// (floats, undo, play) more often than the slow file actions.
int weight(Op op) {
    switch (op) {
    case Op::Stroke:
        return 14;
    case Op::Eraser:
    case Op::Select:
    case Op::Undo:
    case Op::Place:
        return 6;
    case Op::Paste:
    case Op::FloatMove:
    case Op::Transform:
    case Op::SpawnPlace:
    case Op::SpawnDrag:
    case Op::PropertyEdit:
    case Op::Redo:
    case Op::Play:
    case Op::Step:
        return 5;
    case Op::Copy:
    case Op::Cut:
    case Op::Delete:
    case Op::SwapKind:
    case Op::BrushSize:
    case Op::Escape:
    case Op::SpawnDelete:
    case Op::Stop:
    case Op::HoldKey:
    case Op::ReleaseKeys:
    case Op::Wait:
        return 3;
    case Op::Dock:
        return 6;
    case Op::SelectAll:
    case Op::PlayHere:
    case Op::Reachability:
    case Op::Zoom:
    case Op::Autosave:
    case Op::UndoAll:
    case Op::Save:
        return 2;
    case Op::New:
    case Op::LevelProps:
    case Op::Revert:
    case Op::Tmx:
    case Op::SaveAs:
    case Op::Open:
    case Op::DiskChange:
    case Op::Crash:
        return 1;
    case Op::Count:
        break;
    }
    return 0;
}

} // namespace

QString opName(Op op) {
    return QString::fromLatin1(kNames[std::size_t(op)]);
}

QString formatAction(const Action& action) {
    QString s = opName(action.op);
    for (int v : action.arg)
        s += QLatin1Char(' ') + QString::number(v);
    return s;
}

std::optional<Action> parseAction(const QString& line) {
    const QStringList parts = line.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return std::nullopt;
    const auto name = std::find(kNames.begin(), kNames.end(), parts[0].toLatin1());
    if (name == kNames.end() || parts.size() > int(Action{}.arg.size()) + 1)
        return std::nullopt;
    Action a;
    a.op = Op(name - kNames.begin());
    for (int i = 1; i < parts.size(); ++i) {
        bool ok = false;
        const int v = parts[i].toInt(&ok);
        if (!ok || v < 0 || v >= 1000)
            return std::nullopt;
        a.arg[std::size_t(i - 1)] = v;
    }
    return a;
}

std::vector<Action> generateActions(std::uint64_t seed, int count) {
    Rng rng{seed};
    int total = 0;
    for (int i = 0; i < int(Op::Count); ++i)
        total += weight(Op(i));
    std::vector<Action> out;
    out.reserve(std::size_t(std::max(count, 0)));
    for (int n = 0; n < count; ++n) {
        int pick = rng.below(total);
        int i = 0;
        while (pick >= weight(Op(i)))
            pick -= weight(Op(i++));
        Action a;
        a.op = Op(i);
        for (int& v : a.arg)
            v = rng.below(1000);
        // Most drags are short, as a designer's are: the end near the start.
        if (rng.below(4) != 0) {
            a.arg[3] = std::clamp(a.arg[1] + rng.below(121) - 60, 0, 999);
            a.arg[4] = std::clamp(a.arg[2] + rng.below(121) - 60, 0, 999);
        }
        out.push_back(a);
    }
    return out;
}

bool readCase(const QString& path, Case* out, QString* error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = path + QStringLiteral(": error: ") + f.errorString();
        return false;
    }
    Case c;
    int lineNo = 0;
    QTextStream in(&f);
    while (!in.atEnd()) {
        const QString line = in.readLine().trimmed();
        ++lineNo;
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        if (line.startsWith(QStringLiteral("level "))) {
            c.level = line.mid(6).trimmed();
            continue;
        }
        const std::optional<Action> a = parseAction(line);
        if (!a) {
            *error =
                QStringLiteral("%1:%2: error: not an action: %3").arg(path).arg(lineNo).arg(line);
            return false;
        }
        c.actions.push_back(*a);
    }
    *out = std::move(c);
    return true;
}

bool writeCase(const QString& path, const Case& c, const QStringList& comments, QString* error) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        *error = path + QStringLiteral(": error: ") + f.errorString();
        return false;
    }
    QTextStream out(&f);
    for (const QString& comment : comments)
        out << "# " << comment << '\n';
    if (!c.level.isEmpty())
        out << "level " << c.level << '\n';
    for (const Action& a : c.actions)
        out << formatAction(a) << '\n';
    out.flush();
    if (!f.commit()) {
        *error = path + QStringLiteral(": error: ") + f.errorString();
        return false;
    }
    return true;
}

} // namespace monkey
