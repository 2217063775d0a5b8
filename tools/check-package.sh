#!/usr/bin/env bash
# Downstream check (CI): build the libraries without Qt, `cmake --install` them into a
# temporary prefix, then build the minimal consumer (tests/consumer) and the example game
# (examples/platformer) against that prefix alone, with g++ and with clang++, through the
# CMake package and through pkg-config, and check that they print the same state hashes
# (and the game the same goal events) as `tilesmith simulate` on the samples. The C++
# examples of docs/game-library.md, the level format and the physics README (tests/docs) are
# built against the prefix too and run.
#   tools/check-package.sh [TILESMITH]      TILESMITH: the `tilesmith` executable to compare
#                                           with (default build/debug/bin/tilesmith)
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
tilesmith=$(realpath "${1:-build/debug/bin/tilesmith}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
failures=0
fail() { echo "check-package: FAIL: $*"; failures=$((failures + 1)); }

echo "-- package: build the libraries and the example game with Qt hidden from CMake, install to $prefix"
cmake -S . -B build/package -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILESMITH_BUILD_EDITOR=OFF \
    -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON >/dev/null
cmake --build build/package -j2 --target tilesmith_physics tilesmith_level platformer
cmake --install build/package --prefix "$prefix" >/dev/null
(cd "$prefix" && find . -type f | sort | sed 's/^/   /')
if grep -rqE 'Qt[56]|Qt::' "$prefix"/lib*/cmake "$prefix"/lib*/pkgconfig; then
    fail "the installed package mentions Qt"
fi
[ -f "$prefix/include/tilesmith/level/levelio.h" ] || fail "level headers not installed"
[ -f "$prefix/include/tilesmith/physics/world.h" ] || fail "physics headers not installed"
[ ! -e "$prefix/include/tilesmith/level/yamltree.h" ] || fail "a private header was installed"
[ -z "$(find "$prefix/include" -path '*leveledit*' -o -name jumparc.h -o -name transform.h)" ] ||
    fail "an editor helper (leveledit) was installed"

# Inputs used below: the consumer's "walk right for N steps" and the play-mode test run.
printf '1 240 right\n' >"$work/right.txt"
run_input=$src/tests/play/data/tutorial_run.txt
"$tilesmith" lint resources/levels/tutorial.yaml --route 7 -o "$work/goal.inputs" >/dev/null
goal_steps=$(awk '!/^#/ && NF >= 2 && $2 > m { m = $2 } END { print m + 20 }' "$work/goal.inputs")
expect() { "$tilesmith" simulate "$@" --hash; }
# The docs' C++ examples as they stand, one file per document (tests/docs/CMakeLists.txt).
mkdir -p "$work/docs"
for doc in docs/game-library.md:game docs/format/level-format.md:format physics/README.md:physics; do
    prelude=()
    [ "${doc##*:}" = physics ] && prelude=(-DPRELUDE=tilesmith/physics/physics.h)
    cmake -DDOC="$src/${doc%%:*}" -DNAME="${doc##*:}" -DOUT="$work/docs/doc_${doc##*:}.cpp" \
        "${prelude[@]}" -P tests/docs/extract_snippets.cmake
done
same() { # what, expected, got
    if [ "$2" = "$3" ] && [ -n "$2" ]; then echo "   ok   $1: $3"; else fail "$1: expected '$2', got '$3'"; fi
}

for cxx in g++ clang++; do
    echo "-- consumer and example game with $cxx"
    for project in tests/consumer examples/platformer; do
        cmake -S "$project" -B "$work/$cxx/$project" -G Ninja -DCMAKE_BUILD_TYPE=Release \
            -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
            -DCMAKE_CXX_FLAGS="-Wall -Wextra -Wpedantic -Werror" >/dev/null ||
            { fail "$project: configure with $cxx"; continue; }
        cmake --build "$work/$cxx/$project" >/dev/null || fail "$project: build with $cxx"
    done
    consumer=$work/$cxx/tests/consumer/consumer
    game=$work/$cxx/examples/platformer/platformer
    if ldd "$consumer" "$game" | grep -q 'libQt'; then fail "a game links Qt"; fi
    tutorial=$src/resources/levels/tutorial.yaml
    same "consumer ($cxx), tutorial" "$(expect "$tutorial" --steps 240 --inputs "$work/right.txt")" \
        "$("$consumer" "$tutorial" 240 | tail -n1)"
    for level in tutorial playground crowd; do
        file=$src/resources/levels/$level.yaml
        same "platformer ($cxx), $level" "$(expect "$file" --steps 300 --inputs "$run_input")" \
            "$(SDL_VIDEODRIVER=dummy "$game" "$file" --headless --steps 300 --inputs "$run_input" --hash | tail -n1)"
    done
    # The goal: lint's route to the tutorial's goal 7; the game reports it as simulate does.
    same "platformer ($cxx), tutorial goal" \
        "$("$tilesmith" simulate "$tutorial" --steps "$goal_steps" --inputs "$work/goal.inputs" | grep '^goal ')" \
        "$(SDL_VIDEODRIVER=dummy "$game" "$tutorial" --headless --steps "$goal_steps" --inputs "$work/goal.inputs" | grep '^goal ')"

    echo "-- pkg-config consumer with $cxx"
    # shellcheck disable=SC2046 # pkg-config prints several words on purpose
    if "$cxx" -Wall -Wextra -Werror tests/consumer/main.cpp -o "$work/pc-consumer-$cxx" \
        $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs tilesmith-level); then
        same "pkg-config consumer ($cxx), tutorial" \
            "$(expect "$tutorial" --steps 240 --inputs "$work/right.txt")" \
            "$("$work/pc-consumer-$cxx" "$tutorial" 240 | tail -n1)"
    else
        fail "pkg-config consumer: build with $cxx"
    fi

    echo "-- the docs' C++ examples with $cxx (game library, level format, physics README)"
    # shellcheck disable=SC2046
    if "$cxx" -Wall -Wextra -Wpedantic -Werror -Itests/docs "$work"/docs/doc_*.cpp \
        tests/docs/run_snippets.cpp -o "$work/doc-examples-$cxx" \
        $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs tilesmith-level); then
        if (cd resources && "$work/doc-examples-$cxx" | sed 's/^/   /'); then
            echo "   ok   doc examples ($cxx)"
        else
            fail "doc examples ($cxx): an example did not run to its end"
        fi
    else
        fail "doc examples: build with $cxx"
    fi
done

if [ "$failures" -ne 0 ]; then
    echo "check-package: $failures failure(s)"
    exit 1
fi
echo "check-package: ok (package, consumer, example game and the docs' examples with g++ and clang++)"
