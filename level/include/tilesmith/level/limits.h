// The level format's ranges and units, in one place: the loader and
// validateLevel() check them, and the editor's dialogs and docks take their
// ranges from them, so nothing the UI accepts is refused on save.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ts::level::limits {

/// A range of a floating-point value. `loOpen`: `lo` itself is not allowed
/// (the value must be greater than `lo`).
struct FloatRange {
    double lo;
    double hi;
    bool loOpen;
    const char* unit; ///< for labels: "px", "px/s", "px/s²", "s", "" (none)

    constexpr bool contains(double v) const {
        // NaN fails both comparisons; infinities fail the upper or lower bound.
        return (loOpen ? v > lo : v >= lo) && v <= hi;
    }
    /// The smallest value allowed at `decimals` decimal places (for spin boxes
    /// of an open range: 0 is not allowed, 10^-decimals is).
    constexpr double minimum(int decimals) const {
        if (!loOpen)
            return lo;
        double step = 1;
        for (int i = 0; i < decimals; ++i)
            step /= 10;
        return lo + step;
    }
};

/// An integer range, both ends included.
struct IntRange {
    int lo;
    int hi;
    const char* unit;
    constexpr bool contains(long long v) const { return v >= lo && v <= hi; }
};

// --- map -------------------------------------------------------------------
inline constexpr IntRange kTileSize{1, 256, "px"};    ///< `tile_size`
inline constexpr IntRange kMapSide{1, 4096, "tiles"}; ///< `width`, `height`
inline constexpr int kMaxSpawns = 100000;             ///< spawns in a level
inline constexpr std::size_t kMaxNameBytes = 1024;    ///< `name`, UTF-8 bytes

// --- spawns ------------------------------------------------------------------
inline constexpr FloatRange kSpawnSize{0, 1024, true, "px"}; ///< width, height
inline constexpr FloatRange kRadius{0, 512, true, "px"};     ///< ball radius
inline constexpr FloatRange kMass{0, 1000000, false, ""};    ///< 0 = immovable
/// The smallest mass other than 0, as the physics library takes it (ts::kMinMass):
/// a mass in (0, kMinMass) is refused, since the world would not add its body.
inline constexpr float kMinMass = 1.0e-6f;
inline constexpr FloatRange kRestitution{0, 1, false, ""};             ///< bounciness
inline constexpr FloatRange kVelocity{-100000, 100000, false, "px/s"}; ///< vx, vy

// --- physics -----------------------------------------------------------------
inline constexpr FloatRange kGravity{0, 100000, false, "px/s²"};
inline constexpr FloatRange kSpeed{0, 100000, false, "px/s"}; ///< walk_speed, jump_speed
inline constexpr FloatRange kMaxFallSpeed{0, 100000, true, "px/s"};
inline constexpr FloatRange kOneWayThreshold{0, 64, false, "px"};
/// At least the physics library's smallest step (WorldSettings::dt, 1e-6 s as a float):
/// a level with a smaller one would build a world with the default settings instead.
inline constexpr FloatRange kDt{1.0e-6f, 1, false, "s"};
inline constexpr IntRange kPartitionCell{1, 1024, "tiles"};

// --- art (tilesets and art layers) ------------------------------------------------
// A tileset's geometry: small enough that every pixel position of its image
// (margin + columns * (tile_size + spacing), and the same down its rows) fits an int.
inline constexpr IntRange kTilesetTileSize{1, 1024, "px"}; ///< a tileset's `tile_size`
inline constexpr IntRange kTilesetColumns{1, 4096, ""};    ///< `columns`
inline constexpr IntRange kTilesetCount{1, 65536, ""};     ///< `count`: tiles 0 .. count - 1
inline constexpr IntRange kTilesetMargin{0, 1024, "px"};   ///< `margin`
inline constexpr IntRange kTilesetSpacing{0, 1024, "px"};  ///< `spacing`
inline constexpr FloatRange kArtOpacity{0, 1, false, ""};  ///< an art layer's `opacity`
inline constexpr int kMaxTilesets = 256;                   ///< tilesets in a level
inline constexpr int kMaxArtLayers = 256;                  ///< art layers in a level
/// Rules in one auto layer: compiling them (AutoTiler) tries each on 3^9 neighbourhoods.
inline constexpr int kMaxAutoRules = 1024;
inline constexpr int kMaxRuleTiles = 256; ///< variant tiles of one rule (`tiles: [...]`)

// --- play and replays ----------------------------------------------------------
/// The most steps one run takes (about 19 days of play at 60 Hz): `tilesmith simulate
/// --steps`, with or without --record, an input script's step numbers and a replay's
/// `steps`. A count past it is refused, so one zero too many never runs for hours.
inline constexpr std::uint64_t kMaxSteps = 100'000'000;
/// A tile column or row of any map the format allows (0 to kMapSide.hi - 1): a
/// replay's player start and tile events, before its level is known.
inline constexpr IntRange kTileCoordinate{0, kMapSide.hi - 1, "tiles"};
/// The player's scale in play mode and in a replay's `scale` events.
inline constexpr FloatRange kPlayerScale{0.25, 4, false, ""};

} // namespace ts::level::limits
