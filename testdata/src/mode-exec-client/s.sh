#!/usr/bin/env bash
# exec of a command ends the script as exit does: load and shell never
# reach the launch line, so they are subcommands, not modes (each was
# "passes --max-num-seqs N through the mode-local seqs=N" plus an info that
# it could not be evaluated). bench execs the engine itself: a mode, found.
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  load) seqs=64; exec python bench.py --max-concurrency "$seqs" ;;
  shell) seqs=1; exec bash ;;
  logs) exec >>/var/log/serve.log 2>&1 ;;
  bench) seqs=32; exec vllm serve /m --max-num-seqs "$seqs" --port 8001 ;; # want "bench boots with --max-num-seqs 32 where serve boots with 256" "bench passes --max-num-seqs 32 through the mode-local seqs=32"
esac
exec vllm serve /m --max-num-seqs "$seqs"
