package lint_test

import (
	"strings"
	"testing"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
)

// TestStepCost prices the example's modes from the serve and bench ledgers:
// bench's 65,536-token step backs no full-length session; serve's does.
func TestStepCost(t *testing.T) {
	cfg := rules.DefaultConfig()
	cfg.Ledger = "../examples/ledgers/qwen38_bf16_serve.log,../examples/ledgers/qwen38_bf16_bench.log"
	res, err := lint.Run(lint.Options{Paths: []string{"../examples/frank-archon"}, Config: cfg, Evaluator: testEvaluator})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range res.Findings {
		if f.Rule == "stepcost" {
			got = append(got, f.Message)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "bench's step 65536 would take an arena of 10906 MiB") || !strings.Contains(got[0], "not backed") {
		t.Fatalf("stepcost findings = %q, want one for bench's 65536 step", got)
	}
	// Off unless a ledger is named.
	res, err = lint.Run(lint.Options{Paths: []string{"../examples/frank-archon"}, Config: rules.DefaultConfig(), Evaluator: testEvaluator})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Findings {
		if f.Rule == "stepcost" {
			t.Fatalf("stepcost ran without a ledger: %s", f.Message)
		}
	}
}
