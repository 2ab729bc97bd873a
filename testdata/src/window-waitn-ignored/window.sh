#!/bin/bash
# window.sh: the boot and a health wait run side by side in the
# background, awaited by wait -n on both, whose failure (a boot that died
# first) || true throws away: the boot falls through into the push. The
# wait -n was taken for a liveness check whatever became of its status.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run.env"
"$here/calib.sh" & # want "runs in the background and the health wait at line 11 never checks that it is still alive"
boot=$!
timeout 900 bash -c 'until curl -fsS http://127.0.0.1:8000/health >/dev/null; do sleep 5; done' &
health=$!
wait -n "$boot" "$health" || true
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
