package parser

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxFiniteWords bounds the words a finite pattern may match
// (finiteWords): [Ss][Ee][Rr][Vv][Ee] matches 32, past which the pattern
// is no short list of spellings.
const maxFiniteWords = 16

// finitePattern returns the shell pattern case pattern w is and every
// word it matches, when that set is small and finite and w holds a glob:
// unquoted literal text with brackets of plain characters ([Ss]erve,
// [Bb]ench) and @(…) of such alternatives (@(serve|prod)). Not a pattern
// with *, ?, a negated or ranged bracket, another extglob operator, a
// quoted part or an expansion: those match words the arm does not list.
func finitePattern(w *syntax.Word) (pat string, words []string, ok bool) {
	if w == nil || len(w.Parts) == 0 {
		return "", nil, false
	}
	var sb strings.Builder
	words = []string{""}
	glob := false
	for _, part := range w.Parts {
		var alts []string
		switch x := part.(type) {
		case *syntax.Lit:
			sb.WriteString(x.Value)
			ws, g, ok := bracketWords(x.Value)
			if !ok {
				return "", nil, false
			}
			glob = glob || g
			alts = ws
		case *syntax.ExtGlob:
			if x.Op != syntax.GlobOne || x.Pattern == nil {
				return "", nil, false
			}
			sb.WriteString("@(" + x.Pattern.Value + ")")
			glob = true
			for alt := range strings.SplitSeq(x.Pattern.Value, "|") {
				ws, _, ok := bracketWords(alt)
				if !ok {
					return "", nil, false
				}
				alts = append(alts, ws...)
			}
		default:
			return "", nil, false
		}
		if len(words)*len(alts) > maxFiniteWords {
			return "", nil, false
		}
		next := make([]string, 0, len(words)*len(alts))
		for _, p := range words {
			for _, a := range alts {
				next = append(next, p+a)
			}
		}
		words = next
	}
	if !glob {
		return "", nil, false
	}
	return sb.String(), dedupWords(words), true
}

// bracketWords returns the words the unquoted pattern text v matches when
// it holds only literal characters (a backslash escaping the next) and
// brackets listing plain characters, and whether it holds a bracket.
func bracketWords(v string) (words []string, glob, ok bool) {
	words = []string{""}
	for i := 0; i < len(v); i++ {
		var chars []string
		switch c := v[i]; c {
		case '*', '?', '(', ')', '|', ']':
			return nil, false, false
		case '\\':
			if i+1 >= len(v) {
				return nil, false, false
			}
			i++
			chars = []string{v[i : i+1]}
		case '[':
			end := strings.IndexByte(v[i+1:], ']')
			if end <= 0 {
				return nil, false, false // []…] or an unclosed bracket
			}
			set := v[i+1 : i+1+end]
			for j := 0; j < len(set); j++ {
				b := set[j]
				if !plainByte(b) {
					return nil, false, false // [!x], [^x], [a-z], [[:alpha:]]: not a short list
				}
				chars = append(chars, set[j:j+1])
			}
			glob = true
			i += end + 1
		default:
			chars = []string{v[i : i+1]}
		}
		if len(words)*len(chars) > maxFiniteWords {
			return nil, false, false
		}
		next := make([]string, 0, len(words)*len(chars))
		for _, p := range words {
			for _, ch := range chars {
				next = append(next, p+ch)
			}
		}
		words = next
	}
	return words, glob, true
}

// plainByte reports whether b is a letter, a digit, '_' or '.': a
// character a bracket lists as itself.
func plainByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '.'
}

func dedupWords(ws []string) []string {
	seen := map[string]bool{}
	out := ws[:0]
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// finiteModeWords returns the modes a finite pattern's words name
// (finitePattern): the spellings of one word that differ only in case
// ([Ss]erve: Serve, serve) are one mode, named by its all-lower-case
// spelling when the pattern matches that, else by the first; words
// differing otherwise (@(serve|prod)) are modes of their own, as serve|prod
// lists two. taken reports a word an earlier arm or pattern takes: such a
// spelling is not the mode's, and a mode with every spelling taken is none.
func finiteModeWords(words []string, taken func(string) bool) []string {
	var out []string
	done := map[string]bool{}
	for _, w := range words {
		key := strings.ToLower(w)
		if done[key] {
			continue
		}
		done[key] = true
		name := ""
		for _, v := range words {
			if strings.ToLower(v) != key || taken(v) || !modeName(v) {
				continue
			}
			if name == "" || v == key {
				name = v
			}
		}
		if name != "" {
			out = append(out, name)
		}
	}
	return out
}
