# Reachability benchmark (issue 11): findReachable on the tutorial, the crowd level,
# a generated 256 x 256 level and big.yaml. Built by default, never run by ctest:
#   build/release/bin/reach_bench [--only tutorial|crowd|gen128|gen256|big] [--repeat N] [--threads N]
add_executable(reach_bench ${CMAKE_CURRENT_LIST_DIR}/reach_bench.cpp)
target_link_libraries(reach_bench PRIVATE tilesmith_level)
target_compile_definitions(reach_bench PRIVATE TILESMITH_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
target_include_directories(reach_bench PRIVATE ${PROJECT_SOURCE_DIR}/tests/common) # bandlevel.h
set_target_properties(reach_bench PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
