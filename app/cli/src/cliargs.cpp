// Command-line argument parsing for the subcommands.
#include "clicommon.h"

#include "tilesmith/level/limits.h"
#include "tilesmith/level/rulemessages.h"

#include <QString>

#include <algorithm>
#include <charconv>

namespace ts::app {

bool endsWith(const std::string& s, std::string_view suffix) {
    return s.size() >= suffix.size() &&
           QString::fromStdString(s.substr(s.size() - suffix.size()))
                   .compare(QLatin1String(suffix.data(), qsizetype(suffix.size())),
                            Qt::CaseInsensitive) == 0;
}

bool parseArgs(int argc, char** argv, int first, const std::vector<OptionSpec>& specs, Args& out,
               std::string& error) {
    bool optionsDone = false;
    for (int i = first; i < argc; ++i) {
        const std::string arg = argv[i];
        if (optionsDone || arg.size() < 2 || arg[0] != '-') {
            out.positional.push_back(arg);
            continue;
        }
        if (arg == "--") {
            optionsDone = true;
            continue;
        }
        if (arg == "--help" || arg == "-h") {
            out.help = true;
            continue;
        }
        const OptionSpec* spec = nullptr;
        std::string value;
        bool inlineValue = false;
        if (arg.compare(0, 2, "--") == 0) {
            std::string name = arg.substr(2);
            if (const auto eq = name.find('='); eq != std::string::npos) {
                value = name.substr(eq + 1);
                name.resize(eq);
                inlineValue = true;
            }
            const auto it = std::find_if(specs.begin(), specs.end(),
                                         [&](const OptionSpec& s) { return name == s.name; });
            if (it == specs.end()) {
                error = "unknown option '--" + name + "'";
                return false;
            }
            spec = &*it;
        } else {
            const auto it = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) {
                return s.shortName != 0 && s.shortName == arg[1];
            });
            // getopt's attached form: "-n5" is "-n 5" for an option that takes a value.
            const bool attached = arg.size() > 2 && it != specs.end() && it->takesValue;
            if (it == specs.end() || (arg.size() != 2 && !attached)) {
                error = "unknown option '" + arg + "'";
                return false;
            }
            spec = &*it;
            if (attached) {
                value = arg.substr(2);
                inlineValue = true;
            }
        }
        const std::string display = std::string("--") + spec->name;
        if (out.has(spec->name)) {
            error = "option " + display + " is given twice";
            return false;
        }
        if (spec->takesValue && !inlineValue) {
            if (i + 1 >= argc) {
                error = "option " + display + " needs a value";
                return false;
            }
            value = argv[++i];
        } else if (!spec->takesValue && inlineValue) {
            error = "option " + display + " takes no value";
            return false;
        }
        out.options[spec->name] = value;
    }
    return true;
}

bool readSteps(const std::string& option, const std::string& text, std::uint64_t& out,
               std::string& error) {
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, out);
    const bool whole = !text.empty() && ptr == end;
    // A whole number past the limit (however many digits): one zero too many.
    if (whole && (ec == std::errc::result_out_of_range ||
                  (ec == std::errc() && out > level::limits::kMaxSteps))) {
        error = level::rules::tooManyStepsMessage(option + " " + text);
        return false;
    }
    if (!whole || ec != std::errc()) {
        error = option + " expects a whole number of steps, got '" + text + "'";
        return false;
    }
    return true;
}

} // namespace ts::app
