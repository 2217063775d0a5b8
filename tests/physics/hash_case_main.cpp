// Prints the state hash of the recorded determinism case (hashcase.h). Built by
// a second compiler (tests/physics/hashcase/CMakeLists.txt, clang++) so that
// test_physics_crosscompiler can compare it with the g++ build's hash.
#include "hashcase.h"

#include <cstdio>

int main() {
    std::printf("0x%016llx\n", static_cast<unsigned long long>(tstest::runHashCase()));
    return 0;
}
