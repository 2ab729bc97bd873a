#!/usr/bin/env bash
# show() prints docker ps and echoes: its status is echo's, so nothing
# checks that the container is running.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/../lib/common.sh"
TAP_DIR=${RADIANCE_CALIB_DIR:-/taps/dsl}
marker=$TAP_DIR/.rig
[[ -f $marker ]] || fail "no marker in $TAP_DIR"
name=$(sed -n 's/^container=//p' "$marker")
show "$name" || fail "cannot show $name"
while IFS= read -r doc; do
  curl -fsS -X POST http://127.0.0.1:7780/v1/completions --data "$doc" >/dev/null # want "checking the tap's marker but not that the container it names is running"
done <"$1"
