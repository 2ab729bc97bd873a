package dryrun

import (
	"os"
	"path/filepath"
	"testing"
)

// attrSamples are lines mayDeclareAttr must answer as attrDeclRE does.
var attrSamples = []string{
	"declare -i n=1", "local -l x", "typeset -u Y=a", "declare -a arr", "declare -ix n", "declare +i n",
	"x=1; declare -r -i n=2", "mydeclare -i n", "declare_it -i", "_local -l x", "echo local -l", "local\t-i n",
	"local x -i", "declare -- -i", "declare", "local", "typeset -", "a|local -i n", "declare -A m; local -l y",
	"\tlocal -i n", "(declare -i n)", "9local -i", "local -\ni", "locallocal -i", "local local -i",
}

// TestMayDeclareAttr: mayDeclareAttr answers as attrDeclRE does, on the
// samples and on every testdata script.
func TestMayDeclareAttr(t *testing.T) {
	texts := append([]string(nil), attrSamples...)
	files, _ := filepath.Glob("../testdata/src/*/*.sh")
	more, _ := filepath.Glob("../testdata/src/*/*/*.sh")
	for _, f := range append(files, more...) {
		b, err := os.ReadFile(f)
		if err == nil {
			texts = append(texts, string(b))
		}
	}
	if len(texts) < 500 {
		t.Fatalf("only %d texts", len(texts))
	}
	yes := 0
	for _, s := range texts {
		want := attrDeclRE.MatchString(s)
		if got := mayDeclareAttr([]byte(s)); got != want {
			t.Errorf("mayDeclareAttr(%.60q) = %v, attrDeclRE says %v", s, got, want)
		}
		if want {
			yes++
		}
	}
	if yes < 5 {
		t.Errorf("only %d texts declare an attribute", yes)
	}
}

// FuzzMayDeclareAttr: mayDeclareAttr and attrDeclRE agree on any text.
func FuzzMayDeclareAttr(f *testing.F) {
	for _, s := range attrSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := mayDeclareAttr([]byte(s)), attrDeclRE.MatchString(s); got != want {
			t.Errorf("mayDeclareAttr(%q) = %v, attrDeclRE says %v", s, got, want)
		}
	})
}

func BenchmarkMayDeclareAttr(b *testing.B) {
	src, err := os.ReadFile("../testdata/src/allexport/serve.sh")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("regexp", func(b *testing.B) {
		for b.Loop() {
			attrDeclRE.Match(src)
		}
	})
	b.Run("scan", func(b *testing.B) {
		for b.Loop() {
			mayDeclareAttr(src)
		}
	})
}
