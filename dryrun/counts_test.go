package dryrun

import (
	"slices"
	"strings"
	"testing"
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
