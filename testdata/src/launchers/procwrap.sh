#!/usr/bin/env bash
# Process wrappers run their command: systemd-run [options] CMD, runuser
# -u USER -- CMD, flock [-n|-w SECS] FILE CMD (FILE -c STRING: a shell
# string), prlimit --RESOURCE=LIMITS CMD, chpst -u USER CMD, cgexec -g
# CTRL:PATH CMD. Each mode vanished with its number.
set -euo pipefail
. "$(dirname "$0")/launch.env"
case "${1:-serve}" in
  serve) exec systemd-run --user --scope -p MemoryMax=80G --unit=llm vllm serve /m --max-num-seqs "$LN_MAX_NUM_SEQS" --max-model-len "$LN_MAX_MODEL_LEN" ;;
  ru) exec runuser -u vllm -- vllm serve /m --max-num-seqs 2 --max-model-len "$LN_MAX_MODEL_LEN" ;; # want "ru passes --max-num-seqs 2; .*owns it as LN_MAX_NUM_SEQS=64" "ru boots with --max-num-seqs 2 where serve boots with 64"
  fl) exec flock -w 30 /tmp/llm.lock vllm serve /m --max-num-seqs 3 --max-model-len "$LN_MAX_MODEL_LEN" ;; # want "fl passes --max-num-seqs 3; .*owns it as LN_MAX_NUM_SEQS=64" "fl boots with --max-num-seqs 3 where serve boots with 64"
  flc) exec flock -n /tmp/llm.lock -c "exec vllm serve /m --max-num-seqs 5 --max-model-len $LN_MAX_MODEL_LEN" ;; # want "flc passes --max-num-seqs 5; .*owns it as LN_MAX_NUM_SEQS=64" "flc boots with --max-num-seqs 5 where serve boots with 64"
  pl) exec prlimit --nofile=65536 -l0 vllm serve /m --max-num-seqs 6 --max-model-len "$LN_MAX_MODEL_LEN" ;; # want "pl passes --max-num-seqs 6; .*owns it as LN_MAX_NUM_SEQS=64" "pl boots with --max-num-seqs 6 where serve boots with 64"
  cp) exec chpst -u vllm:vllm -o 65536 vllm serve /m --max-num-seqs 7 --max-model-len "$LN_MAX_MODEL_LEN" ;; # want "cp passes --max-num-seqs 7; .*owns it as LN_MAX_NUM_SEQS=64" "cp boots with --max-num-seqs 7 where serve boots with 64"
  cg) exec cgexec -g cpu,memory:llm --sticky vllm serve /m --max-num-seqs 9 --max-model-len "$LN_MAX_MODEL_LEN" ;; # want "cg passes --max-num-seqs 9; .*owns it as LN_MAX_NUM_SEQS=64" "cg boots with --max-num-seqs 9 where serve boots with 64"
  sr) exec systemd-run --unit llm2 -E HF_HOME=/h -pCPUWeight=20 --same-dir vllm serve /m --max-num-seqs 10 --max-model-len "$LN_MAX_MODEL_LEN" ;; # want "sr passes --max-num-seqs 10; .*owns it as LN_MAX_NUM_SEQS=64" "sr boots with --max-num-seqs 10 where serve boots with 64"
esac
