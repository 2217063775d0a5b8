// stream_bench: what one pass over N body-sized records costs on this machine, per
// record, as N grows past the caches. Built by default, never run by ctest.
//
// The physics step's per-body passes (forces, move, the finish pass) read and
// write every body's 48-byte hot record once each. This benchmark times that
// kind of pass alone, with nothing of the physics around it, so the growth of
// physics_bench's ms/step from 10k to 100k bodies can be set against what the
// machine does to a plain stream of the same bytes:
//   warm: the passes follow one another, so the records stay in whichever cache
//         holds them (all of them in L2 at 10k on a 1 MB L2; at 100k, 4.8 MB,
//         they come from L3 or memory). This is how the step's passes see them.
//   cold: a sweep over a 32 MB buffer before every pass evicts the records, so
//         every size streams from memory.
// Each figure is the median of --passes timed passes (steady_clock around one
// pass). `stream_bench --help` lists the options.
#include "bench_args.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

/// The size and field mix of the physics library's hot body record (48 bytes:
/// position, speed, old position, offset, half size, inverse mass, four bytes of
/// flags); its layout is private to the library, so this is a stand-in.
struct Record {
    float px, py, vx, vy, ox, oy, offx, offy, hx, hy, invMass;
    std::uint8_t contacts, oldContacts, flags, control;
};
static_assert(sizeof(Record) == 48);

/// The forces pass's work on one record: keep the old position and contacts,
/// add gravity unless resting, cap the fall speed.
inline void forcesLike(Record& r) {
    r.ox = r.px;
    r.oy = r.py;
    r.oldContacts = r.contacts;
    if (!(r.contacts & 1u)) {
        r.vy -= 25.0f;
        if (r.vy < -720.0f)
            r.vy = -720.0f;
    }
}

double medianPassMicros(std::vector<Record>& records, std::vector<std::uint8_t>& evict, int passes,
                        bool cold) {
    std::vector<double> us;
    us.reserve(static_cast<std::size_t>(passes));
    for (int p = 0; p < passes + 1; ++p) { // + 1: the first pass is untimed
        if (cold) {
            for (std::uint8_t& b : evict)
                b = static_cast<std::uint8_t>(b + 1);
        }
        const auto t0 = std::chrono::steady_clock::now();
        for (Record& r : records)
            forcesLike(r);
        const auto t1 = std::chrono::steady_clock::now();
        if (p > 0)
            us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    std::sort(us.begin(), us.end());
    return us[us.size() / 2];
}

std::string cacheSizes() {
    std::string out;
    for (int i = 0; i < 8; ++i) {
        const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i);
        std::ifstream level(dir + "/level"), type(dir + "/type"), size(dir + "/size");
        std::string l, t, s;
        if (!(level >> l) || !(type >> t) || !(size >> s))
            break;
        if (t == "Instruction")
            continue;
        out += (out.empty() ? "" : ", ") + ("L" + l + (t == "Data" ? "d" : "")) + " " + s;
    }
    return out.empty() ? "unknown" : out;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<int> sizes = {2500, 5000, 10000, 20000, 50000, 100000};
    int passes = 201;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        std::vector<int> list;
        if (a == "--records" && i + 1 < argc &&
            ts::bench::parseNumberList(argv[i + 1], list, 1, 100'000'000)) {
            sizes = list;
            ++i;
        } else if (a == "--passes" && i + 1 < argc &&
                   ts::bench::parseNumberList(argv[i + 1], list, 1, 100'000'000) &&
                   list.size() == 1) {
            passes = list[0];
            ++i;
        } else {
            std::fprintf(stderr,
                         "usage: stream_bench [--records N[,N...]] [--passes K]\n"
                         "  --records  record counts (default 2500,5000,10000,20000,50000,100000)\n"
                         "  --passes   timed passes per count and mode, median quoted (default "
                         "201)\n");
            return a == "--help" ? 0 : 2;
        }
    }
    std::printf("# stream_bench: one forces-like pass over N 48-byte records; caches (cpu0): %s\n",
                cacheSizes().c_str());
    std::printf("records   MB     warm_us  warm_ns_per_record   cold_us  cold_ns_per_record\n");
    std::vector<std::uint8_t> evict(32u << 20);
    std::vector<double> warm, cold;
    for (const int n : sizes) {
        std::vector<Record> records(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i)
            records[static_cast<std::size_t>(i)] = {static_cast<float>(i),
                                                    8,
                                                    0,
                                                    0,
                                                    0,
                                                    0,
                                                    0,
                                                    0,
                                                    5,
                                                    5,
                                                    1,
                                                    static_cast<std::uint8_t>(i & 1),
                                                    0,
                                                    1,
                                                    0};
        warm.push_back(medianPassMicros(records, evict, passes, false));
        cold.push_back(medianPassMicros(records, evict, passes, true));
        std::printf("%7d %6.2f %10.1f %10.2f %18.1f %10.2f\n", n, n * 48.0 / 1e6, warm.back(),
                    warm.back() * 1000.0 / n, cold.back(), cold.back() * 1000.0 / n);
    }
    const auto at = [&](int n) { return std::find(sizes.begin(), sizes.end(), n) - sizes.begin(); };
    const auto i10 = at(10000), i100 = at(100000);
    if (i10 < static_cast<std::ptrdiff_t>(sizes.size()) &&
        i100 < static_cast<std::ptrdiff_t>(sizes.size()))
        std::printf("growth 10000 -> 100000 records: warm %.1fx, cold %.1fx (linear: 10x)\n",
                    warm[static_cast<std::size_t>(i100)] / warm[static_cast<std::size_t>(i10)],
                    cold[static_cast<std::size_t>(i100)] / cold[static_cast<std::size_t>(i10)]);
    return 0;
}
