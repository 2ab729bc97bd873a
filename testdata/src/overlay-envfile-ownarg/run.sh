#!/usr/bin/env bash
# load reads the file its caller names, not the mode's: site.env is every
# mode's (no mode reads a file of its own).
set -euo pipefail
cd "$(dirname "$0")"
load() { . "conf/$1.env"; }
load common
load site
case "${1:-serve}" in
  serve|bench) ;;
  *) exit 2 ;;
esac
exec vllm serve /models/m --max-num-seqs "$OA_MAX_NUM_SEQS"
