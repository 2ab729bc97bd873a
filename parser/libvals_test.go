package parser

import (
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
