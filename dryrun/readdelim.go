package dryrun

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// read -d '' NAME.
//
// A heredoc or a file read whole into a variable (`read -r -d '' EXTRA
// <<EOF || true`, a block of flags or a config) stopped the run or left the
// variable empty: interp's read has no -d. Eval runs a copy (rewrite) in
// which that statement is `{ NAME=$(READALL <<EOF …); NAME=${NAME%.};
// false; }`: READALL
// (opReadAll) prints its whole input as read takes it with one name (the
// IFS whitespace around it trimmed; without -r, a backslash escapes the
// next character and a backslash-newline is removed); the status is
// read's, 1 (no NUL before the end of the input: an input holding a NUL,
// or longer than maxArgBytes, stops the run instead of a wrong value). READALL ends its output
// with a '.' (dropped next) so that trailing newlines IFS= keeps survive
// the command substitution. Only `read -d ''` with
// one name is rewritten, outside a loop's condition (`while read -r -d ''
// f` walks NUL-separated names, one per turn).

// opReadAll prints its input as read -d "" takes it (args[0] "raw" for
// read -r).
const opReadAll = "read-all"

// readInput reads a handler's whole standard input, at most maxArgBytes:
// past them the run fails (a value cut short would be wrong, and its
// trimmed tail lost), said as what's.
func (ev *evaluator) readInput(hc interp.HandlerContext, what string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(hc.Stdin, maxArgBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxArgBytes {
		return nil, ev.fail(fmt.Errorf("%w: %s exceeds %d bytes", ErrBudget, what, maxArgBytes))
	}
	return data, nil
}

// readAll is opReadAll.
func (ev *evaluator) readAll(hc interp.HandlerContext, args []string) error {
	if hc.Stdin == nil {
		return nil
	}
	data, err := ev.readInput(hc, "read -d '' input")
	if err != nil {
		return err
	}
	if bytes.IndexByte(data, 0) >= 0 {
		// bash stops at the NUL with status 0; the rewrite's status is 1.
		return ev.fail(fmt.Errorf("%w: read -d '' input holds a NUL byte", ErrUnsupported))
	}
	// escaped[i]: text[i] came after a backslash (read without -r), which
	// IFS trimming leaves in place, as bash does (`ab\ ` keeps its space).
	text := data
	var escaped []bool
	if len(args) == 0 || args[0] != "raw" {
		text = make([]byte, 0, len(data))
		escaped = make([]bool, 0, len(data))
		for i := 0; i < len(data); i++ {
			if data[i] == '\\' && i+1 < len(data) {
				i++
				if data[i] != '\n' {
					text = append(text, data[i])
					escaped = append(escaped, true)
				}
				continue
			}
			text = append(text, data[i])
			escaped = append(escaped, false)
		}
	}
	ifs := " \t\n"
	if v := hc.Env.Get("IFS"); v.IsSet() {
		ifs = v.String()
	}
	white := ""
	for _, c := range ifs {
		if c == ' ' || c == '\t' || c == '\n' {
			white += string(c)
		}
	}
	trim := func(i int) bool {
		return (escaped == nil || !escaped[i]) && strings.IndexByte(white, text[i]) >= 0
	}
	start, end := 0, len(text)
	for start < end && trim(start) {
		start++
	}
	for end > start && trim(end-1) {
		end--
	}
	ev.write(hc.Stdout, string(text[start:end])+".")
	return nil
}

// rewriteReadDelims rewrites each `read -r -d "" NAME <<…` of f (see
// above) and reports whether it changed any.
func rewriteReadDelims(f *syntax.File) bool {
	changed := false
	conds := map[*syntax.Stmt]bool{}
	shwalk.Walk(f, func(n syntax.Node) bool {
		if wc, ok := n.(*syntax.WhileClause); ok {
			for _, st := range wc.Cond {
				conds[st] = true
			}
		}
		st, ok := n.(*syntax.Stmt)
		if !ok || conds[st] {
			return true
		}
		name, raw, ok := readDelimName(st)
		if !ok {
			return true
		}
		mode := "cooked"
		if raw {
			mode = "raw"
		}
		ce := st.Cmd.(*syntax.CallExpr)
		inner := &syntax.Stmt{Position: st.Pos(), Cmd: &syntax.CallExpr{Assigns: ce.Assigns, // IFS= read …
			Args: []*syntax.Word{litWord(internalCmd), litWord(opReadAll), litWord(mode)}}, Redirs: st.Redirs}
		assign := &syntax.Stmt{Position: st.Pos(), Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{
			Name:  &syntax.Lit{ValuePos: st.Pos(), ValueEnd: st.Pos(), Value: name},
			Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.CmdSubst{Left: st.Pos(), Right: st.End(), Stmts: []*syntax.Stmt{inner}}}},
		}}}}
		// The op ends its output with a '.', which keeps the trailing
		// newlines IFS= leaves from the command substitution; the next
		// assignment drops it.
		nameLit := func() *syntax.Lit { return &syntax.Lit{ValuePos: st.Pos(), ValueEnd: st.Pos(), Value: name} }
		unmark := &syntax.Stmt{Position: st.Pos(), Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{
			Name: nameLit(),
			Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.ParamExp{
				Param: nameLit(), Exp: &syntax.Expansion{Op: syntax.RemSmallSuffix, Word: litWord(".")}}}}}},
		}}}}
		fail := &syntax.Stmt{Position: st.Pos(), Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord("false")}}}
		st.Cmd = &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: []*syntax.Stmt{assign, unmark, fail}}
		st.Redirs = nil
		changed = true
		return false
	})
	return changed
}

// readDelimName returns NAME of a statement `read -d "" NAME` (and
// whether -r is given).
func readDelimName(st *syntax.Stmt) (name string, raw, ok bool) {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background {
		return "", false, false
	}
	for _, as := range ce.Assigns {
		if as.Name == nil || as.Name.Value != "IFS" {
			return "", false, false // only IFS= changes what read does
		}
	}
	if raw, ok = readDelimCall(ce); !ok {
		return "", false, false
	}
	name, _ = parser.LitValue(ce.Args[len(ce.Args)-1])
	return name, raw, true
}

// readDelimCall reports whether ce is `read -d "" NAME` (with or without
// -r; the options in any order and grouping: -rd "", -d "" -r), with one
// valid name.
func readDelimCall(ce *syntax.CallExpr) (raw, ok bool) {
	if len(ce.Args) < 4 {
		return false, false
	}
	if v, _ := parser.LitValue(ce.Args[0]); v != "read" {
		return false, false
	}
	delim := false
	args := ce.Args[1:]
	for len(args) > 1 {
		v, ok := parser.LitValue(args[0])
		if !ok || len(v) < 2 || v[0] != '-' {
			break
		}
		opts := v[1:]
		for i, c := range opts {
			switch c {
			case 'r':
				raw = true
			case 'd':
				// the delimiter: the rest of this word, or the next word
				d := opts[i+1:]
				if d == "" {
					if len(args) < 2 {
						return false, false
					}
					w, ok := parser.LitValue(args[1])
					if !ok {
						return false, false
					}
					d = w
					args = args[1:]
				}
				if d != "" {
					return false, false
				}
				delim = true
			default:
				return false, false
			}
			if c == 'd' {
				break
			}
		}
		args = args[1:]
	}
	if !delim || len(args) != 1 {
		return false, false
	}
	name, ok := parser.LitValue(args[0])
	return raw, ok && syntax.ValidName(name)
}
