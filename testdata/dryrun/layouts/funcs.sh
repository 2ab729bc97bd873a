#!/usr/bin/env bash
# Per-mode functions dispatched as "mode_$1", a launch() wrapper function.
set -eu
here="$(cd "${BASH_SOURCE%/*}" && pwd)"
. "$here/funcs.env"

launch() {
  exec radiance serve "$MODEL" "$@"
}

mode_serve() {
  launch --max-num-seqs "$MAX_SEQS" --max-num-batched-tokens "$MNBT"
}

mode_calib() {
  export RADIANCE_CALIB_DIR=/taps/x
  launch --max-num-seqs "$MAX_SEQS" --max-num-batched-tokens 32768 --ngram-placement disk
}

if ! declare -F "mode_$1" >/dev/null 2>&1; then
  :
fi
"mode_$1"
