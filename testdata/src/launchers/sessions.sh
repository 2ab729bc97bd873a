#!/usr/bin/env bash
# Session managers start the engine detached: screen -dmS NAME CMD…, tmux
# new-session -d [-s NAME] CMD… (one word: tmux's shell runs it as a
# string), screen … bash -c STRING. Each mode vanished with its number.
set -euo pipefail
. "$(dirname "$0")/launch.env"
case "${1:-serve}" in
  serve) screen -dmS llm vllm serve /m --max-num-seqs "$LN_MAX_NUM_SEQS" --max-model-len "$LN_MAX_MODEL_LEN" ;;
  scr) screen -d -m -S llm -L -Logfile /tmp/l vllm serve /m --max-num-seqs 8 --max-model-len "$LN_MAX_MODEL_LEN" ;; # want "scr passes --max-num-seqs 8; .*owns it as LN_MAX_NUM_SEQS=64" "scr boots with --max-num-seqs 8 where serve boots with 64"
  tm) tmux new-session -d -s llm -n w vllm serve /m --max-num-seqs 12 --max-model-len "$LN_MAX_MODEL_LEN" ;; # want "tm passes --max-num-seqs 12; .*owns it as LN_MAX_NUM_SEQS=64" "tm boots with --max-num-seqs 12 where serve boots with 64"
  tmstr) tmux new -d -s llm "vllm serve /m --max-num-seqs 24 --max-model-len $LN_MAX_MODEL_LEN" ;; # want "tmstr passes --max-num-seqs 24; .*owns it as LN_MAX_NUM_SEQS=64" "tmstr boots with --max-num-seqs 24 where serve boots with 64"
  scrsh) screen -dmS llm bash -c "exec vllm serve /m --max-num-seqs 48 --max-model-len $LN_MAX_MODEL_LEN" ;; # want "scrsh passes --max-num-seqs 48; .*owns it as LN_MAX_NUM_SEQS=64" "scrsh boots with --max-num-seqs 48 where serve boots with 64"
esac
