// Umbrella header of the Tilesmith physics library.
#pragma once

#include "tilesmith/physics/body.h"
#include "tilesmith/physics/collide.h"
#include "tilesmith/physics/debug.h"
#include "tilesmith/physics/revision.h"
#include "tilesmith/physics/tilemap.h"
#include "tilesmith/physics/vec2.h"
#include "tilesmith/physics/world.h"
