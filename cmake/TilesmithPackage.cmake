# `cmake --install`: the Qt-free libraries games link, their headers, a CMake package
# and pkg-config files.
#   PREFIX/include/tilesmith/{physics,level}/*.h
#   PREFIX/lib/libtilesmith_physics.a, libtilesmith_level.a
#   PREFIX/lib/cmake/Tilesmith/  find_package(Tilesmith) -> Tilesmith::physics, Tilesmith::level
#   PREFIX/lib/pkgconfig/        tilesmith-physics.pc, tilesmith-level.pc
# The editor and the command line are not installed: they are built and run from the tree.
include(CMakePackageConfigHelpers)

set(TILESMITH_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Tilesmith)
install(EXPORT TilesmithTargets NAMESPACE Tilesmith:: FILE TilesmithTargets.cmake
    DESTINATION ${TILESMITH_CMAKE_DIR} COMPONENT Development)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/TilesmithConfig.cmake.in
    ${CMAKE_CURRENT_BINARY_DIR}/TilesmithConfig.cmake
    INSTALL_DESTINATION ${TILESMITH_CMAKE_DIR})
# 0.x: a minor version may break the API, so only the same major.minor is compatible.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/TilesmithConfigVersion.cmake
    VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/TilesmithConfig.cmake
    ${CMAKE_CURRENT_BINARY_DIR}/TilesmithConfigVersion.cmake
    DESTINATION ${TILESMITH_CMAKE_DIR} COMPONENT Development)

# pkg-config files find the prefix from their own place, so an installed tree can move.
file(RELATIVE_PATH TILESMITH_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
foreach(pc IN ITEMS tilesmith-physics tilesmith-level)
    configure_file(${CMAKE_CURRENT_LIST_DIR}/${pc}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc @ONLY)
    install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT Development)
endforeach()
