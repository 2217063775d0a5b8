#!/usr/bin/env bash
# Installs what Tilesmith needs to build, test and benchmark, from Debian 12's archive.
set -euo pipefail
packages=(
    g++ cmake ninja-build                  # toolchain (CMake >= 3.25)
    lld                                     # the faster linker the build uses when it is there
    qt6-base-dev qt6-svg-dev                # Qt 6 Widgets, Test; SVG icons
    libyaml-cpp-dev                         # level files
    zlib1g-dev                              # compressed TMX layer data
    libbox2d-dev                            # physics benchmark comparison
    clang                                   # second compiler of the cross-compiler determinism test
    tiled                                   # TMX interop tests (tiled, tmxrasterizer)
    python3-jsonschema python3-yaml         # JSON Schema check of the level format
    xauth xvfb                              # optional: running the editor on a virtual display
    fonts-dejavu-core                       # the GUI tests' text widths (e.g. the 510 px least window width) are DejaVu Sans's
    libsdl2-dev pkg-config                  # the example game; pkg-config check of the package
    libsdl2-image-dev                       # the example game's tileset images (PNG)
    clang libclang-rt-14-dev libfuzzer-14-dev # clang++ downstream check; libFuzzer (fuzz preset)
)
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
echo "install-deps: ok"
