package dryrun

import (
	"bytes"
	"regexp"
)

// Quick looks at a script's text, asked once per script (and of each file
// it sources) to decide whether Eval runs a rewritten copy. Each is a
// regexp that starts with a word at a word boundary (\bset …); Go's regexp
// finds no literal prefix there and tries such a pattern at every byte
// (pprof on 1,600 repos: the declaration check alone was 3.7% of the CPU,
// 16 µs for a 684-byte script). keywordThen finds the word with
// bytes.Index and tries the rest only there. textscan_test.go holds each
// check's plain regexp and a fuzz target comparing them.

// keywordThen reports whether src holds the word kw, at a word boundary
// (\b: no ASCII letter, digit or _ before it), followed by a match of tail,
// which is anchored (^) where kw ends.
func keywordThen(src []byte, kw string, tail *regexp.Regexp) bool {
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte(kw))
		if j < 0 {
			return false
		}
		at := i + j
		if (at == 0 || !wordByte(src[at-1])) && tail.Match(src[at+len(kw):]) {
			return true
		}
		i = at + len(kw)
	}
}

// wordByte reports whether b is a byte of a regexp word (\w: ASCII
// letters, digits and _), the bytes \b tells apart.
func wordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

var (
	// attrDeclTail follows declare, typeset or local in a declaration that
	// may set a value attribute: -i, -l, -u (+ clears one).
	attrDeclTail = regexp.MustCompile(`^[ \t]+([^\n;&|]*[ \t])?[-+][a-zA-Z]*[ilu]`)
	// blankTail is the blank after let.
	blankTail = regexp.MustCompile(`^[ \t]`)
	// nounsetTail follows set in a set that may turn nounset on.
	nounsetTail = regexp.MustCompile(`^[ \t][^\n;&|]*(-[a-zA-Z]*u|nounset)`)
	// quotedLetTail follows let in a let that may have a quoted argument.
	quotedLetTail = regexp.MustCompile(`^[ \t][^\n;&|]*['"]`)
)

// mayDeclareAttr reports whether src may declare a value attribute
// (declare -i, local -l, typeset -u; attrdecl.go).
func mayDeclareAttr(src []byte) bool {
	return keywordThen(src, "declare", attrDeclTail) || keywordThen(src, "typeset", attrDeclTail) || keywordThen(src, "local", attrDeclTail)
}

// mayHoldArith reports whether src may hold arithmetic: (( or a let
// (arithnounset.go).
func mayHoldArith(src []byte) bool {
	return bytes.Contains(src, []byte("((")) || keywordThen(src, "let", blankTail)
}

// maySetNounset reports whether src may hold a set that turns nounset on.
func maySetNounset(src []byte) bool {
	return keywordThen(src, "set", nounsetTail)
}

// mayQuoteLet reports whether src may hold a let with a quoted argument
// (letquoted.go).
func mayQuoteLet(src []byte) bool {
	return keywordThen(src, "let", quotedLetTail)
}

// negationHeads are the words after which a ! may negate a statement.
var negationHeads = []string{"then", "do", "else", "elif", "if", "while", "until", "time"}

// mayNegate reports whether src may hold a negated statement (negated.go):
// a ! followed by a blank or the end of src, after only blanks since the
// start of src, a newline, one of ; & | { (, or one of negationHeads at a
// word boundary.
func mayNegate(src []byte) bool {
	for i, c := range src {
		if c != '!' || i+1 < len(src) && src[i+1] != ' ' && src[i+1] != '\t' {
			continue
		}
		j := i
		for j > 0 && (src[j-1] == ' ' || src[j-1] == '\t') {
			j--
		}
		if j == 0 || bytes.IndexByte([]byte("\n;&|{("), src[j-1]) >= 0 {
			return true
		}
		for _, kw := range negationHeads {
			if k := j - len(kw); k >= 0 && string(src[k:j]) == kw && (k == 0 || !wordByte(src[k-1])) {
				return true
			}
		}
	}
	return false
}
