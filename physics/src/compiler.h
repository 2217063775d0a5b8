// Compiler hints shared by the physics sources (private).
#pragma once

/// Forces a per-body helper into the pass that calls it for every body (a call,
/// its prologue and the reload of the pass's constants per body are a noticeable
/// share of such a pass). A hint with no effect on results.
#if defined(__GNUC__)
#define TS_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define TS_ALWAYS_INLINE inline
#endif
