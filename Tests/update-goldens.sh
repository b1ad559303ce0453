#!/usr/bin/env bash
# Regenerates the golden files that Tests/GeneratedCodeTests/Goldens.txt lists, and the
# documentation's copies of files (the code block after each `<!-- copy: PATH -->` in
# README.md and in the articles of the documentation catalog), with the fsmc command. Unlike `FSMC_UPDATE_GOLDEN=1 swift test`, it works when the old
# golden files no longer compile: it builds only fsmc, not the test targets.
#
#   bash Tests/update-goldens.sh            rewrite what is stale, then review `git diff`
#   bash Tests/update-goldens.sh --check    write nothing; print a diff and exit 1 if stale
#
# FSMC=PATH runs that fsmc instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."

check=()
case "${1:-}" in
    --check) check=(--check) ;;
    "") ;;
    *) echo "usage: bash Tests/update-goldens.sh [--check]" >&2; exit 2 ;;
esac
if [ -z "${FSMC:-}" ]; then
    swift build -q --product fsmc
    FSMC="$(swift build --show-bin-path)/fsmc"
fi

status=0
while read -r source access warnings; do
    case "$source" in "" | "#"*) continue ;; esac
    golden="Tests/GeneratedCodeTests/Generated/$(basename "$source" .sm).swift"
    # The listed warnings are expected; GoldenTests checks that they are exactly these.
    "$FSMC" compile "$source" --access "$access" -o "$golden" ${check[@]+"${check[@]}"} 2> >(
        if [ -n "$warnings" ]; then grep -v ": warning: .*\[\(${warnings// /\\|}\)\]$" || true; else cat; fi >&2
    ) || status=1
done < Tests/GeneratedCodeTests/Goldens.txt

# The documentation's copies: each marker, its opening fence, then PATH's text up to the
# closing fence.
catalog=Sources/FSMRuntime/FSMRuntime.docc
copied=$(mktemp "${TMPDIR:-/tmp}/fsmc-docs.XXXXXX")
trap 'rm -f "$copied"' EXIT
for document in README.md $(find "$catalog" -name '*.md' 2>/dev/null | sort); do
    awk '
        copying && /^```$/ { copying = 0 }
        copying { next }
        { print }
        /^<!-- copy: .* -->$/ { path = $3; getline; print; while ((getline line < path) > 0) print line; close(path); copying = 1 }
    ' "$document" > "$copied"
    if ! cmp -s "$document" "$copied"; then
        if [ ${#check[@]} -gt 0 ]; then
            diff -u "$document" "$copied" --label "$document" --label "$document (regenerated)" || true
            status=1
        else
            cat "$copied" > "$document"
            echo "rewrote the copies of files in $document"
        fi
    fi
done
exit $status
