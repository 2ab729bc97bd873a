#!/bin/bash
# background() starts launch() in the background; each mode calls
# background once: one engine start per mode, seen at two levels of the
# chain (the call inside background and the mode's call), not two engines
# racing.
. "$(dirname "$0")/rc.env"
launch() {
  vllm serve /m --max-num-seqs "$RC_MAX_NUM_SEQS" "$@"
}
background() {
  launch "$@" >/tmp/log 2>&1 &
  timeout 600 bash -c 'until curl -sf localhost:8000/health; do sleep 5; done'
}
mode_kl() {
  background --seed 0 --max-num-seqs 4 # want "kl boots with --max-num-seqs 4 where serve boots with 8.*\(argvdrift\)" "kl passes a second --max-num-seqs 4 that overrides the shared one.*\(privateshape\)"
}
case "$1" in
  serve) background ;;
  kl) mode_kl ;;
esac
