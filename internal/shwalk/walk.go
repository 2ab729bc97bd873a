// Package shwalk walks mvdan.cc/sh/v3 syntax trees as syntax.Walk does,
// without its cost.
//
// syntax.Walk defers, inside a loop, the walk of a statement's (or a case
// item's, or an array element's) trailing comment. A defer in a loop is not
// open-coded, so every call of syntax.Walk, on every node, returned through
// the runtime's deferreturn and its panic-record machinery: pprof on 1,600
// repos put runtime.(*_panic).start, nextFrame and Walk's own epilogue at
// about 3% of a lint run's CPU, and servelint walks its trees some 160
// times per script. Walk here visits the same nodes in the same order (the
// trailing comment still after f(nil)) with no defer; TestSameOrder checks
// it against syntax.Walk on every script of the testdata.
package shwalk

import (
	"fmt"

	"mvdan.cc/sh/v3/syntax"
)

// Walk traverses a syntax tree in depth-first order exactly as syntax.Walk
// does: it calls f(node); if that returns true, it walks each non-nil child
// of node, then calls f(nil). node must not be nil.
//
// One difference: a comment of a statement, case item or array element is
// handed to f as a pointer into the tree, where syntax.Walk hands a pointer
// to a copy.
func Walk(node syntax.Node, f func(syntax.Node) bool) {
	if !f(node) {
		return
	}
	var trailing *syntax.Comment // walked after f(nil), as syntax.Walk's defer does
	switch node := node.(type) {
	case *syntax.File:
		stmts(node.Stmts, f)
		comments(node.Last, f)
	case *syntax.Comment:
	case *syntax.Stmt:
		trailing = leading(node.Comments, node.End(), true, f)
		if node.Cmd != nil {
			Walk(node.Cmd, f)
		}
		for _, r := range node.Redirs {
			Walk(r, f)
		}
	case *syntax.Assign:
		if node.Name != nil {
			Walk(node.Name, f)
		}
		if node.Value != nil {
			Walk(node.Value, f)
		}
		if node.Index != nil {
			Walk(node.Index, f)
		}
		if node.Array != nil {
			Walk(node.Array, f)
		}
	case *syntax.Redirect:
		if node.N != nil {
			Walk(node.N, f)
		}
		Walk(node.Word, f)
		if node.Hdoc != nil {
			Walk(node.Hdoc, f)
		}
	case *syntax.CallExpr:
		for _, a := range node.Assigns {
			Walk(a, f)
		}
		words(node.Args, f)
	case *syntax.Subshell:
		stmts(node.Stmts, f)
		comments(node.Last, f)
	case *syntax.Block:
		stmts(node.Stmts, f)
		comments(node.Last, f)
	case *syntax.IfClause:
		stmts(node.Cond, f)
		comments(node.CondLast, f)
		stmts(node.Then, f)
		comments(node.ThenLast, f)
		comments(node.Last, f)
		if node.Else != nil {
			Walk(node.Else, f)
		}
	case *syntax.WhileClause:
		stmts(node.Cond, f)
		comments(node.CondLast, f)
		stmts(node.Do, f)
		comments(node.DoLast, f)
	case *syntax.ForClause:
		Walk(node.Loop, f)
		stmts(node.Do, f)
		comments(node.DoLast, f)
	case *syntax.WordIter:
		Walk(node.Name, f)
		words(node.Items, f)
	case *syntax.CStyleLoop:
		if node.Init != nil {
			Walk(node.Init, f)
		}
		if node.Cond != nil {
			Walk(node.Cond, f)
		}
		if node.Post != nil {
			Walk(node.Post, f)
		}
	case *syntax.BinaryCmd:
		Walk(node.X, f)
		Walk(node.Y, f)
	case *syntax.FuncDecl:
		if node.Name != nil {
			Walk(node.Name, f)
		}
		for _, n := range node.Names {
			Walk(n, f)
		}
		Walk(node.Body, f)
	case *syntax.Word:
		parts(node.Parts, f)
	case *syntax.Lit:
	case *syntax.SglQuoted:
	case *syntax.DblQuoted:
		parts(node.Parts, f)
	case *syntax.CmdSubst:
		stmts(node.Stmts, f)
		comments(node.Last, f)
	case *syntax.ParamExp:
		if node.Flags != nil {
			Walk(node.Flags, f)
		}
		if node.Param != nil {
			Walk(node.Param, f)
		}
		if node.NestedParam != nil {
			Walk(node.NestedParam, f)
		}
		if node.Index != nil {
			Walk(node.Index, f)
		}
		if node.Slice != nil {
			if node.Slice.Offset != nil {
				Walk(node.Slice.Offset, f)
			}
			if node.Slice.Length != nil {
				Walk(node.Slice.Length, f)
			}
		}
		if node.Repl != nil {
			if node.Repl.Orig != nil {
				Walk(node.Repl.Orig, f)
			}
			if node.Repl.With != nil {
				Walk(node.Repl.With, f)
			}
		}
		if node.Exp != nil && node.Exp.Word != nil {
			Walk(node.Exp.Word, f)
		}
	case *syntax.ArithmExp:
		Walk(node.X, f)
	case *syntax.ArithmCmd:
		Walk(node.X, f)
	case *syntax.BinaryArithm:
		Walk(node.X, f)
		Walk(node.Y, f)
	case *syntax.BinaryTest:
		Walk(node.X, f)
		Walk(node.Y, f)
	case *syntax.UnaryArithm:
		Walk(node.X, f)
	case *syntax.UnaryTest:
		Walk(node.X, f)
	case *syntax.ParenArithm:
		Walk(node.X, f)
	case *syntax.FlagsArithm:
		Walk(node.Flags, f)
		if node.X != nil {
			Walk(node.X, f)
		}
	case *syntax.ParenTest:
		Walk(node.X, f)
	case *syntax.CaseClause:
		Walk(node.Word, f)
		for _, it := range node.Items {
			Walk(it, f)
		}
		comments(node.Last, f)
	case *syntax.CaseItem:
		trailing = leading(node.Comments, node.Pos(), false, f)
		words(node.Patterns, f)
		stmts(node.Stmts, f)
		comments(node.Last, f)
	case *syntax.TestClause:
		Walk(node.X, f)
	case *syntax.DeclClause:
		for _, a := range node.Args {
			Walk(a, f)
		}
	case *syntax.ArrayExpr:
		for _, e := range node.Elems {
			Walk(e, f)
		}
		comments(node.Last, f)
	case *syntax.ArrayElem:
		trailing = leading(node.Comments, node.Pos(), false, f)
		if node.Index != nil {
			Walk(node.Index, f)
		}
		if node.Value != nil {
			Walk(node.Value, f)
		}
	case *syntax.ExtGlob:
		Walk(node.Pattern, f)
	case *syntax.ProcSubst:
		stmts(node.Stmts, f)
		comments(node.Last, f)
	case *syntax.TimeClause:
		if node.Stmt != nil {
			Walk(node.Stmt, f)
		}
	case *syntax.CoprocClause:
		if node.Name != nil {
			Walk(node.Name, f)
		}
		Walk(node.Stmt, f)
	case *syntax.LetClause:
		for _, x := range node.Exprs {
			Walk(x, f)
		}
	case *syntax.TestDecl:
		Walk(node.Description, f)
		Walk(node.Body, f)
	default:
		panic(fmt.Sprintf("shwalk.Walk: unexpected node type %T", node))
	}
	f(nil)
	if trailing != nil {
		Walk(trailing, f)
	}
}

