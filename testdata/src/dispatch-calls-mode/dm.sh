#!/usr/bin/env bash
# Per-mode functions dispatched by "mode_$1" that call another mode's
# function: mode_serve's code runs in serve, kl and calib alike, so its
# literals are theirs too (not serve's alone), and calib's ram is the ram
# written there, with no ram -> disk fix (it would move serve and kl too).
set -euo pipefail
. "$(dirname "$0")/dm.env"
mode_serve() {
  exec radiance serve /models/m --max-num-seqs 4 \
    --max-num-batched-tokens "$DM_MAX_NUM_BATCHED_TOKENS" --ngram-placement ram "$@"
}
mode_kl() {
  mode_serve --port 7001
}
mode_calib() {
  export RADIANCE_CALIB_DIR=/tap RADIANCE_CALIB_TOKENS=4096
  mode_serve --port 7002
}
"mode_$1" "${@:2}"
# want@9 "^serve\|kl\|calib passes --max-num-seqs 4; .* .no fix: serve, the proven mode, boots with it"
# want@10 "^calib runs with the n-gram table in RAM \(--ngram-placement ram, set for serve\|kl\|calib at line 10\):"
