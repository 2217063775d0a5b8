# Replay benchmark (issue 10): recording overhead per step, seek latency on a
# 36,000-step crowd session, file size per minute. Never run by ctest. From a
# Release build:
#   cmake --preset release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
#   cmake --build build/release --target replay_bench
#   build/release/tests/bench/replay_bench            # crowd level, 36,000 steps
#   build/release/tests/bench/replay_bench resources/levels/tutorial.yaml
if(TARGET tilesmith_play)
    add_executable(replay_bench ${CMAKE_CURRENT_SOURCE_DIR}/replay_bench.cpp)
    target_link_libraries(replay_bench PRIVATE tilesmith_play_internals)
    target_compile_definitions(replay_bench PRIVATE TILESMITH_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
endif()
