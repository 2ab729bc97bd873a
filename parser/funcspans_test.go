package parser

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestFuncSpanList: the spans the model's walk records are every function
// declaration funcSpans' walk finds (its outermost ones, nested ones
// inside them), so that inSpans answers the same from either: on every
// testdata script, at every offset.
func TestFuncSpanList(t *testing.T) {
	paths, _ := filepath.Glob("../testdata/src/*/*.sh")
	withFuncs := 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := ParseScript(p, src)
		if s.File == nil {
			continue
		}
		s.Analyze(RoleMatcher{})
		walked := funcSpans(s.File)
		if len(walked) > 0 {
			withFuncs++
		}
		for _, w := range walked {
			if !slices.Contains(s.funcSpanList, w) {
				t.Errorf("%s: the model has no span %v", p, w)
			}
		}
		for off := uint(0); off <= uint(len(src)); off++ {
			if inSpans(walked, off) != inSpans(s.funcSpanList, off) {
				t.Fatalf("%s: offset %d is in a function by one list, not by the other", p, off)
			}
		}
	}
	if withFuncs < 50 {
		t.Fatalf("only %d test scripts declare a function", withFuncs)
	}
}
