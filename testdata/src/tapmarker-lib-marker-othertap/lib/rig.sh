# lib/rig.sh: the pushers' preflight, shared.
preflight() {
  local tap=$1
  [[ -f $tap/.rig ]] || { echo "no rig marker in $tap" >&2; return 1; }
  local container
  container=$(sed -n 's/^container=//p' "$tap/.rig")
  [[ "$(docker inspect -f '{{.State.Running}}' "$container" 2>/dev/null)" == true ]]
}
