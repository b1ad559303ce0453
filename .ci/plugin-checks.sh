#!/usr/bin/env bash
# Verifies the plugins on a copy of the repository (the checkout is never modified):
# 1. the build-tool plugin regenerates exactly when it should: not on a build with nothing
#    changed, but after the .sm file changes and after fsmc's own source changes;
# 2. two .sm files with the same name in different folders of one target both build, and
#    so do A/B/c.sm and A/B_c.sm (the plugin's output names are unique per path);
# 3. editing fsmc-config.json takes effect at the next build, and a mistake in it fails
#    the build with one error located in the file;
# 4. the command plugins honour the configuration, write same-named files of one target
#    under distinct names next to them, check-state-machines (and its --help) needs no
#    permission, passes on fresh code and fails on stale code with everything on standard
#    error (each file's diff, then fsmc's error for it, and last the summary, once, with
#    the command that regenerates), every line whole and in order also when both streams
#    go to one log, generate-state-machines reports a broken .sm file the same way, and
#    .sm files the target excludes are found.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Copy the files git knows about (tracked, or new and not ignored): no .build folders.
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) | (cd "$work" && tar -xf -)
example="$work/Examples/TwoCoinTurnstile"
machine="$example/Sources/two-coin-turnstile/TwoCoinTurnstile.sm"
marker="Compiling state machine TwoCoinTurnstile.sm"

build() { (cd "$example" && swift build 2>&1) | tee "$work/build.log" | tail -n 1; }
expect_run() {
    if grep -q "$marker" "$work/build.log"; then echo "ok: fsmc ran ($1)"
    else echo "FAIL: fsmc did not run ($1)"; cat "$work/build.log"; exit 1; fi
}
expect_no_run() {
    if grep -q "$marker" "$work/build.log"; then echo "FAIL: fsmc ran ($1)"; cat "$work/build.log"; exit 1
    else echo "ok: fsmc did not run ($1)"; fi
}

build; expect_run "first build"
# SwiftPM 6 on Linux builds a plugin's tool in two build graphs, and on the first build
# after a clean one it relinks the tool, and so reruns the commands, once more. From then
# on a build with nothing changed runs nothing; this build only lets it settle.
build
if grep -q "$marker" "$work/build.log"; then echo "note: SwiftPM relinked the tool once after the clean build"; fi
build; expect_no_run "build with nothing changed"
build; expect_no_run "another build with nothing changed"

echo "  // an edit" >> "$machine"
build; expect_run "the .sm file changed"
build; expect_no_run "second build after the .sm change"

echo "// an edit to fsmc itself" >> "$work/Sources/FSMCompiler/Compiler.swift"
build; expect_run "fsmc's source changed"
build; expect_no_run "second build after the fsmc change"

sources="$example/Sources/two-coin-turnstile"
config="$sources/fsmc-config.json"
built_output() { find "$example/.build/plugins/outputs" -name "TwoCoinTurnstile.swift" | head -n 1; }

# fsmc-config.json is read by fsmc when the command runs: an edit takes effect at once.
printf '{ "access": "package" }\n' > "$config"
build
grep -q "Build complete" "$work/build.log" || { echo "FAIL: build with fsmc-config.json"; cat "$work/build.log"; exit 1; }
grep -q "^package final class TwoCoinTurnstile" "$(built_output)" || { echo "FAIL: access 'package' not applied"; exit 1; }
echo "ok: fsmc-config.json sets the access level"
printf '{ "access": "internal" }\n' > "$config"
build; expect_run "fsmc-config.json changed"
if grep -q "^package " "$(built_output)"; then echo "FAIL: the edit of fsmc-config.json was ignored"; exit 1; fi
echo "ok: an edit of fsmc-config.json takes effect at the next build"
printf '{\n  "acess": "public"\n}\n' > "$config"
if (cd "$example" && swift build > "$work/build.log" 2>&1); then echo "FAIL: a misspelt key built"; cat "$work/build.log"; exit 1; fi
expected="fsmc-config.json:2:3: error: unknown key 'acess'; did you mean 'access'? [invalidConfiguration]"
count=$(grep -cF "$expected" "$work/build.log" || true)
[ "$count" = 1 ] || { echo "FAIL: expected '$expected' once, found it $count times"; cat "$work/build.log"; exit 1; }
echo "ok: a misspelt key fails the build with one located error"
rm "$config"
build
grep -q "Build complete" "$work/build.log" || { echo "FAIL: build after removing fsmc-config.json"; cat "$work/build.log"; exit 1; }
echo "ok: removing fsmc-config.json builds"

# Two files named TwoCoinTurnstile.sm in one target, defining differently named machines.
mkdir -p "$example/Sources/two-coin-turnstile/Lobby"
sed 's/^FSM: TwoCoinTurnstile$/FSM: LobbyTurnstile/; s/^Actions: TwoCoinTurnstileActions$/Actions: LobbyTurnstileActions/' \
    "$machine" > "$example/Sources/two-coin-turnstile/Lobby/TwoCoinTurnstile.sm"
