package parser

import (
	"bytes"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// BashComments returns src with the backslash that ends a comment read as
// a blank (a copy; src itself when there is none). bash runs a comment to
// the end of its line whatever its last character is (`# on the NAS:
// \\nas\models\`); mvdan.cc/sh takes that backslash and the newline for a
// line continuation, joining the next line to the statement before the
// comment (`A=/data # …\` then `B=x` parsed as A=/dataB=x: a fix rewrote
// both lines into one, deleting B). A blank keeps every offset. Only a
// source holding a line with a '#' that ends in a backslash is parsed to
// look.
func BashComments(src []byte) []byte {
	if !mayJoinComment(src) {
		return src
	}
	out := src
	for range 8 { // each round blanks every comment the parse found
		f, err := parseSafe(out, "", syntax.LangBash)
		if err != nil {
			// The join itself may break the parse (a comment before
			// `case`): blank the likely ones, and keep those the parse
			// then puts in a comment.
			return blankLikely(out)
		}
		changed := false
		shwalk.Walk(f, func(n syntax.Node) bool {
			c, ok := n.(*syntax.Comment)
			if !ok || !strings.HasSuffix(c.Text, "\\\n") {
				return true
			}
			if off := int(c.End().Offset()) - 2; off >= 0 && off < len(out) && out[off] == '\\' {
				if !changed && len(out) > 0 && &out[0] == &src[0] {
					out = bytes.Clone(src)
				}
				out[off] = ' '
				changed = true
			}
			return true
		})
		if !changed {
			break
		}
	}
	return out
}

// mayJoinComment reports whether a line of src holds a '#' and ends in a
// backslash: what BashComments looks for, found without a parse.
func mayJoinComment(src []byte) bool {
	for i := 0; i < len(src); {
		j := bytes.Index(src[i:], []byte("\\\n"))
		if j < 0 {
			return false
		}
		j += i
		ls := bytes.LastIndexByte(src[:j], '\n') + 1
		if bytes.IndexByte(src[ls:j], '#') >= 0 {
			return true
		}
		i = j + 2
	}
	return false
}

// blankLikely is BashComments for a source that does not parse: the last
// backslash of each line whose '#' starts a word (at the line's start or
// after a blank) is blanked, and the blanks are kept only when the source
// then parses and puts each inside a comment (a `#` in quotes, `echo "a
// #b" \`, keeps its continuation: a second try leaves such blanks out).
// out is the source with the blanks found so far.
func blankLikely(out []byte) []byte {
	var cands []int
	for ls := 0; ls < len(out); {
		le := bytes.IndexByte(out[ls:], '\n')
		if le < 0 {
			break
		}
		le += ls
		line := out[ls:le]
		if h := bytes.IndexByte(line, '#'); h >= 0 && (h == 0 || line[h-1] == ' ' || line[h-1] == '\t') && line[len(line)-1] == '\\' {
			cands = append(cands, le-1)
		}
		ls = le + 1
	}
	for range 2 {
		if len(cands) == 0 {
			return out
		}
		try := bytes.Clone(out)
		for _, off := range cands {
			try[off] = ' '
		}
		f, err := parseSafe(try, "", syntax.LangBash)
		if err != nil {
			return out
		}
		var spans [][2]int
		shwalk.Walk(f, func(n syntax.Node) bool {
			if c, ok := n.(*syntax.Comment); ok {
				spans = append(spans, [2]int{int(c.Pos().Offset()), int(c.End().Offset())})
			}
			return true
		})
		kept := cands[:0:0]
		for _, off := range cands {
			for _, sp := range spans {
				if off >= sp[0] && off < sp[1] {
					kept = append(kept, off)
					break
				}
			}
		}
		if len(kept) == len(cands) {
			return try
		}
		cands = kept
	}
	return out
}
