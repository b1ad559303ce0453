#!/bin/sh
# Runs fsmc's benchmark suite and prints its tables (see BENCHMARKS.md):
#   Benchmarks/run.sh [--quick] [--runs N] [--events N] [--sections 1,3,…]
# --quick skips the slowest figure, the swiftc -O build of a 1000 × 50 machine.
set -eu
cd "$(dirname "$0")"
swift build -c release --product generate-machines
# Regenerates the machines' Swift with this checkout's fsmc; unchanged files are left alone.
.build/release/generate-machines Sources
swift build -c release
# The fsmc program itself, for the throughput section.
swift build -c release --product fsmc
exec .build/release/fsmc-bench "$@"
