#!/usr/bin/env bash
# main is called by name with a word of its own (serve, when no argument
# is given) and through "$fn" with the script's arguments: its $1 is the
# mode, and kl is a mode of the script.
. "$(dirname "$0")/fd.env"
main() {
  local mode=$1
  case $mode in
    serve) vllm serve /m --max-num-seqs "$FD_MAX_NUM_SEQS" ;;
    kl) vllm serve /m --max-num-seqs 4 ;; # want "kl boots with --max-num-seqs 4 where serve boots with 64.*\(argvdrift\)" "kl passes --max-num-seqs 4; .*fd.env:1 owns it as FD_MAX_NUM_SEQS=64"
    *) echo usage; exit 2 ;;
  esac
}
fn=main
[ -z "$1" ] && main serve
"$fn" "$@"
