die() { echo "serve: $*" >&2; exit 1; }
require_dir() { [[ -d "$1" ]] || die "missing directory $1"; }
require_file() { [ -f "$1" ] || die "missing file $1"; }
