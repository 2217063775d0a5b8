// What the editor application shares with the command line: the step-count rule of
// their options, and writing an output file (a --screenshot, a render, an export) in
// one way with one error message.
#pragma once

#include <QByteArray>
#include <QImage>

#include <cstdint>
#include <string>
#include <string_view>

namespace ts::app {

/// A step count or step number given to `option` ("--steps", "--play-steps",
/// "--replay-step"): a whole number of at most limits::kMaxSteps, the one step limit of
/// every run. False with the usage error's message otherwise: "--steps expects a whole
/// number of steps, got 'x'", "--steps 1000000000 is too large (the limit is 100000000
/// steps)" (rules::tooManyStepsMessage, as a replay or an input script says it).
bool readSteps(const std::string& option, const std::string& text, std::uint64_t& out,
               std::string& error);

/// Prints "PATH: error: cannot write: REASON" to stderr, the one message of every
/// output file a command cannot write; returns 1, the failure exit status.
int cannotWrite(const std::string& path, const std::string& reason);
/// Writes `bytes` to `path` atomically (ts::level::AtomicFile: never a partial file, and a file
/// it replaces stays whole on failure); false after cannotWrite() on failure.
bool writeOutput(const std::string& path, std::string_view bytes);
/// Encodes `image` (`format`: "png", ...) and writes it like writeOutput().
bool writeImage(const std::string& path, const QImage& image, const QByteArray& format);

} // namespace ts::app
