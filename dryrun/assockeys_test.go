package dryrun

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// TestAssocDeclaredApart: declare -A T on a line of its own, then
// T=([serve]=… [kl-ref]=…): bash keeps T associative and its keys text.
// interp made T indexed (its keys arithmetic, all 0: every mode read the
// last entry); with a key such as kl-ref, arithmetic kl minus ref.
func TestAssocDeclaredApart(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"declare -A T\nT=([serve]=1 [kl-ref]=16 [bench]=64)\nM=kl-ref; echo ${T[$M]} ${T[serve]}\n", "16 1\n"},
		{"declare -A T\nT=([serve]=1 [kl]=16 [bench]=64)\nM=kl; echo ${T[$M]} ${T[serve]}\n", "16 1\n"},
		{"declare -A T=([serve]=1 [kl-ref]=16)\nM=kl-ref; echo ${T[$M]}\n", "16\n"},
		// A function's declare -A is its own: the top level's T is indexed.
		{"f() { local -A T; }\nT=([a]=1 [b]=2)\necho ${T[0]} ${#T[@]}\n", "2 1\n"},
	} {
		src := []byte(c.src)
		f, err := syntax.NewParser().Parse(bytes.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		rewriteAssocKeys(f, src)
		var out strings.Builder
		r, _ := interp.New(interp.StdIO(nil, &out, &out))
		if err := r.Run(context.Background(), f); err != nil {
			t.Errorf("%q: %v", c.src, err)
		}
		if out.String() != c.want {
			t.Errorf("%q: got %q, want %q", c.src, out.String(), c.want)
		}
	}
}
