# physics_bench: Tilesmith physics vs Box2D 2.4.1, Box2D v3 and a brute-force
# O(n^2) pair loop. Built by default, never run by ctest. Run it from a Release build
# (docs/performance.md has the full commands):
#   cmake --preset release -DTILESMITH_BOX2D_V3_DIR=/path/to/box2d-v3
#   cmake --build build/release --target physics_bench
#   build/release/tests/bench/physics_bench --scene all --bodies 10000,100000
# Both Box2Ds are optional: without them the benchmark still builds and says at
# run time which engines are unavailable.
add_executable(physics_bench
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench.cpp
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_options.cpp
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_options.h
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_report.cpp
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_scene.cpp
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_report.h
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_scene.h)
target_link_libraries(physics_bench PRIVATE tilesmith_physics)

# Each Box2D adapter is a static library of its own, so each sees only its own
# <box2d/box2d.h> (both versions use that path).
# Box2D 2.4.1: Debian's libbox2d-dev, found in its own directory scope.
add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/box2d241 ${CMAKE_CURRENT_BINARY_DIR}/box2d241)
target_link_libraries(physics_bench PRIVATE physics_bench_box2d241)

add_library(physics_bench_box2d3 STATIC
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_box2d3.cpp
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_box2d3.h)
target_link_libraries(physics_bench_box2d3 PUBLIC tilesmith_physics)
target_link_libraries(physics_bench PRIVATE physics_bench_box2d3)

# Box2D v3: not packaged by Debian 12. Built from a source tree given by the
# cache variable or environment variable TILESMITH_BOX2D_V3_DIR (relative paths
# are taken from the source tree, e.g. ../shared/third_party/box2d-v3), or
# fetched from GitHub when TILESMITH_BOX2D_V3_FETCH is ON (needs a network).
# Never copied into this project. Its library (target `box2d`) is only built
# as a dependency of physics_bench (EXCLUDE_FROM_ALL).
set(TILESMITH_BOX2D_V3_DIR "$ENV{TILESMITH_BOX2D_V3_DIR}" CACHE PATH
    "Box2D v3 source tree for physics_bench's box2d3 engines (empty: without them)")
option(TILESMITH_BOX2D_V3_FETCH
    "Fetch Box2D v3 from GitHub (FetchContent) when TILESMITH_BOX2D_V3_DIR is empty" OFF)
# The commit the box2d3 adapter is written against (v3.2 API: motion locks,
# void pre-solve callback).
set(TILESMITH_BOX2D_V3_COMMIT 617d32ab02570930625bbcb8479f54be9bf8d045)

set(tilesmith_box2d3 OFF)
if(TILESMITH_BOX2D_V3_DIR OR TILESMITH_BOX2D_V3_FETCH)
    set(BOX2D_SAMPLES OFF CACHE BOOL "" FORCE)
    set(BOX2D_UNIT_TESTS OFF CACHE BOOL "" FORCE)
    set(BOX2D_BENCHMARKS OFF CACHE BOOL "" FORCE)
    set(BOX2D_VALIDATE OFF CACHE BOOL "" FORCE)
    if(TILESMITH_BOX2D_V3_DIR)
        get_filename_component(tilesmith_box2d3_dir "${TILESMITH_BOX2D_V3_DIR}" ABSOLUTE
                               BASE_DIR "${PROJECT_SOURCE_DIR}")
        if(NOT EXISTS "${tilesmith_box2d3_dir}/include/box2d/box2d.h")
            message(FATAL_ERROR "TILESMITH_BOX2D_V3_DIR=${TILESMITH_BOX2D_V3_DIR}: "
                "no include/box2d/box2d.h under ${tilesmith_box2d3_dir}")
        endif()
        add_subdirectory(${tilesmith_box2d3_dir} ${CMAKE_CURRENT_BINARY_DIR}/box2d-v3
                         EXCLUDE_FROM_ALL)
    else()
        include(FetchContent)
        FetchContent_Declare(tilesmith_box2d3
            GIT_REPOSITORY https://github.com/erincatto/box2d.git
            GIT_TAG ${TILESMITH_BOX2D_V3_COMMIT})
        FetchContent_GetProperties(tilesmith_box2d3)
        if(NOT tilesmith_box2d3_POPULATED)
            FetchContent_Populate(tilesmith_box2d3)
            add_subdirectory(${tilesmith_box2d3_SOURCE_DIR} ${tilesmith_box2d3_BINARY_DIR}
                             EXCLUDE_FROM_ALL)
        endif()
    endif()
    # Our -Wpedantic and CI's -Werror are for our code: Box2D keeps its own
    # warnings. Sanitizer and determinism flags stay. No Qt code generators (the
    # project turns AUTOMOC on for every target).
    get_target_property(tilesmith_box2d3_opts box2d COMPILE_OPTIONS)
    if(tilesmith_box2d3_opts)
        list(REMOVE_ITEM tilesmith_box2d3_opts -Wpedantic -Werror)
        set_target_properties(box2d PROPERTIES COMPILE_OPTIONS "${tilesmith_box2d3_opts}")
    endif()
    set_target_properties(box2d PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
    target_link_libraries(physics_bench_box2d3 PRIVATE box2d)
    target_compile_definitions(physics_bench_box2d3 PRIVATE TILESMITH_BENCH_HAVE_BOX2D3=1)
    set(tilesmith_box2d3 ON)
    message(STATUS "physics_bench: with Box2D v3 from ${tilesmith_box2d3_dir}${tilesmith_box2d3_SOURCE_DIR}")
else()
    target_compile_definitions(physics_bench_box2d3 PRIVATE TILESMITH_BENCH_HAVE_BOX2D3=0)
    message(STATUS "physics_bench: Box2D v3 not requested (TILESMITH_BOX2D_V3_DIR empty), "
                   "building without the box2d3 engines")
endif()
