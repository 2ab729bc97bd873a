package dryrun

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// TestLongGetopts: getopts with "-:" reads --mode=kl as the option - with
// OPTARG mode=kl, as bash does (interp's stopped at the word), beside
// short options, in a function handed "$@", and with the words given.
func TestLongGetopts(t *testing.T) {
	loop := `while getopts ":p:-:" o ARGS; do echo "$o $OPTARG"; done; shift $((OPTIND - 1)); echo "rest $*"`
	for _, c := range []struct{ src, want string }{
		{"set -eu\nset -- --mode=kl -p 9 --port=7 x\n" + strings.ReplaceAll(loop, " ARGS", "") + "\n", "- mode=kl\np 9\n- port=7\nrest x\n"},
		{"set -eu\nf() { " + strings.ReplaceAll(loop, " ARGS", "") + "; }\nf --mode=kl y\n", "- mode=kl\nrest y\n"},
		{"set -eu\nset -- --mode=kl\n" + strings.ReplaceAll(loop, "ARGS", `"$@"`) + "\n", "- mode=kl\nrest \n"},
		// Without "-:" getopts is left as it is.
		{"set -- -p 3 --mode=kl\nwhile getopts p: o; do echo \"$o $OPTARG\"; done\necho $OPTIND\n", "p 3\n3\n"},
	} {
		src := []byte(c.src)
		f, err := syntax.NewParser().Parse(bytes.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		rewriteLongGetopts(f)
		var out strings.Builder
		r, _ := interp.New(interp.StdIO(nil, &out, &out))
		if err := r.Run(context.Background(), f); err != nil {
			t.Errorf("%q: %v (%q)", c.src, err, out.String())
			continue
		}
		if out.String() != c.want {
			t.Errorf("%q: got %q, want %q", c.src, out.String(), c.want)
		}
	}
}
