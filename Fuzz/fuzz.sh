#!/usr/bin/env bash
# The libFuzzer target in Fuzz/ runs each input through the whole pipeline (lex, parse,
# check, generate, the reports, the interpreter) under AddressSanitizer, and checks what
# must hold for every input (PipelineOracle).
#
#   bash Fuzz/fuzz.sh --replay          every input below once: CI's deterministic check
#   bash Fuzz/fuzz.sh [LIBFUZZER-ARG…]  fuzz for new findings, FSMC_FUZZ_SECONDS (600) long
#   bash Fuzz/fuzz.sh --merge WORK      add to Fuzz/Corpus the fewest inputs of a run in WORK
#                                       that cover the edges the inputs below do not
#
# Inputs: the examples, the wild files and test machines, the generated machines in
# Fuzz/Seeds, the corpus in Fuzz/Corpus and every past finding in
# Tests/FSMCompilerTests/Fixtures/Fuzz. A crash, a hang (-timeout) or running out of
# memory (-rss_limit_mb) fails the script; when fuzzing, the input is left in
# WORK/artifacts: minimize it with `FuzzCompiler -minimize_crash=1 FILE`, add it to
# Fixtures/Fuzz and fix it.
set -euo pipefail
cd "$(dirname "$0")/.."

flags=(-c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address)
swift build -q "${flags[@]}"
fuzzer="$(swift build "${flags[@]}" --show-bin-path)/FuzzCompiler"
limits=(-timeout=10 -rss_limit_mb=2048)

# The inputs, one path per line.
inputs() {
    find Examples Tests/FSMCompilerTests/Fixtures/Wild Tests/FSMCompilerTests/Fixtures/Machines Fuzz/Seeds \
        -name '*.sm' -not -path '*/.build/*'
    for folder in Fuzz/Corpus Tests/FSMCompilerTests/Fixtures/Fuzz; do
        if [ -d "$folder" ]; then find "$folder" -type f -not -name '*.md'; fi
    done
}

case "${1:-}" in
--replay)
    mapfile -t files < <(inputs | sort)
    log=$(mktemp "${TMPDIR:-/tmp}/fsmc-fuzz-replay.XXXXXX")
    trap 'rm -f "$log"' EXIT
    # Given files rather than folders, libFuzzer runs each once and stops at the first failure.
    status=0
    "$fuzzer" "${limits[@]}" "${files[@]}" > "$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        tail -n 60 "$log"
        echo "fuzz replay: failed (exit status $status) on the input after the last 'Running:' line"
        exit 1
    fi
    echo "fuzz replay: ${#files[@]} inputs, no crash, hang or out-of-memory"
    ;;
--merge)
    work="${2:?usage: bash Fuzz/fuzz.sh --merge WORK (the folder a fuzz run printed)}"
    merged=$(mktemp -d "${TMPDIR:-/tmp}/fsmc-fuzz-merge.XXXXXX")
    trap 'rm -rf "$merged"' EXIT
    mkdir -p "$merged/known" Fuzz/Corpus
    inputs | while read -r file; do cp "$file" "$merged/known/known-$(printf '%s' "$file" | tr '/' '_')"; done
    # libFuzzer copies into the first folder each input of the others that adds coverage,
    # named by the SHA-1 of its content. Coverage here is edges: without hit counts and
    # comparisons, a few hundred small inputs rather than a thousand.
    "$fuzzer" "${limits[@]}" -use_counters=0 -use_cmp=0 -merge=1 "$merged/known" "$work/corpus" >/dev/null 2>&1
    added=0
    for file in "$merged/known"/*; do
        case "$(basename "$file")" in known-*) continue ;; esac
        cp "$file" Fuzz/Corpus/ && added=$((added + 1))
    done
    echo "fuzz merge: $added inputs added to Fuzz/Corpus"
    ;;
*)
    seconds="${FSMC_FUZZ_SECONDS:-600}"
    work="${FSMC_FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/fsmc-fuzz.XXXXXX")}"
    mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts"
    inputs | while read -r file; do cp "$file" "$work/seeds/$(printf '%s' "$file" | tr '/' '_')"; done
    # -max_len: larger than every seed, so that mutations can grow them.
    "$fuzzer" "$work/corpus" "$work/seeds" \
        -dict=Fuzz/fsm.dict \
        -max_total_time="$seconds" \
        "${limits[@]}" \
        -max_len=32768 \
        -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/" \
        "$@"
    echo "fuzz: no crash, hang or out-of-memory; corpus and artifacts in $work"
    echo "keep what it covered: bash Fuzz/fuzz.sh --merge $work"
    ;;
esac
