package lsp

import (
	"math/rand"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

func pos(line, char int) protocol.Position {
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(char)}
}

func TestMapperPositions(t *testing.T) {
	text := "ab\r\nü🚀x\rz\n\nend"
	// bytes: a0 b1 \r2 \n3 | ü4-5 🚀6-9 x10 \r11 | z12 \n13 | \n14 | e15 n16 d17
	m := newMapper([]byte(text), false)
	for _, tc := range []struct {
		off  int
		want protocol.Position
	}{
		{0, pos(0, 0)},
		{2, pos(0, 2)},  // before "\r\n"
		{3, pos(0, 2)},  // inside "\r\n": the end of the line
		{4, pos(1, 0)},  // ü
		{5, pos(1, 0)},  // inside ü: back to its start
		{6, pos(1, 1)},  // 🚀 (ü is one unit)
		{8, pos(1, 1)},  // inside 🚀
		{10, pos(1, 3)}, // x (🚀 is two units)
		{11, pos(1, 4)}, // the lone '\r'
		{12, pos(2, 0)}, // a lone '\r' ends a line
		{14, pos(3, 0)},
		{15, pos(4, 0)},
		{18, pos(4, 3)},
		{99, pos(4, 3)}, // past the end
		{-1, pos(0, 0)},
	} {
		if got := m.position(tc.off); got != tc.want {
			t.Errorf("position(%d) = %+v, want %+v", tc.off, got, tc.want)
		}
	}
	for _, tc := range []struct {
		p    protocol.Position
		want int
	}{
		{pos(0, 0), 0},
		{pos(0, 9), 2}, // past the line's end: the end
		{pos(1, 1), 6},
		{pos(1, 2), 6}, // inside the surrogate pair: the character's start
		{pos(1, 3), 10},
		{pos(2, 0), 12},
		{pos(4, 3), 18},
		{pos(9, 0), 18}, // past the last line: the end
	} {
		if got := m.offset(tc.p); got != tc.want {
			t.Errorf("offset(%+v) = %d, want %d", tc.p, got, tc.want)
		}
	}
}

func TestMapperBOM(t *testing.T) {
	text := []byte(utf8BOM + "A=1\nB=2\n")
	open := newMapper(text, false)
	if got := open.position(3); got != pos(0, 1) {
		t.Errorf("open document: position after BOM = %+v, want 0:1 (the editor's text holds U+FEFF)", got)
	}
	closed := newMapper(text, true)
	if got := closed.position(3); got != pos(0, 0) {
		t.Errorf("file on disk: position after BOM = %+v, want 0:0", got)
	}
	if got := closed.position(8); got != pos(1, 1) {
		t.Errorf("file on disk: position(8) = %+v, want 1:1", got)
	}
}

// TestMapperRoundTrip checks the mapper against unicode/utf16 on random
// texts: every character boundary converts to a position and back.
func TestMapperRoundTrip(t *testing.T) {
	// "\r" only in "\r\n": a lone "\r" ends a line for LSP but not for
	// the reference computation below (TestMapperPositions covers it).
	alphabet := []string{"a", " ", "\n", "\r\n", "é", "€", "🚀", "𝄞", "\t", "#"}
	r := rand.New(rand.NewSource(1))
	for iter := 0; iter < 300; iter++ {
		var b strings.Builder
		for i := r.Intn(60); i > 0; i-- {
			b.WriteString(alphabet[r.Intn(len(alphabet))])
		}
		text := b.String()
		m := newMapper([]byte(text), false)
		for off := 0; off <= len(text); off++ {
			if off < len(text) && !utf8.RuneStart(text[off]) || off > 0 && off < len(text) && text[off-1] == '\r' && text[off] == '\n' {
				continue
			}
			p := m.position(off)
			ls := strings.LastIndexByte(text[:off], '\n') + 1
			want := pos(strings.Count(text[:off], "\n"), len(utf16.Encode([]rune(text[ls:off]))))
			if p != want {
				t.Fatalf("%q: position(%d) = %+v, want %+v", text, off, p, want)
			}
			if back := m.offset(p); back != off {
				t.Fatalf("%q: offset(position(%d)) = %d", text, off, back)
			}
		}
	}
}

func TestDiffSpan(t *testing.T) {
	for _, tc := range []struct{ old, next string }{
		{"abc", "abc"},
		{"abc", "abXc"},
		{"abc", ""},
		{"", "xyz"},
		{"a\r\nb", "a\nb"},
		{"a\r\nb", "a\rXb"},
		{"aüb", "aöb"}, // same first byte of the two-byte sequences
		{"x🚀y", "x🚁y"},
		{"KEY=1\nSHIM=${KEY}\nZ=2\n", "KEY=1\nZ=2\n"},
	} {
		start, oe, ne := diffSpan([]byte(tc.old), []byte(tc.next))
		if got := tc.old[:start] + tc.next[start:ne] + tc.old[oe:]; got != tc.next {
			t.Errorf("diffSpan(%q, %q) rebuilds %q", tc.old, tc.next, got)
		}
		for _, o := range []int{start, oe} {
			if o < len(tc.old) && !utf8.RuneStart(tc.old[o]) || o > 0 && o < len(tc.old) && tc.old[o-1] == '\r' && tc.old[o] == '\n' {
				t.Errorf("diffSpan(%q, %q): %d is not a boundary", tc.old, tc.next, o)
			}
		}
	}
}

func TestURIs(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("unix paths")
	}
	for _, tc := range []struct{ uri, path string }{
		{"file:///tmp/a%20b/x.sh", "/tmp/a b/x.sh"},
		{"file://localhost/tmp/x.sh", "/tmp/x.sh"},
		{"file:///tmp/./y/../x.env", "/tmp/x.env"},
	} {
		got, ok := pathOf(tc.uri)
		if !ok || got != tc.path {
			t.Errorf("pathOf(%q) = %q, %v; want %q", tc.uri, got, ok, tc.path)
		}
	}
	for _, uri := range []string{"untitled:Untitled-1", "file://server/share/x.sh", "%%"} {
		if p, ok := pathOf(uri); ok {
			t.Errorf("pathOf(%q) = %q, want no path", uri, p)
		}
	}
	p := filepath.FromSlash("/tmp/a b/#x.sh")
	if back, ok := pathOf(uriOf(p)); !ok || back != p {
		t.Errorf("pathOf(uriOf(%q)) = %q", p, back)
	}
}
