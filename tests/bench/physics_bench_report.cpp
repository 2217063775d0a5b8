// physics_bench: summary of a run (see physics_bench_report.h).
#include "physics_bench_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ts::bench {

namespace {

constexpr SceneKind kScenes[] = {SceneKind::Walkers, SceneKind::Settle, SceneKind::Gas};

bool isOurs(const std::string& engine) {
    return engine == "tilesmith" || engine.rfind("tilesmith/c", 0) == 0;
}

} // namespace

SettleCheck settleCheck(Engine& engine, const Scene& scene, const std::string& name, int fromStep,
                        int totalSteps, int window) {
    SettleCheck out;
    out.engine = name;
    out.bodies = static_cast<int>(scene.spawns.size());
    out.steps = std::max(totalSteps, fromStep);
    const int first = std::max(out.steps - std::max(window, 1), fromStep);
    const int every = std::max(window / 10, 1);
    std::vector<Aabb> before;
    std::vector<Aabb> after;
    for (int s = fromStep; s < out.steps; ++s) {
        const bool last = s == out.steps - 1;
        if (last) {
            engine.boxes(before);
        }
        engine.prepare(static_cast<std::uint64_t>(s));
        engine.step();
        if (s < first || ((s - first) % every != 0 && !last)) {
            continue;
        }
        engine.boxes(after);
        const Quality q = measureQuality(scene.map, after);
        out.maxBodyPenetration = std::max(out.maxBodyPenetration, q.maxBodyPenetration);
        out.maxTilePenetration = std::max(out.maxTilePenetration, q.maxTilePenetration);
        out.tunnelled = q.tunnelled;
    }
    if (before.size() == after.size()) {
        for (std::size_t i = 0; i < after.size(); ++i) {
            const double dx = static_cast<double>(after[i].center.x) - before[i].center.x;
            const double dy = static_cast<double>(after[i].center.y) - before[i].center.y;
            const double v = std::hypot(dx, dy) / scene.settings.dt;
            if (v > out.maxSpeed) {
                out.maxSpeed = v;
                out.fastest = after[i].center;
            }
        }
    }
    return out;
}

std::optional<Measurement> Summary::find(const std::string& engine, SceneKind k, int bodies) const {
    for (const Measurement& m : mRuns) {
        if (m.engine == engine && m.scene == k && m.bodies == bodies) {
            return m;
        }
    }
    return std::nullopt;
}

std::optional<Measurement> Summary::ours(SceneKind k, int bodies) const {
    std::optional<Measurement> best;
    for (const Measurement& m : mRuns) {
        if (m.scene != k || m.bodies != bodies || !isOurs(m.engine)) {
            continue;
        }
        if (!best || m.cellTiles == mDefaultCell) {
            best = m;
        }
    }
    return best;
}

std::vector<std::string> Summary::peers() const {
    std::vector<std::string> out;
    for (const Measurement& m : mRuns) {
        if (!isOurs(m.engine) && std::find(out.begin(), out.end(), m.engine) == out.end()) {
            out.push_back(m.engine);
        }
    }
    return out;
}

