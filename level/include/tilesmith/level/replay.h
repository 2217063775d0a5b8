// Recorded play sessions ("replays"): the model, the text file format
// (docs/format/replay-format.md) and running a replay on a level.
// Plain C++, no Qt: the editor, `tilesmith replay` and games share it.
//
// A replay holds everything that changed the world during a session, so
// running it on the same level gives bit-identical states:
//   - the player's keys of every step (run-length `FROM TO KEYS` ranges),
//   - events between steps: clones (Space), tiles painted and spawns edited while
//     playing (with what they replaced, so the level saved after the session can be
//     taken back to the level as recording started), player scale and physics
//     settings changes,
//   - where the player started (Play from Cursor),
//   - the spawns the bodies started from (id, kind, tile, size, mass, ...), so a
//     desync names a spawn added, removed or changed since recording, and
//   - checkpoints every K steps: the world's stateHash() and every body's
//     position, so a desync names the body that moved differently.
// Anything else that changes a running world cannot be recorded: the recorder
// then stops (ReplayRecorder::stop) and the replay covers the steps before it.
#pragma once

#include "tilesmith/level/inputscript.h"
#include "tilesmith/level/level.h"
#include "tilesmith/level/levelio.h"
#include "tilesmith/level/levelrun.h"
#include "tilesmith/level/levelworld.h"
#include "tilesmith/level/limits.h"
#include "tilesmith/physics/revision.h"
#include "tilesmith/physics/world.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::level {

/// The newest format version, the one written for a replay with a known physics
/// revision and recorded spawns. The reader reads versions 1 to 4: version 2 added
/// `physics-revision`, version 3 the `spawns:` section (in place of the `bodies:` ids),
/// version 4 the tile a `tile` event replaced (`was=KIND`), `spawn` events (spawns edited
/// while playing) and `-` for a body removed in checkpoints, so a replay can undo the
/// session's own edits on the level they were saved into (replayStartLevel()).
inline constexpr int kReplayFormatVersion = 4;
/// Replay::physicsRevision of a replay recorded before revisions were stored
/// (a format version 1 file).
inline constexpr int kUnknownPhysicsRevision = 0;
/// Checkpoint interval the editor and `simulate --record` use by default (1 s at 60 Hz).
inline constexpr std::uint64_t kDefaultCheckpointInterval = 60;

/// Documented limits of replay files (hostile files are refused, never a hang).
struct ReplayLimits {
    std::size_t maxFileBytes = 64u * 1024u * 1024u;
    std::uint64_t maxSteps = limits::kMaxSteps; ///< ~19 days at 60 Hz
    std::uint64_t maxCheckpointInterval = 3600; ///< at least one checkpoint a minute
    std::size_t maxBodies = 200000;             ///< bodies per checkpoint
    std::size_t maxEvents = 1000000;
    int maxErrors = 50;
};

enum class ReplayEventKind { Clone, Tile, Scale, Settings, Spawn };

/// Something that changed the world between two steps. Applied before step `step` runs.
struct ReplayEvent {
    std::uint64_t step = 1;
    ReplayEventKind kind = ReplayEventKind::Clone;
    int x = 0, y = 0;        ///< Tile: level coordinates (row 0 at the top)
    Tile tile = Tile::Empty; ///< Tile
    /// Tile: the tile it replaced in the running world (format version 4); std::nullopt in
    /// older files. replayStartLevel() undoes the event with it.
    std::optional<Tile> was{};
    float scale = 1;          ///< Scale: the player's scale
    WorldSettings settings{}; ///< Settings: the world's new settings
    int spawnId = 0;          ///< Spawn: the spawn edited
    /// Spawn: the spawn as the edit left it (the fields its body is built from, as the
    /// `spawns:` section records them); its body is replaced by one built from it (a new
    /// body for a spawn added). std::nullopt: the spawn and its body were removed.
    std::optional<Spawn> spawn{};
    /// Spawn: the spawn before the edit (std::nullopt: it was added) and its index in the
    /// level's spawn list then, so replayStartLevel() can undo the edit.
    std::optional<Spawn> wasSpawn{};
    int wasIndex = 0;
    /// Compares the fields its kind uses (spawn fields that are NaN compare equal).
    bool operator==(const ReplayEvent&) const;
};

