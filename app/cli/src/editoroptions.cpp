// The editor's command-line options: the one table of them (see editoroptions.h).
#include "tilesmith/cli/editoroptions.h"

#include <QCommandLineParser>
#include <QStringList>

#include <array>
#include <cstdio>
#include <cstring>

namespace ts::app {

namespace {

// Every option the editor reads (app/src/editorapp.cpp): a row here is parsed and listed in
// `tilesmith --help` (a general one in its "Options", the rest in "Editor options"); an
// option read there but missing here is an unknown option.
constexpr std::array kOptions{
    EditorOption{"help", 'h', nullptr, "show this help", true},
    EditorOption{"screenshot", 0, "OUT.png", "render the main window to OUT.png and exit"},
    EditorOption{"size", 0, "WxH", "window size for --screenshot (default 1280x800)"},
    EditorOption{"jump-arc", 0, "X,Y",
                 "with --screenshot: show the Jump Arc tool's arcs from level tile X,Y (row 0 "
                 "at the top)"},
    EditorOption{"reachability", 0, nullptr,
                 "with --screenshot: View > Reachability on (waits for the search), the Problems "
                 "dock in front"},
    EditorOption{"play-steps", 0, "N",
                 "with --screenshot: play N physics steps first, every overlay on"},
    EditorOption{"inputs", 0, "FILE",
                 "with --play-steps: the player's input script (the format of 'tilesmith "
                 "simulate --inputs')"},
    EditorOption{"replay", 0, "FILE",
                 "with --screenshot: watch this replay (.tsreplay) on the level, its timeline "
                 "and trail shown"},
    EditorOption{"replay-step", 0, "N", "with --replay: the step to show (default 0)"},
    EditorOption{"bench-play", 0, nullptr,
                 "benchmark play mode on LEVEL (frame time with overlays; 5,000 objects "
                 "without) and exit"},
    EditorOption{"bench-frames", 0, "N",
                 "with --bench-play: measured frames per scenario (default 600; fewer for "
                 "profiling under callgrind)"},
};

constexpr int kWidth = 80;         // the help's lines, as the commands' help texts
constexpr int kMeaningColumn = 28; // where every meaning starts

/// "-h, --help" or "    --size WxH", as the commands' help names an option.
std::string optionForm(const EditorOption& o) {
    std::string form = o.shortName ? std::string("-") + o.shortName + ", --" : "    --";
    form += o.name;
    if (o.value)
        form += std::string(" ") + o.value;
    return form;
}

} // namespace

std::span<const EditorOption> editorOptions() {
    return kOptions;
}

void addEditorOptions(QCommandLineParser& parser) {
    parser.addPositionalArgument(QStringLiteral("file"),
                                 QStringLiteral("Level file (.yaml) to open, or a Tiled map "
                                                "(.tmx) to import."),
                                 QStringLiteral("[LEVEL.yaml|MAP.tmx]"));
    for (const EditorOption& o : kOptions) {
        QStringList names;
        if (o.shortName)
            names << QString(QChar::fromLatin1(o.shortName));
        names << QString::fromLatin1(o.name);
        parser.addOption(QCommandLineOption(names, QString::fromUtf8(o.description),
                                            o.value ? QString::fromLatin1(o.value) : QString()));
    }
}

std::string editorOptionsHelp() {
    std::string help;
    for (const EditorOption& o : kOptions) {
        if (o.general)
            continue; // in the help's "Options" (cli.cpp's kTopHelp)
        std::string line = "  " + optionForm(o);
        // A long form gets its meaning on the next line, as --checkpoint-interval's.
        if (int(line.size()) + 2 > kMeaningColumn) {
            help += line + "\n";
            line.clear();
        }
        line.resize(kMeaningColumn, ' ');
        // The meaning, wrapped at a space.
        const char* word = o.description;
        bool first = true;
        while (*word) {
            const char* end = std::strchr(word, ' ');
            const std::size_t length = end ? std::size_t(end - word) : std::strlen(word);
            if (!first && int(line.size() + 1 + length) > kWidth) {
                help += line + "\n";
                line.assign(kMeaningColumn, ' ');
                first = true;
            }
            if (!first)
                line += ' ';
            line.append(word, length);
            first = false;
            word += length;
            while (*word == ' ')
                ++word;
        }
        help += line + "\n";
    }
    return help;
}

void printError(const QString& message) {
    std::fprintf(stderr, "tilesmith: %s\n", qPrintable(message));
}

} // namespace ts::app
