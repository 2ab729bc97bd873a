# Defaults every launcher of the repo shares, and its helpers: a library
# (a file of assignments alone would be an owning env file).
SEQS=256
log() { echo "$*" >&2; }
