#!/usr/bin/env bash
# Launchers that run something else are no engine: nsys stats reads a
# report, tmux attach and screen -r join a session, screen -X stuff types
# into one, flock FILE -c STRING runs a string with no engine, prlimit
# --pid changes a process running. The modes that boot through launchers
# pass the owner's number: nothing to say.
set -euo pipefail
. "$(dirname "$0")/launch.env"
case "${1:-serve}" in
  serve) exec nsys profile -o /tmp/prof vllm serve /m --max-num-seqs "$LC_MAX_NUM_SEQS" ;;
  detached) tmux new-session -d -s llm "vllm serve /m --max-num-seqs $LC_MAX_NUM_SEQS" ;;
  report) nsys stats /tmp/prof.nsys-rep --report cuda_gpu_kern_sum --format csv 8 ;;
  join) tmux attach -t llm || screen -r llm ;;
  poke) screen -S llm -X stuff "echo 8" ;;
  lock) flock /tmp/llm.lock -c "echo --max-num-seqs 8" ;;
  limit) prlimit --pid "$(pgrep -f vllm)" --nofile=65536 ;;
esac
