package parser

import (
	"bytes"
	"testing"
)

// BashComments blanks a comment's last backslash, as bash reads it, and
// nothing else.
func TestBashComments(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		// mvdan.cc/sh would join B=x to A's word.
		{"A=/data # see \\\\srv\\share\\\nB=x\n", "A=/data # see \\\\srv\\share \nB=x\n"},
		// The join breaks the parse: found by blanking and checking.
		{"NAS=/m   # \\\\nas\\m\\\ncase \"$1\" in\n  serve) vllm serve m ;;\nesac\n", "NAS=/m   # \\\\nas\\m \ncase \"$1\" in\n  serve) vllm serve m ;;\nesac\n"},
		// A '#' in quotes: the backslash continues the command.
		{"echo \"a #b\" \\\n  c\n", "echo \"a #b\" \\\n  c\n"},
		// Both in one file that does not parse when joined.
		{"echo \"a #b\" \\\n  c\nX=1 # d:\\\nif true; then :; fi\n", "echo \"a #b\" \\\n  c\nX=1 # d: \nif true; then :; fi\n"},
		// A plain continuation, and a comment with no backslash.
		{"vllm serve m \\\n  --port 1 # p\n", "vllm serve m \\\n  --port 1 # p\n"},
	} {
		got := BashComments([]byte(tc.src))
		if string(got) != tc.want {
			t.Errorf("BashComments(%q) = %q, want %q", tc.src, got, tc.want)
		}
		if len(got) != len(tc.src) {
			t.Errorf("BashComments(%q) changed the length", tc.src)
		}
	}
	src := []byte("vllm serve m \\\n  --port 1\n")
	if got := BashComments(src); &got[0] != &src[0] || !bytes.Equal(got, src) {
		t.Errorf("BashComments copied a source with nothing to blank")
	}
}
