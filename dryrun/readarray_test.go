package dryrun

import (
	"slices"
	"testing"
)

// TestReadArrayEmpty: interp leaves a nil list for read -a, mapfile and
// readarray of an empty input, and "${a[@]}" of it was one empty field
// where bash gives none (R27, fa3/a38_indirect: IFS=' ' read -r -a extra
// <<< "${EXTRA_ARGS:-}" put an empty word at the end of every mode's argv). Each
// array is empty, as in bash; the read's status is kept (an if on it, set
// -e), and a read that fills the array still does.
func TestReadArrayEmpty(t *testing.T) {
	src := `set -euo pipefail
IFS=' ' read -r -a extra <<< "${EXTRA_ARGS:-}"
read -ra two <<< "a  b"
mapfile -t m < /dev/null
readarray lines < /dev/null
if read -ra z < /dev/null; then st=0; else st=1; fi
f() { local -a l; read -a l <<< ""; exec radiance serve /m "$@" "${l[@]}" "${extra[@]}" "${#extra[@]}" "${two[@]}" "${m[@]}" "${lines[@]}" "${z[@]}" "$st"; }
f --port 1
`
	r := evalSrc(t, src, "serve", nil, Options{})
	want := []string{"radiance", "serve", "/m", "--port", "1", "0", "a", "b", "1"}
	if r.Err != nil || !slices.Equal(r.Argv, want) {
		t.Errorf("Err = %v, argv %q; want %q", r.Err, r.Argv, want)
	}
	// set -e: a read that fails outside a condition still ends the script.
	r = evalSrc(t, "set -e\nread -ra x < /dev/null\nexec radiance serve /m\n", "serve", nil, Options{})
	if r.Argv != nil {
		t.Errorf("a failed read under set -e: argv %q; want none", r.Argv)
	}
}
