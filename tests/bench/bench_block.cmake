# block_bench: the best case of a cache-blocked physics step (K independent worlds of
# N/K bodies stepped one after another) against one world of N bodies and one of
# N/10, on physics_bench's scenes: what blocking could do for the growth of ms/step
# from 10k to 100k bodies (docs/performance.md). Built by default, never run by ctest.
#   build/release/tests/bench/block_bench
add_executable(block_bench
    ${CMAKE_CURRENT_LIST_DIR}/block_bench.cpp
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_scene.cpp
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_scene.h)
target_link_libraries(block_bench PRIVATE tilesmith_physics)
