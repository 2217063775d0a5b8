#include "monkeyrun.h"

#include "tilesmith/editor/leveldocument.h" // before autosave.h, which needs it whole

#include "document/autosave.h"
#include "driver.h"
#include "sessionstore.h"
#include "tilesmith/play/replaycontroller.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QTemporaryDir>

namespace monkey {

QString sampleLevel(const QString& name) {
    return QStringLiteral(TILESMITH_SOURCE_DIR "/resources/levels/") + name;
}

RunResult runCase(const Case& c, const std::function<void(int, const Action&)>& progress) {
    RunResult result;
    QTemporaryDir work;
    if (!work.isValid()) {
        result.ok = false;
        result.error = QStringLiteral("no work folder: %1").arg(work.errorString());
        return result;
    }
    // Recovery files and kept play sessions in the run's folder: runs share nothing.
    ts::editor::Autosave::setDirectoryOverride(work.filePath(QStringLiteral("recovery")));
    ts::play::SessionStore::setRootOverride(work.filePath(QStringLiteral("sessions")));
    // Show Sessions Folder opens nothing on the machine running the monkey.
    ts::play::ReplayController::setUrlOpener([](const QUrl&) { return true; });
    {
        Driver driver(work.path(), c.level.isEmpty() ? QString() : sampleLevel(c.level));
        QString error;
        if (!driver.start(&error)) {
            result.ok = false;
            result.error = error;
            return result;
        }
        for (std::size_t i = 0; i < c.actions.size(); ++i) {
            if (progress)
                progress(int(i), c.actions[i]);
            const QStringList broken = driver.execute(c.actions[i]);
            ++result.executed;
            if (!broken.isEmpty()) {
                result.ok = false;
                result.failedAt = int(i);
                result.broken = broken;
                break;
            }
        }
        if (result.ok) {
            const QStringList broken = driver.finish();
            if (!broken.isEmpty()) {
                result.ok = false;
                result.failedAt = int(c.actions.size());
                result.broken = broken;
            }
        }
    }
    ts::play::SessionStore::setRootOverride({});
    return result;
}

QString failureSignature(const QStringList& broken) {
    if (broken.isEmpty())
        return {};
    QString s = broken.first();
    s.replace(QRegularExpression(QStringLiteral("\\(.*$")), QString());
    s.replace(QRegularExpression(QStringLiteral("\"[^\"]*\"")), QStringLiteral("\"\""));
    s.replace(QRegularExpression(QStringLiteral("-?[0-9]+(\\.[0-9]+)?")), QStringLiteral("#"));
    return s.trimmed();
}

Case shrink(const Case& failing, const std::function<QString(const Case&)>& failsWith,
            const QString& signature, double seconds) {
    QElapsedTimer clock;
    clock.start();
    Case best = failing;
    std::size_t chunk = std::max<std::size_t>(best.actions.size() / 2, 1);
    while (clock.elapsed() < seconds * 1000) {
        bool dropped = false;
        for (std::size_t at = 0; at < best.actions.size() && clock.elapsed() < seconds * 1000;) {
            Case trial = best;
            const auto from = trial.actions.begin() + std::ptrdiff_t(at);
            trial.actions.erase(from,
                                from + std::ptrdiff_t(std::min(chunk, best.actions.size() - at)));
            if (failsWith(trial) == signature) {
                best = std::move(trial);
                dropped = true; // the same place again: other actions moved there
            } else {
                at += chunk;
            }
        }
        if (chunk == 1 && !dropped)
            break;
        if (!dropped)
            chunk = std::max<std::size_t>(chunk / 2, 1);
    }
    return best;
}

} // namespace monkey
