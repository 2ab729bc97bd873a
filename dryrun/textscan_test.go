package dryrun

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// textChecks are the quick looks at a script's text (textscan.go), each
// with the plain regexp it must answer as.
var textChecks = []struct {
	name string
	fast func([]byte) bool
	re   *regexp.Regexp
}{
	{"mayDeclareAttr", mayDeclareAttr, regexp.MustCompile(`\b(declare|typeset|local)[ \t]+([^\n;&|]*[ \t])?[-+][a-zA-Z]*[ilu]`)},
	{"mayHoldArith", mayHoldArith, regexp.MustCompile(`\(\(|\blet[ \t]`)},
	{"maySetNounset", maySetNounset, regexp.MustCompile(`\bset[ \t][^\n;&|]*(-[a-zA-Z]*u|nounset)`)},
	{"mayQuoteLet", mayQuoteLet, regexp.MustCompile(`\blet[ \t][^\n;&|]*['"]`)},
	{"mayNegate", mayNegate, regexp.MustCompile(`(^|[\n;&|{(]|\b(then|do|else|elif|if|while|until|time))[ \t]*!([ \t]|$)`)},
}

// textSamples are texts the checks must answer as their regexps.
var textSamples = []string{
	"declare -i n=1", "local -l x", "typeset -u Y=a", "declare -a arr", "declare -ix n", "declare +i n",
	"x=1; declare -r -i n=2", "mydeclare -i n", "declare_it -i", "_local -l x", "echo local -l", "local\t-i n",
	"local x -i", "declare -- -i", "declare", "local", "typeset -", "a|local -i n", "declare -A m; local -l y",
	"\tlocal -i n", "(declare -i n)", "9local -i", "local -\ni", "locallocal -i", "local local -i",
	"let s=1", "let 's = 2'", "outlet x", "let\t\"a\"", "x=$((1+2))", "(( i++ ))", "let", "let;'x'",
	"set -eu", "set -o nounset", "set -e", "reset -u", "set\t-xu", "set -e; echo -u", "set +u",
	"! true", "if ! f; then :; fi", "x=1;!\tfalse", "a != b", "[ ! -f x ]", "{ ! f; }", "time ! f", "until ! f",
	"undo ! f", "!", "  !", "echo !", "do!", "elif  ! x", "(!", "a&& ! b", "then!x",
}

// TestTextChecks: each quick look answers as its regexp, on the samples
// and on every testdata script and env file.
func TestTextChecks(t *testing.T) {
	texts := append([]string(nil), textSamples...)
	for _, glob := range []string{"../testdata/src/*/*.sh", "../testdata/src/*/*/*.sh", "../testdata/src/*/*.env"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			if b, err := os.ReadFile(f); err == nil {
				texts = append(texts, string(b))
			}
		}
	}
	if len(texts) < 500 {
		t.Fatalf("only %d texts", len(texts))
	}
	for _, c := range textChecks {
		yes := 0
		for _, s := range texts {
			want := c.re.MatchString(s)
			if got := c.fast([]byte(s)); got != want {
				t.Errorf("%s(%.60q) = %v, its regexp says %v", c.name, s, got, want)
			}
			if want {
				yes++
			}
		}
		if yes < 3 || yes == len(texts) {
			t.Errorf("%s: %d of %d texts match: the samples do not tell it apart", c.name, yes, len(texts))
		}
	}
}

// FuzzTextChecks: each quick look and its regexp agree on any text.
func FuzzTextChecks(f *testing.F) {
	for _, s := range textSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, c := range textChecks {
			if got, want := c.fast([]byte(s)), c.re.MatchString(s); got != want {
				t.Errorf("%s(%q) = %v, its regexp says %v", c.name, s, got, want)
			}
		}
	})
}

// BenchmarkTextChecks times each quick look and its regexp on a script.
func BenchmarkTextChecks(b *testing.B) {
	src, err := os.ReadFile("../testdata/src/allexport/serve.sh")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range textChecks {
		b.Run(c.name+"/scan", func(b *testing.B) {
			for b.Loop() {
				c.fast(src)
			}
		})
		b.Run(c.name+"/regexp", func(b *testing.B) {
			for b.Loop() {
				c.re.Match(src)
			}
		})
	}
}
