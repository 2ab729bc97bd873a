package dryrun

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestOutputProcSubst: the logging idiom `exec > >(tee -a log) 2>&1` is
// evaluated with the substitution as a discarding sink (tee never runs,
// nothing is written); an input substitution <(…) is still refused.
func TestOutputProcSubst(t *testing.T) {
	src := `#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exec > >(tee -a "$here/boot.log") 2> >(logger -t boot >&2)
case "$1" in
  serve) exec radiance serve /m --max-num-seqs 8 ;;
  kl) mapfile -t gpus < <(nvidia-smi -L); exec radiance serve /m --max-num-seqs "${#gpus[@]}" ;;
esac
`
	r := evalSrc(t, src, "serve", nil, Options{})
	if r.Err != nil {
		t.Fatalf("serve: %v", r.Err)
	}
	if want := []string{"radiance", "serve", "/m", "--max-num-seqs", "8"}; !slices.Equal(r.Argv, want) {
		t.Fatalf("serve argv %q, want %q", r.Argv, want)
	}
	if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, ">(…) sent to a sink") }) {
		t.Errorf("no note of the rewrite: %q", r.Notes)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(r.Script), "boot.log")); err == nil {
		t.Error("boot.log was written")
	}
	r = evalSrc(t, src, "kl", nil, Options{})
	if !errors.Is(r.Err, ErrProcSubst) {
		t.Fatalf("kl (input substitution): err = %v, want ErrProcSubst", r.Err)
	}
}

// TestSourceProcSubst: the env-file loader `source <(grep -v '^#' .env)`
// (and `. <(…)`) is evaluated as eval "$(…)": the mode's argv carries the
// file's values instead of stopping at the process substitution. A <(…)
// anywhere else is still refused.
func TestSourceProcSubst(t *testing.T) {
	files := map[string]string{".env": "# shape\nMAX_NUM_SEQS=8\r\nMAX_NUM_BATCHED_TOKENS=1024\r\n"}
	for _, load := range []string{
		`source <(grep -v '^#' "$(dirname "$0")/.env" | sed 's/\r$//')`,
		`. <(grep -v '^\s*#' "$(dirname "$0")/.env" | tr -d '\r')`,
	} {
		src := "#!/usr/bin/env bash\nset -euo pipefail\n" + load + `
case "$1" in
  serve) exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ;;
  kl) exec vllm serve /m --max-num-seqs "$(wc -l < <(echo x))" ;;
esac
`
		r := evalSrc(t, src, "serve", files, Options{})
		if r.Err != nil {
			t.Fatalf("%s: serve: %v", load, r.Err)
		}
		if want := []string{"vllm", "serve", "/m", "--max-num-seqs", "8", "--max-num-batched-tokens", "1024"}; !slices.Equal(r.Argv, want) {
			t.Fatalf("%s: serve argv %q, want %q", load, r.Argv, want)
		}
		if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, `read as eval "$(…)"`) }) {
			t.Errorf("%s: no note of the rewrite: %q", load, r.Notes)
		}
		r = evalSrc(t, src, "kl", files, Options{})
		if !errors.Is(r.Err, ErrProcSubst) {
			t.Fatalf("%s: kl (another input substitution): err = %v, want ErrProcSubst", load, r.Err)
		}
	}
}
