# Reasons benchmark (issue 43): what explaining the unreachable goals and spawns costs after
# a search (reachreasons.h, run by lint and by the editor after every search), on the
# sample levels, a generated 256 x 256 level and big.yaml. Built by default, never run by ctest:
#   build/release/bin/reasons_bench [--only NAME] [--repeat N]
add_executable(reasons_bench ${CMAKE_CURRENT_LIST_DIR}/reasons_bench.cpp)
target_link_libraries(reasons_bench PRIVATE tilesmith_level)
target_compile_definitions(reasons_bench PRIVATE TILESMITH_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
target_include_directories(reasons_bench PRIVATE ${PROJECT_SOURCE_DIR}/tests/common) # bandlevel.h
set_target_properties(reasons_bench PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
