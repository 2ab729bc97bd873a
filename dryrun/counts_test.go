package dryrun

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// The count of an array split from a skipped command's output is not
// statically known: the argv says so and a guard on it is assumed to pass.
// The count of an array with a known element, or not filled by splitting,
// stays a number.
func TestSplitArrayCount(t *testing.T) {
	const u = "<unresolved: nvidia-smi -L>"
	for _, tc := range []struct {
		name, src string
		argv      []string
		unknown   bool // the last argv word is reported unresolved
	}{
		{"mapfile of a skipped command", "#!/bin/bash\nset -euo pipefail\nmapfile -t g < <(nvidia-smi -L)\nn=${#g[@]}\nvllm serve /m --tensor-parallel-size \"$n\"\n",
			[]string{"vllm", "serve", "/m", "--tensor-parallel-size", u}, true},
		{"an array of an unquoted substitution", "#!/bin/bash\na=($(nvidia-smi -L))\nvllm serve /m --tensor-parallel-size ${#a[*]}\n",
			[]string{"vllm", "serve", "/m", "--tensor-parallel-size", u}, true},
		{"read -a of a skipped output", "#!/bin/bash\nIFS=, read -ra d <<<\"$(nvidia-smi -L)\"\nvllm serve /m --tensor-parallel-size \"${#d[@]}\"\n",
			[]string{"vllm", "serve", "/m", "--tensor-parallel-size", u}, true},
		{"a known split", "#!/bin/bash\nX='0 1 2'\na=($X)\nvllm serve /m --tensor-parallel-size ${#a[@]}\n",
			[]string{"vllm", "serve", "/m", "--tensor-parallel-size", "3"}, false},
		{"a known element beside the unknown", "#!/bin/bash\nargs=(--tp $(nvidia-smi -L | wc -l))\nvllm serve /m --n ${#args[@]}\n",
			[]string{"vllm", "serve", "/m", "--n", "2"}, false},
		{"a quoted substitution: one element", "#!/bin/bash\na=(\"$(nvidia-smi -L)\")\nvllm serve /m --n ${#a[@]}\n",
			[]string{"vllm", "serve", "/m", "--n", "1"}, false},
		{"an empty read", "#!/bin/bash\nset -u\nread -ra e <<<\"${EXTRA:-}\"\nvllm serve /m --n ${#e[@]} \"${e[@]}\"\n",
			[]string{"vllm", "serve", "/m", "--n", "0"}, false},
		{"a loop over the array runs once", "#!/bin/bash\nmapfile -t g < <(nvidia-smi -L)\nfor ((i = 0; i < ${#g[@]}; i++)); do p=$((8000 + i)); done\nj=0; q=none\nwhile (( j < ${#g[@]} )); do q=$j; j=$((j + 1)); done\nvllm serve /m --port \"$p\" --q \"$q\" --n ${#g[@]}\n",
			[]string{"vllm", "serve", "/m", "--port", "8000", "--q", "0", "--n", u}, true},
		{"the elements themselves stay", "#!/bin/bash\nset -u\nmapfile -t g < <(nvidia-smi -L)\nvllm serve /m \"${g[@]}\"\n",
			[]string{"vllm", "serve", "/m", u}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := evalSrc(t, tc.src, "serve", nil, Options{})
			if r.Err != nil || !slices.Equal(r.Argv, tc.argv) {
				t.Fatalf("Err = %v, argv %q; want %q", r.Err, r.Argv, tc.argv)
			}
			if got := slices.Contains(r.Unresolved, len(r.Argv)-1); got != tc.unknown {
				t.Errorf("last word unresolved = %v, want %v (Unresolved %v)", got, tc.unknown, r.Unresolved)
			}
		})
	}
}

