#include "play/playcontroller.h"

namespace ts::play {

PlayController::PlayController(ts::editor::MainWindow* window) : QObject(nullptr), mWindow(window) {}

PlayController::~PlayController() = default;

} // namespace ts::play
