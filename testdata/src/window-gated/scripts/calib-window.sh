#!/usr/bin/env bash
# calib-window.sh: one unattended GPTQ calibration window on the serving cards.
#   boot the calib rig → wait for /health (hard deadline, rig liveness) →
#   push the corpus → stop the rig → restore production → bank the tap.
# Every phase is gated: a failed phase stops the window, and the tap is
# banked only when both phases exited 0 and it holds files.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

TAP=${RADIANCE_CALIB_DIR:-/taps/qwen38}
BANK=${BANK:-/bank/qwen38}
CORPUS=${CORPUS:-/corpus/calib-2026-11.jsonl}
PORT=7770
HEALTH_TIMEOUT_S=900
rig_pid=

log() { printf '%s calib-window: %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }
die() {
  log "FATAL: $*"
  exit 1
}

cleanup() {
  if [[ -n $rig_pid ]] && kill -0 "$rig_pid" 2>/dev/null; then
    log "cleanup: stopping rig $rig_pid"
    kill "$rig_pid"
  fi
}
trap cleanup EXIT

wait_healthy() {
  local deadline=$(($(date +%s) + HEALTH_TIMEOUT_S))
  until curl -fsS "http://127.0.0.1:${PORT}/health" >/dev/null 2>&1; do
    kill -0 "$rig_pid" 2>/dev/null || die "calib rig (pid $rig_pid) died while booting"
    if (($(date +%s) > deadline)); then
      die "calib rig not healthy after ${HEALTH_TIMEOUT_S}s"
    fi
    sleep 5
  done
  log "rig healthy"
}

stop_rig() {
  kill "$rig_pid" 2>/dev/null
  wait "$rig_pid" 2>/dev/null
  rig_pid=
}

log "booting calib rig"
"$here/frank-archon.sh" calib &
rig_pid=$!
wait_healthy

log "pushing $CORPUS"
"$here/tap-push.sh" "$CORPUS"
push_rc=$?
log "push exited $push_rc"

stop_rig
log "restoring production"
if ! systemctl start radiance-serve.service; then
  log "WARNING: production did not restart; page the on-call"
fi

if ((push_rc == 0)) && [[ -n "$(ls -A "$TAP")" ]]; then
  log "banking $TAP → $BANK"
  mkdir -p "$BANK"
  cp -a "$TAP/." "$BANK/"
else
  die "not banking: push exited $push_rc or the tap is empty"
fi
