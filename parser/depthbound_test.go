package parser

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDepthBound: depthBound never falls below the depth depthScan
// reaches, so depthPast answers as the scan alone would: on the test
// cases' scripts, and on random texts of the characters the scan counts,
// short and long, at several limits.
func TestDepthBound(t *testing.T) {
	var texts [][]byte
	paths, _ := filepath.Glob("../testdata/src/*/*.sh")
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			texts = append(texts, b)
		}
	}
	if len(texts) < 100 {
		t.Fatalf("only %d test scripts found", len(texts))
	}
	const alphabet = "()[]{}`&|!=?*+<>^%~ \t;\r\nifwhileuntilforcaseselectfidoneesacx$\"'"
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		n := rng.IntN(3000)
		var sb strings.Builder
		for range n {
			if rng.IntN(4) == 0 {
				sb.WriteString([]string{"if ", "while ", "case ", "for ", "fi ", "done ", "esac ", "((", "$((", "||", "&&", "\n"}[rng.IntN(12)])
				continue
			}
			sb.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		texts = append(texts, []byte(sb.String()))
	}
	for _, b := range texts {
		for _, limit := range []int{3, 10, 40, 100, MaxDepth} {
			scan := depthScan(b, limit)
			if got := depthPast(b, limit); got != scan {
				t.Fatalf("limit %d: depthPast = %d, depthScan = %d, on %q", limit, got, scan, b)
			}
			if scan >= 0 && depthBound(b) <= limit {
				t.Fatalf("limit %d: bound %d though the scan passes the limit at %d, on %q", limit, depthBound(b), scan, b)
			}
		}
	}
}
