// Play mode's overlay bits: which overlays are on (PlayOverlayItem::setOverlays,
// PlayController's View actions, the legend's rows).
#pragma once

namespace ts::play {

/// Overlay bits (PlayOverlayItem::setOverlays, PlayController's View actions).
enum Overlay : unsigned {
    OverlayCells = 1u << 0,     ///< partition grid and occupied cells with counts
    OverlaySensors = 1u << 1,   ///< sensor lines as tested this step, hit / miss
    OverlayOverlaps = 1u << 2,  ///< minimum-translation arrows of overlapping pairs
    OverlayContacts = 1u << 3,  ///< ground / ceiling / wall / one-way marks
    OverlayColliding = 1u << 4, ///< colliding bodies drawn semi-transparent
    OverlayHud = 1u << 5,       ///< timings and counters (a widget, see PlayHud)
    OverlayLegend = 1u << 6,    ///< what each colour and mark means (a widget, PlayLegend)
    OverlayAll = (1u << 7) - 1,
};

/// The overlays on at the first play, before the user turns any on or off (then their
/// choice is remembered): what reads at a glance; the partition cells (a tint over
/// much of the map) and the sensor lines (many per body) are a key away.
inline constexpr unsigned kDefaultOverlays =
    OverlayOverlaps | OverlayContacts | OverlayColliding | OverlayHud | OverlayLegend;

/// Bits that need World debug data.
inline constexpr unsigned kDebugOverlays =
    OverlayCells | OverlaySensors | OverlayOverlaps | OverlayColliding;

} // namespace ts::play
