#!/usr/bin/env bash
# Checks that every Swift source is formatted as `swift format` formats it with the
# repository's .swift-format (4 spaces, 120 columns). The goldens are generated code,
# compared byte for byte with what fsmc writes, so they are left as fsmc writes them.
#
#   bash .ci/format.sh           check (what .ci/run does)
#   bash .ci/format.sh --fix     format in place
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r file; do files+=("$file"); done < <(
    git ls-files '*.swift' | grep -v '^Tests/GeneratedCodeTests/Generated/'
)
case "${1:-}" in
    --fix) swift format format --in-place --parallel "${files[@]}" ;;
    "") swift format lint --strict --parallel "${files[@]}" ;;
    *) echo "usage: bash .ci/format.sh [--fix]" >&2; exit 2 ;;
esac
