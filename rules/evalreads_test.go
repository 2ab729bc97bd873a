package rules

import (
	"maps"
	"slices"
	"testing"

	"github.com/servelint/servelint/parser"
)

// TestEvalTextReads: the names the text of an eval expands, and an eval
// that expands a name built at run time.
func TestEvalTextReads(t *testing.T) {
	for _, tc := range []struct {
		src     string
		names   []string
		dynamic bool
	}{
		{src: `eval "seqs=\$MAX_NUM_SEQS"`, names: []string{"MAX_NUM_SEQS"}},
		{src: `eval 'step=${MNBT:-8192}'`, names: []string{"MNBT"}},
		{src: `for k in A B; do eval "v=\${$k:-}"; done`, dynamic: true},
		{src: `eval echo \$$k`, dynamic: true},
		{src: `eval "v=\${PFX_${k}}"`, dynamic: true},
		// A loader, or a command held in a variable: nothing seen.
		{src: `eval "$(grep -v '^#' srv.env)"`},
		{src: `eval "$cmd"`},
		{src: `eval "$(printf '%s' "$x")" "\$HOME"`, names: []string{"HOME"}},
		{src: `echo "\$NOT_EVAL"`},
		{src: `eval "if then"`},
	} {
		s := parser.ParseScript("x.sh", []byte(tc.src))
		s.Analyze(parser.RoleMatcher{})
		names, dyn := evalTextReads(s.EvalCalls())
		got := slices.Sorted(maps.Keys(names))
		if !slices.Equal(got, tc.names) || dyn != tc.dynamic {
			t.Errorf("%s: names %v dynamic %v, want %v %v", tc.src, got, dyn, tc.names, tc.dynamic)
		}
	}
}
