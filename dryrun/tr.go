package dryrun

import (
	"bytes"
	"context"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// helperTr emulates tr on standard input for the two uses launch scripts
// make of it: deleting characters (tr -d '\r' in an env loader) and mapping
// one set onto another (tr '[:upper:]' '[:lower:]' on the mode). Sets are
// ASCII: characters, \n \r \t \\ escapes, ranges (a-z) and the classes
// [:lower:] [:upper:] [:digit:] [:alpha:] [:alnum:] [:space:] [:blank:]
// [:punct:]. -c, -s and anything else are skipped.
func helperTr(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	del := false
	rest := args[1:]
	if len(rest) > 0 && rest[0] == "-d" {
		del, rest = true, rest[1:]
	}
	if len(rest) > 0 && rest[0] == "--" {
		rest = rest[1:]
	}
	if del && len(rest) != 1 || !del && len(rest) != 2 {
		return ev.skip(hc, args)
	}
	for _, a := range rest {
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			return ev.skip(hc, args)
		}
	}
	from, ok := trSet(rest[0])
	if !ok || len(from) == 0 {
		return ev.skip(hc, args)
	}
	var to []byte
	if !del {
		if to, ok = trSet(rest[1]); !ok || len(to) == 0 {
			return ev.skip(hc, args)
		}
		// GNU: the only classes SET2 may hold are [:upper:] and [:lower:],
		// each facing the other in SET1 (tr '[:upper:]' '[:lower:]');
		// anything else is an error or a misaligned construct
		// (tr '[:upper:]' '[:lower:]', or with more after both, each
		// class at the start of its set: tr '[:upper:]_' '[:lower:]-'
		// makes MAX_NUM_SEQS max-num-seqs).
		if strings.Contains(rest[1], "[:") && !caseMap(rest[0], rest[1]) {
			return ev.skip(hc, args)
		}
	}
	var input bytes.Buffer
	if err := ev.readStdin(hc, &input); err != nil {
		return err
	}
	in := input.String()
	if hasSentinel(in) {
		return ev.skip(hc, args)
	}
	var deleted, mapped [256]bool
	var to256 [256]byte
	for i, c := range from {
		switch {
		case del:
			deleted[c] = true
		case i < len(to):
			mapped[c], to256[c] = true, to[i]
		default:
			mapped[c], to256[c] = true, to[len(to)-1] // GNU: set 2 padded with its last character
		}
	}
	var out strings.Builder
	for i := 0; i < len(in); i++ {
		switch c := in[i]; {
		case deleted[c]:
		case mapped[c]:
			out.WriteByte(to256[c])
		default:
			out.WriteByte(c)
		}
	}
	ev.write(hc.Stdout, out.String())
	return nil
}

// trClasses are the character classes helperTr knows, in tr's order.
var trClasses = map[string]string{
	"lower": "abcdefghijklmnopqrstuvwxyz",
	"upper": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
	"digit": "0123456789",
	"alpha": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
	"alnum": "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
	"space": "\t\n\v\f\r ",
	"blank": "\t ",
	"punct": "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
}

// trSet expands a tr set into its bytes; false for what is not emulated
// (other classes, [=c=], [c*n], octal escapes, non-ASCII).
func trSet(s string) ([]byte, bool) {
	var out []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return nil, false
		case c == '[' && strings.HasPrefix(s[i:], "[:"):
			end := strings.Index(s[i:], ":]")
			if end < 0 {
				return nil, false
			}
			class, ok := trClasses[s[i+2:i+end]]
			if !ok {
				return nil, false
			}
			out = append(out, class...)
			i += end + 1
			continue
		case c == '[' && i+1 < len(s) && (s[i+1] == '=' || strings.Contains(s[i:], "*")):
			return nil, false
		case c == '\\':
			if i+1 >= len(s) {
				return nil, false
			}
			i++
			switch s[i] {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case '\\':
				c = '\\'
			default:
				return nil, false
			}
		}
		if i+2 < len(s) && s[i+1] == '-' && (s[i+2] == '\\' || s[i+2] == '[') {
			return nil, false // a range to an escape or a class
		}
		if i+2 < len(s) && s[i+1] == '-' && s[i+2] < 0x80 {
			hi := s[i+2]
			if hi < c {
				return nil, false // tr: range-endpoints are in reverse order
			}
			for b := int(c); b <= int(hi); b++ {
				out = append(out, byte(b))
			}
			i += 2
			continue
		}
		out = append(out, c)
	}
	return out, true
}

// caseMap reports whether tr's sets map one case onto the other, the
// classes [:upper:] and [:lower:] facing each other at the start of both
// and no other class after them; GNU refuses a SET2 that ends with the
// class when SET1 is longer ('[:upper:]_' '[:lower:]').
func caseMap(set1, set2 string) bool {
	for _, c := range [][2]string{{"[:upper:]", "[:lower:]"}, {"[:lower:]", "[:upper:]"}} {
		r1, ok1 := strings.CutPrefix(set1, c[0])
		r2, ok2 := strings.CutPrefix(set2, c[1])
		if ok1 && ok2 && !strings.Contains(r1, "[:") && !strings.Contains(r2, "[:") && (r2 != "" || r1 == "") {
			return true
		}
	}
	return false
}
