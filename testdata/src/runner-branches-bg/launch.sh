#!/usr/bin/env bash
# engine() runs docker or the bare engine, one per branch of its if; run_bg
# starts it in the background: one call, two alternatives, not two engines
# racing.
. "$(dirname "$0")/rb.env"
engine() {
  if [[ $RUNTIME == docker ]]; then
    docker run --rm --gpus all vllm/vllm-openai:latest --max-num-seqs "$RB_MAX_NUM_SEQS" "$@"
  else
    python3 -m vllm.entrypoints.openai.api_server --max-num-seqs "$RB_MAX_NUM_SEQS" "$@"
  fi
}
run_bg() {
  engine "$@" >/tmp/server.log 2>&1 &
  timeout 900 bash -c 'until curl -fs localhost:8000/v1/models; do sleep 5; done'
}
cmd_serve() { engine; }
cmd_kl() { run_bg --max-num-seqs 4; } # want "kl boots with --max-num-seqs 4 where serve boots with 8.*\(argvdrift\)" "kl passes a second --max-num-seqs 4 that overrides the shared one.*\(privateshape\)"
RUNTIME=bare
mode=${1:-serve}
"cmd_$mode"
