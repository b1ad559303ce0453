#!/bin/sh
# Installs graphviz's `dot` when it is missing, so that StateGraphTests can render every
# example's DOT to PNG and SVG. With CI set, those tests fail rather than skip without it.
set -eu
if command -v dot >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "graphviz.sh: 'dot' is missing and apt-get is not available; install graphviz" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq graphviz >/dev/null
dot -V