/// The world after step `step`: its stateHash() and each body's position, in the order
/// the run made them (LevelWorld::bodies: level spawns first, then clones and spawns
/// edited while running, in the order made).
struct ReplayCheckpoint {
    std::uint64_t step = 0;
    std::uint64_t hash = 0;
    std::vector<Vec2> positions{};
    /// Indexes (ascending) of the bodies removed by then (a spawn edited or deleted while
    /// running): their positions are (0, 0), written `-` (format version 4).
    std::vector<std::size_t> removed{};
    bool operator==(const ReplayCheckpoint&) const = default;
};

struct Replay {
    /// The format version it is written as: the version read, kReplayFormatVersion for a
    /// recording. A replay of an unknown physics revision is written as version 1 and one
    /// without `spawns` as version 2 whatever this says (they have nothing else to write).
    int formatVersion = kReplayFormatVersion;
    std::string levelPath{}; ///< the level, relative to the replay file's folder ('/' separators)
    std::uint64_t levelHash = 0; ///< levelContentHash() of the level when recorded
    PhysicsSettings physics{};   ///< the level's physics section when recorded
    /// ts::kPhysicsRevision of the build that recorded it; kUnknownPhysicsRevision for
    /// a replay from before revisions were stored (written back as format version 1).
    int physicsRevision = kUnknownPhysicsRevision;
    std::optional<std::pair<int, int>> playerStart{}; ///< Play from Cursor tile (level coordinates)
    std::uint64_t steps = 0;
    std::uint64_t checkpointInterval = kDefaultCheckpointInterval;
    std::uint64_t finalHash = 0;
    std::string recorded{}; ///< UTC date and time, "2026-11-22T11:48:27Z" (informational)
    /// Spawn ids of the bodies the world started with, in World::bodies() order.
    std::vector<std::int64_t> bodyIds{};
    /// The spawns of those bodies as the level had them when recording started (the
    /// player on `playerStart` when given), in the same order: id, kind, tile and the
    /// fields the body is built from (not custom properties). A desync report compares
    /// the level with them to say which spawn was added, removed or changed since
    /// recording. std::nullopt for files before format version 3, which hold only ids.
    std::optional<std::vector<Spawn>> spawns{};
    /// Sorted, non-overlapping ranges; steps in no range hold no keys.
    std::vector<InputRange> inputs{};
    std::vector<ReplayEvent> events{}; ///< sorted by step
    /// Every checkpointInterval steps, and one at `steps` (the final state).
    std::vector<ReplayCheckpoint> checkpoints{};

    /// The keys of step `step` (binary search).
    Input inputAt(std::uint64_t step) const;
    /// "NPC #12" (spawnLabel()) for a level body, "spawn #12" when the file does not
    /// record its kind (format versions 1 and 2), "clone 3" for the third clone.
    std::string bodyName(std::size_t bodyIndex) const;
    bool operator==(const Replay&) const = default;
};

/// FNV-1a of the level's canonical text (saveLevelToString): formatting-independent.
std::uint64_t levelContentHash(const Level& level);
/// 16 lower-case hex digits.
std::string hashToHex(std::uint64_t hash);

// --- files ----------------------------------------------------------------------

struct ReplayLoadResult {
    std::optional<Replay> replay; ///< set only when there are no errors
    std::vector<Diagnostic> errors;
    /// Where the file says which physics revision recorded it (1-based): the
    /// `physics-revision:` value, or the format version of a version-1 file.
    int revisionLine = 0, revisionColumn = 0;
    /// Where the `player-start:` value stands (1-based); 0 when the file has none.
    int playerStartLine = 0, playerStartColumn = 0;
    bool ok() const { return replay.has_value() && errors.empty(); }
};

/// Reads a replay. `cancelled`, when given, is asked every kReplayCancelLines lines (a
/// file may be as long as limits.maxFileBytes, most of a second to read: a read on a
/// worker thread that is no longer wanted stops there, not at the end of the file);
/// once it returns true the read stops with no replay and the one error "the read was
/// cancelled".
ReplayLoadResult loadReplayFromString(const std::string& text,
                                      const std::string& fileName = "<string>",
                                      const ReplayLimits& limits = {},
                                      const std::function<bool()>& cancelled = {});
