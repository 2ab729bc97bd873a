#!/usr/bin/env bash
# Keys set from an owner whose values go to another flag (calib's step sized
# from the window) or to another program (a load generator's concurrency)
# are numbers of their own, not shims of the owner.
set -euo pipefail
. "$(dirname "$0")/rig.env"
step=$RIG_MAX_BATCHED_TOKENS
seats=$RIG_MAX_SEQS
case "${1:?usage: rig.sh serve|kl|calib|bench}" in
  serve|kl) ;;
  calib)
    step=${CALIB_STEP:-$RIG_CALIB_BATCHED_TOKENS}
    seats=$CALIB_SEATS # want "calib reads CALIB_SEATS, a shim of RIG_MAX_SEQS"
    ;;
  bench)
    radiance serve /m --max-model-len "$RIG_MAX_MODEL_LEN" --max-num-seqs "$RIG_MAX_SEQS" \
      --max-num-batched-tokens "$RIG_MAX_BATCHED_TOKENS" --ngram-placement ram &
    pid=$!
    timeout 600 bash -c 'until curl -sf localhost:7770/health; do sleep 2; done'
    python3 loadgen.py --concurrency "$LOADGEN_CONCURRENCY" --url http://localhost:7770
    kill "$pid"
    exit 0
    ;;
  *) exit 2 ;;
esac
if [[ $1 == calib ]]; then placement=disk; else placement=ram; fi
exec radiance serve /m --max-model-len "$RIG_MAX_MODEL_LEN" --max-num-seqs "$seats" \
  --max-num-batched-tokens "${CALIB_DOC_STEP:-$step}" --ngram-placement "$placement"
