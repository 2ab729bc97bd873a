#!/usr/bin/env bash
# The library's preflight reads the marker through its $1, the tap dir
# this script passes it, and its status is docker inspect's answer: gated
# (the marker read in the library was not seen, and the push was reported).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/../lib/rig.sh"
TAP_DIR=${RADIANCE_CALIB_DIR:-/taps/dsl}
preflight "$TAP_DIR" || exit 1
while IFS= read -r doc; do
  curl -fsS -X POST http://127.0.0.1:7780/v1/completions --data "$doc" >/dev/null
done <"$1"
