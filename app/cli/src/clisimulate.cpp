// `tilesmith simulate`: a level's physics run headless, as play mode runs it, with a
// trace, a state hash and a replay written on request.
#include "clicommon.h"

#include "tilesmith/level/atomicfile.h"
#include "tilesmith/level/goals.h"
#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelrun.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/limits.h"
#include "tilesmith/level/numbertext.h"
#include "tilesmith/level/replay.h"
#include "tilesmith/level/rulemessages.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace ts::app {

const char* const kSimulateHelp =
    R"(Usage: tilesmith simulate LEVEL.yaml --steps N [--inputs FILE] [--trace OUT.csv] [--hash]
                          [--record OUT.tsreplay [--checkpoint-interval K]]
       tilesmith simulate LEVEL.yaml --inputs FILE [...]

Runs the level's physics headless for N fixed steps, exactly as play mode does.
A level without a player is refused (exit status 1): place one to simulate it.

Options:
  -n, --steps N        number of steps to run, at most 100000000 (required without
                       --inputs; with --inputs the default is the script's last step,
                       and a script with no 'FROM TO KEYS' line is an error without
                       --steps); --steps 0 runs none
  -i, --inputs FILE    player inputs: lines 'FROM TO KEYS' (inclusive 1-based step
                       range; KEYS comma-separated from left,right,jump,down or
                       none; '#' starts a comment)
  -t, --trace FILE     write a CSV trace ('-' for stdout) with the header
                       step,id,kind,x,y,vx,vy,on_ground,on_one_way,at_ceiling,pushes_left,pushes_right
                       one row per object per step; x, y are the object's box
                       centre in pixels, y up, origin at the map's bottom-left
      --hash           print the final state hash (16 hex digits)
  -r, --record FILE    write the run as a replay ('tilesmith replay check' runs it
                       again and compares; see 'tilesmith replay --help')
      --checkpoint-interval K
                       steps between the replay's checkpoints (default 60)
  -h, --help           show this help

When the player first overlaps a goal, prints a line like
  goal 9 reached at step 120 (2.00 s)
to stdout (to stderr when stdout carries the hash or the trace).

Example:
  printf '1 30 right\n31 31 right,jump\n' > run.txt
  tilesmith simulate level.yaml --steps 120 --inputs run.txt --hash
)";

// The help above names the step limit.
static_assert(level::limits::kMaxSteps == 100'000'000, "update --steps in kSimulateHelp");

namespace {

/// Buffered trace output to a file (atomic) or stdout; failures are printed by
/// cannotWrite().
class TraceWriter {
public:
    bool open(const std::string& path) {
        mPath = path;
        if (path == "-")
            return true;
        mFile = std::make_unique<ts::level::AtomicFile>(path);
        if (!mFile->open()) {
            cannotWrite(path, mFile->errorReason());
            return false;
        }
        return true;
    }
    std::string& buffer() { return mBuffer; }
    void maybeFlush() {
        if (mBuffer.size() >= (1u << 20))
            flush();
    }
    bool finish() {
        flush();
        if (mFile && !(mOk && mFile->commit())) {
            cannotWrite(mPath, mFile->errorReason());
            return false;
        }
        if (!mFile && (std::fflush(stdout) != 0 || std::ferror(stdout))) {
            cannotWrite("<stdout>", std::strerror(errno));
            return false;
        }
        return true;
    }

private:
    void flush() {
        if (mFile)
            mOk = mOk && mFile->write(mBuffer);
        else
            std::fwrite(mBuffer.data(), 1, mBuffer.size(), stdout);
        mBuffer.clear();
    }
    std::string mPath;
    std::unique_ptr<ts::level::AtomicFile> mFile;
    bool mOk = true;
    std::string mBuffer;
};

template <typename T> void appendNumber(std::string& out, T v) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, ec == std::errc() ? end : buf);
}

} // namespace

