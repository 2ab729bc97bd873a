# shellcheck shell=bash
# The shared flags, one a line, read into an array through a process
# substitution: bash runs base_args beside mapfile; the dry run reads its
# output first.
base_args() {
  printf '%s\n' --max-num-seqs "$V_MAX_NUM_SEQS" --port 8000
}
build() {
  mapfile -t base < <(base_args)
}
