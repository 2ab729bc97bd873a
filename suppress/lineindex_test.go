package suppress

import (
	"math/rand"
	"strings"
	"testing"
	"unicode"
)

// The line index agrees with counting newlines, and nextCode with a scan
// of the lines after, on random sources.
func TestLineIndexAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alphabet := []byte("ab #\n\n \t\r\xef")
	for n := 0; n < 2000; n++ {
		src := make([]byte, rng.Intn(40))
		for i := range src {
			src[i] = alphabet[rng.Intn(len(alphabet))]
		}
		x := newLineIndex(src)
		for off := 0; off <= len(src); off++ {
			want := 1
			for _, b := range src[:off] {
				if b == '\n' {
					want++
				}
			}
			if got := x.line(off); got != want {
				t.Fatalf("%q: line(%d) = %d, want %d", src, off, got, want)
			}
			wn, wok := scanNextCode(src, off)
			if gn, gok := x.nextCode(off); gn != wn || gok != wok {
				t.Fatalf("%q: nextCode(%d) = %d, %v; want %d, %v", src, off, gn, gok, wn, wok)
			}
		}
	}
}

// scanNextCode is the scan the index replaces: the first line after off's
// that is neither blank nor only a comment.
func scanNextCode(src []byte, off int) (int, bool) {
	for o := nextLineStart(src, off); o < len(src); o = nextLineStart(src, o) {
		_, le := lineBounds(src, o)
		t := strings.TrimLeftFunc(strings.TrimPrefix(string(src[o:le]), "\xef\xbb\xbf"), unicode.IsSpace)
		if t != "" && t[0] != '#' {
			n := 1
			for _, b := range src[:o] {
				if b == '\n' {
					n++
				}
			}
			return n, true
		}
	}
	return 0, false
}
