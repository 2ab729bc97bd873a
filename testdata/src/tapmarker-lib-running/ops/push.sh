#!/usr/bin/env bash
# The container the marker names is checked by the library's running(),
# whose status is docker inspect's answer: gated (it was reported).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/../lib/common.sh"
TAP_DIR=${RADIANCE_CALIB_DIR:-/taps/dsl}
marker=$TAP_DIR/.rig
[[ -f $marker ]] || fail "no marker in $TAP_DIR"
name=$(sed -n 's/^container=//p' "$marker")
running "$name" || fail "marker names $name, which is not running"
while IFS= read -r doc; do
  curl -fsS -X POST http://127.0.0.1:7780/v1/completions --data "$doc" >/dev/null
done <"$1"
