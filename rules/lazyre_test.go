package rules

import "testing"

// TestLazyPatternsCompile compiles every pattern the rules compile on
// first use: a typo in one must fail here, not panic in the one lint whose
// comment first asks it.
func TestLazyPatternsCompile(t *testing.T) {
	if len(lazies) < 20 {
		t.Fatalf("only %d lazy patterns registered", len(lazies))
	}
	for i, l := range lazies {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("pattern %d: %v", i, p)
				}
			}()
			_ = l.get()
		}()
	}
}
