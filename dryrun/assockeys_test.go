package dryrun

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// TestAssocDeclaredApart: declare -A T on a line of its own, then
// T=([serve]=… [kl-ref]=…): bash keeps T associative and its keys text.
// interp made T indexed (its keys arithmetic, all 0: every mode read the
// last entry); with a key such as kl-ref, arithmetic kl minus ref.
func TestAssocDeclaredApart(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"declare -A T\nT=([serve]=1 [kl-ref]=16 [bench]=64)\nM=kl-ref; echo ${T[$M]} ${T[serve]}\n", "16 1\n"},
		{"declare -A T\nT=([serve]=1 [kl]=16 [bench]=64)\nM=kl; echo ${T[$M]} ${T[serve]}\n", "16 1\n"},
		{"declare -A T=([serve]=1 [kl-ref]=16)\nM=kl-ref; echo ${T[$M]}\n", "16\n"},
		// One element assigned by a key that is no word (opt[max-num-seqs]=8):
		// interp dropped it, and the loop over the keys saw none.
		{"declare -A O\nO[max-num-seqs]=8\nO[ngram-placement]=disk\nfor k in max-num-seqs ngram-placement; do echo $k=${O[$k]}; done\n", "max-num-seqs=8\nngram-placement=disk\n"},
		// Under set -u, an element assigned after a bare declare -A is read
		// back: interp left the array unset ("O: unbound variable").
		{"set -u\ndeclare -A O\nO[seqs]=8\nO[step]=64\necho ${O[seqs]} ${O[step]}\n", "8 64\n"},
		{"set -u\nf() { local -A O; O[x]=1; echo ${O[x]}; }\nf\n", "1\n"},
		// A function's declare -A is its own: the top level's T is indexed.
		{"f() { local -A T; }\nT=([a]=1 [b]=2)\necho ${T[0]} ${#T[@]}\n", "2 1\n"},
	} {
		src := []byte(c.src)
		f, err := syntax.NewParser().Parse(bytes.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		rewriteAssocKeys(f, src)
		var out strings.Builder
		r, _ := interp.New(interp.StdIO(nil, &out, &out))
		if err := r.Run(context.Background(), f); err != nil {
			t.Errorf("%q: %v", c.src, err)
		}
		if out.String() != c.want {
			t.Errorf("%q: got %q, want %q", c.src, out.String(), c.want)
		}
	}
}

// TestAssocKeysSorted: "${!NAME[@]}" of an associative array lists its
// keys in one order, sorted, run after run (interp's was Go's map order,
// another each time), in a for loop's list, an array's elements and a
// command's words; under set -eu, with an IFS that has no space.
func TestAssocKeysSorted(t *testing.T) {
	src := []byte("set -euo pipefail\nIFS=$'\\n\\t'\ndeclare -A opt=([max-num-seqs]=8 [port]=1 [block-size]=16 [dtype]=bf16 [seed]=0)\nopt[max-model-len]=4096\n" +
		"argv=()\nfor k in \"${!opt[@]}\"; do argv+=(\"--$k\" \"${opt[$k]}\"); done\nkeys=(\"${!opt[@]}\")\necho \"${argv[*]}\"\necho \"${keys[*]}\"\nprintf '%s,' \"${!opt[@]}\"\n")
	// "${argv[*]}" joins with IFS's first character, a newline.
	want := strings.ReplaceAll("--block-size 16 --dtype bf16 --max-model-len 4096 --max-num-seqs 8 --port 1 --seed 0\nblock-size dtype max-model-len max-num-seqs port seed\n", " ", "\n") +
		"block-size,dtype,max-model-len,max-num-seqs,port,seed,"
	for i := 0; i < 20; i++ {
		f, err := syntax.NewParser().Parse(bytes.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		rewriteAssocKeys(f, src)
		var out strings.Builder
		r, _ := interp.New(interp.StdIO(nil, &out, &out))
		if err := r.Run(context.Background(), f); err != nil {
			t.Fatalf("run %d: %v (%q)", i, err, out.String())
		}
		if got := out.String(); got != want {
			t.Fatalf("run %d: got %q, want %q", i, got, want)
		}
	}
}
