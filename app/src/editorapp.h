// Starts the editor: `tilesmith [FILE.yaml] [--screenshot OUT.png [--size WxH]] ...`.
#pragma once

namespace ts::app {

int runEditor(int argc, char** argv);

} // namespace ts::app
