# physics_bench: Tilesmith physics vs Box2D 2.4.1 vs a brute-force O(n^2) pair loop.
# Built by default, never run by ctest. Run it from a Release build:
#   cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DTILESMITH_BUILD_EDITOR=OFF
#   cmake --build build/release --target physics_bench
#   build/release/tests/bench/physics_bench --scene all --bodies 1000,10000
# Box2D is optional: without Debian's libbox2d-dev the benchmark still builds and
# says at run time that the box2d engine is unavailable.
add_executable(physics_bench
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench.cpp
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_box2d.cpp
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_scene.cpp
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_box2d.h
    ${CMAKE_CURRENT_LIST_DIR}/physics_bench_scene.h)
target_link_libraries(physics_bench PRIVATE tilesmith_physics)

find_package(box2d CONFIG QUIET)
if(TARGET box2d::box2d)
    target_link_libraries(physics_bench PRIVATE box2d::box2d)
    # Debian's 2.4.1 still reports b2_version 2.4.0: print the package's version.
    target_compile_definitions(physics_bench PRIVATE TILESMITH_BENCH_HAVE_BOX2D=1
        TILESMITH_BENCH_BOX2D_VERSION="${box2d_VERSION}")
    message(STATUS "physics_bench: with Box2D ${box2d_VERSION}")
else()
    target_compile_definitions(physics_bench PRIVATE TILESMITH_BENCH_HAVE_BOX2D=0)
    message(STATUS "physics_bench: Box2D not found, building without the box2d engine")
endif()
