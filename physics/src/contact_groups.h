// The velocity passes four contacts at a time (private).
//
// A velocity pass applies the contacts' impulses one after another (Gauss-Seidel),
// so a contact sees the speeds the contacts before it left. What a body ends up
// with depends only on the order of *its own* contacts: two contacts with no body
// in common commute exactly. ContactGroups regroups the sorted contacts into
// groups of four that share no body, keeping every body's contacts in their
// order: a contact goes into the first open group with a free lane after the
// groups of its bodies' earlier contacts (at most 16 groups are open, so groups
// hold contacts from near each other in the sorted order). Each group is then
// one SIMD impulse: the same IEEE operations as detail::impulse() lane by lane,
// so a pass over the groups gives bit for bit the speeds a pass over the contacts
// in their order gives. Without SSE2 the lanes run one by one, in group order.
//
// Lanes that no contact fills point both bodies at a spare speed slot (index
// `spare`, one past the solver's bodies) with zero inverse masses: they apply
// nothing and write back what they read.
#pragma once

#include "tilesmith/physics/vec2.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ts::detail {

struct Contact;

class ContactGroups {
public:
    /// Groups `contacts[0, m)` (Contact::la / lb bound to solver indices below
    /// `spare`).
    void build(const Contact* contacts, std::size_t m, std::uint32_t spare);
    /// One velocity pass over the groups on `v` (size at least spare + 1), with
    /// the contacts' restitution or none (the resting pass). Returns whether any
    /// impulse was nonzero.
    bool pass(Vec2* v, bool withRestitution) const;

private:
    struct Group {
        std::uint32_t la[4], lb[4];
        float invA[4], invB[4], nx[4], ny[4], e[4];
    };
    template <bool kRestitution> bool passImpl(Vec2* v) const;

    std::vector<Group> mGroups;
    std::vector<std::uint8_t> mFill;   ///< lanes used per group
    std::vector<std::uint32_t> mAfter; ///< per solver body: 1 + its last contact's group
};

} // namespace ts::detail
