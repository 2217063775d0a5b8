# stream_bench: one forces-like pass over N 48-byte records (the physics hot record's
# size), warm and cold, from 2.5k to 100k records: what this machine's caches do to
# a plain stream as the body count grows, the yardstick for physics_bench's growth
# from 10k to 100k bodies (docs/performance.md). Built by default, never run by ctest.
#   build/release/tests/bench/stream_bench
add_executable(stream_bench ${CMAKE_CURRENT_LIST_DIR}/stream_bench.cpp)
