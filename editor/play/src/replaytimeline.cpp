#include "replaytimeline.h"

#include <algorithm>

namespace ts::play {

ReplayTimeline::ReplayTimeline(const ts::level::Level& level, const ts::level::Replay& replay,
                               std::uint64_t keyframeInterval)
    : mRunner(level, replay), mInterval(std::max<std::uint64_t>(keyframeInterval, 1)) {
    const ts::level::Replay& r = mRunner.replay();
    const bool hasPlayer = !mRunner.player().isNull();
    if (hasPlayer)
        mPlayerBoxes.reserve(std::size_t(r.steps) + 1);
    mKeyframes.reserve(std::size_t(r.steps / mInterval) + 1);
    std::size_t nextCheckpoint = 0;
    ts::level::ReplayChecker checker(r);
    while (true) {
        const std::uint64_t k = mRunner.step();
        if (k % mInterval == 0)
            mKeyframes.push_back(mRunner.state());
        if (hasPlayer)
            mPlayerBoxes.push_back(mRunner.world().aabb(mRunner.player()));
        if (nextCheckpoint < r.checkpoints.size() && r.checkpoints[nextCheckpoint].step == k)
            checker.check(mRunner, r.checkpoints[nextCheckpoint++]);
        if (!mRunner.advance())
            break;
    }
    mDesync = checker.desync();
    mGoalEvents = mRunner.run().goalEvents(); // the run watched them as it stepped
    seek(0);
}

std::vector<ts::level::GoalEvent> ReplayTimeline::goalEventsUpTo(std::uint64_t step) const {
    std::vector<ts::level::GoalEvent> upTo;
    for (const ts::level::GoalEvent& e : mGoalEvents)
        if (e.step <= step)
            upTo.push_back(e);
    return upTo;
}

void ReplayTimeline::seek(std::uint64_t step) {
    step = std::min(step, length());
    // The overlays explain the step shown with the debug data of the step that led
    // to it: run to the step before without it (the keyframes have none), then that
    // last step with it.
    mRunner.setDebugEnabled(false);
    const std::uint64_t before = step > 0 ? step - 1 : 0;
    const std::size_t key = std::size_t(before / mInterval);
    const std::uint64_t keyStep = std::uint64_t(key) * mInterval;
    // Run forward from here when that is no farther than from the keyframe.
    if (!(mRunner.step() <= before && mRunner.step() >= keyStep))
        mRunner.restore(mKeyframes[std::min(key, mKeyframes.size() - 1)]);
    while (mRunner.step() < before && mRunner.advance()) {
    }
    if (mRunner.step() < step) {
        mRunner.setDebugEnabled(true);
        mRunner.advance();
    }
}

} // namespace ts::play
