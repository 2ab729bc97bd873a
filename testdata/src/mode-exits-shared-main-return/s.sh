#!/usr/bin/env bash
# mode-exits-shared wrapped in main "$@" with dry ending in return: nothing
# follows the call of main, so the return ends the script as exit does.
# dry ends the script before any engine: no mode, yet its seqs=8 is not
# shared code either (bash never runs it before the launch line or boot).
# It was taken as a later shared assignment that overrides the modes' own:
# bench's 32 and check's 16 were silenced in privateshape.
main() {
. "$(dirname "$0")/serve.env"
seqs=$VLLM_MAX_NUM_SEQS
boot() { vllm serve /m --max-num-seqs "$seqs" "$@"; } # want "bench passes --max-num-seqs 32 through the mode-local seqs=32" "bench boots with --max-num-seqs 32 where serve boots with 256"
case "${1:-serve}" in
  serve) ;;
  bench) seqs=32; boot --port 8001; exit 0 ;;
  check) [[ -d /models ]] || exit 1; seqs=16 ;; # want "check boots with --max-num-seqs 16 where serve boots with 256" "check passes --max-num-seqs 16 through the mode-local seqs=16"
  dry) seqs=8; echo "would boot with $seqs"; return 0 ;;
esac
exec vllm serve /m --max-num-seqs "$seqs"
}
main "$@"