ReplayLoadResult loadReplayFile(const std::string& path, const ReplayLimits& limits = {},
                                const std::function<bool()>& cancelled = {});
/// Whether `head` (a file's text, or its start) is a replay by its content: its first
/// line that is neither blank nor a '#' comment starts with "tilesmith-replay:", the line
/// every replay starts with (a byte order mark and CRLF as the reader takes them). What
/// `tilesmith validate` uses to read a replay saved under another extension as one.
bool isReplayText(std::string_view head);
/// How many lines loadReplayFromString() reads between two questions to `cancelled`.
inline constexpr int kReplayCancelLines = 1024;
/// Canonical text: load -> save is byte-identical.
std::string saveReplayToString(const Replay& replay);
/// Atomic, like saveLevelFile. Refuses (false, `error` says why, nothing is written) a
/// replay that loadReplayFile() would refuse: one without a `levelPath` (a replay from
/// ReplayRecorder::finish() has none until the caller sets it, e.g. to
/// relativeLevelPath(levelFile, path)), or one whose fields break the format's rules.
bool saveReplayFile(const Replay& replay, const std::string& path, std::string* error = nullptr);
/// The level a replay names: `levelPath` resolved against the replay file's folder.
std::string replayLevelPath(const Replay& replay, const std::string& replayFile);
/// `levelFile` relative to the folder of `replayFile` ('/' separators).
std::string relativeLevelPath(const std::string& levelFile, const std::string& replayFile);

// --- running ----------------------------------------------------------------------

/// `level` with its player standing on tile (x, y); a level without a player gets
/// one there (the next free spawn id). What Play from Cursor starts with.
/// std::nullopt when (x, y) is not a tile of the map; `error` (when given) then
/// says so: "player start (70, 3) is outside the map: x must be 0 to 59".
std::optional<Level> levelWithPlayerAt(const Level& level, int x, int y,
                                       std::string* error = nullptr);
/// The events that bring a running world's bodies from the spawns `before` to `after`
/// (play mode: the document's spawns before and after an edit made while playing), in
/// `after`'s order, then the removals: one per spawn whose body changes (added, deleted,
/// moved, or a field its body is built from changed). Goals (areas, not bodies) and
/// custom properties make none: the bodies run on.
std::vector<ReplayEvent> spawnEditEvents(const std::vector<Spawn>& before,
                                         const std::vector<Spawn>& after);
/// What a spawn edit makes of `level` and `lw`: the spawn's body (if any) is removed, a
/// new one built from `event.spawn` (when set) and the spawn list updated (an added spawn
/// goes last). False, and nothing changes, when it does not apply (the spawn to remove is
/// not there, or a kind that is no body). LevelRun::apply() uses it for Spawn events.
bool applySpawnEvent(Level& level, LevelWorld& lw, const ReplayEvent& event);
/// The body a clone (Space in play mode) adds: a character the player's size at
/// the player's position and facing, at rest, userData 0.
BodyDef cloneBodyDef(const Level& level, const LevelWorld& lw);

/// Applies one event to a running level world (`level` is the level it was built from):
/// what each kind of event does, for LevelRun::apply() (which also records it) and games
/// that drive a LevelWorld themselves. False, and nothing changes, when the event does not
/// apply: a clone or a scale without a player, a scale World::setScale() refuses (no
/// room to grow), a tile off the map, a spawn event (it
/// changes the level too: applySpawnEvent()). `clone`, when given, receives a clone
/// event's new body.
bool applyReplayEvent(const Level& level, LevelWorld& lw, const ReplayEvent& event,
                      BodyId* clone = nullptr);

