package parser

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// Inside double quotes a backslash escapes only $ ` " \ and a newline:
// "s/\r$//" is sed's script s/\r$//, not s/r$//.
func TestLitValueDoubleQuotedBackslash(t *testing.T) {
	for src, want := range map[string]string{
		`"s/\r$//"`:   `s/\r$//`,
		`"a\"b\\c"`:   `a"b\c`,
		`"\$HOME"`:    `$HOME`,
		`s/\\r//`:     `s/\r//`,
		`'s/\r$//'`:   `s/\r$//`,
		`x"\t"\t`:     `x\tt`,
		`"C:\models"`: `C:\models`,
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader("echo "+src+"\n"), "")
		if err != nil {
			t.Fatal(err)
		}
		w := f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1]
		if got, ok := LitValue(w); !ok || got != want {
			t.Errorf("LitValue(%s) = %q, %v; want %q", src, got, ok, want)
		}
	}
}