// A guard on the count of GPUs nvidia-smi lists is on a value the dry run
// does not know, in each of the forms scripts count them; one on a count
// the script set keeps its decision.
func TestSplitArrayCountGuard(t *testing.T) {
	for _, count := range []string{
		"mapfile -t g < <(nvidia-smi -L); n=${#g[@]}",
		"a=($(nvidia-smi -L)); n=${#a[@]}",
		"n=$(nvidia-smi -L | wc -l)",
	} {
		src := "#!/bin/bash\nset -euo pipefail\n" + count + "\n(( n >= 8 )) || { echo \"need 8 GPUs, have $n\" >&2; exit 1; }\nvllm serve /m --tensor-parallel-size 8\n"
		r := evalSrc(t, src, "serve", nil, Options{})
		if r.Err != nil || len(r.Argv) == 0 {
			t.Errorf("%s: Err = %v: want the guard assumed to pass", count, r.Err)
			continue
		}
		if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "((n >= 8)) succeeds") }) {
			t.Errorf("%s: notes %q: want the guard's", count, r.Notes)
		}
	}
	src := "#!/bin/bash\ng=(0 1); a=($(echo 0 1)); n=${#g[@]}\n(( n >= 8 )) || { echo need >&2; exit 1; }\nvllm serve /m\n"
	r := evalSrc(t, src, "serve", nil, Options{})
	if r.Err == nil || len(r.Argv) > 0 {
		t.Errorf("a known count: Err = %v, argv %q: want the script's own exit", r.Err, r.Argv)
	}
	// The operation typed by the script does nothing of the sandbox's.
	r = evalSrc(t, "#!/bin/bash\ng=($(nvidia-smi -L))\nn=$($'\\x1eservelint-internal\\x1e' count g)\nvllm serve /m --n \"$n\" ${#g[@]}\n", "serve", nil, Options{})
	if r.Err != nil || len(r.Argv) != 6 || r.Argv[4] == "1" || !strings.Contains(r.Argv[4], "servelint-internal") {
		t.Errorf("typed op: Err = %v, argv %q", r.Err, r.Argv)
	}
}

// A loop bounded by a variable that holds the count of a split array runs
// as the loop bounded by the count itself does (once, over the one
// element standing for a skipped command's output), and the variable and
// its copies stay unknown in the argv.
func TestSplitArrayCountLoopBound(t *testing.T) {
	const u = "<unresolved: nvidia-smi -L>"
	for _, tc := range []struct {
		name, src string
		argv      []string
		unknown   bool // the last argv word is reported unresolved
	}{
		{"for and while through a variable", "#!/bin/bash\nset -euo pipefail\ng=($(nvidia-smi -L))\nn=${#g[@]}\nfor ((i = 0; i < n; i++)); do p=$((8000 + i)); done\nj=0; q=none\nwhile (( j < n )); do q=$j; j=$((j + 1)); done\ntp=$n\nvllm serve /m --port \"$p\" --q \"$q\" --tensor-parallel-size $tp\n",
			[]string{"vllm", "serve", "/m", "--port", "8000", "--q", "0", "--tensor-parallel-size", u}, true},
		{"$n, until, a default and a local", "#!/bin/bash\nset -u\nmapfile -t g < <(nvidia-smi -L)\nNGPU=\"${#g[@]}\"\nTP=${TP:-$NGPU}\nf() {\n  local k=$TP c=0\n  for ((i = 0; i < $k; i++)); do c=$((c + 1)); done\n  until (( c >= ${TP} )); do c=$((c + 1)); done\n  echo \"$c\"\n}\nc=$(f)\nvllm serve /m --c \"$c\" --tensor-parallel-size \"$TP\"\n",
			[]string{"vllm", "serve", "/m", "--c", "1", "--tensor-parallel-size", u}, true},
		{"a test command's operands", "#!/bin/bash\nmapfile -t g < <(nvidia-smi -L)\nn=${#g[@]}\ni=0; p=none\nwhile [ \"$i\" -lt \"$n\" ]; do p=$((8000 + i)); i=$((i + 1)); done\nj=0; q=none\nuntil [[ $j -ge ${n} ]]; do q=$j; j=$((j + 1)); done\nvllm serve /m --port $p --q $q\n",
			[]string{"vllm", "serve", "/m", "--port", "8000", "--q", "0"}, false},
		{"a known count keeps its loop", "#!/bin/bash\ng=(a b c)\nd=($(nvidia-smi -L))\nn=${#g[@]}\nfor ((i = 0; i < n; i++)); do p=$((8000 + i)); done\nvllm serve /m --port $p --n $n\n",
			[]string{"vllm", "serve", "/m", "--port", "8002", "--n", "3"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := evalSrc(t, tc.src, "serve", nil, Options{})
			if r.Err != nil || !slices.Equal(r.Argv, tc.argv) {
				t.Fatalf("Err = %v, argv %q; want %q", r.Err, r.Argv, tc.argv)
			}
			if got := slices.Contains(r.Unresolved, len(r.Argv)-1); got != tc.unknown {
				t.Errorf("last word unresolved = %v, want %v (Unresolved %v)", got, tc.unknown, r.Unresolved)
			}
		})
	}
	// set -u still stops at a bound that was never set.
	r := evalSrc(t, "#!/bin/bash\nset -u\ng=($(nvidia-smi -L))\nif false; then n=${#g[@]}; fi\nfor ((i = 0; i < $n; i++)); do :; done\nvllm serve /m\n", "serve", nil, Options{})
	if r.Err == nil || !strings.Contains(r.Err.Error(), "unbound") {
		t.Errorf("unset bound under set -u: Err = %v, argv %q: want n: unbound variable", r.Err, r.Argv)
	}
}

