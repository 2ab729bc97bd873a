package dryrun

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// Input redirected from a process substitution: `done < <(CMD)`,
// `mapfile -t ARGS < <(engine_args)`.
//
// interp creates a FIFO for <(…) outside the sandbox's file handlers, so
// every such script was refused (ErrProcSubst) and none of its modes was
// compared, though the idiom is one of the commonest of launch scripts (the
// argv built by a function that prints one flag a line, the node list read
// with mapfile). Eval runs a copy (rewrite) in which such a statement is
//
//	{ __servelint_psN=$( (CMD); printf x ); STMT < PSMARK__servelint_psN; }
//
// CMD runs first, in a subshell as it would (its output whole, the x keeps
// its trailing newlines), and the open handler serves the redirection from
// the variable, without the x (psMark). bash runs CMD beside the statement
// rather than before it; nothing a dry run reads tells them apart. A
// process substitution anywhere else (an argument: diff <(a) <(b),
// --config <(jq …)) stays, and is refused.

// psMark prefixes the path an input redirection from a process substitution
// is rewritten to: the rest names the variable holding CMD's output.
const psMark = "\x1eservelint-ps\x1e"

// psVar is the prefix of the variables holding a process substitution's
// output.
const psVar = "__servelint_ps"

// rewriteInSubstRedirs rewrites each statement of f whose input is
// redirected from a process substitution; it returns a note for each. The
// statements are collected first: one inside another's loop or inside
// another's CMD keeps its node, and is rewritten where it moved.
func rewriteInSubstRedirs(f *syntax.File) (notes []string) {
	var sts []*syntax.Stmt
	shwalk.Walk(f, func(node syntax.Node) bool {
		if st, ok := node.(*syntax.Stmt); ok && slices.ContainsFunc(st.Redirs, func(rd *syntax.Redirect) bool { return inSubstRedir(rd) != nil }) {
			sts = append(sts, st)
		}
		return true
	})
	n := 0
	for _, st := range sts {
		var pre []*syntax.Stmt
		if readsNul(st) {
			stripNulDelim(st)
		}
		for _, rd := range st.Redirs {
			ps := inSubstRedir(rd)
			if ps == nil {
				continue
			}
			name := fmt.Sprintf("%s%d", psVar, n)
			n++
			pre = append(pre, psAssign(name, ps, readsNul(st)))
			rd.Word = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: ps.OpPos, ValueEnd: ps.End(), Value: psMark + name}}}
			notes = append(notes, fmt.Sprintf("line %d: < <(…) read from the output of its command, run first", ps.OpPos.Line()))
		}
		inner := &syntax.Stmt{Position: st.Pos(), Cmd: st.Cmd, Redirs: st.Redirs}
		st.Cmd = &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: append(pre, inner)}
		st.Redirs = nil
	}
	return notes
}

// inSubstRedir returns the process substitution of an input redirection
// from one, `< <(CMD)` or `0< <(CMD)`, else nil.
func inSubstRedir(rd *syntax.Redirect) *syntax.ProcSubst {
	if rd.Op != syntax.RdrIn || rd.N != nil && rd.N.Value != "0" || rd.Word == nil || len(rd.Word.Parts) != 1 {
		return nil
	}
	ps, ok := rd.Word.Parts[0].(*syntax.ProcSubst)
	if !ok || ps.Op != syntax.CmdIn {
		return nil
	}
	return ps
}

// psAssign is `NAME=$( (CMD); printf x )`, or, with nul, `NAME=$( (CMD)
// | NUL-ESC; printf x )`: a command substitution drops CMD's NUL bytes,
// which a reader of NUL-separated fields (readsNul) needs; NUL-ESC
// (opNulEsc) writes each as psNulMark, which psContent turns back.
func psAssign(name string, ps *syntax.ProcSubst, nul bool) *syntax.Stmt {
	pos := ps.OpPos
	sub := &syntax.Stmt{Position: pos, Cmd: &syntax.Subshell{Lparen: pos, Rparen: ps.Rparen, Stmts: ps.Stmts, Last: ps.Last}}
	if nul {
		esc := &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWordAt(internalCmd, pos), litWordAt(opNulEsc, pos)}}}
		sub = &syntax.Stmt{Position: pos, Cmd: &syntax.BinaryCmd{OpPos: pos, Op: syntax.Pipe, X: sub, Y: esc}}
	}
	x := &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWordAt("printf", pos), litWordAt("x", pos)}}}
	cs := &syntax.CmdSubst{Left: pos, Right: ps.Rparen, Stmts: []*syntax.Stmt{sub, x}}
	as := &syntax.Assign{Name: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: name}, Value: &syntax.Word{Parts: []syntax.WordPart{cs}}}
	return &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{as}}}
}

