#!/usr/bin/env bash
# calib-window.sh: calibration window with the rig under nohup.
# The health wait has a deadline, but it never looks at the rig's pid: a rig
# that dies at load time is only noticed when the deadline runs out.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

: "${RADIANCE_CALIB_DIR:?set RADIANCE_CALIB_DIR to the tap dir}"
BANK=${BANK:-/bank/qwen38}
CORPUS=${CORPUS:-/corpus/calib.jsonl}
URL=http://127.0.0.1:7770
LOG_DIR=/var/log/radiance

log() { echo "$(date +%T) [window] $*" | tee -a "$LOG_DIR/window.log" >&2; }

start_rig() {
  log "starting calib rig"
  nohup "$here/frank-archon.sh" calib >"$LOG_DIR/rig.log" 2>&1 & # want "boot `nohup \"\$here/frank-archon.sh\" calib .*` runs in the background and the health wait at line 26 never checks that it is still alive \(kill -0, wait -n, docker inspect\), so a boot that dies falls through into the wait; .*\(law 6\) \(phasegate\)"
  rig_pid=$!
  log "rig pid $rig_pid"
}

wait_for_health() {
  local tries=0
  log "waiting for $URL/health"
  until curl -fsS "$URL/health" >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ "$tries" -ge 180 ]; then
      log "no health after $((tries * 5))s"
      return 1
    fi
    sleep 5
  done
}

stop_rig() {
  log "stopping rig"
  kill "$rig_pid" && wait "$rig_pid"
}

start_rig
wait_for_health || exit 1
"$here/tap-push.sh" "$CORPUS" || {
  log "push failed"
  stop_rig
  exit 1
}
stop_rig
systemctl restart radiance-serve || log "production restart failed"

if [ -n "$(find "$RADIANCE_CALIB_DIR" -type f -name '*.gram' -print -quit)" ]; then
  rsync -a "$RADIANCE_CALIB_DIR/" "$BANK/"
  log "banked $(du -sh "$BANK" | cut -f1)"
else
  log "tap is empty; nothing banked"
  exit 1
fi
