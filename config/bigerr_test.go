package config

import (
	"errors"
	"strings"
	"testing"
)

// A long config with one syntax error at its end is refused at once (the
// error line was found by decoding every prefix in turn: quadratic), and
// the line is the error's.
func TestYAMLErrorLineLongFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("exclude:\n")
	for range 20000 {
		b.WriteString("  - \"a\"\n")
	}
	b.WriteString("bad: [unclosed\n")
	_, err := Parse("big.yaml", []byte(b.String()))
	var e *Error
	if !errors.As(err, &e) || e.Line != 20002 || !strings.Contains(e.Msg, "invalid YAML") {
		t.Fatalf("error = %#v", err)
	}
}
