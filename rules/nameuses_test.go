package rules

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestScanName: the reads of a name that can be rewritten, and the places
// where a rewrite is not known to keep the meaning.
func TestScanName(t *testing.T) {
	for _, tc := range []struct {
		src           string
		words         bool
		params, arith int
		assigns       int
		unsure        bool
	}{
		{src: `Y=$((X * 2)) Z="${X}" W=${X:-4}`, words: true, params: 2, arith: 1},
		{src: `Y=${a[X]} Z=${s:X:2} W=$(( $(echo $X) + X ))`, words: true, params: 1, arith: 3},
		{src: `(( X > 8 )); for ((i = 0; i < X; i++)); do :; done`, arith: 2},
		// Text bash evaluates as arithmetic reads X where no rewrite can
		// reach it: unsure.
		{src: `let 'Y = X'`, unsure: true},
		{src: `declare -i d=X`, unsure: true},
		{src: `declare d=X`},
		{src: `X=4`, words: true, assigns: 1},
		{src: `export X`, words: true, assigns: 1},
		{src: `(( X++ ))`, unsure: true}, // a write, not a read
		{src: `Y=$((X = 4))`, unsure: true},
		{src: `(( Y = X + 1 ))`, arith: 1},
		{src: `let X=32`, unsure: true},
		{src: `Y=${!X}`, params: 1, unsure: true},
		{src: `[[ X -gt 4 ]]`, words: true, unsure: true},
		{src: `[[ X -gt 4 ]]`, words: false, unsure: true},
		{src: `[[ X == 4 ]]`, words: false},
		{src: `echo XY $XY "X"`, words: true},
		{src: `unset X`, words: true, unsure: true},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(tc.src), "")
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		r := scanName(f, "X", tc.words)
		if len(r.params) != tc.params || len(r.arith) != tc.arith || len(r.assigns) != tc.assigns || r.unsure != tc.unsure {
			t.Errorf("%s (words %v): params %d arith %d assigns %d unsure %v, want %d %d %d %v", tc.src, tc.words,
				len(r.params), len(r.arith), len(r.assigns), r.unsure, tc.params, tc.arith, tc.assigns, tc.unsure)
		}
	}
}