// litWordAt is a word of one literal at pos.
func litWordAt(v string, pos syntax.Pos) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: v}}}
}

// psContent is what a redirection from psMark+NAME reads: the variable's
// value without the x that kept its trailing newlines, its NUL bytes
// back where psAssign escaped them.
func psContent(v string) string {
	return strings.ReplaceAll(strings.TrimSuffix(v, "x"), psNulMark, "\x00")
}

// psNulMark stands for a NUL byte of a process substitution's output
// held in a variable (psAssign with nul).
const psNulMark = "\x1eservelint-nul\x1e"

// readsNul reports whether st reads NUL-separated fields from its input:
// mapfile or readarray with an empty delimiter, -d "" (readarray -d ""
// -t ARGS < <(printf "%s\0" …)). Its input keeps its NUL bytes.
func readsNul(st *syntax.Stmt) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) < 3 {
		return false
	}
	if name := c.Args[0].Lit(); name != "mapfile" && name != "readarray" {
		return false
	}
	for i := 1; i+1 < len(c.Args); i++ {
		if c.Args[i].Lit() == "-d" {
			v, ok := parser.LitValue(c.Args[i+1])
			return ok && v == ""
		}
	}
	return false
}

// stripNulDelim gives a mapfile or readarray that reads NUL-separated
// fields (readsNul) the option -t when it lacks it: bash cannot hold a NUL
// byte in a variable, so readarray -d "" ARGS keeps no delimiter in its
// elements with or without -t, where interp's would end each with one.
func stripNulDelim(st *syntax.Stmt) {
	c := st.Cmd.(*syntax.CallExpr)
	for _, a := range c.Args[1:] {
		if a.Lit() == "-t" {
			return
		}
	}
	c.Args = slices.Insert(c.Args, 1, litWordAt("-t", c.Args[0].End()))
}

// nulEsc is opNulEsc: its input with each NUL byte written psNulMark.
func (ev *evaluator) nulEsc(hc interp.HandlerContext) error {
	if hc.Stdin == nil {
		return nil
	}
	data, err := ev.readInput(hc, "< <(…) output")
	if err != nil {
		return err
	}
	ev.write(hc.Stdout, strings.ReplaceAll(string(data), "\x00", psNulMark))
	return nil
}

// inSubstSourced is rewriteInSubstRedirs for the text of a sourced file
// (mapfile -t base < <(base_args) in lib/common.sh): the text is edited in
// place, never printed again. CMD's text moves to the statement's start,
// `{ NAME=$( (CMD); printf x ); STMT < $'\x1eservelint-ps\x1e'NAME ; }`, so
// only a CMD on one line is moved (no line moves) and a statement with a
// heredoc stays; the names are the file's own (tag). data itself when
// there is none or it does not parse.
func inSubstSourced(data []byte, tag string) []byte {
	if !bytes.Contains(data, []byte("<(")) {
		return data
	}
	return editText(data, func(f *syntax.File) []textEdit {
		var edits []textEdit
		n := 0
		shwalk.Walk(f, func(node syntax.Node) bool {
			st, ok := node.(*syntax.Stmt)
			if !ok || slices.ContainsFunc(st.Redirs, func(rd *syntax.Redirect) bool { return rd.Hdoc != nil }) {
				return true
			}
			var pre strings.Builder
			var moves []textEdit
			for _, rd := range st.Redirs {
				ps := inSubstRedir(rd)
				if ps == nil {
					continue
				}
				start, end := int(ps.OpPos.Offset()), int(ps.End().Offset())
				cmd := data[start+2 : end-1] // between <( and )
				if bytes.ContainsAny(cmd, "\n") {
					return true
				}
				name := fmt.Sprintf("%s%s_%d", psVar, tag, n)
				n++
				fmt.Fprintf(&pre, "%s=$( (%s); printf x ); ", name, cmd)
				moves = append(moves, textEdit{start, end, `$'\x1eservelint-ps\x1e'` + name})
			}
			if len(moves) == 0 {
				return true
			}
			at, end := int(st.Pos().Offset()), int(st.End().Offset())
			edits = append(edits, textEdit{at, at, "{ " + pre.String()})
			edits = append(edits, moves...)
			edits = append(edits, textEdit{end, end, " ; }"})
			return false // a statement inside it keeps its own text
		})
		return edits
	})
}
