# Editor benchmark (issue 4, "Performance"): built by default, never run by ctest.
#   editor_bench: first frame of the 1024 x 1024 level in LevelDocument + LevelScene +
#     EditorView (1280 x 800, 100 % and zoom to fit), tiles repainted per brush dab on
#     the small and the big map, resident memory per tile.
#   editor_render_bench.py: `tilesmith render --scale 0.25` against Tiled's
#     `tmxrasterizer -s 0.25` on the TMX export of the same level (wall, CPU, max RSS).
# On a Release build:
#   cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release
#   cmake --build build/release --target tilesmith editor_bench -j2
#   QT_QPA_PLATFORM=offscreen build/release/bin/editor_bench --runs 7
#   python3 tests/bench/editor_render_bench.py build/release --runs 7
if(TILESMITH_BUILD_EDITOR)
    add_executable(editor_bench ${CMAKE_CURRENT_LIST_DIR}/editor_bench.cpp)
    target_link_libraries(editor_bench PRIVATE tilesmith_editor_internals)
    target_compile_definitions(editor_bench PRIVATE
        TILESMITH_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
    set_target_properties(editor_bench PROPERTIES
        RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
endif()
# paint_bench: LevelDocument::paintTiles on big.yaml, a whole-map fill and 10,000
# dabs, with optional extra spawns (issue 9: cost proportional to the tiles written).
#   QT_QPA_PLATFORM=offscreen build/release/bin/paint_bench --runs 5 [--extra-spawns 100000]
if(TILESMITH_BUILD_EDITOR)
    add_executable(paint_bench ${CMAKE_CURRENT_LIST_DIR}/paint_bench.cpp)
    target_link_libraries(paint_bench PRIVATE tilesmith_editor_internals)
    target_compile_definitions(paint_bench PRIVATE
        TILESMITH_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
    set_target_properties(paint_bench PROPERTIES
        RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
endif()
