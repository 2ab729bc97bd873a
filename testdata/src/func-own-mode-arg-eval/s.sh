#!/usr/bin/env bash
# main is called by name with a word of its own and through eval with the
# script's arguments: its $1 is the mode.
. "$(dirname "$0")/fe.env"
main() {
  local mode=$1
  case $mode in
    serve) vllm serve /m --max-num-seqs "$FE_MAX_NUM_SEQS" ;;
    kl) vllm serve /m --max-num-seqs 4 ;; # want "kl boots with --max-num-seqs 4 where serve boots with 64.*\(argvdrift\)" "kl passes --max-num-seqs 4; .*fe.env:1 owns it as FE_MAX_NUM_SEQS=64"
    *) echo usage; exit 2 ;;
  esac
}
[ -z "$1" ] && main serve
eval main "$@"
