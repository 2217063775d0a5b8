# Finds SDL2_image (Debian: libsdl2-image-dev) as the target SDL2_image::SDL2_image: through
# the CMake package SDL2_image 2.6 and later ship, else through pkg-config (older releases
# ship only the .pc file). Leaves the target undefined when neither finds it.
if(NOT TARGET SDL2_image::SDL2_image)
    find_package(SDL2_image CONFIG QUIET)
endif()
if(NOT TARGET SDL2_image::SDL2_image)
    find_package(PkgConfig QUIET)
    if(PKG_CONFIG_FOUND)
        pkg_check_modules(TILESMITH_SDL2_IMAGE QUIET IMPORTED_TARGET SDL2_image)
        if(TILESMITH_SDL2_IMAGE_FOUND)
            add_library(SDL2_image::SDL2_image INTERFACE IMPORTED)
            target_link_libraries(SDL2_image::SDL2_image INTERFACE PkgConfig::TILESMITH_SDL2_IMAGE)
        endif()
    endif()
endif()
