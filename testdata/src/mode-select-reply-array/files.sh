#!/usr/bin/env bash
# A menu over files is no mode set: the configs differ on purpose, and
# nothing is compared (nor read: the words are not known before the run).
set -euo pipefail
. "$(dirname "$0")/env/serve.env"
PS3="config? "
select f in configs/*.yaml; do
  case $REPLY in
    1) seqs=16 ;;
    *) seqs=$MAX_NUM_SEQS ;;
  esac
  break
done
exec vllm serve --model /models/m --config "$f" --max-num-seqs "$seqs" --max-model-len "$MAX_MODEL_LEN"
