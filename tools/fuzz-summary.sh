#!/usr/bin/env bash
# Prints each fuzz target's executions, corpus size and findings from the last
# `ctest --preset fuzz` run (libFuzzer's -print_final_stats output in ctest's log).
#   tools/fuzz-summary.sh [BUILD_DIR]      default build/fuzz
set -euo pipefail
log="${1:-build/fuzz}/Testing/Temporary/LastTest.log"
[ -f "$log" ] || { echo "fuzz-summary: no $log (run cmake --workflow --preset fuzz)"; exit 1; }
awk '
    /^[0-9]+\/[0-9]+ Testing: / { name = $3 }
    /stat::number_of_executed_units:/ { execs[name] = $2 }
    /stat::peak_rss_mb:/ { rss[name] = $2 }
    /Done [0-9]+ runs in [0-9]+ second/ { secs[name] = $(NF - 1) }
    /ERROR: libFuzzer|ERROR: AddressSanitizer|runtime error:|==ERROR|deadly signal|Test timed out/ {
        findings[name]++ }
    /^Test Passed\./ { result[name] = "passed" }
    /^Test Failed\./ { result[name] = "FAILED" }
    END {
        printf "%-22s %12s %8s %10s %9s  %s\n", "fuzz target", "executions", "seconds", "execs/s", "peak MiB", "result"
        for (n in result)
            printf "%-22s %12d %8d %10d %9d  %s\n", n, execs[n], secs[n], secs[n] ? execs[n] / secs[n] : 0, rss[n], result[n] (findings[n] ? " (" findings[n] " error lines)" : "")
    }' "$log" | sort