build
if ! grep -q "Build complete" "$work/build.log"; then echo "FAIL: two .sm files with one name"; cat "$work/build.log"; exit 1; fi
outputs=$(find "$example/.build/plugins/outputs" -name "*TwoCoinTurnstile.swift" | xargs -n1 basename | sort | tr '\n' ' ')
if [ "$outputs" != "Lobby_TwoCoinTurnstile.swift TwoCoinTurnstile.swift " ]; then
    echo "FAIL: unexpected outputs: $outputs"; exit 1
fi
echo "ok: two TwoCoinTurnstile.sm in one target build, as $outputs"
rm -r "$example/Sources/two-coin-turnstile/Lobby"

# Paths that differ only where a folder ends, A/B/c.sm and A/B_c.sm, get different outputs.
mkdir -p "$sources/A/B"
for pair in "B/c.sm NestedTurnstile" "B_c.sm FlatTurnstile"; do
    set -- $pair
    sed "s/^FSM: TwoCoinTurnstile\$/FSM: $2/; s/^Actions: TwoCoinTurnstileActions\$/Actions: $2Actions/" "$machine" > "$sources/A/$1"
done
build
if ! grep -q "Build complete" "$work/build.log"; then echo "FAIL: A/B/c.sm and A/B_c.sm in one target"; cat "$work/build.log"; exit 1; fi
outputs=$(find "$example/.build/plugins/outputs" -name "A_B*.swift" | xargs -n1 basename | sort | tr '\n' ' ')
if [ "$outputs" != "A_B-_c.swift A_B_c.swift " ]; then
    echo "FAIL: unexpected outputs for A/B/c.sm and A/B_c.sm: $outputs"; exit 1
fi
echo "ok: A/B/c.sm and A/B_c.sm in one target build, as $outputs"
rm -r "$sources/A"

# The command plugins, for teams that commit generated code. Their --help needs no
# permission; the check needs none at all.
(cd "$example" && swift package check-state-machines --help) > "$work/command.log" 2>&1 \
    || { echo "FAIL: check-state-machines --help"; cat "$work/command.log"; exit 1; }
grep -q "^usage: swift package --allow-writing-to-package-directory generate-state-machines" "$work/command.log" \
    || { echo "FAIL: no usage in --help"; cat "$work/command.log"; exit 1; }
echo "ok: check-state-machines --help needs no permission"
mkdir -p "$sources/Lobby"
sed 's/^FSM: TwoCoinTurnstile$/FSM: LobbyTurnstile/; s/^Actions: TwoCoinTurnstileActions$/Actions: LobbyTurnstileActions/' \
    "$machine" > "$sources/Lobby/TwoCoinTurnstile.sm"
printf '{ "access": "package" }\n' > "$config"
(cd "$example" && swift package --allow-writing-to-package-directory generate-state-machines) > "$work/command.log" 2>&1 \
    || { echo "FAIL: generate-state-machines"; cat "$work/command.log"; exit 1; }
generated="$sources/TwoCoinTurnstile.swift"
for file in "$generated" "$sources/Lobby/Lobby_TwoCoinTurnstile.swift"; do
    [ -f "$file" ] || { echo "FAIL: the command plugin wrote no $file"; cat "$work/command.log"; exit 1; }
    grep -q "^package final class" "$file" || { echo "FAIL: $file ignores fsmc-config.json"; exit 1; }
done
grep -q "generated by fsmc from TwoCoinTurnstile.sm" "$generated" || { echo "FAIL: unexpected content"; exit 1; }
grep -qF "exclude: [\"Lobby/TwoCoinTurnstile.sm\", \"TwoCoinTurnstile.sm\"]" "$work/command.log" \
    || { echo "FAIL: no advice to exclude the .sm files"; cat "$work/command.log"; exit 1; }
echo "ok: the command plugin wrote TwoCoinTurnstile.swift and Lobby/Lobby_TwoCoinTurnstile.swift, honouring fsmc-config.json"
(cd "$example" && swift package check-state-machines) > "$work/command.log" 2>&1 \
    || { echo "FAIL: check-state-machines on fresh generated code"; cat "$work/command.log"; exit 1; }
echo "ok: check-state-machines passes on fresh generated code, without permission"
# Two stale files, one with a diff far longer than the 4 KB blocks in which SwiftPM writes
# a plugin's output when it is not a terminal (every line of it differs).
lobby="$sources/Lobby/Lobby_TwoCoinTurnstile.swift"
sed -i 's/^/ /' "$generated"
echo "// an edit" >> "$lobby"
summary="error: generated code is stale or missing in two-coin-turnstile; regenerate it with 'swift package --allow-writing-to-package-directory generate-state-machines --target two-coin-turnstile'"
diff_lines() { grep -E '^(--- |\+\+\+ |@@ |[-+ ])' "$1" || true; }
# The lines that give the report its order: each file's diff, its error, the summary.
landmarks() { grep -E "^--- |is stale|generated code is stale" "$1" || true; }
stale() { echo "fsmc: error: 'Sources/two-coin-turnstile/$1' is stale; run 'fsmc compile Sources/two-coin-turnstile/$2 --source-root Sources/two-coin-turnstile --config Sources/two-coin-turnstile/fsmc-config.json'"; }
{
    echo "--- Sources/two-coin-turnstile/Lobby/Lobby_TwoCoinTurnstile.swift"
    stale Lobby/Lobby_TwoCoinTurnstile.swift Lobby/TwoCoinTurnstile.sm
    echo "--- Sources/two-coin-turnstile/TwoCoinTurnstile.swift"
    stale TwoCoinTurnstile.swift TwoCoinTurnstile.sm
    echo "$summary"
} > "$work/landmarks.txt"
if (cd "$example" && swift package check-state-machines) > "$work/stdout.log" 2> "$work/stderr.log"; then
    echo "FAIL: check-state-machines passed on stale generated code"; cat "$work/stdout.log" "$work/stderr.log"; exit 1
