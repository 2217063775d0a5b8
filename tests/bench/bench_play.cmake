# Play mode's frame-time benchmark (issue 5): `tilesmith LEVEL --bench-play`.
# Never run by ctest. From a Release build:
#   cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release
#   cmake --build build/release --target bench_play
# or directly:
#   QT_QPA_PLATFORM=offscreen build/release/bin/tilesmith resources/levels/crowd.yaml --bench-play
# Scenario "overlays_all": the crowd level (200+ NPCs), every overlay on, viewport
# 1280 x 720 zoomed to fit. Scenario "overlays_off_objects": overlays off, small
# boxes and balls added over the empty tiles until the world holds 5,000 bodies.
# Each of 600 measured frames (after 30 warm-up frames) = one fixed physics step
# + what a played frame does after it (the mini-map's marks, the overlay and HUD
# refresh) + a synchronous repaint of the view's viewport (Qt paints the window's
# other dirty widgets, the mini-map, with it) and of any repaint still pending;
# the table gives median and
# 99th percentile times in ms and the unthrottled frames per second. Extra rows:
# "editor_only" (the editor's own full repaint, no play mode: the baseline) and
# one row per overlay alone. Columns are explained in play_results.txt, which
# keeps the last recorded run.
if(TARGET tilesmith)
    add_custom_target(bench_play
        COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
                XDG_RUNTIME_DIR=${CMAKE_BINARY_DIR}/xdg-runtime
                $<TARGET_FILE:tilesmith> ${PROJECT_SOURCE_DIR}/resources/levels/crowd.yaml
                --bench-play
        DEPENDS tilesmith
        USES_TERMINAL
        COMMENT "Play-mode frame times: crowd level with overlays, 5,000 objects without")
endif()
