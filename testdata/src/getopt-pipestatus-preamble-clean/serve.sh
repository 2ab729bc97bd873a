#!/bin/bash
# The getopt(1) preamble most copied: `! getopt --test`, then
# ${PIPESTATUS[0]} -ne 4; `! PARSED=$(getopt …)`, then ${PIPESTATUS[0]}.
# A negated command is a pipeline of one stage in bash: PIPESTATUS is its
# status. The dry run set it after pipelines only, so the read stopped
# every mode ("not right after a pipeline").
set -o errexit -o pipefail -o noclobber -o nounset
. "$(dirname "$0")/serve.env"
! getopt --test > /dev/null
if [[ ${PIPESTATUS[0]} -ne 4 ]]; then
  echo 'I am sorry, `getopt --test` failed in this environment.'
  exit 1
fi
LONGOPTS=mode:,port:,verbose
OPTIONS=m:p:v
! PARSED=$(getopt --options=$OPTIONS --longoptions=$LONGOPTS --name "$0" -- "$@")
if [[ ${PIPESTATUS[0]} -ne 0 ]]; then
  exit 2
fi
eval set -- "$PARSED"
mode=serve port=8000 v=n
while true; do
  case "$1" in
    -m|--mode) mode="$2"; shift 2 ;;
    -p|--port) port="$2"; shift 2 ;;
    -v|--verbose) v=y; shift ;;
    --) shift; break ;;
    *) echo "Programming error"; exit 3 ;;
  esac
done
extra=()
if [[ $mode == eval ]]; then extra=(--seed 0); fi
exec vllm serve /m --port "$port" --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN" "${extra[@]}"
