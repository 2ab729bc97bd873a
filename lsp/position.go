package lsp

import (
	"math"
	"sort"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// utf8BOM is the UTF-8 byte-order mark. Editors strip it when they load a
// file, so positions in a file the editor has not opened count from after it.
const utf8BOM = "\xef\xbb\xbf"

// mapper converts between byte offsets into a text (what the linter reports)
// and LSP positions: zero-based lines and UTF-16 code units within the line
// (the LSP default encoding, and the only one LSP 3.16 knows). Lines end at
// "\n", "\r\n" or a lone "\r", as the LSP specification says.
type mapper struct {
	text string
	// base is how many leading bytes are invisible to the editor (a BOM of
	// a file it has not opened); offsets below it map to the start.
	base int
	// lines holds the byte offset at which each line starts.
	lines []int
}

// newMapper indexes text. stripBOM says the editor will not see a leading
// byte-order mark (the file is not open in it).
func newMapper(text []byte, stripBOM bool) *mapper {
	m := &mapper{text: string(text)}
	if stripBOM && len(m.text) >= len(utf8BOM) && m.text[:len(utf8BOM)] == utf8BOM {
		m.base = len(utf8BOM)
	}
	m.lines = append(m.lines, m.base)
	t := m.text
	for i := m.base; i < len(t); i++ {
		switch t[i] {
		case '\n':
			m.lines = append(m.lines, i+1)
		case '\r':
			if i+1 < len(t) && t[i+1] == '\n' {
				continue // the '\n' ends the line
			}
			m.lines = append(m.lines, i+1)
		}
	}
	return m
}

// lineEnd returns the offset where line's content ends (before its
// terminator).
func (m *mapper) lineEnd(line int) int {
	if line+1 >= len(m.lines) {
		return len(m.text)
	}
	end := m.lines[line+1]
	if end > m.lines[line] && m.text[end-1] == '\n' {
		end--
	}
	if end > m.lines[line] && m.text[end-1] == '\r' {
		end--
	}
	return end
}

// lineOf returns the zero-based line holding offset off.
func (m *mapper) lineOf(off int) int {
	return sort.SearchInts(m.lines, off+1) - 1
}

// position converts a byte offset to an LSP position. Offsets past the end
// clamp to the end; an offset inside a line terminator or inside a UTF-8
// sequence moves back to the nearest boundary.
func (m *mapper) position(off int) protocol.Position {
	if off < m.base {
		off = m.base
	}
	if off > len(m.text) {
		off = len(m.text)
	}
	line := m.lineOf(off)
	start := m.lines[line]
	if end := m.lineEnd(line); off > end {
		off = end
	}
	for off > start && off < len(m.text) && !utf8.RuneStart(m.text[off]) {
		off--
	}
	return protocol.Position{Line: clampU32(line), Character: clampU32(utf16Len(m.text[start:off]))}
}

// clampU32 converts a line or column to the protocol's unsigned 32-bit
// integer; files are bounded far below, but never wrap around.
func clampU32(n int) protocol.UInteger {
	switch {
	case n < 0:
		return 0
	case n > math.MaxUint32:
		return math.MaxUint32
	}
	return protocol.UInteger(n)
}

// offset converts an LSP position to a byte offset. A line past the end
// maps to the end of the text; a character past the end of its line maps to
// the end of the line (both as the LSP specification says); a position in
// the middle of a surrogate pair maps to the start of its character.
func (m *mapper) offset(p protocol.Position) int {
	line := int(p.Line)
	if line >= len(m.lines) {
		return len(m.text)
	}
	off, end := m.lines[line], m.lineEnd(line)
	for units := int(p.Character); units > 0 && off < end; {
		r, w := utf8.DecodeRuneInString(m.text[off:end])
		n := 1
		if r >= 0x10000 {
			n = 2
		}
		if n > units {
			break
		}
		units -= n
		off += w
	}
	return off
}

// rangeOf converts a byte span to an LSP range.
func (m *mapper) rangeOf(start, end int) protocol.Range {
	if end < start {
		end = start
	}
	return protocol.Range{Start: m.position(start), End: m.position(end)}
}

// utf16Len counts the UTF-16 code units of s. Invalid UTF-8 bytes count one
// each, as editors show them as U+FFFD.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += w
	}
	return n
}