fi
diff_lines "$work/stderr.log" > "$work/diff.txt"
[ "$(wc -c < "$work/diff.txt")" -gt 16384 ] && grep -q '^- // generated by fsmc' "$work/diff.txt" \
    || { echo "FAIL: expected the whole diff on standard error"; cat "$work/stdout.log" "$work/stderr.log"; exit 1; }
[ ! -s "$work/stdout.log" ] \
    || { echo "FAIL: expected nothing on standard output of a failing check"; cat "$work/stdout.log"; exit 1; }
landmarks "$work/stderr.log" | cmp -s - "$work/landmarks.txt" && [ "$(tail -n 1 "$work/stderr.log")" = "$summary" ] \
    || { echo "FAIL: expected each diff, then its error, and the summary last"; landmarks "$work/stderr.log"; exit 1; }
echo "ok: check-state-machines fails on stale code, on standard error: each diff, its error, the summary last"
# As CI captures it, both streams in one log: the same lines, whole, in the same order.
for run in 1 2 3; do
    if (cd "$example" && swift package check-state-machines) > "$work/command.log" 2>&1; then
        echo "FAIL: check-state-machines passed on stale generated code"; cat "$work/command.log"; exit 1
    fi
    diff_lines "$work/command.log" > "$work/merged-diff.txt"
    if ! cmp -s "$work/diff.txt" "$work/merged-diff.txt" || ! landmarks "$work/command.log" | cmp -s - "$work/landmarks.txt" \
        || [ "$(tail -n 1 "$work/command.log")" != "$summary" ]; then
        echo "FAIL: in a log of both streams (run $run), expected every diff line whole, each diff, its error, the summary last"
        diff "$work/diff.txt" "$work/merged-diff.txt" | head -n 20; landmarks "$work/command.log"; exit 1
    fi
done
echo "ok: in a log of both streams every line is whole and in order, the summary last (3 runs)"
# generate-state-machines reports a broken .sm file the same way: fsmc's error, then the summary.
cp "$machine" "$work/machine.sm"
sed -i 's/^    Coin  FirstCoin  -$/    Coin  SecondCoin  -/' "$machine"
if (cd "$example" && swift package --allow-writing-to-package-directory generate-state-machines) > "$work/command.log" 2>&1; then
    echo "FAIL: generate-state-machines passed on a broken .sm file"; cat "$work/command.log"; exit 1
fi
[ "$(grep -c "TwoCoinTurnstile.sm:12:11: error: next state 'SecondCoin' is not defined" "$work/command.log")" = 1 ] \
    && [ "$(tail -n 1 "$work/command.log")" = "error: fsmc failed for two-coin-turnstile; see its errors" ] \
    || { echo "FAIL: expected fsmc's located error, then the summary last"; cat "$work/command.log"; exit 1; }
cp "$work/machine.sm" "$machine"
echo "ok: generate-state-machines fails on a broken .sm file with fsmc's error, then the summary"
# With the .sm files excluded from the target, as the advice says, they are still found.
rm "$generated" "$sources/Lobby/Lobby_TwoCoinTurnstile.swift"
sed -i 's|dependencies: \[.product(name: "FSMRuntime", package: "fsmc")\],|&\n            exclude: ["TwoCoinTurnstile.sm", "Lobby/TwoCoinTurnstile.sm", "fsmc-config.json"],|' "$example/Package.swift"
grep -q 'exclude: \["TwoCoinTurnstile.sm"' "$example/Package.swift" || { echo "FAIL: could not edit Package.swift"; exit 1; }
(cd "$example" && swift package --allow-writing-to-package-directory generate-state-machines) > "$work/command.log" 2>&1 \
    || { echo "FAIL: generate-state-machines with excluded .sm files"; cat "$work/command.log"; exit 1; }
[ -f "$generated" ] && [ -f "$sources/Lobby/Lobby_TwoCoinTurnstile.swift" ] \
    || { echo "FAIL: excluded .sm files were not compiled"; cat "$work/command.log"; exit 1; }
if grep -q "exclude:" "$work/command.log"; then echo "FAIL: advice to exclude files that are excluded"; cat "$work/command.log"; exit 1; fi
echo "ok: the command plugin compiles .sm files the target excludes, without advice"
echo "plugin checks: all passed"
