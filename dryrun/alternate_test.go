package dryrun

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os/exec"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// TestAlternatesAsBash checks hoistAlternates against bash: an unquoted
// alternate value in an argument or an array element expands to the
// fields bash gives (quoted parts whole, only when the variable is set),
// under set -u too.
func TestAlternatesAsBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, src := range []string{
		`T="/t/llama 3.jinja"; p ${T:+--chat-template "$T"} end`,
		`p ${T:+--chat-template "$T"} end`,
		`T=; p ${T:+--f "$T"} ${T+--g "$T"} end`,
		`set -u; p ${extra[@]+"${extra[@]}"} end`,
		`set -u; extra=(); p ${extra[@]+"${extra[@]}"} end`,
		`set -u; extra=(a "b c" '' d); p ${extra[@]+"${extra[@]}"} end`,
		`set -u; extra=(a "b c"); p ${extra+"${extra[@]}"} end`,
		`set -u; x="1 2"; args=(--m ${x:+--f $x "$x"}); p "${args[@]}"`,
		`set -u; x="1 2"; args=(--m); args+=(${x:+--kv '{"a": 1}' "$x"}); p "${args[@]}"`,
		`f() { local -a a=(${1:+--f "$1"}); p "${a[@]}"; }; f "a b"; f ""`,
		`x="a b"; p ${x:+a\ b "$x"'c d'} end`,
		`x=1; p ${x:+$(echo "s t")} end`,
		`set -u; x=1; p ${x:+"$y"} end || p stopped`,
	} {
		script := "p() { printf '[%s]' \"$@\"; echo; }\n" + src + "\n"
		want, berr := exec.Command(bash, "-c", script).Output()
		f, err := syntax.NewParser().Parse(strings.NewReader(script), "")
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		syntax.Walk(f, func(nd syntax.Node) bool {
			if st, ok := nd.(*syntax.Stmt); ok {
				hoistAlternates(st, &n)
			}
			return true
		})
		var out bytes.Buffer
		r, err := interp.New(interp.StdIO(nil, &out, io.Discard))
		if err != nil {
			t.Fatal(err)
		}
		err = r.Run(context.Background(), f)
		var ee *exec.ExitError
		if out.String() != string(want) || (err != nil) != errors.As(berr, &ee) {
			t.Errorf("%s\ninterp (rewritten): %q, %v\nbash: %q, %v", src, out.String(), err, want, berr)
		}
	}
}
