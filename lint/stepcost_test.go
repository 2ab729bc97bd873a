package lint_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
)

// TestStepCost prices the example's modes from the serve and bench ledgers:
// bench's 65,536-token step with 16 seats is the very shape the bench
// ledger booted, so nothing is reported; the docs' example, whose calib
// steps 131,072 tokens, backs no full-length session even with the weights
// moved off the card as far as bench's boot did; and with the calib ledger,
// a mode at its refused shape is reported from that ledger.
func TestStepCost(t *testing.T) {
	stepcost := func(paths []string, ledger string) []string {
		t.Helper()
		cfg := rules.DefaultConfig()
		cfg.Ledger = ledger
		res, err := lint.Run(lint.Options{Paths: paths, Config: cfg, Evaluator: testEvaluator})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range res.Findings {
			if f.Rule == "stepcost" {
				got = append(got, f.Message)
			}
		}
		return got
	}
	const serve, bench, calib = "../examples/ledgers/qwen38_bf16_serve.log", "../examples/ledgers/qwen38_bf16_bench.log", "../examples/ledgers/qwen38_bf16_calib.log"
	if got := stepcost([]string{"../examples/frank-archon"}, serve+","+bench); len(got) != 0 {
		t.Errorf("frank-archon: stepcost findings = %q, want none (bench booted its shape)", got)
	}
	if got := stepcost([]string{"../examples/frank-archon"}, "../examples/ledgers/*.log"); len(got) != 0 {
		t.Errorf("frank-archon, all ledgers: stepcost findings = %q, want none", got)
	}

	dir := testfs.NewTree(t, map[string]string{
		"serve.env": "SERVE_MAX_MODEL_LEN=32768\nSERVE_MAX_SEQS=8\nSERVE_MAX_BATCHED_TOKENS=1024\nSERVE_CALIB_BATCHED_TOKENS=131072\nSERVE_SHORT_LEN=8192\n",
		"serve.sh": `#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/serve.env"
step=$SERVE_MAX_BATCHED_TOKENS
len=$SERVE_MAX_MODEL_LEN
case "${1:?}" in
  serve) ;;
  calib) step=$SERVE_CALIB_BATCHED_TOKENS ;;
  refused*) step=65536 ;;
  long*) step=105000 ;;
  short) step=105000; len=$SERVE_SHORT_LEN ;;
esac
exec radiance serve /models/qwen38-a3b-bf16 --max-model-len "$len" --max-num-seqs "$SERVE_MAX_SEQS" --max-num-batched-tokens "$step"
`,
	})
	got := stepcost([]string{dir}, serve+","+bench)
	// refused* and long* are glob arms: the findings name them by their
	// labels, as every other rule does (they said only long and refused).
	// long backs 0.34 sessions of 32,768 tokens; short, the same KV cache
	// at its own window of 8,192, 1.35: only long is reported.
	if len(got) != 2 || !strings.HasPrefix(got[1], "long (as long*)'s step 105000") || !strings.Contains(got[1], "0.34 full-length sessions of 8 x 32768") || !strings.HasPrefix(got[0], "calib's step 131072 would take an arena of 21472 MiB (fit 338.9 + 0.1612 × step from") ||
		!strings.Contains(got[0], "even with weights in VRAM as low as") || !strings.Contains(got[0], "0.00 full-length sessions of 8 x 32768, not backed") {
		t.Errorf("serve+bench: stepcost findings = %q, want one for calib's 131072 step", got)
	}
	got = stepcost([]string{dir}, calib+","+serve+","+bench)
	if len(got) != 3 || !strings.HasPrefix(got[1], "refused (as refused*)'s shape (step 65536, 8 x 32768) was refused by the engine in ") ||
		!strings.Contains(got[1], "0.26 full-length sessions") {
		t.Errorf("with the calib ledger: stepcost findings = %q", got)
	}

	// A ledger of a boot unlike the mode's (another model on one card, its
	// small arena at a wide step) is left out of the pricing: with it, the
	// fit said calib's step would fit. With only such ledgers, a mode is
	// said not priced.
	serveLog, err := os.ReadFile(serve)
	if err != nil {
		t.Fatal(err)
	}
	other := strings.NewReplacer("--tp 2", "--tp 1", "--model /models/qwen38-a3b-bf16", "--model /models/llama-3.1-8b",
		"--max-num-batched-tokens 1024", "--max-num-batched-tokens 32768", "activation arena 504.00 MiB (step 1,024 tokens)", "activation arena 1.20 GiB (step 32,768 tokens)").Replace(string(serveLog))
	dir2 := testfs.NewTree(t, map[string]string{
		"llama8b_serve.log": other,
		"serve.env":         "SERVE_MAX_MODEL_LEN=32768\nSERVE_MAX_SEQS=8\nSERVE_MAX_BATCHED_TOKENS=1024\nSERVE_CALIB_BATCHED_TOKENS=131072\n",
		"serve.sh": `#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/serve.env"
step=$SERVE_MAX_BATCHED_TOKENS
tp=2
case "${1:?}" in
  serve) ;;
  calib) step=$SERVE_CALIB_BATCHED_TOKENS ;;
  wide*) tp=4 ;;
esac
exec radiance serve /models/qwen38-a3b-bf16 --tp "$tp" --kv-cache-dtype fp8 --max-model-len "$SERVE_MAX_MODEL_LEN" --max-num-seqs "$SERVE_MAX_SEQS" --max-num-batched-tokens "$step"
`,
	})
	without := stepcost([]string{dir2}, serve+","+bench)
	with := stepcost([]string{dir2}, serve+","+bench+","+filepath.Join(dir2, "llama8b_serve.log"))
	if !slices.Equal(with, without) || len(with) != 2 || !strings.HasPrefix(with[0], "calib's step 131072 would take an arena") ||
		!strings.Contains(with[1], "wide (as wide*)'s step 1024 could not be priced: no ledger is of a boot like it") {
		t.Errorf("a ledger of another boot: stepcost findings = %q, want %q", with, without)
	}

	// The model is radiance's first word (radiance serve MODEL), not a
	// --model flag: an 8B model's ledger at the very --tp and KV-cache
	// type is still another boot, and is left out of the fit.
	sameTP := strings.NewReplacer("--model /models/qwen38-a3b-bf16", "--model /models/llama-3.1-8b",
		"--max-num-batched-tokens 1024", "--max-num-batched-tokens 32768", "activation arena 504.00 MiB (step 1,024 tokens)", "activation arena 1.20 GiB (step 32,768 tokens)").Replace(string(serveLog))
	dir3 := testfs.NewTree(t, map[string]string{
		"llama8b_serve.log": sameTP,
		"serve.env":         "SERVE_MAX_MODEL_LEN=32768\nSERVE_MAX_SEQS=8\nSERVE_MAX_BATCHED_TOKENS=1024\nSERVE_CALIB_BATCHED_TOKENS=131072\n",
		"serve.sh": `#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/serve.env"
step=$SERVE_MAX_BATCHED_TOKENS
case "${1:?}" in
  serve) ;;
  calib) step=$SERVE_CALIB_BATCHED_TOKENS ;;
esac
exec radiance serve /models/qwen38-a3b-bf16 --tp 2 --kv-cache-dtype fp8 --max-model-len "$SERVE_MAX_MODEL_LEN" --max-num-seqs "$SERVE_MAX_SEQS" --max-num-batched-tokens "$step"
`,
	})
	without3 := stepcost([]string{dir3}, serve+","+bench)
	with3 := stepcost([]string{dir3}, serve+","+bench+","+filepath.Join(dir3, "llama8b_serve.log"))
	if !slices.Equal(with3, without3) || len(with3) != 1 || !strings.HasPrefix(with3[0], "calib's step 131072 would take an arena") {
		t.Errorf("a ledger of another model at the same --tp: stepcost findings = %q, want %q", with3, without3)
	}

	// Off unless a ledger is named.
	if got := stepcost([]string{"../examples/frank-archon"}, ""); len(got) != 0 {
		t.Fatalf("stepcost ran without a ledger: %q", got)
	}
}
