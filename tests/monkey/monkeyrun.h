// One monkey run (a case: a level and an action list) on a fresh window in a work
// folder of its own, and the shrinking of a failing list (drop actions while it still
// fails the same way), each try in a child process so a crash is a failure too.
#pragma once

#include "actions.h"

#include <QString>
#include <QStringList>

#include <functional>

namespace monkey {

struct RunResult {
    bool ok = true;
    int failedAt = -1;  ///< the index of the action after which an invariant broke
    QStringList broken; ///< what broke
    int executed = 0;   ///< actions run (the end-of-run checks not counted)
    QString error;      ///< the run could not start (no window, no level)
};

/// The sample level `name` of resources/levels ("tutorial.yaml"), as a path.
QString sampleLevel(const QString& name);

/// Runs `c` from the start and stops at the first action after which an invariant
/// broke; the end-of-run checks (undo all, redo all) follow a run that held.
/// `progress`, when given, hears each action before it runs.
RunResult runCase(const Case& c, const std::function<void(int, const Action&)>& progress = {});

/// What a failure is, for shrinking: its first message with the numbers left out, so
/// the same broken rule with other values is the same failure.
QString failureSignature(const QStringList& broken);

/// A failing case shrunk: actions dropped, in halves then fewer, while `fails` still
/// says it fails with `signature`; gives up improving after `seconds`.
Case shrink(const Case& failing, const std::function<QString(const Case&)>& failsWith,
            const QString& signature, double seconds);

} // namespace monkey
