#!/usr/bin/env bash
# Builds the documentation catalog, Sources/FSMRuntime/FSMRuntime.docc, with FSMRuntime's
# symbol graph, as Swift Package Index does, and fails on any warning: a broken link to an
# article, a heading or a symbol, a missing tutorial file or image. Writes the archive to
# .build-docs/fsmc.doccarchive (open its index.html through a web server, or use
# `docc preview`). Uses only the toolchain's `swiftc` and `docc`; no package dependency.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
symbols="$scratch/symbol-graphs"
rm -rf "$symbols" "$scratch/fsmc.doccarchive"
mkdir -p "$symbols"
# FSMRuntime's symbol graph, from swiftc itself: the module alone, as its target builds it
# (Swift 6, no dependencies), always afresh, so that the graph is never older than the code.
swiftc -emit-module -parse-as-library -swift-version 6 -module-name FSMRuntime \
    -emit-module-path "$scratch/FSMRuntime.swiftmodule" \
    -emit-symbol-graph -emit-symbol-graph-dir "$symbols" \
    Sources/FSMRuntime/*.swift

docc convert Sources/FSMRuntime/FSMRuntime.docc \
    --additional-symbol-graph-dir "$symbols" \
    --output-dir "$scratch/fsmc.doccarchive" \
    --fallback-display-name FSMRuntime \
    --fallback-bundle-identifier FSMRuntime \
    --warnings-as-errors