// The length of a string that holds a skipped command's output is not
// statically known; that of a known string is its number of characters.
func TestStringLengthUnknown(t *testing.T) {
	const u = "<unresolved: nvidia-smi -L>"
	for _, tc := range []struct {
		name, src string
		argv      []string
		unknown   bool
	}{
		{"a skipped command's output", "#!/bin/bash\ng=$(nvidia-smi -L)\nn=${#g}\nvllm serve /m --n \"$n\"\n",
			[]string{"vllm", "serve", "/m", "--n", u}, true},
		{"an array's first element", "#!/bin/bash\na=($(nvidia-smi -L))\nvllm serve /m --n ${#a} --m \"${#a[0]}\"\n",
			[]string{"vllm", "serve", "/m", "--n", u, "--m", u}, true},
		{"a known part beside the unknown", "#!/bin/bash\nm=\"/models/$(nvidia-smi -L)\"\nvllm serve /m --n \"${#m}\"\n",
			[]string{"vllm", "serve", "/m", "--n", u}, true},
		{"known strings", "#!/bin/bash\nset -u\nx=héllo\ne=\na=(ab cde)\nvllm serve /m --n ${#x} \"${#e}\" $(( ${#a[1]} + 1 )) ${#a}\n",
			[]string{"vllm", "serve", "/m", "--n", "5", "0", "4", "2"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := evalSrc(t, tc.src, "serve", nil, Options{})
			if r.Err != nil || !slices.Equal(r.Argv, tc.argv) {
				t.Fatalf("Err = %v, argv %q; want %q", r.Err, r.Argv, tc.argv)
			}
			if got := slices.Contains(r.Unresolved, len(r.Argv)-1); got != tc.unknown {
				t.Errorf("last word unresolved = %v, want %v (Unresolved %v)", got, tc.unknown, r.Unresolved)
			}
		})
	}
	// set -u still stops at the length of an unset variable.
	r := evalSrc(t, "#!/bin/bash\nset -u\necho ${#nope}\nvllm serve /m\n", "serve", nil, Options{})
	if r.Err == nil || !strings.Contains(r.Err.Error(), "unbound") {
		t.Errorf("${#nope} under set -u: Err = %v, argv %q: want nope: unbound variable", r.Err, r.Argv)
	}
	// A guard on the length of an unknown token is assumed to pass; its
	// note names the script's text.
	r = evalSrc(t, "#!/bin/bash\ntok=$(cat /run/secrets/hf)\n(( ${#tok} > 0 )) || { echo 'no token' >&2; exit 1; }\ng=($(nvidia-smi -L))\n(( ${#g[@]} >= 8 )) || exit 1\nvllm serve /m\n", "serve", nil, Options{})
	if r.Err != nil || len(r.Argv) == 0 {
		t.Fatalf("guard on ${#tok}: Err = %v", r.Err)
	}
	want := []string{"line 3: ((${#tok} > 0)) succeeds", "line 5: ((${#g[@]} >= 8)) succeeds"}
	var got []string
	for _, n := range r.Notes {
		if strings.Contains(n, "preflight") {
			got = append(got, n)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("notes %q, want %q", got, want)
	}
	for i := range want {
		if !strings.Contains(got[i], want[i]) {
			t.Errorf("note %q, want it to say %q", got[i], want[i])
		}
	}
}

// A note shows the script's text where the copy holds an internal count,
// length or bound, and the copy is left as it was.
func TestRestoreCounts(t *testing.T) {
	src := "g=($(nvidia-smi -L))\nn=${#g[@]} m=\"${#g[*]}\"\nx=${#s}; y=\"${#a[1]}\"\n(( ${#g[@]} > 1 )) || exit 1\nwhile (( i < n )) && [ \"$j\" -lt \"$n\" ]; do :; done\nuntil [[ $k -ge ${n} ]]; do :; done\nfor ((i = 0; i < n; i++)); do :; done\ntp=$((n / 2)) l=$(( ${#s} + $m ))x${#s}$((n))\n"
	parse := func() *syntax.File {
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "serve.sh")
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	orig, f := parse(), parse()
	if !rewriteCounts(f) {
		t.Fatal("nothing rewritten")
	}
	for i, st := range f.Stmts {
		var before strings.Builder
		_ = syntax.NewPrinter(syntax.SingleLine(true)).Print(&before, st)
		if got, want := nodeText(st), nodeText(orig.Stmts[i]); got != want {
			t.Errorf("statement %d: note text %q, want %q", i, got, want)
		}
		var after strings.Builder
		_ = syntax.NewPrinter(syntax.SingleLine(true)).Print(&after, st)
		if before.String() != after.String() {
			t.Errorf("statement %d: the copy changed: %q, was %q", i, after.String(), before.String())
		}
		if i > 0 && !strings.Contains(before.String(), internalCmd) {
			t.Errorf("statement %d: not rewritten: %q", i, before.String())
		}
	}
}

// A value computed by an arithmetic expansion from an unknown count or
// length is unknown too, not the number the sentinel's 0 gives; one from
// known values, or with side effects, is computed as before.
func TestCountArithmUnknown(t *testing.T) {
	const u = "<unresolved: nvidia-smi -L>"
	for _, tc := range []struct {
		name, src string
		argv      []string
		unknown   []int
	}{
		{"derived from the count", "#!/bin/bash\nset -u\ng=($(nvidia-smi -L))\nn=${#g[@]}\ntp=$((n / 2)) pp=$(( $n > 1 ? 2 : 1 ))\nvllm serve /m --tensor-parallel-size $tp --pp \"$pp\" --m $(( ${#g[@]} * 2 ))\n",
			[]string{"vllm", "serve", "/m", "--tensor-parallel-size", u, "--pp", u, "--m", u}, []int{4, 6, 8}},
		{"a known count", "#!/bin/bash\ng=(a b c d)\nn=${#g[@]}\nvllm serve /m --tensor-parallel-size $((n / 2)) --p $((8000 + n))\n",
			[]string{"vllm", "serve", "/m", "--tensor-parallel-size", "2", "--p", "8004"}, nil},
		// A skipped command's output read by arithmetic: another unknown
		// value (it was 0), not the output's own (shown byte-identical).
		{"derived from a skipped output", "#!/bin/bash\nset -u\nNGPU=${NGPU:-$(nvidia-smi -L | wc -l)}\nhalf=$NGPU\ntp=$((half / 2))\nvllm serve /m --tensor-parallel-size $tp --n \"$NGPU\"\n",
			[]string{"vllm", "serve", "/m", "--tensor-parallel-size", "<unresolved: $((half / 2)) of <unresolved: wc -l>>", "--n", "<unresolved: wc -l>"}, []int{4, 6}},
		// Arithmetic on a value itself computed by arithmetic from a
		// skipped output, read bare: unknown too (it was 0).
		{"arithmetic of arithmetic of a skipped output", "#!/bin/bash\nset -u\nngpu=$(nvidia-smi -L | wc -l)\ntp=$((ngpu > 4 ? 4 : ngpu))\nvllm serve /m --tensor-parallel-size $tp --max-num-seqs $((64 * tp))\n",
			[]string{"vllm", "serve", "/m", "--tensor-parallel-size", "<unresolved: $((ngpu > 4 ? 4 : ngpu)) of <unresolved: wc -l>>", "--max-num-seqs", "<unresolved: $((64 * tp)) of <unresolved: $((ngpu > 4 ? 4 : ngpu)) of <unresolved: wc -l>>>"}, []int{4, 6}},
		{"a known substitution", "#!/bin/bash\nx=$(echo 8)\nvllm serve /m --tensor-parallel-size $((x / 2))\n",
			[]string{"vllm", "serve", "/m", "--tensor-parallel-size", "4"}, nil},
		{"side effects stay in the shell", "#!/bin/bash\ng=($(nvidia-smi -L))\nn=${#g[@]}\ni=0\n: $((i += 1)) $((i++))\nvllm serve /m --i $i\n",
			[]string{"vllm", "serve", "/m", "--i", "2"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := evalSrc(t, tc.src, "serve", nil, Options{})
			if r.Err != nil || !slices.Equal(r.Argv, tc.argv) {
				t.Fatalf("Err = %v, argv %q; want %q", r.Err, r.Argv, tc.argv)
			}
			if !slices.Equal(r.Unresolved, tc.unknown) {
				t.Errorf("Unresolved %v, want %v", r.Unresolved, tc.unknown)
			}
		})
	}
	// set -u still stops at $m unset in the expansion.
	r := evalSrc(t, "#!/bin/bash\nset -u\ng=($(nvidia-smi -L))\nn=${#g[@]}\necho $(( n + $m ))\nvllm serve /m\n", "serve", nil, Options{})
	if r.Err == nil || !strings.Contains(r.Err.Error(), "unbound") {
		t.Errorf("$m unset under set -u: Err = %v, argv %q", r.Err, r.Argv)
	}
}
