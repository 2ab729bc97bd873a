#!/usr/bin/env bash
# The whole script in main "$@": TP=1 on a one-CPU host is a preset of the
# host, shared by every mode, as it is at the top level (no mode's own).
main() {
  . "$(dirname "$0")/serve.env"
  if command -v jq >/dev/null 2>&1; then
    TP=$(jq -r '.tp // empty' model.json)
  else
    TP=$CF_TP
  fi
  if [[ $(nproc) == 1 ]]; then
    TP=1
  fi
  case "${1:-serve}" in
    serve) exec vllm serve org/m --tensor-parallel-size "$TP" ;;
    bench) exec vllm serve org/m --tensor-parallel-size "$TP" --seed 0 ;;
  esac
}
main "$@"
