package rules

import (
	"strings"
	"testing"
)

// TestLineDeleteKeepsTrailingComment: deleting a statement's line keeps
// its trailing comment on a line of its own (the line's ending, CRLF too,
// left as it was), except a servelint directive, which spoke of the
// deleted code.
func TestLineDeleteKeepsTrailingComment(t *testing.T) {
	for _, c := range []struct{ src, del, want string }{
		{"a=1\n  SEQS=1   # one seat\nb=2\n", "SEQS=1", "a=1\n  # one seat\nb=2\n"},
		{"a=1\r\n  SEQS=1 # one seat\r\nb=2\r\n", "SEQS=1", "a=1\r\n  # one seat\r\nb=2\r\n"},
		{"  PORT=1; SEQS=2 # two seats\r\nb=2\r\n", "SEQS=2", "  PORT=1\r\n  # two seats\r\nb=2\r\n"},
		{"  cmd a \\\n    --n 8 # eight\nb=2\n", "--n 8", "  cmd a\n  # eight\nb=2\n"},
		{"a=1\nSEQS=1 # servelint:ignore argvdrift -- why\nb=2\n", "SEQS=1", "a=1\nb=2\n"},
		{"a=1\nSEQS=1 #servelint:ignore argvdrift -- why", "SEQS=1", "a=1\n"},
		{"a=1\nSEQS=1 # one seat", "SEQS=1", "a=1\n# one seat"},
	} {
		src := []byte(c.src)
		start := strings.Index(c.src, c.del)
		// A '#' after a blank or at a line's start opens a comment
		// running to the line's end (enough for these lines).
		inComment := func(off int) bool {
			for i := off; i >= 0 && src[i] != '\n'; i-- {
				if src[i] == '#' && (i == 0 || src[i-1] == ' ' || src[i-1] == '\n') {
					return true
				}
			}
			return false
		}
		st, en, text := lineDeleteIn(src, start, start+len(c.del), inComment)
		if got := c.src[:st] + text + c.src[en:]; got != c.want {
			t.Errorf("deleting %q from %q:\n got %q\nwant %q", c.del, c.src, got, c.want)
		}
	}
}
