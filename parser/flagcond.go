package parser

import (
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// FlagCondAt describes the tests of environment flags under which the code
// written at offset off runs, within the modes that run it: "when FAST=1"
// for [[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 16) in bench's arm.
// The tests that pick the mode (the case arm, [[ $MODE == bench ]]) are not
// part of it, nor one whose branch holds every launch (any boot runs it). ok is false when the code runs under no such test, or under
// a condition the model does not read cleanly: a test of anything else, an
// elif arm, a loop, a function body (whose caller's conditions are out of
// sight).
func (s *Script) FlagCondAt(off int) (string, bool) {
	if s == nil || s.File == nil || off < 0 {
		return "", false
	}
	var chain []syntax.Node
	shwalk.Walk(s.File, func(n syntax.Node) bool {
		if n == nil {
			return false
		}
		if _, isFile := n.(*syntax.File); !isFile && (s.Off(n.Pos()) > off || off >= s.Off(n.End())) {
			return false
		}
		chain = append(chain, n)
		return true
	})
	var conds []string
	// narrows reports whether a branch starting at in runs in fewer modes
	// than the construct at at: a test of the mode, not of a flag.
	narrows := func(at, in int) bool {
		return !slices.Equal(s.ModesAt(at), s.ModesAt(in))
	}
	// flagOn describes the condition of stmt, or of its negation.
	flagOn := func(cond []*syntax.Stmt, negate bool) (string, bool) {
		r, ok := s.flagCondOf(cond)
		if !ok || r.name == "" {
			return "", false
		}
		d := r.describe()
		if r.neg != negate {
			return "unless " + d, true
		}
		return "when " + d, true
	}
	for i, n := range chain {
		switch n := n.(type) {
		case *syntax.FuncDecl, *syntax.ForClause, *syntax.WhileClause:
			return "", false
		case *syntax.CaseClause:
			if i+1 >= len(chain) || !narrows(s.Off(n.Pos()), off) {
				return "", false
			}
		case *syntax.BinaryCmd:
			if n.Op != syntax.AndStmt && n.Op != syntax.OrStmt {
				continue // a pipe: no condition
			}
			if off < s.Off(n.Y.Pos()) {
				return "", false // inside the test itself
			}
			if narrows(s.Off(n.Pos()), s.Off(n.Y.Pos())) || s.holdsLaunches([]*syntax.Stmt{n.Y}) {
				continue // the mode's test, or one every boot passes
			}
			d, ok := flagOn([]*syntax.Stmt{n.X}, n.Op == syntax.OrStmt)
			if !ok {
				return "", false
			}
			conds = append(conds, d)
		case *syntax.IfClause:
			if len(n.Then) == 0 || off < s.Off(n.Then[0].Pos()) && len(n.Cond) > 0 {
				return "", false // the condition, or an empty branch
			}
			parent, _ := chain[i-1].(*syntax.IfClause)
			if parent != nil && parent.Else == n {
				if len(n.Cond) > 0 {
					return "", false // an elif arm: the arms before are off too
				}
				continue // a plain else: read at its if (below)
			}
			inThen := off < s.Off(n.Then[len(n.Then)-1].End())
			if !inThen && (n.Else == nil || len(n.Else.Cond) > 0) {
				return "", false // an elif arm, or between the branches
			}
			branch := n.Then
			if !inThen {
				branch = n.Else.Then
			}
			if len(branch) == 0 {
				return "", false
			}
			if narrows(s.Off(n.Pos()), s.Off(branch[0].Pos())) || s.holdsLaunches(branch) {
				// if [[ -z ${MODEL:-} ]]; then exit 1; else … exec vllm
				// serve …; fi: every boot runs the branch.
				continue
			}
			d, ok := flagOn(n.Cond, !inThen)
			if !ok {
				return "", false
			}
			conds = append(conds, d)
		}
	}
	if len(conds) == 0 {
		return "", false
	}
	for i := 1; i < len(conds); i++ {
		if strings.HasPrefix(conds[i-1], "when ") {
			conds[i] = strings.TrimPrefix(conds[i], "when ") // when A=1 and B=1
		}
	}
	return strings.Join(conds, " and "), true
}

// describe says with what value the flag's test is on: FAST=1, FAST is
// set, FAST is not 0.
func (r flagRead) describe() string {
	switch r.need {
	case needFalsy, needOne:
		return r.name + "=" + r.value
	case needEmpty:
		return r.name + " is set"
	case needEqual:
		if r.lit == "" {
			return r.name + " is set"
		}
		return fmt.Sprintf("%s is not %s", r.name, r.lit)
	case needZero:
		if r.lit == "0" {
			return r.name + " is not 0"
		}
		return r.name + "=1"
	case needArith:
		return r.name + " is not 0"
	}
	return r.name + " is set"
}