std::vector<int> Summary::sizes(SceneKind k) const {
    std::vector<int> out;
    for (const Measurement& m : mRuns) {
        if (m.scene == k && std::find(out.begin(), out.end(), m.bodies) == out.end()) {
            out.push_back(m.bodies);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

void Summary::print() const {
    printLines();
    printMarkdown();
    std::fflush(stdout);
}

void Summary::printLines() const {
    std::printf("# summary: speedup = other engine's median ms/step / ours (same run, same "
                "scene and bodies); growth = ms/step at the largest size / at the smallest, same "
                "warm-up and step count\n");
    for (SceneKind k : kScenes) {
        const std::vector<int> ns = sizes(k);
        for (int n : ns) {
            const std::optional<Measurement> me = ours(k, n);
            if (!me || me->median <= 0) {
                continue;
            }
            for (const std::string& peer : peers()) {
                const std::optional<Measurement> p = find(peer, k, n);
                if (p && p->median > 0) {
                    std::printf("speedup scene=%s bodies=%d vs=%s x=%.2f%s\n", sceneName(k), n,
                                peer.c_str(), p->median / me->median,
                                p->complete ? "" : " (peer hit the time limit: fewer steps)");
                }
            }
            // Cell sweep: every tilesmith/cN row of this scene and size.
            std::string sweep;
            std::optional<Measurement> fastest;
            for (const Measurement& m : mRuns) {
                if (m.scene == k && m.bodies == n && m.engine.rfind("tilesmith/c", 0) == 0) {
                    char buf[64];
                    std::snprintf(buf, sizeof buf, " c%d=%.4f", m.cellTiles, m.median);
                    sweep += buf;
                    if (!fastest || m.median < fastest->median) {
                        fastest = m;
                    }
                }
            }
            if (fastest) {
                std::printf("cell_sweep scene=%s bodies=%d ms:%s fastest=c%d default=c%d\n",
                            sceneName(k), n, sweep.c_str(), fastest->cellTiles, mDefaultCell);
            }
        }
        if (ns.size() < 2) {
            continue;
        }
        std::vector<std::string> engines = peers();
        engines.insert(engines.begin(), "tilesmith");
        for (const std::string& e : engines) {
            const std::optional<Measurement> lo =
                e == "tilesmith" ? ours(k, ns.front()) : find(e, k, ns.front());
            const std::optional<Measurement> hi =
                e == "tilesmith" ? ours(k, ns.back()) : find(e, k, ns.back());
            if (!lo || !hi || lo->median <= 0) {
                continue;
            }
            std::printf("growth engine=%s scene=%s bodies=%d->%d x=%.2f (bodies x%.1f)%s\n",
                        e.c_str(), sceneName(k), ns.front(), ns.back(), hi->median / lo->median,
                        static_cast<double>(ns.back()) / ns.front(),
                        lo->complete && hi->complete ? ""
                                                     : " (time limit hit: unequal step counts)");
        }
    }
    for (const SettleCheck& s : mSettle) {
        std::printf("settled engine=%s bodies=%d steps=%d max_body_body_pen=%.3f "
                    "max_body_tile_pen=%.3f max_speed=%.1f tunnelled=%d (target pen <= 2 px)\n",
                    s.engine.c_str(), s.bodies, s.steps, s.maxBodyPenetration, s.maxTilePenetration,
                    s.maxSpeed, s.tunnelled);
    }
}

void Summary::printMarkdown() const {
    const std::vector<std::string> others = peers();
    std::printf("\n## summary (Markdown): median ms/step; in brackets the other engine's time "
                "/ ours\n\n| scene | bodies | tilesmith |");
    for (const std::string& p : others) {
        std::printf(" %s |", p.c_str());
    }
    std::printf("\n|---|---|---|");
    for (std::size_t i = 0; i < others.size(); ++i) {
        std::printf("---|");
    }
    std::printf("\n");
    for (SceneKind k : kScenes) {
        for (int n : sizes(k)) {
            const std::optional<Measurement> me = ours(k, n);
            if (me) {
                std::printf("| %s | %d | %.3f |", sceneName(k), n, me->median);
            } else {
                std::printf("| %s | %d | – |", sceneName(k), n);
            }
            for (const std::string& peer : others) {
                const std::optional<Measurement> p = find(peer, k, n);
                if (!p) {
                    std::printf(" – |");
                } else if (me && me->median > 0) {
                    std::printf(" %.3f (%.1f×)%s |", p->median, p->median / me->median,
                                p->complete ? "" : "*");
                } else {
                    std::printf(" %.3f |", p->median);
                }
            }
            std::printf("\n");
        }
    }
    bool anyGrowth = false;
    for (SceneKind k : kScenes) {
        const std::vector<int> ns = sizes(k);
        const std::optional<Measurement> lo = ns.size() >= 2 ? ours(k, ns.front()) : std::nullopt;
        const std::optional<Measurement> hi = ns.size() >= 2 ? ours(k, ns.back()) : std::nullopt;
        if (lo && hi && lo->median > 0) {
            if (!anyGrowth) {
                std::printf("\n| our ms/step growth | bodies | x |\n|---|---|---|\n");
                anyGrowth = true;
            }
            std::printf("| %s | %d → %d | %.2f× |\n", sceneName(k), ns.front(), ns.back(),
                        hi->median / lo->median);
        }
    }
    if (!mSettle.empty()) {
        std::printf("\n| settle: after N steps | bodies | steps | max body–body pen (px) | max "
                    "body–tile pen (px) | fastest body (px/s) |\n|---|---|---|---|---|---|\n");
        for (const SettleCheck& s : mSettle) {
            std::printf("| %s | %d | %d | %.3f | %.3f | %.1f |\n", s.engine.c_str(), s.bodies,
                        s.steps, s.maxBodyPenetration, s.maxTilePenetration, s.maxSpeed);
        }
    }
    std::printf("\n(* the engine hit --time-limit: fewer measured steps)\n");
}

} // namespace ts::bench
