package dryrun

import (
	"math/rand"
	"os"
	"strings"
	"testing"
)

// TestGNUDiff compares the sed, tr and grep emulations with the real GNU
// tools on random scripts (GNUDIFF=1; GNUDIFF_LOCALE sets LC_ALL).
func TestGNUDiff(t *testing.T) {
	if os.Getenv("GNUDIFF") == "" {
		t.Skip("GNUDIFF=1 runs the differential test against GNU sed, tr and grep")
	}
	seed := int64(1)
	if v := os.Getenv("GNUDIFF_SEED"); v != "" {
		seed = int64(len(v)) * 7919
	}
	r := rand.New(rand.NewSource(seed))
	atoms := []string{"a", "b", "x", ".", "*", "^", "$", `\(`, `\)`, `\|`, `\+`, `\?`, "(", ")", "|", "+", "?", "[ab]", "[^a]", "[]a]", "[[:alpha:]]", "[[:space:]]", `\s`, `\S`, `\w`, `\W`, `\.`, `\/`, "#", "=", " ", `\t`, "-", `[a-]`, `[[a]`, `\*`, `\$`, `\^`, `[\]`, "{", "}", "[[:word:]]", "[[:digit:]]", `\{`, `\}`, "[\\t]", "é", "\\n", "\\(a\\|ab\\)", "(a|ab)", "\\(b*\\)", "(c|bc)", "\\(c\\|bc\\)"}
	repls := []string{"", "X", "&", `\&`, `\1`, `\2`, `\n`, `\t`, "$", `\\`, `\/`, "&&", "[&]", `<\1>`, `\1\2`, `[\2]`, "é", `\n`}
	ins := []string{"", "a", "abc\n", "aab\nbba\n", "x=1 # c\n#d\n\n  e=2\r\n", "ab\nab", "a.b*c^d$e|f(g)+h?\n", "b\tb  a\n", "a\\b/c\n", "héllo wörld\n", "é=1\n", "abcd\n", "abc abc\n", "a\xffb\n", "x\nab", "A=1\x00\n", "a\u2003b\n"}
	gen := func() string {
		var sb strings.Builder
		n := 1 + r.Intn(4)
		for range n {
			sb.WriteString(atoms[r.Intn(len(atoms))])
		}
		return sb.String()
	}
	mism := 0
	for range 20000 {
		ext := r.Intn(2) == 0
		pat := gen()
		var script string
		switch r.Intn(3) {
		case 0:
			script = "/" + pat + "/d"
		default:
			script = "s/" + pat + "/" + repls[r.Intn(len(repls))] + "/"
			if r.Intn(2) == 0 {
				script += "g"
			}
		}
		if r.Intn(4) == 0 {
			script += ";s/" + gen() + "/" + repls[r.Intn(len(repls))] + "/g"
		}
		args := []string{"sed"}
		if ext {
			args = append(args, "-E")
		}
		args = append(args, script)
		in := ins[r.Intn(len(ins))]
		got, gst, skipped := runHelper(helperSed, args, in)
		if skipped {
			continue
		}
		want, wst := runGNU(args, in)
		if got != want || gst != wst {
			if mism++; mism < 60 {
				t.Errorf("%q on %q: emulation %q (%d), GNU %q (%d)", args, in, got, gst, want, wst)
			}
		}
		// grep on the same pattern
		gargs := []string{"grep"}
		if ext {
			gargs = append(gargs, "-E")
		}
		if r.Intn(3) == 0 {
			gargs = append(gargs, "-v")
		}
		gargs = append(gargs, "-e", pat)
		got, gst, skipped = runHelper(helperGrep, gargs, in)
		if !skipped {
			want, wst = runGNU(gargs, in)
			if got != want || gst != wst {
				if mism++; mism < 60 {
					t.Errorf("%q on %q: emulation %q (%d), GNU %q (%d)", gargs, in, got, gst, want, wst)
				}
			}
		}
	}
	t.Logf("%d mismatches", mism)
}

// TestGNUDiffTr compares the tr emulation with GNU tr.
func TestGNUDiffTr(t *testing.T) {
	if os.Getenv("GNUDIFF") == "" {
		t.Skip("GNUDIFF=1")
	}
	r := rand.New(rand.NewSource(2))
	atoms := []string{"a", "b", "z", "-", "a-c", "x-z", `\n`, `\r`, `\t`, `\\`, "[:upper:]", "[:lower:]", "[:digit:]", "[:alpha:]", "[:alnum:]", "[:space:]", "[:blank:]", "[:punct:]", "[", "]", "[a-c]", " -/", `\`, "'", "\"", "0-9", "A-Z", "é", ":", "=", "[=a=]", "[a*2]", "*", `\-`, "-a", "a-"}
	ins := []string{"", "Hello World 123\r\n", "a-b-c\n", "[x]\\y\n", "A=1\r\nB=\"2\"\r\n", "héllo\n", "a\tb c\n"}
	gen := func() string {
		var sb strings.Builder
		for range 1 + r.Intn(3) {
			sb.WriteString(atoms[r.Intn(len(atoms))])
		}
		return sb.String()
	}
	mism := 0
	for range 20000 {
		var args []string
		if r.Intn(3) == 0 {
			args = []string{"tr", "-d", gen()}
		} else {
			args = []string{"tr", gen(), gen()}
		}
		in := ins[r.Intn(len(ins))]
		got, gst, skipped := runHelper(helperTr, args, in)
		if skipped {
			continue
		}
		want, wst := runGNU(args, in)
		if got != want || gst != wst {
			if mism++; mism < 60 {
				t.Errorf("%q on %q: emulation %q (%d), GNU %q (%d)", args, in, got, gst, want, wst)
			}
		}
	}
	t.Logf("%d mismatches", mism)
}