/// Records a session as it runs. Call begin() on the fresh world, then for each
/// step beforeStep(input) / afterStep(world), events as they happen, finish() at the end.
class ReplayRecorder {
public:
    void begin(const Level& level, const LevelWorld& lw,
               std::optional<std::pair<int, int>> playerStart = std::nullopt,
               std::uint64_t checkpointInterval = kDefaultCheckpointInterval);
    bool recording() const { return mActive; }
    /// Continues recording after step `step` of `replay` (`world` is that state): the
    /// recording so far becomes the replay's first `step` steps. Play from here.
    void resume(const Replay& replay, std::uint64_t step, const World& world);
    /// Step `steps() + 1` is about to run with `input`.
    void beforeStep(const Input& input);
    /// The step ran: `lw`'s bodies in LevelWorld::bodies order at a checkpoint (a World
    /// alone: World::bodies() order, for a world no body was removed from).
    void afterStep(const LevelWorld& lw);
    void afterStep(const World& world);
    /// An event before the next step.
    void noteEvent(ReplayEvent event);
    /// Something unrecordable is about to change `world`: recording ends with its
    /// current state (the replay covers the steps so far).
    void stop(const LevelWorld& lw, const std::string& reason);
    void stop(const World& world, const std::string& reason);
    const std::string& stopReason() const { return mStopReason; }
    std::uint64_t steps() const { return mReplay.steps; }
    /// The replay so far; `world` is the running world (ignored after stop()).
    /// Events after the last step are dropped: they changed nothing recorded.
    /// `levelPath` is left empty (the recorder does not know where the replay will be
    /// saved): set it before saveReplayFile(), e.g. to relativeLevelPath(levelFile, path).
    Replay finish(const LevelWorld& lw, const std::string& recordedAt = {}) const;
    Replay finish(const World& world, const std::string& recordedAt = {}) const;

private:
    void stopWith(ReplayCheckpoint tail, const std::string& reason);
    Replay finishWith(const ReplayCheckpoint& now, const std::string& recordedAt) const;
    Replay mReplay;
    bool mActive = false;
    bool mHaveRange = false;
    Input mLast;
    ReplayCheckpoint mTail; ///< the state when recording stopped
    std::string mStopReason;
};

/// The checkpoint of a world after a step: its bodies in World::bodies() order.
ReplayCheckpoint makeCheckpoint(const World& world);
/// The checkpoint of a run after a step: its bodies in LevelWorld::bodies order, those
/// removed marked (World::bodies() order when `lw.bodies` is empty).
ReplayCheckpoint makeCheckpoint(const LevelWorld& lw);

/// How the level a replay is run on relates to the one it was recorded on.
enum class ReplayLevelMatch {
    Recorded, ///< it is the recorded level (same levelContentHash())
    /// It is the recorded level with the session's own edits made while playing (play mode
    /// paints into the document): undone, it is the recorded level again.
    SessionEdits,
    /// It changed otherwise since recording (the session's edits are undone where they
    /// still stand; what else changed stays and may desync).
    Changed,
};

/// The level a replay starts from, rebuilt from the level as it is now.
struct ReplayStartLevel {
    Level level; ///< what the run is built from (before the player start is applied)
    ReplayLevelMatch match = ReplayLevelMatch::Recorded;
    std::size_t tileEditsUndone = 0;  ///< tile events undone to get `level`
    std::size_t spawnEditsUndone = 0; ///< spawn events undone to get `level`
    std::size_t editsUndone() const { return tileEditsUndone + spawnEditsUndone; }
};

/// `now` with the replay's edits undone, last first: a tile `now` still has as the event
/// painted it is set back to the tile it replaced (its `was`); a spawn as the event left
/// it gets back its recorded fields (custom properties stay as they are now), an added
/// one is deleted, a deleted one put back at its index. A replay keeps the edits' inverse,
/// not a copy of the level, so it stays a test of the level as it is now: only the
/// session's own edits are taken back. `now` itself when its content hash is the
/// recorded one, or the replay has no such events (format versions 1 to 3).
ReplayStartLevel replayStartLevel(const Level& now, const Replay& replay);
/// What a report adds about the level: empty for ReplayLevelMatch::Recorded, else "the
/// level has the 2 tile edits and 1 spawn edit the session made while playing: the replay
/// starts without them and makes them at their steps", or "the level changed since
/// recording" (with "besides the N tile edits ... (undone for the run)" when there were
/// some).
std::string describeStartLevel(const ReplayStartLevel& start);

