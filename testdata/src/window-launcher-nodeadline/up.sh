#!/usr/bin/env bash
# up.sh: start vLLM for local testing and wait for it. A launcher, not a
# window script: its endless health waits are not findings.
MODEL=${MODEL:-Qwen/Qwen2.5-7B-Instruct}

vllm serve "$MODEL" --port 8000 --max-num-seqs 32 >vllm.log 2>&1 &
pid=$!
echo "vllm pid $pid"

wait_ready() {
  while true; do
    if curl -s localhost:8000/v1/models | grep -q "$MODEL"; then
      break
    fi
    kill -0 "$pid" || { echo "vllm died" >&2; exit 1; }
    sleep 3
  done
}

wait_ready # the loop above ends only when vLLM answers or dies
while ! nc -z localhost 8000; do sleep 1; done
echo "ready: http://localhost:8000"
