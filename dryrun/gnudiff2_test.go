package dryrun

import (
	"os"
	"testing"
)

func TestGNUDiffSedCases(t *testing.T) {
	if os.Getenv("GNUDIFF") == "" {
		t.Skip("GNUDIFF=1")
	}
	in := "axb a.b a|b\nx&y\nabc\\def\n#c\nn1n\na\tb\\tt\f\n"
	for _, args := range [][]string{
		{"sed", `s.a\.b.X.`}, {"sed", `s|a\|b|X|`}, {"sed", "-E", `s|a\|b|X|`}, {"sed", `s&x&[\&]&`},
		{"sed", `snanXn`}, {"sed", `sn\nnXn`}, {"sed", `s1n1X1`}, {"sed", `s*a*X*`}, {"sed", `s*a\*b*X*`},
		{"sed", `s/x/\n/;s/a.b/Y/`}, {"sed", `s/x/\n/;s/a[^q]b/Y/`}, {"sed", `s/x/\n/;s/b$/Z/`}, {"sed", `s/x/\n/;s/^a/Z/g`},
		{"sed", "-e", `s/a/b/`, "-e", `s/b/c/`}, {"sed", `s/a/b/`, "-e", `s/b/c/`}, {"sed", `s/[\t]/T/`}, {"sed", `s/[\n]/N/g`},
		{"sed", `s/\(a\|ab\)\(c\|bcd\)/[\1|\2]/`}, {"sed", `s/\(a\|ab\)\(bc\|c\)/[\1|\2]/`}, {"sed", "-E", `s/(a|ab)(bc|c)/[\1|\2]/`},
		{"sed", "-E", `s/(a*)*/[\1]/`}, {"sed", "-E", `s/(a|b)*/[\1]/`}, {"sed", "-E", `s/(.)(.)?/[\1\2]/g`}, {"sed", `s/\(x*\)\(a\)/[\1\2]/g`},
		{"sed", `s/a/b/;;`}, {"sed", "s/a/b/\ns/b/c/"}, {"sed", `s/#.*//;/^$/d`}, {"sed", `/^#/d;s/\\/\//g`}, {"sed", `s/c/\\n/`},
		{"sed", `s/\//|/g`}, {"sed", `s,\,,X,`}, {"sed", `s/b/\//`}, {"sed", `s/./&&/3`}, {"sed", `s/a/\x41/`},
		{"sed", `s/\./!/g`}, {"sed", `s/\r$//`}, {"sed", `s/a\tb/X/`}, {"sed", `s/\\t/X/`}, {"sed", "-E", `s/a{1}/X/`},
		{"sed", `s/$/$/`}, {"sed", `s/^/^/`}, {"sed", `s/x*/-/g`}, {"sed", `s/b*/-/g`}, {"sed", "--", `s/a/b/`},
		{"sed", `s/[\t]/T/g`}, {"sed", `s/[\\t]/T/g`}, {"sed", `s/x/\n/;s/[\n]/N/`}, {"sed", `s/[\f]/F/g`}, {"sed", `s/x/\n/;s/\n/N/`},
		{"sed", `s/[^\n]*/<&>/`}, {"sed", `sn\nnXn`}, {"sed", `s1a1\11`}, {"sed", `s&x&\&&`}, {"sed", `s/t/\t/`}, {"sed", `s/\(t\)\1/X/`},
	} {
		got, gst, skipped := runHelper(helperSed, args, in)
		if skipped {
			t.Logf("refused %q", args)
			continue
		}
		want, wst := runGNU(args, in)
		if got != want || gst != wst {
			t.Errorf("%q: emulation %q (%d), GNU %q (%d)", args, got, gst, want, wst)
		}
	}
}
