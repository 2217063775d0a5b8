// Spin boxes that take their range and unit from the level format's limits
// (tilesmith/level/limits.h), so every dialog and dock accepts exactly what the
// format does.
#pragma once

#include "tilesmith/level/limits.h"

#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QString>

#include <algorithm>

namespace ts::editor {

/// " px", " px/s", ... or nothing for unitless values.
inline QString unitSuffix(const char* unit) {
    return unit && *unit ? QStringLiteral(" ") + QString::fromUtf8(unit) : QString();
}

/// Range and unit of `r` at `decimals` places (an open lower bound becomes the
/// smallest step above it).
inline void applyLimits(QDoubleSpinBox* box, const ts::level::limits::FloatRange& r, int decimals) {
    box->setDecimals(decimals);
    box->setRange(r.minimum(decimals), r.hi);
    box->setSuffix(unitSuffix(r.unit));
}

inline void applyLimits(QSpinBox* box, const ts::level::limits::IntRange& r) {
    box->setRange(r.lo, r.hi);
    box->setSuffix(unitSuffix(r.unit));
}

/// The value to store for a field shown in `box`: the model's own `original`
/// while the box still shows what it showed at first (`shown`), so opening and
/// accepting a form never rounds or clamps a value nobody edited.
inline double editedValue(const QDoubleSpinBox* box, double shown, double original) {
    return box->value() == shown ? original : box->value();
}

} // namespace ts::editor
