#!/usr/bin/env bash
# Globs that name no mode: * (every word), -* and --* (options), *.yaml (a
# config file). Glob arms that set the owner's values stay clean.
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=$MAX_NUM_SEQS
while [[ $# -gt 0 ]]; do
  case $1 in
    --*) shift ;;
    -*) shift ;;
    *.yaml) shift ;;
    *) break ;;
  esac
done
mode=${1:-serve}
case $mode in
  serve*) seqs=$MAX_NUM_SEQS ;;
  bench*) seqs=$MAX_NUM_SEQS ;;
  *) ;;
esac
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
