package parser

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestLoaderRewrites: which loader pipelines hand bash the file's own lines
// (a subset of them, a '\r' stripped) and which rewrite their text, so that
// bash's reading of the file is not what bash runs.
func TestLoaderRewrites(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{`source <(grep -v '^#' .env)`, false},
		{`source <(tr -d '\r' < .env)`, false},
		{`source <(sed 's/\r$//' .env)`, false},
		{`source <(sed -e '/^#/d' -e '/^[[:space:]]*$/d' "$f")`, false},
		{`source <(sed '/^#/d;/^$/d' .env | sort -u)`, false},
		{`eval "$(cat .env)"`, false},
		{`source <(sed -E 's/^([A-Z_]+) *= */\1=/' .env)`, true},
		{`source <(sed 's/^export //' .env)`, true},
		{`source <(sed -n '/^MAX_/p' .env)`, true},
		{`source <(envsubst < .env)`, true},
		{`source <(tr -d '"' < .env)`, true},
		{`source <(grep -v '^#' .env | sed "$script")`, true},
		{`eval "$(sed 's/ = /=/' .env)"`, true},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(c.src), "")
		if err != nil {
			t.Fatal(err)
		}
		call := f.Stmts[0].Cmd.(*syntax.CallExpr)
		if got := loaderRewrites(call.Args[1]); got != c.want {
			t.Errorf("%s: loaderRewrites = %v, want %v", c.src, got, c.want)
		}
	}
}
