# Auto-tiling benchmark (issue 42): an auto layer resolved from scratch on a generated
# 1024 x 1024 level, AutoTiler::update() after brush dabs, and load/save of a level with
# art. Built by default, never run by ctest:
#   build/release/bin/art_bench [--size N] [--repeat R] [--dabs D]
add_executable(art_bench ${CMAKE_CURRENT_LIST_DIR}/art_bench.cpp)
target_link_libraries(art_bench PRIVATE tilesmith_level)
set_target_properties(art_bench PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
