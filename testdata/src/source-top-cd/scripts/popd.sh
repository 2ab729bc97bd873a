#!/usr/bin/env bash
# pushd into scripts/ and popd back to the root before the source: the
# root's conf/i.env, not scripts/conf/i.env.
set -euo pipefail
cd "$(dirname "$0")/.." || exit 1
pushd scripts >/dev/null
popd >/dev/null
. conf/i.env
case ${1:-serve} in
  serve) exec vllm serve /m --max-num-seqs "$I_MAX_NUM_SEQS" ;;
  bench) exec vllm serve /m --max-num-seqs 64 ;; # want "bench passes --max-num-seqs 64; .*conf/i.env:1 owns it" "bench boots with --max-num-seqs 64 where serve boots with 32"
esac
