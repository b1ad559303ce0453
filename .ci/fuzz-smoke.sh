#!/usr/bin/env bash
# Builds the libFuzzer target in Fuzz/ and fuzzes the whole pipeline (lex, parse, check,
# generate) for a bounded time: 60 s by default, FSMC_FUZZ_SECONDS to change it. Extra
# arguments go to libFuzzer, e.g. -runs=1000000 for the long run in the README ("Fuzzing").
#
# Seeds: the examples, the wild files, the test machines, the generated machines in
# Fuzz/Seeds and every past crash in Tests/FSMCompilerTests/Fixtures/Fuzz. A crash, hang
# (-timeout) or out-of-memory (-rss_limit_mb) fails the script and leaves the input in
# $FSMC_FUZZ_WORK/artifacts; minimize it with -minimize_crash=1 and add it to Fixtures/Fuzz.
set -euo pipefail

cd "$(dirname "$0")/.."
seconds="${FSMC_FUZZ_SECONDS:-60}"
work="${FSMC_FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/fsmc-fuzz.XXXXXX")}"
mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts"

swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
fuzzer="$(swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address --show-bin-path)/FuzzCompiler"

find Examples Tests/FSMCompilerTests/Fixtures/Wild Tests/FSMCompilerTests/Fixtures/Machines Fuzz/Seeds \
    -name '*.sm' -not -path '*/.build/*' -exec cp {} "$work/seeds/" \;
if [ -d Tests/FSMCompilerTests/Fixtures/Fuzz ]; then
    find Tests/FSMCompilerTests/Fixtures/Fuzz -type f -not -name '*.md' -exec cp {} "$work/seeds/" \;
fi

# -timeout: an input that takes longer is a hang. -rss_limit_mb: more memory is a leak
# or a blow-up. -max_len: larger than every seed, so that mutations can grow them.
"$fuzzer" "$work/corpus" "$work/seeds" \
    -dict=Fuzz/fsm.dict \
    -max_total_time="$seconds" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -max_len=32768 \
    -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" \
    "$@"
echo "fuzz: no crash, hang or out-of-memory; corpus and artifacts in $work"
