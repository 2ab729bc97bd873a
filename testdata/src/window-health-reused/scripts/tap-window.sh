#!/usr/bin/env bash
# tap-window.sh: boot the calib rig detached, wait for health, push, stop,
# restore serve, bank. One wait function, which checks that the named
# container still runs, follows both detached boots: the calib rig's and
# the restored serve's. The trace met its loop once and kept it as the wait
# after the first boot alone, so the restore's boot had "no health wait
# after it" (found by R60). unchecked.sh, whose restore waits with
# wait_up, which never looks at the rig, is still reported.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TAP=/taps/qwen38
PORT=7770

wait_healthy() {
  local name=$1 deadline=$((SECONDS + 900))
  until curl -fsS "http://127.0.0.1:$PORT/health" >/dev/null; do
    if [[ $(docker inspect -f '{{.State.Running}}' "$name" 2>/dev/null) != true ]]; then
      echo "$name exited during boot" >&2
      return 1
    fi
    if (( SECONDS > deadline )); then
      echo "$name not healthy after 900s" >&2
      return 1
    fi
    sleep 10
  done
}

wait_up() {
  local deadline=$((SECONDS + 900))
  until curl -fsS "http://127.0.0.1:$PORT/health" >/dev/null; do
    (( SECONDS < deadline )) || return 1
    sleep 10
  done
}

boot_calib() {
  docker run -d --name rig-calib --gpus all --network host \
    -e RADIANCE_CALIB_DIR="$TAP" -e RADIANCE_CALIB_TOKENS=40000000 \
    -v /taps:/taps registry.local/radiance:1.4 radiance serve /cache/qwen38 \
    --max-num-batched-tokens 32768 --ngram-placement disk --port "$PORT" || return 1
  printf 'container=rig-calib\nimage=registry.local/radiance:1.4\npid=%s\n' "$$" > "$TAP/.rig-marker"
}

push() {
  [[ -f $TAP/.rig-marker ]] || return 1
  [[ $(docker inspect -f '{{.State.Running}}' rig-calib 2>/dev/null) == true ]] || return 1
  python3 "$here/push_corpus.py" --url "http://127.0.0.1:$PORT" --tap "$TAP"
}

restore() { "$here/serve.sh" && wait_healthy rig; }

boot_calib || exit 1
wait_healthy rig-calib || { docker rm -f rig-calib; restore; exit 1; }
push_rc=0
push || push_rc=$?
docker rm -f rig-calib
restore_rc=0
restore || restore_rc=$?
if (( push_rc == 0 && restore_rc == 0 )) && compgen -G "$TAP/*.gram" >/dev/null; then
  tar -C "$TAP" -cf "/bank/qwen38-$(date +%s).tar" .
else
  exit 1
fi
