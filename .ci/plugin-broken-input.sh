#!/usr/bin/env bash
# Verifies that a broken .sm file fails the build with its location: copies the
# two-coin turnstile example to a temporary folder, breaks its .sm file, builds, and
# expects the build to fail naming TwoCoinTurnstile.sm:LINE:COL.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cp -R "$repo/Examples/TwoCoinTurnstile" "$work/TwoCoinTurnstile"
rm -rf "$work/TwoCoinTurnstile/.build"
example="$work/TwoCoinTurnstile"
sed -i "s|path: \"../..\"|path: \"$repo\"|" "$example/Package.swift"
machine="$example/Sources/two-coin-turnstile/TwoCoinTurnstile.sm"
# Line 12 sends the first coin to a state that does not exist.
sed -i 's/^    Coin  FirstCoin  -$/    Coin  SecondCoin  -/' "$machine"
grep -n "SecondCoin" "$machine"

if (cd "$example" && swift build 2>&1) > "$work/build.log"; then
    echo "FAIL: the build succeeded with a broken .sm file"; cat "$work/build.log"; exit 1
fi
expected="TwoCoinTurnstile.sm:12:11: error: next state 'SecondCoin' is not defined"
if grep -q "$expected" "$work/build.log"; then
    grep "TwoCoinTurnstile.sm:" "$work/build.log"
    echo "plugin broken input: the build failed at the .sm location, as it should"
else
    echo "FAIL: the build output does not contain '$expected'"; cat "$work/build.log"; exit 1
fi
