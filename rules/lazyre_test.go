package rules

import (
	"testing"

	"github.com/servelint/servelint/internal/lazyre"
)

// TestLazyPatternsCompile compiles every pattern compiled on first use
// (the rules', the ledger's it imports): a typo in one must fail here, not
// panic in the one lint whose comment first asks it.
func TestLazyPatternsCompile(t *testing.T) {
	all := lazyre.All()
	if len(all) < 30 {
		t.Fatalf("only %d lazy patterns registered", len(all))
	}
	for i, l := range all {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("pattern %d: %v", i, p)
				}
			}()
			_ = l.Regexp()
		}()
	}
}
