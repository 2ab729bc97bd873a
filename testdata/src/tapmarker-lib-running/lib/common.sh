# lib/common.sh: helpers the pushers source.
fail() { echo "xx $*" >&2; exit 1; }
running() { [[ "$(docker inspect -f '{{.State.Running}}' "$1" 2>/dev/null)" == true ]]; }
show() {
  docker ps --filter "name=$1"
  echo "checked $1"
}
