package parser

import (
	"strings"

	"github.com/servelint/servelint/internal/shwalk"

	"mvdan.cc/sh/v3/syntax"
)

// noteIntDecl records the names a declaration gives the integer attribute
// (declare -i seqs, local -i port=8000+RANK, typeset -ix n): bash
// evaluates every later assignment to them arithmetically.
func (s *Script) noteIntDecl(d *syntax.DeclClause) {
	integer := false
	for _, a := range d.Args {
		if !a.Naked || a.Value == nil {
			continue
		}
		if v := a.Value.Lit(); len(v) > 1 && v[0] == '-' && strings.Contains(v[1:], "i") {
			integer = true
		}
	}
	if !integer {
		return
	}
	for _, a := range d.Args {
		if a.Name == nil {
			continue
		}
		if s.intNames == nil {
			s.intNames = map[string]bool{}
		}
		s.intNames[a.Name.Value] = true
	}
}

// intValue reads the value of an assignment to a variable with the
// integer attribute as the arithmetic bash evaluates it: after declare -i
// seqs, seqs=MAX_NUM_SEQS holds the owner's number (not the text
// "MAX_NUM_SEQS") and seqs=2*MAX_NUM_SEQS is arithmetic on the owner, as
// (( seqs = 2 * MAX_NUM_SEQS )) is. Only a value of plain literal text
// that is not a decimal number (whose value is the same either way) and
// parses as arithmetic; += (which adds) and arrays are left as they are.
func (s *Script) intValue(a *Assign) {
	if !s.intNames[a.Name] || a.Append || a.Array != nil || a.Value == nil || len(a.Value.Parts) != 1 {
		return
	}
	lit, ok := a.Value.Parts[0].(*syntax.Lit)
	if !ok || lit.Value == "" || decimal(lit.Value) || strings.ContainsAny(lit.Value, "\\\n`$") {
		return
	}
	x, err := syntax.NewParser().Arithmetic(strings.NewReader(lit.Value))
	if err != nil || x == nil || arithWrittenName(x) != "" {
		return
	}
	a.Arith, a.ArithOff = x, s.Off(lit.ValuePos)-s.base()
	// The names it reads are read as $((…)) reads them (envowner's uses,
	// set -u's demands), placed at the value's word.
	shwalk.Walk(x, func(n syntax.Node) bool {
		if w, ok := n.(*syntax.Word); ok {
			if v, lit1 := LitValue(w); lit1 && isName(v) {
				s.arithNames = append(s.arithNames, &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: v})
			}
			return false
		}
		return true
	})
}
