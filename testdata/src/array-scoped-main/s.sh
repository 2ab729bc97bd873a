#!/usr/bin/env bash
# The same script as array-scoped with its body wrapped in main "$@": the
# launch in main's body is the top level's, so bench's n=$(more) still
# leaves its argv alone: only kl (not bench|kl) passes the second copy.
# An argv array grown in a subshell, or in a function run only in a
# command substitution, keeps the shared copy alone: bash boots sub and
# bench with the owner's 256. kl runs more in the script's shell: its
# argv gets the second copy.
main() {
. "$(dirname "$0")/serve.env"
args=(--max-num-seqs "$VLLM_MAX_NUM_SEQS")
more() { args+=(--max-num-seqs 64); echo "${#args[@]}"; } # want "^kl passes a second --max-num-seqs 64 that overrides the shared one" "kl boots with --max-num-seqs 64 where serve boots with 256"
case "${1:-serve}" in
  serve) ;;
  sub) ( args+=(--max-num-seqs 48); echo "${args[*]}" ) ;;
  bench) n=$(more) ;;
  kl) more >/dev/null ;;
esac
exec vllm serve /m "${args[@]}"
}
main "$@"
