package dryrun

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// TestElementSetAsBash: [[ -v NAME[KEY] ]] in the rewritten copy answers
// as bash does, for associative and indexed arrays, set and unset
// elements, arithmetic keys and an empty element (set, so true).
func TestElementSetAsBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, src := range []string{
		`declare -A E=([serve]="--port 1" [bench]=""); for m in serve bench nope; do [[ -v E[$m] ]] && echo "$m yes" || echo "$m no"; done`,
		`declare -A E=([a]=1); k=a; if [[ -v E["$k"] ]]; then echo q-yes; fi; [[ ! -v E[b] ]] && echo b-no`,
		`a=(x "" z); for i in 0 1 2 3; do [[ -v a[i] ]] && echo "$i set" || echo "$i unset"; done; [[ -v a[i-1] ]] && echo arith`,
		`unset a; [[ -v a[0] ]] || echo none; a[5]=v; [[ -v a[5] && ! -v a[4] ]] && echo sparse`,
		`set -u; declare -A E=([x]=1); m=x; [[ -v E[$m] ]] && echo under-nounset`,
		`declare -A E=([a]=1 ["b c"]=2); for m in a "b c" d; do [[ -v "E[$m]" ]] && echo "$m quoted-yes" || echo "$m quoted-no"; done`,
		`a=(x "" z); for i in 1 3; do [[ -v "a[$i]" ]] && echo "$i q-set" || echo "$i q-unset"; done`,
	} {
		cmd := exec.Command(bash, "-c", src+"\n")
		want, err := cmd.Output()
		if err != nil {
			t.Fatalf("bash: %v", err)
		}
		f, err := syntax.NewParser().Parse(strings.NewReader(src+"\n"), "")
		if err != nil {
			t.Fatal(err)
		}
		if !rewriteElementSetTests(f) {
			t.Errorf("%s: nothing rewritten", src)
		}
		if fb := findForbidden(f, nil); fb != nil {
			t.Errorf("%s: still refused after the rewrite: %v", src, fb.what)
		}
		var out bytes.Buffer
		r, err := interp.New(interp.StdIO(nil, &out, &out))
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Run(context.Background(), f); err != nil && !errors.As(err, new(interp.ExitStatus)) {
			t.Fatal(err)
		}
		if out.String() != string(want) {
			t.Errorf("%s\ninterp (rewritten): %q\nbash: %q", src, out.String(), want)
		}
	}
}

// TestElementSetMode: a mode table checked with [[ -v EXTRA[$mode] ]]
// (r20 of the layout hunt) was "could not be evaluated" in every mode;
// each mode is evaluated, and an unknown one stops where bash stops.
func TestElementSetMode(t *testing.T) {
	src := `set -euo pipefail
declare -A EXTRA=([serve]="--port 8000" [bench]="--port 8001 --disable-log-requests")
mode=${1:?mode}
[[ -v EXTRA[$mode] ]] || { echo "unknown mode $mode" >&2; exit 2; }
exec vllm serve /m ${EXTRA[$mode]}
`
	r := evalSrc(t, src, "bench", nil, Options{})
	want := []string{"vllm", "serve", "/m", "--port", "8001", "--disable-log-requests"}
	if r.Err != nil || !slices.Equal(r.Argv, want) {
		t.Errorf("bench: Err = %v, argv %q; want %q", r.Err, r.Argv, want)
	}
	if r := evalSrc(t, src, "nope", nil, Options{}); r.Argv != nil {
		t.Errorf("nope: argv %q; want none (the script exits 2)", r.Argv)
	}
}
