#!/usr/bin/env bash
# What a function assigns reaches the launch line only through a call that
# runs in the script's shell: one in a pipeline stage, a command
# substitution, a background job or a coprocess runs in a subshell; one
# from a function with its own `local seqs` writes that local (dynamic
# scope); a call before a later definition, or no call at all, runs no
# body that assigns. Bash boots every mode but bench with the owner's 256;
# bench calls setk itself.
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
setk() { seqs=64; echo "$seqs"; } # want "bench boots with --max-num-seqs 64 where serve boots with 256" "bench passes --max-num-seqs 64 through seqs=64"
outer() { local seqs=1; setk >/dev/null; echo "$seqs"; }
later() { :; }
case "${1:-serve}" in
  serve) ;;
  pipe) setk | cat ;;
  subst) got=$(setk) ;;
  job) setk & wait ;;
  co) coproc { seqs=48; } ;;
  scope) outer ;;
  redef) later ;;
  armdef) never() { seqs=32; } ;;
  bench) setk >/dev/null ;;
esac
later() { seqs=16; }
exec vllm serve /m --max-num-seqs "$seqs"