/// Runs a replay on a level step by step (the editor's timeline, `replay check`): a
/// LevelRun fed the replay's events and keys.
class ReplayRunner {
public:
    /// Builds the world from replayStartLevel(`level`) (the level as the replay started,
    /// the session's own edits undone) with the player start. A player start off the map
    /// is ignored (the player starts at its spawn): callers that report on replays check
    /// it first with levelWithPlayerAt().
    ReplayRunner(const Level& level, const Replay& replay);
    const Replay& replay() const { return mReplay; }
    /// The level the run started from, and how it relates to the recorded one.
    const ReplayStartLevel& startLevel() const { return mStart; }
    /// The spawns the world was built from (startLevel() with the player start): what a
    /// desync report compares with the recorded ones.
    const std::vector<Spawn>& builtSpawns() const { return mBuiltSpawns; }
    /// The level as the run has it: the replay's tile events so far applied.
    const Level& level() const { return mRun.level(); }
    const LevelWorld& levelWorld() const { return mRun.levelWorld(); }
    const World& world() const { return mRun.world(); }
    BodyId player() const { return mRun.player(); }
    /// The run it drives: the goals reached, and a recording of the replay run again
    /// (rerecordReplay()).
    LevelRun& run() { return mRun; }
    const LevelRun& run() const { return mRun; }
    /// Steps run so far (0 = the start).
    std::uint64_t step() const { return mRun.steps(); }
    bool atEnd() const { return step() >= mReplay.steps; }
    /// Runs the next step (events, input, World::step). False at the end.
    bool advance();
    /// Whether the steps fill the world's debug data (World::setDebugEnabled: the
    /// same motion either way; off clears the data).
    void setDebugEnabled(bool on) { mRun.world().setDebugEnabled(on); }
    /// A copy of the running state (a keyframe for seeking).
    using State = LevelRun::Snapshot;
    State state() { return mRun.snapshot(); }
    void restore(const State& s);

private:
    const Replay mReplay;
    ReplayStartLevel mStart;
    LevelRun mRun;
    std::vector<Spawn> mBuiltSpawns;
    std::size_t mNextEvent = 0;
};

/// A spawn whose body differs between the recording and the level now.
struct ReplaySpawnChange {
    enum class Kind {
        Removed,   ///< the recording has its body, the level no longer has the spawn
        Added,     ///< the level has a spawn the recording does not
        Changed,   ///< same id: kind, tile, size, mass, restitution or velocity differ
        Reordered, ///< `now` is listed before `other` in the level, after it when recorded
    };
    Kind kind = Kind::Changed;
    std::int64_t id = 0;
    /// As recorded (Removed, Changed); std::nullopt when the file does not say (format
    /// versions 1 and 2 record only ids).
    std::optional<Spawn> recorded{};
    std::optional<Spawn> now{};   ///< as the level has it now (Added, Changed, Reordered)
    std::optional<Spawn> other{}; ///< Reordered: the spawn `now` moved before
};

/// A body whose position differs from the recorded one at a checkpoint.
struct ReplayBodyDifference {
    std::uint64_t step = 0;
    std::string body;                    ///< "NPC #2" (spawnLabel()), "clone 1"
    std::int64_t spawnId = 0;            ///< 0 for a clone
    Vec2 position{}, recordedPosition{}; ///< World::position(): physics pixels, y up
    /// spawnTileAt() of each: the tile as the editor counts it (none when not finite).
    std::optional<std::pair<int, int>> tile{}, recordedTile{};
    std::size_t othersApart = 0; ///< other bodies whose positions differ there too
};

/// What a desync is, in the order a report looks for it.
enum class ReplayDesyncKind {
    Spawns,   ///< spawns added, removed, changed or reordered since recording
    Bodies,   ///< the same spawns, another number of bodies (clones made with Space)
    Position, ///< a body is elsewhere than recorded (`body`)
    /// Every body is where recorded, the state hash differs: a speed, contact or facing.
    /// `body`, when set, is the first body to move apart at a later checkpoint.
    State,
    /// Only this checkpoint's hash differs: every body is where recorded and the next
    /// checkpoint matches in full (the file's hash was edited or damaged).
    FileHash,
    /// The hash matches but a recorded position (`body`) or the body count does not: the
    /// file was edited or damaged.
    FileCheckpoint,
};

