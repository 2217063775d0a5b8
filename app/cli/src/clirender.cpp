// `tilesmith render`: the level drawn by the editor's own renderer (or, with --art-only,
// what a game draws), into a PNG.
#include "clicommon.h"

#include "tilesmith/level/levelio.h"
#include "tilesmith/render/artrenderer.h"
#include "tilesmith/render/levelrenderer.h"
#include "tilesmith/render/pngencoder.h"
#include "tilesmith/render/tilesetimages.h"
#include "tilesmith/tmx/tmx.h"

#include <QFileInfo>
#include <QGuiApplication>

#include <charconv>
#include <cmath>
#include <cstdio>

namespace ts::app {

int runRender(const Args& args) {
    if (args.positional.size() != 1)
        return usageError("render", args.positional.empty()
                                        ? "no level file given"
                                        : "expected one level file, got " +
                                              std::to_string(args.positional.size()));
    const std::string out = args.value("output");
    if (out.empty())
        return usageError("render", "missing -o OUT.png");
    double scale = 1.0;
    if (args.has("scale")) {
        const std::string s = args.value("scale");
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), scale);
        if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(scale) ||
            scale <= 0)
            return usageError("render", "--scale expects a positive number, got '" + s + "'");
    }
    const bool artOnly = args.has("art-only");
    const std::string& in = args.positional[0];
    // A Tiled map renders as it imports (as `validate` checks it).
    const QString inPath = QString::fromLocal8Bit(in.c_str());
    const level::LoadResult r =
        endsWith(in, ".tmx") ? tmx::importTmx(inPath) : level::loadLevelFile(in);
    if (!r.ok()) {
        printErrors(r.errors, in);
        return 1;
    }

    // Text (the spawn ids) needs a QGuiApplication; no display is needed or used.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    int argc = 1;
    char name[] = "tilesmith";
    char* argv[] = {name, nullptr};
    QGuiApplication app(argc, argv);

    // Tileset images are relative to the level's folder. One that cannot be drawn is no
    // reason to stop: its tiles are placeholders, and the warning says which and why.
    const render::TilesetImages images(*r.level, QFileInfo(inPath).absolutePath());
    // The picture never replaces the level or an image it is drawn from.
    std::vector<InputFile> inputs = {
        {in, endsWith(in, ".tmx") ? "the map this command reads" : "the level this command reads"}};
    for (const render::TilesetImage& image : images.all())
        inputs.push_back(
            {image.path.toLocal8Bit().toStdString(),
             "the image of tileset '" + image.tileset.name + "', which this command reads"});
    if (!notAnInput(out, inputs))
        return 1;
    for (const render::TilesetImage* bad : images.problems())
        std::fprintf(stderr, "%s: warning: tileset '%s': %s; its tiles are drawn as placeholders\n",
                     in.c_str(), bad->tileset.name.c_str(), bad->problem.toLocal8Bit().constData());

    QString error;
    const QImage image = artOnly ? render::renderArt(*r.level, images, scale, &error)
                                 : render::renderLevel(*r.level, scale, &error, &images);
    if (image.isNull()) {
        // The level cannot be drawn at this scale: the error names the level, as
        // every input error does (the writer names OUT when that fails).
        std::fprintf(stderr, "%s: error: %s\n", in.c_str(), error.toLocal8Bit().constData());
        return 1;
    }
    // A 32-bit picture through the fast encoder (Qt's would take most of the command's
    // time on a big one); the art-less palette picture is small work for Qt's.
    if (image.depth() == 32) {
        const QByteArray png = render::encodePng(image);
        if (!writeOutput(out, std::string_view(png.constData(), std::size_t(png.size()))))
            return 1;
    } else if (!writeImage(out, image, "png")) {
        return 1;
    }
    std::printf("wrote %s (%d x %d pixels)\n", out.c_str(), image.width(), image.height());
    return 0;
}

} // namespace ts::app
