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
  kl) exec radiance serve /m --max-num-seqs 8 --draft-config <(nvidia-smi -L) ;;
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
  kl) exec vllm serve /m --max-num-seqs "$(paste -d, <(echo 8) <(echo 9))" ;;
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

// TestInputRedirectProcSubst: input redirected from a process substitution
// (mapfile -t A < <(CMD), done < <(CMD), nested in CMD too) reads CMD's
// output, trailing newlines and all; CMD runs in a subshell, its
// assignments lost as in bash; under set -u the array mapfile fills is set.
func TestInputRedirectProcSubst(t *testing.T) {
	src := `#!/usr/bin/env bash
set -euo pipefail
flags() { printf '%s\n' --max-num-seqs 8 --port 1; leaked=1; }
mapfile -t A < <(flags)
n=0
while IFS= read -r l; do n=$((n + 1)); done < <(printf 'a\n\n\n')
mapfile -t B < <(sort < <(printf '%s\n' z y))
read -r first < <(printf 'no newline') || true
case "$1" in
  serve) exec vllm serve /m "${A[@]}" "$n" "${B[@]}" "$first" "${leaked:-unset}" ;;
esac
`
	r := evalSrc(t, src, "serve", nil, Options{})
	if r.Err != nil {
		t.Fatalf("serve: %v", r.Err)
	}
	// sort is skipped: its output is a sentinel, not y z.
	if len(r.Argv) != 11 || !slices.Equal(r.Argv[:7], []string{"vllm", "serve", "/m", "--max-num-seqs", "8", "--port", "1"}) ||
		r.Argv[7] != "3" || !strings.Contains(r.Argv[8], "unresolved: sort") || r.Argv[9] != "no newline" || r.Argv[10] != "unset" {
		t.Fatalf("serve argv %q", r.Argv)
	}
	if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "< <(…) read from the output") }) {
		t.Errorf("no note of the rewrite: %q", r.Notes)
	}
}

func TestPrintfQ(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want []string // nil: not rewritten
	}{
		{[]string{"%q ", "vllm", "my model", ""}, []string{"%s ", "vllm", "'my model'", "''"}},
		{[]string{"-v", "line", "%q ", "a b"}, []string{"-v", "line", "%s ", "'a b'"}},
		{[]string{"%s=%q\n", "k", "v w", "k2", "x"}, []string{"%s=%s\n", "k", "'v w'", "k2", "x"}},
		{[]string{"%-10q|", "a b"}, []string{"%-10s|", "'a b'"}},
		{[]string{"100%% q\n"}, nil},
		{[]string{"%*q", "3", "a"}, nil},
		{[]string{"%s\n", "q"}, nil},
	} {
		got, ok := printfQ(c.in)
		if !ok {
			got = nil
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("printfQ(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestInSubstSourced: in a sourced file's text, a statement reading from a
// one-line process substitution reads its command's output, assigned
// first on the statement's line; a multi-line command and a statement
// with a heredoc stay (and are refused later), and no line moves.
func TestInSubstSourced(t *testing.T) {
	src := "f() {\n  mapfile -t a < <(printf '%s\\n' x y)\n}\nwhile read -r l; do\n  echo \"$l\"\ndone < <(cat list)\nmapfile -t b < <(printf a\nprintf b)\ncat <<EOF < <(echo h)\nz\nEOF\n"
	got := string(inSubstSourced([]byte(src), "T"))
	if strings.Count(got, "\n") != strings.Count(src, "\n") {
		t.Fatalf("lines moved:\n%s", got)
	}
	for _, want := range []string{
		"  { __servelint_psT_0=$( (printf '%s\\n' x y); printf x ); mapfile -t a < $'\\x1eservelint-ps\\x1e'__servelint_psT_0 ; }\n",
		"{ __servelint_psT_1=$( (cat list); printf x ); while read -r l; do\n",
		"done < $'\\x1eservelint-ps\\x1e'__servelint_psT_1 ; }\n",
		"mapfile -t b < <(printf a\n",
		"cat <<EOF < <(echo h)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if plain := []byte("x=1\n"); string(inSubstSourced(plain, "T")) != string(plain) {
		t.Error("a file without <( changed")
	}
}

// TestInputProcSubstNul: readarray -d "" (mapfile -d "") of a process
// substitution printing NUL-separated words reads each word: the output
// held in a variable had lost its NUL bytes, and the array was one word
// of all of them run together.
func TestInputProcSubstNul(t *testing.T) {
	src := `#!/usr/bin/env bash
set -euo pipefail
readarray -d '' -t shape < <(printf '%s\0' --max-num-seqs 8 --max-model-len "4 096")
mapfile -t lines < <(printf 'a\0b\n')
exec vllm serve /m "${shape[@]}" --tag "${#lines[@]}"
`
	r := evalSrc(t, src, "", nil, Options{})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if want := []string{"vllm", "serve", "/m", "--max-num-seqs", "8", "--max-model-len", "4 096", "--tag", "1"}; !slices.Equal(r.Argv, want) {
		t.Fatalf("argv %q, want %q", r.Argv, want)
	}
}

// TestSourceStdinHereString: `source /dev/stdin <<< "$(grep -v '^#'
// .env)"`, the loader of a bash whose source cannot read <(…), is
// evaluated as eval of the string: the sandbox had refused /dev/stdin as a
// path outside the tree, and no mode was compared.
func TestSourceStdinHereString(t *testing.T) {
	files := map[string]string{".env": "# shape\nMAX_NUM_SEQS=8\nMAX_NUM_BATCHED_TOKENS=1024\n"}
	src := `#!/usr/bin/env bash
set -euo pipefail
source /dev/stdin <<< "$(grep -v '^#' "$(dirname "$0")/.env")"
exec vllm serve /m --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
`
	r := evalSrc(t, src, "", files, Options{})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if want := []string{"vllm", "serve", "/m", "--max-num-seqs", "8", "--max-num-batched-tokens", "1024"}; !slices.Equal(r.Argv, want) {
		t.Fatalf("argv %q, want %q", r.Argv, want)
	}
}
