die() { echo "error: $*" >&2; exit 1; }
run() { echo "+ $*" >&2; "$@" || die "failed: $1"; }
