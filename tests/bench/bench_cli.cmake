# Command-line benchmark (issue 3): load + save of the 1024 x 1024 level, and
# `tilesmith export --format tmx` next to `tiled --export-map tmx`. Built by default,
# never run by ctest; run tests/bench/cli_bench.py (see its header) on a Release build.
if(TILESMITH_BUILD_EDITOR)
    add_executable(bench_cli_loadsave ${CMAKE_CURRENT_LIST_DIR}/cli_loadsave.cpp)
    target_link_libraries(bench_cli_loadsave PRIVATE tilesmith_level)
    set_target_properties(bench_cli_loadsave PROPERTIES
        RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
endif()
