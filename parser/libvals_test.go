package parser

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLibWords: "${ARGS[@]}" after sourcing a library that assigns ARGS
// once, plainly, at its top level reads the library's words (the key
// read named); a library that assigns it twice or in a function, a
// conditional source, a script that assigns ARGS itself, or one that
// sources an env file after the library (bench.env may set the key the
// library read again) reads none.
func TestLibWords(t *testing.T) {
	for _, c := range []struct {
		dir, script string
		want        []string // the keys of the library's words, "" a literal
	}{
		{"libargs-override", "serve.sh", []string{"", "MAX_NUM_SEQS", "", ""}},
		{"libargs-override", "bench.sh", []string{"", "MAX_NUM_SEQS", "", ""}},
		{"libargs-serve-alone", "serve.sh", []string{"", "MAX_NUM_SEQS", "", ""}},
		{"libargs-lib-twice", "bench.sh", nil},
		{"libargs-lib-func", "bench.sh", nil},
		{"libargs-cond-source", "bench.sh", nil},
		{"libargs-script-reassigns", "bench.sh", nil},
		{"libargs-overlay-after", "bench.sh", nil},
		{"libargs-overlay-after", "serve.sh", []string{"", "MAX_NUM_SEQS", "", ""}},
	} {
		root := filepath.Join("..", "testdata", "src", c.dir)
		u := Load(LoadOptions{Paths: []string{root}})
		s := u.ScriptAt(filepath.Join(root, c.script))
		if s == nil || len(s.Invocations) != 1 {
			t.Fatalf("%s: %s not loaded with one invocation", c.dir, c.script)
		}
		var got []string
		for _, a := range s.Invocations[0].Args {
			if a.Lib != nil {
				if a.Start >= 0 || a.Word != nil {
					t.Errorf("%s: a library word with a span in %s", c.dir, c.script)
				}
				got = append(got, a.Lib.Key)
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: %s reads library words %q, want %q", c.dir, c.script, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: %s reads library words %q, want %q", c.dir, c.script, got, c.want)
				break
			}
		}
	}
}

// TestLibPlainDecl: a library's declaration reads as its plain assignment
// only with attributes that keep the words as written (-a, -g, -x, -r);
// an associative, integer, name-reference or case-folding one, a local,
// or two variables at once do not.
func TestLibPlainDecl(t *testing.T) {
	for src, want := range map[string]bool{
		"ARGS=(--max-num-seqs 256)":                       true,
		"export ARGS=(--max-num-seqs 256)":                true,
		"declare -a ARGS=(--max-num-seqs 256)":            true,
		"declare -ga ARGS=(--max-num-seqs 256)":           true,
		"declare -g -a ARGS=(--max-num-seqs 256)":         true,
		"typeset -a ARGS=(--max-num-seqs 256)":            true,
		"readonly ARGS=(--max-num-seqs 256)":              true,
		"declare -A ARGS=([x]=--max-num-seqs)":            false,
		"declare -ai ARGS=(256)":                          false,
		"declare -l ARGS=(--max-num-seqs 256)":            false,
		"declare -a ARGS=(--max-num-seqs 256) X=1":        false,
		"ARGS=(--max-num-seqs 256) true":                  false,
		"declare -a ARGS=(--max-num-seqs 256) &":          false,
		"declare -a ARGS=(--max-num-seqs \"$(f)\")":       false,
		"declare -a ARGS=(--max-num-seqs 256) >/dev/null": false,
	} {
		path := filepath.Join(t.TempDir(), "lib.sh")
		if err := os.WriteFile(path, []byte("# shellcheck shell=bash\n"+src+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		lib := Load(LoadOptions{Paths: []string{path}}).ScriptAt(path)
		if lib == nil {
			t.Fatalf("%q: not loaded", src)
		}
		as := lib.Assigns["ARGS"]
		got := len(as) == 1 && libPlainAssign(lib, as[0])
		if got != want {
			t.Errorf("%q: read as a plain library value %v, want %v", src, got, want)
		}
	}
}
