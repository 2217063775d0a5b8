#include "contact_groups.h"

#include "collide_impl.h"
#include "world_impl.h"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ts::detail {

void ContactGroups::build(const Contact* contacts, std::size_t m, std::uint32_t spare) {
    mGroups.clear();
    mFill.clear();
    mAfter.assign(spare, 0);
    // Groups before `open` are closed; a contact goes into the first group from
    // max(open, its bodies' last group + 1) with a free lane, or a new one. At
    // most kWindow groups stay open, so the search is short and the groups hold
    // contacts from near each other in the sorted order (nearby bodies).
    constexpr std::size_t kWindow = 16;
    std::size_t open = 0;
    for (std::size_t k = 0; k < m; ++k) {
        const Contact& c = contacts[k];
        std::size_t g = std::max<std::size_t>(open, std::max(mAfter[c.la], mAfter[c.lb]));
        while (g < mGroups.size() && mFill[g] == 4)
            ++g;
        if (g == mGroups.size()) {
            mGroups.emplace_back();
            mFill.push_back(0);
            if (mGroups.size() - open > kWindow)
                ++open;
        }
        while (mFill[open] == 4 && open + 1 < mGroups.size())
            ++open;
        Group& grp = mGroups[g];
        const std::uint8_t lane = mFill[g]++;
        grp.la[lane] = c.la;
        grp.lb[lane] = c.lb;
        grp.invA[lane] = c.invA;
        grp.invB[lane] = c.invB;
        grp.nx[lane] = c.m.normal.x;
        grp.ny[lane] = c.m.normal.y;
        grp.e[lane] = c.restitution;
        mAfter[c.la] = static_cast<std::uint32_t>(g + 1);
        mAfter[c.lb] = static_cast<std::uint32_t>(g + 1);
    }
    for (std::size_t g = 0; g < mGroups.size(); ++g) {
        Group& grp = mGroups[g];
        for (std::uint8_t lane = mFill[g]; lane < 4; ++lane) {
            grp.la[lane] = spare;
            grp.lb[lane] = spare;
            grp.invA[lane] = 0.0f;
            grp.invB[lane] = 0.0f;
            grp.nx[lane] = 0.0f;
            grp.ny[lane] = 0.0f;
            grp.e[lane] = 0.0f;
        }
    }
}

#if defined(__SSE2__)
namespace {
/// Lanes (x of body k, y of body k) of the four speeds v[i[0..3]] as x and y vectors.
inline void gather(const Vec2* v, const std::uint32_t* i, __m128& x, __m128& y) {
    static_assert(sizeof(Vec2) == 2 * sizeof(float));
    __m128 lo = _mm_setzero_ps(), hi = _mm_setzero_ps();
    lo = _mm_loadl_pi(lo, reinterpret_cast<const __m64*>(v + i[0]));
    lo = _mm_loadh_pi(lo, reinterpret_cast<const __m64*>(v + i[1]));
    hi = _mm_loadl_pi(hi, reinterpret_cast<const __m64*>(v + i[2]));
    hi = _mm_loadh_pi(hi, reinterpret_cast<const __m64*>(v + i[3]));
    x = _mm_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0));
    y = _mm_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1));
}
inline void scatter(Vec2* v, const std::uint32_t* i, __m128 x, __m128 y) {
    const __m128 lo = _mm_unpacklo_ps(x, y);
    const __m128 hi = _mm_unpackhi_ps(x, y);
    _mm_storel_pi(reinterpret_cast<__m64*>(v + i[0]), lo);
    _mm_storeh_pi(reinterpret_cast<__m64*>(v + i[1]), lo);
    _mm_storel_pi(reinterpret_cast<__m64*>(v + i[2]), hi);
    _mm_storeh_pi(reinterpret_cast<__m64*>(v + i[3]), hi);
}
inline __m128 select(__m128 mask, __m128 a, __m128 b) {
    return _mm_or_ps(_mm_and_ps(mask, a), _mm_andnot_ps(mask, b));
}
} // namespace

template <bool kRestitution> bool ContactGroups::passImpl(Vec2* v) const {
    const __m128 zero = _mm_setzero_ps();
    const __m128 one = _mm_set1_ps(1.0f);
    const __m128 sign = _mm_castsi128_ps(_mm_set1_epi32(static_cast<int>(0x80000000u)));
    __m128 any = zero;
    for (const Group& g : mGroups) {
        __m128 vax, vay, vbx, vby;
        gather(v, g.la, vax, vay);
        gather(v, g.lb, vbx, vby);
        const __m128 ima = _mm_loadu_ps(g.invA);
        const __m128 imb = _mm_loadu_ps(g.invB);
        const __m128 nx = _mm_loadu_ps(g.nx);
        const __m128 ny = _mm_loadu_ps(g.ny);
        // detail::impulse(), lane by lane: sum > 0 and vn < 0 apply, and
        // j = -(1 + e) * vn / sum (the minus flips the sign bit, as unary minus).
        const __m128 sum = _mm_add_ps(ima, imb);
        const __m128 vn =
            _mm_add_ps(_mm_mul_ps(_mm_sub_ps(vbx, vax), nx), _mm_mul_ps(_mm_sub_ps(vby, vay), ny));
        const __m128 apply = _mm_and_ps(_mm_cmpgt_ps(sum, zero), _mm_cmplt_ps(vn, zero));
        const __m128 e = kRestitution ? _mm_loadu_ps(g.e) : zero;
        const __m128 minusOnePlusE = _mm_xor_ps(_mm_add_ps(one, e), sign);
        const __m128 j = _mm_div_ps(_mm_mul_ps(minusOnePlusE, vn), sum);
        any = _mm_or_ps(any, _mm_and_ps(apply, _mm_cmpneq_ps(j, zero)));
        const __m128 ja = _mm_mul_ps(ima, j);
        const __m128 jb = _mm_mul_ps(imb, j);
        const __m128 moveA = _mm_and_ps(apply, _mm_cmpgt_ps(ima, zero));
        const __m128 moveB = _mm_and_ps(apply, _mm_cmpgt_ps(imb, zero));
        vax = select(moveA, _mm_sub_ps(vax, _mm_mul_ps(nx, ja)), vax);
        vay = select(moveA, _mm_sub_ps(vay, _mm_mul_ps(ny, ja)), vay);
        vbx = select(moveB, _mm_add_ps(vbx, _mm_mul_ps(nx, jb)), vbx);
        vby = select(moveB, _mm_add_ps(vby, _mm_mul_ps(ny, jb)), vby);
        scatter(v, g.la, vax, vay);
        scatter(v, g.lb, vbx, vby);
    }
    return _mm_movemask_ps(any) != 0;
}
#else
template <bool kRestitution> bool ContactGroups::passImpl(Vec2* v) const {
    bool any = false;
    for (const Group& g : mGroups)
        for (int lane = 0; lane < 4; ++lane)
            if (impulse(v[g.la[lane]], g.invA[lane], v[g.lb[lane]], g.invB[lane],
                        kRestitution ? g.e[lane] : 0.0f, {g.nx[lane], g.ny[lane]}) != 0.0f)
                any = true;
    return any;
}
#endif

bool ContactGroups::pass(Vec2* v, bool withRestitution) const {
    return withRestitution ? passImpl<true>(v) : passImpl<false>(v);
}

} // namespace ts::detail
