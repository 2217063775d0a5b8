#include "reachability/reachabilityproblems.h"

#include "tilesmith/editor/levelscene.h"
#include "tilesmith/level/lint.h"
#include "tilesmith/render/levelrenderer.h"

namespace ts::editor {

namespace {

using Mark = ReachabilityItem::Unreached::Mark;

Mark markOf(ts::level::LintRule rule) {
    switch (rule) {
    case ts::level::LintRule::GoalUnreachable:
    case ts::level::LintRule::SpawnUnreachable:
        return Mark::Cross;
    case ts::level::LintRule::OneWayNeverStood:
        return Mark::Band;
    default:
        return Mark::Frame;
    }
}

/// "goal 2 is not reachable" -> "Goal 2 is not reachable."
QString sentence(const std::string& message) {
    QString s = QString::fromStdString(message);
    if (!s.isEmpty())
        s[0] = s[0].toUpper();
    return s + QLatin1Char('.');
}

} // namespace

QString reasonText(const ts::level::ReachReason& reason) {
    if (!reason.explained())
        return {};
    return sentence(reason.nearestText) + u'\n' + sentence(reason.stopText);
}

ShownProblems shownProblems(const ts::level::Level& level, const ts::level::LintReport& lint,
                            const LevelScene* scene) {
    ShownProblems out;
    for (const ts::level::LintFinding& f : lint.findings) {
        ReachabilityOverlay::Problem p;
        p.error = f.isError();
        p.message = sentence(f.message);
        p.reason = reasonText(f.reason);
        ReachabilityItem::Unreached u;
        u.mark = markOf(f.rule);
        if (f.spawnIndex >= 0 && std::size_t(f.spawnIndex) < level.spawns.size()) {
            const ts::level::Spawn& s = level.spawns[std::size_t(f.spawnIndex)];
            p.spawnId = s.id;
            p.spawnLabel = QString::fromStdString(ts::level::spawnLabel(s.kind, s.id));
            p.tile = QPoint(s.x, s.y);
            p.rect = render::spawnRect(level, s);
            u.goal = s.kind == ts::level::SpawnKind::Goal;
        } else if (f.rule == ts::level::LintRule::OneWayNeverStood && scene) {
            p.tile = QPoint(f.x0, f.y);
            p.runEnd = f.x1;
            p.rect = scene->tileRectToScene(QRect(f.x0, f.y, f.x1 - f.x0 + 1, 1));
        }
        out.problems.push_back(p);
        if (p.rect.isEmpty())
            continue; // the search stopping early: the status bar says it
        u.id = p.spawnId;
        u.rect = p.rect;
        // The mark's tooltip: the finding, then why (as the dock's row).
        u.message = p.reason.isEmpty() ? p.message : p.message + u'\n' + p.reason;
        out.marks.push_back(u);
    }
    return out;
}

} // namespace ts::editor