// leading walks the comments of list before the first that trails and
// returns that one, nil when none does (syntax.Walk walks it after the
// node, and no comment after it). A comment trails a statement when it
// starts at or after end (atEnd), a case item or array element when it
// starts after at.
func leading(list []syntax.Comment, at syntax.Pos, atEnd bool, f func(syntax.Node) bool) *syntax.Comment {
	for i := range list {
		c := &list[i]
		if atEnd && !at.After(c.Pos()) || !atEnd && c.Pos().After(at) {
			return c
		}
		Walk(c, f)
	}
	return nil
}

func stmts(list []*syntax.Stmt, f func(syntax.Node) bool) {
	for _, s := range list {
		Walk(s, f)
	}
}

func words(list []*syntax.Word, f func(syntax.Node) bool) {
	for _, w := range list {
		Walk(w, f)
	}
}

func parts(list []syntax.WordPart, f func(syntax.Node) bool) {
	for _, p := range list {
		Walk(p, f)
	}
}

func comments(list []syntax.Comment, f func(syntax.Node) bool) {
	for i := range list {
		Walk(&list[i], f)
	}
}

// Expands reports whether a parameter expansion of name ($name,
// ${name…}) stands anywhere under n.
func Expands(n syntax.Node, name string) bool {
	found := false
	Walk(n, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Param.Value == name {
			found = true
		}
		return !found
	})
	return found
}
