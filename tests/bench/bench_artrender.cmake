# Art drawing benchmark (issue 42): `tilesmith render --art-only --scale 0.25` of a 1024 x 1024
# level with art against Tiled's `tmxrasterizer -s 0.25` of the same map, paired whole
# processes. Built by default, never run by ctest. On a Release build:
#   cmake --preset release && cmake --build build/release --target tilesmith bench_art_level -j2
#   /usr/bin/python3 tests/bench/art_render_bench.py build/release --runs 7
if(TILESMITH_BUILD_EDITOR)
    add_executable(bench_art_level ${CMAKE_CURRENT_LIST_DIR}/art_level.cpp)
    target_link_libraries(bench_art_level PRIVATE tilesmith_tmx)
    set_target_properties(bench_art_level PROPERTIES
        RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
endif()
