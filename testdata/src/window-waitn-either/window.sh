#!/bin/bash
# window.sh: the boot and a health wait under a hard timeout run side by
# side in the background; wait -n on both lets whichever ends first decide,
# so a boot that dies ends the wait. The boot was said to fall through into
# a health wait that never checks it is alive.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run.env"
"$here/calib.sh" &
boot=$!
timeout 900 bash -c 'until curl -fsS http://127.0.0.1:8000/health >/dev/null; do sleep 5; done' &
health=$!
if ! wait -n "$boot" "$health" || kill -0 "$health" 2>/dev/null; then
  echo "boot died or health wait timed out" >&2
  kill "$boot" "$health" 2>/dev/null || true
  exit 1
fi
push_rc=0
"$here/tap-push.sh" "$RADIANCE_CALIB_DIR" || push_rc=$?
kill "$boot"; wait "$boot" || true
restore_rc=0
"$here/run.sh" serve --check || restore_rc=$?
if (( push_rc == 0 && restore_rc == 0 )) && compgen -G "$RADIANCE_CALIB_DIR/*.gram" >/dev/null; then
  cp -r "$RADIANCE_CALIB_DIR" "$here/artifacts/tap-$(date +%s)"
else
  exit 1
fi