/// Where a run left the recorded checkpoints, and what differs there.
struct ReplayDesync {
    std::uint64_t step = 0; ///< the first checkpoint that differs
    ReplayDesyncKind kind = ReplayDesyncKind::Position;
    std::uint64_t hash = 0, recordedHash = 0;
    std::size_t bodies = 0, recordedBodies = 0;
    std::vector<ReplaySpawnChange> spawnChanges{}; ///< Spawns
    /// The body whose position differs most (the farthest apart; the first of equals).
    std::optional<ReplayBodyDifference> body{};
    /// FileHash: the next checkpoint (it matches in full). State without `body`: the last
    /// checkpoint compared (every body still where recorded).
    std::uint64_t laterStep = 0;
};

/// Compares a run with a replay's checkpoints, one at a time in step order: the first
/// that differs in any field (hash, body count, any position) is the desync. When only
/// its hash differs, the later checkpoints say more: the first body to move apart, or
/// that the next one matches in full. checkReplay() and the editor's timeline use it.
class ReplayChecker {
public:
    explicit ReplayChecker(const Replay& replay) : mReplay(replay) {}
    /// `runner` has run to `checkpoint.step`. Checkpoints after settled() are ignored.
    void check(const ReplayRunner& runner, const ReplayCheckpoint& checkpoint);
    /// A run not through a ReplayRunner: `level` is the run's level and `world` its state
    /// after `checkpoint.step` (bodies in World::bodies() order, none removed).
    void check(const Level& level, const World& world, const ReplayCheckpoint& checkpoint);
    /// Whether later checkpoints can no longer change the report.
    bool settled() const { return mSettled; }
    const std::optional<ReplayDesync>& desync() const { return mDesync; }

private:
    struct Run;
    void compare(const Run& run, const ReplayCheckpoint& checkpoint);
    const Replay& mReplay;
    std::optional<ReplayDesync> mDesync;
    bool mSettled = false;
};

struct ReplayCheckResult {
    std::optional<ReplayDesync> desync;
    std::uint64_t finalHash = 0;
    /// The level changed since recording other than by the session's own edits
    /// (start.match is ReplayLevelMatch::Changed).
    bool levelChanged = false;
    /// What the replay was run on (ReplayRunner::startLevel()), without the level copy.
    ReplayLevelMatch levelMatch = ReplayLevelMatch::Recorded;
    std::size_t editsUndone = 0;
    std::string levelNote; ///< describeStartLevel() of it (empty: the recorded level)
    bool ok() const { return !desync.has_value(); }
};

/// Runs the replay's inputs and events on `level` as it is now (the session's own edits
/// undone: replayStartLevel()) and compares every checkpoint (ReplayChecker); stops once
/// the report is settled.
ReplayCheckResult checkReplay(const Level& level, const Replay& replay);
/// The replay re-recorded on `level` (same inputs and events; new level hash,
/// physics, body ids, checkpoints and final hash). The session's own edits in `level` are
/// undone first (replayStartLevel()): the new level hash is of the level it starts from.
Replay rerecordReplay(const Level& level, const Replay& replay);
/// A replay of a scripted headless run, as `tilesmith simulate --record` writes it.
Replay recordScript(const Level& level, const InputScript& script, std::uint64_t steps,
                    std::uint64_t checkpointInterval = kDefaultCheckpointInterval);
/// The report in the designer's terms, e.g. "desync at step 60: NPC #5 was removed since
/// recording", "desync at step 60: NPC #2 is at tile 36, 16 (580.50, 64.00 px), recorded
/// at tile 35, 16 (568.00, 64.00 px): 12.50 px apart". Positions are printed with as
/// many decimals as it takes for different values to read different.
std::string describeDesync(const ReplayDesync& d);
/// One change: "NPC #5 was removed since recording", "Box #8 was added since recording
/// at tile 12, 30", "NPC #2 changed since recording: velocity x 0 -> 80".
std::string describeSpawnChange(const ReplaySpawnChange& c);
/// Why a replay may not reproduce on this build: empty when it was recorded with
/// this build's physics revision (ts::kPhysicsRevision), else "recorded with physics
/// revision 7, this build is 8" or "recorded before physics revisions were stored,
/// this build is physics revision 8". Every surface that reports a desync adds it.
std::string physicsRevisionNote(const Replay& replay);
/// What to do about such a desync, for the replay file `file`: "run 'tilesmith
/// replay update FILE' to re-record the checkpoints".
std::string replayUpdateHint(const std::string& file);

} // namespace ts::level