int runSimulate(const Args& args) {
    if (args.positional.size() != 1)
        return usageError("simulate", args.positional.empty()
                                          ? "no level file given"
                                          : "expected one level file, got " +
                                                std::to_string(args.positional.size()));
    const std::string stepsText = args.value("steps");
    if (!args.has("steps") && !args.has("inputs"))
        return usageError("simulate", "missing --steps N");
    std::uint64_t steps = 0;
    if (args.has("steps")) {
        std::string error;
        if (!readSteps("--steps", stepsText, steps, error))
            return usageError("simulate", error);
    }
    const bool recording = args.has("record");
    std::uint64_t checkpointInterval = level::kDefaultCheckpointInterval;
    if (args.has("checkpoint-interval")) {
        const std::string k = args.value("checkpoint-interval");
        auto [end, ec] = std::from_chars(k.data(), k.data() + k.size(), checkpointInterval);
        if (!recording)
            return usageError("simulate", "--checkpoint-interval needs --record");
        if (k.empty() || ec != std::errc() || end != k.data() + k.size() ||
            checkpointInterval < 1 ||
            checkpointInterval > level::ReplayLimits{}.maxCheckpointInterval)
            return usageError("simulate",
                              "--checkpoint-interval expects 1 to " +
                                  std::to_string(level::ReplayLimits{}.maxCheckpointInterval) +
                                  " steps, got '" + k + "'");
    }

    const std::string& in = args.positional[0];
    const level::LoadResult r = level::loadLevelFile(in);
    if (!r.ok()) {
        printErrors(r.errors, in);
        return 1;
    }
    const level::Level& lvl = *r.level;
    if (!lvl.player()) {
        // A level may have no player; running one would step a world nothing steers.
        level::Diagnostic d{in, r.spawnsKey.line, r.spawnsKey.column,
                            level::rules::noPlayerMessage("simulate it")};
        printErrors({d}, in);
        return 1;
    }

    level::InputScript script;
    if (args.has("inputs")) {
        std::vector<level::Diagnostic> errors;
        if (!level::loadInputScript(args.value("inputs"), script, errors)) {
            printErrors(errors, args.value("inputs"));
            return 1;
        }
        // Without --steps the script's last step is the run's length: a script with no
        // ranges (empty, or comments alone) gives none, most likely a file left empty.
        if (!args.has("steps") && script.ranges.empty()) {
            std::fprintf(stderr,
                         "%s: error: no steps to run: the input script has no 'FROM TO KEYS' "
                         "line; give --steps N to run N steps with no keys held\n",
                         args.value("inputs").c_str());
            return 1;
        }
        if (!args.has("steps")) // the script's step numbers are within limits::kMaxSteps
            for (const level::InputRange& range : script.ranges)
                steps = std::max(steps, range.to);
    }

    // The trace and the replay never replace the level or the script they come from.
    std::vector<InputFile> inputs = {{in, "the level this command reads"}};
    if (args.has("inputs"))
        inputs.push_back({args.value("inputs"), "the input script this command reads"});
    const bool traceToFile = args.has("trace") && args.value("trace") != "-";
    if ((traceToFile && !notAnInput(args.value("trace"), inputs)) ||
        (args.has("record") && !notAnInput(args.value("record"), inputs)))
        return 1;

    const bool tracing = args.has("trace");
    TraceWriter trace;
    if (tracing && !trace.open(args.value("trace")))
        return 1;

    // One run, as play mode's: the recorder, then the goal watch, then the trace.
    level::LevelRun run(lvl);
    if (recording)
        run.startRecording(lvl, std::nullopt, checkpointInterval);
    const level::LevelWorld& lw = run.levelWorld();
    const bool machineStdout = args.has("hash") || (tracing && args.value("trace") == "-");
    if (tracing)
        trace.buffer() = "step,id,kind,x,y,vx,vy,on_ground,on_one_way,at_ceiling,pushes_left,"
                         "pushes_right\n";
    const auto afterStep = [&](std::uint64_t step, const std::vector<level::GoalEvent>& reached) {
        for (const level::GoalEvent& e : reached) {
            std::fprintf(machineStdout ? stderr : stdout, "%s\n", level::goalEventText(e).c_str());
            std::fflush(stdout); // a pipe sees the goal when it is reached, not at the end
        }
        if (!tracing)
            return;
        std::string& out = trace.buffer();
        for (std::size_t i = 0; i < lw.spawnBodies.size(); ++i) {
            const BodyId id = lw.spawnBodies[i];
            if (!lw.world.isValid(id))
                continue;
            const Aabb box = lw.world.aabb(id);
            const Vec2 v = lw.world.velocity(id);
            const std::uint8_t contacts = lw.world.contacts(id);
            appendNumber(out, step);
            out += ',';
            appendNumber(out, lw.world.userData(id));
            out += ',';
            out += level::spawnKindName(lvl.spawns[i].kind);
            for (float f : {box.center.x, box.center.y, v.x, v.y}) {
                out += ',';
                appendNumber(out, f);
            }
            for (ContactFlag f :
                 {OnGround, OnOneWayPlatform, AtCeiling, PushesLeftWall, PushesRightWall}) {
                out += ',';
                out += (contacts & f) ? '1' : '0';
            }
            out += '\n';
        }
        trace.maybeFlush();
    };
    const std::uint64_t hash = run.runScript(script, steps, afterStep);
    if (tracing && !trace.finish())
        return 1;
    if (recording) {
        const std::string out = args.value("record");
        level::Replay replay = run.recording();
        replay.levelPath = level::relativeLevelPath(in, out);
        if (!writeOutput(out, level::saveReplayToString(replay)))
            return 1;
    }
    if (args.has("hash"))
        std::printf("%016llx\n", static_cast<unsigned long long>(hash));
    else if (!tracing || args.value("trace") != "-")
        std::printf("%s: ran %s, %s\n", in.c_str(),
                    level::countText(steps, "step", "steps").c_str(),
                    level::countText(run.world().bodyCount(), "body", "bodies").c_str());
    std::fflush(stdout);
    return 0;
}

} // namespace ts::app
