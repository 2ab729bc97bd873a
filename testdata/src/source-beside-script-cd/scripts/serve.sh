#!/bin/bash
# The script moves to the repository's root before `source .env`: bash finds
# no .env there and serve boots with the default 16, as kl does. The copy
# beside the script is not read, by the dry run (no argvdrift) nor by the
# static model, which follows the top-level cd: no owner, no finding.
cd "$(dirname "$0")/.."
source .env 2>/dev/null || true
MAX_NUM_SEQS=${MAX_NUM_SEQS:-16}
case "${1:-serve}" in
  serve) vllm serve m --max-num-seqs "$MAX_NUM_SEQS" ;;
  kl)    vllm serve m --max-num-seqs 16 ;;
esac
