package parser

import (
	"slices"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// collectCmdWrite records a statement that sets a variable to one value
// without an assignment word (Script.cmdAssigns): (( X = 256 )), let
// X=256, let "X = 256", printf -v X %d 256, read -r X <<< 256, and
// : "${X:=256}". Any other write by read or printf -v (from a file, a
// format with more than one conversion) marks the variable
// (cmdUnmodeled): its value is then not read from such statements at all.
func (s *Script) collectCmdWrite(st *syntax.Stmt, fn string, operand bool, tested testedSet) {
	add := func(name string, writeAt int, value *syntax.Word, arith syntax.ArithmExpr, arithOff int, ifUnset bool) {
		if s.cmdAssigns == nil {
			s.cmdAssigns = map[string][]*Assign{}
		}
		a := &Assign{Name: name, Start: s.Off(st.Pos()), End: s.Off(st.End()), StmtStart: -1, StmtEnd: -1,
			Value: value, Arith: arith, ArithOff: arithOff, Cmd: true, IfUnset: ifUnset,
			Local: fn != "" && s.localIn(fn, name), InFunc: fn, Conditional: tested.has(name), Guarded: operand,
			writeAt: writeAt}
		s.cmdAssigns[name] = append(s.cmdAssigns[name], a)
	}
	unmodeled := func(name string) {
		if s.cmdUnmodeled == nil {
			s.cmdUnmodeled = map[string]bool{}
		}
		s.cmdUnmodeled[name] = true
	}
	switch c := st.Cmd.(type) {
	case *syntax.ArithmCmd:
		if name, rhs, ok := plainArithSet(c.X); ok {
			add(name, s.Off(c.X.(*syntax.BinaryArithm).X.Pos()), nil, rhs, 0, false)
		}
	case *syntax.LetClause:
		for _, x := range c.Exprs {
			if name, rhs, ok := plainArithSet(x); ok {
				add(name, s.Off(x.(*syntax.BinaryArithm).X.Pos()), nil, rhs, 0, false)
				continue
			}
			// let "X = 256": the string is the expression.
			w, ok := x.(*syntax.Word)
			if !ok || len(w.Parts) != 1 {
				continue
			}
			dq, ok := w.Parts[0].(*syntax.DblQuoted)
			if !ok || len(dq.Parts) != 1 {
				continue
			}
			lit, ok := dq.Parts[0].(*syntax.Lit)
			if !ok || strings.ContainsAny(lit.Value, "\\\n`$") {
				continue
			}
			inner, err := syntax.NewParser().Arithmetic(strings.NewReader(lit.Value))
			if err != nil {
				continue
			}
			base := s.Off(lit.ValuePos) - s.base()
			if name, rhs, ok := plainArithSet(inner); ok {
				add(name, s.Off(w.Pos()), nil, rhs, base, false)
				s.noteExprWrite(name, "", w.Pos())
			} else if v := arithWrittenName(inner); v != "" {
				// let "X += 8": a write servelint does not follow.
				s.noteExprWrite(v, "", w.Pos())
			}
		}
	case *syntax.CallExpr:
		if len(c.Args) == 0 {
			return
		}
		cmd, _ := LitValue(c.Args[0])
		switch cmd {
		case ":":
			if len(c.Args) != 2 || len(st.Redirs) > 0 {
				return
			}
			pe := SingleParam(c.Args[1])
			if pe == nil || pe.Param == nil || pe.Exp == nil || pe.Index != nil || pe.Excl || pe.Length ||
				pe.Exp.Op != syntax.AssignUnset && pe.Exp.Op != syntax.AssignUnsetOrNull || pe.Exp.Word == nil {
				return
			}
			add(pe.Param.Value, s.Off(pe.Pos()), pe.Exp.Word, nil, 0, true)
		case "read":
			vars, array, ok := readTargets(c)
			if !ok {
				for _, a := range c.Args[1:] {
					if v, _ := LitValue(a); isName(v) {
						unmodeled(v)
					}
				}
				return
			}
			if array != "" {
				unmodeled(array)
			}
			var here *syntax.Word
			if len(st.Redirs) == 1 && st.Redirs[0].Op == syntax.WordHdoc {
				here = st.Redirs[0].Word
			}
			opts := c.Args[1 : len(c.Args)-len(vars)]
			plain := len(opts) == 0 || len(opts) == 1 && opts[0].Lit() == "-r"
			if v, lit := LitValue(here); lit && strings.ContainsAny(v, " \t\n\\") {
				here = nil // read trims and splits it: not the word's value
			}
			for _, v := range vars {
				if len(vars) == 1 && array == "" && here != nil && plain {
					add(v, s.Off(c.Pos()), here, nil, 0, false)
					continue
				}
				unmodeled(v)
			}
		case "printf":
			if len(c.Args) < 3 || c.Args[1].Lit() != "-v" {
				return
			}
			name, _ := LitValue(c.Args[2])
			if !isName(name) {
				return
			}
			if len(c.Args) == 5 {
				f, _ := LitValue(c.Args[3])
				v, lit := LitValue(c.Args[4])
				switch {
				case f == "%s" && (!lit || !strings.Contains(v, "\\")),
					f == "%d" && (!lit || decimal(v)):
					add(name, s.Off(c.Pos()), c.Args[4], nil, 0, false)
					return
				}
			}
			unmodeled(name)
		}
	}
}

// decimal reports whether v is a decimal number printf %d prints as it is
// (no sign, no leading zero, which printf reads as octal).
func decimal(v string) bool {
	if v == "" || len(v) > 1 && v[0] == '0' {
		return false
	}
	for _, r := range v {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// plainArithSet returns the variable and the right side of arithmetic that
// is one plain assignment: X = 256, X = 2 * CONC (not X += 8, nor a list).
func plainArithSet(x syntax.ArithmExpr) (string, syntax.ArithmExpr, bool) {
	b, ok := x.(*syntax.BinaryArithm)
	if !ok || b.Op != syntax.Assgn {
		return "", nil, false
	}
	w, ok := b.X.(*syntax.Word)
	if !ok {
		return "", nil, false
	}
	v, lit := LitValue(w)
	if !lit || !isName(v) || arithWrittenName(b.Y) != "" {
		return "", nil, false
	}
	return v, b.Y, true
}

// arithWrittenName returns a variable arithmetic x assigns or increments
// (the first one found), "" when it writes none.
func arithWrittenName(x syntax.ArithmExpr) string {
	name := ""
	shwalk.Walk(x, func(n syntax.Node) bool {
		var target syntax.ArithmExpr
		switch n := n.(type) {
		case *syntax.BinaryArithm:
			if isArithmAssign(n.Op) {
				target = n.X
			}
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				target = n.X
			}
		}
		if w, ok := target.(*syntax.Word); ok && name == "" {
			if v, lit := LitValue(w); lit && isName(v) {
				name = v
			}
		}
		return name == ""
	})
	return name
}

// cmdDefs returns the statements that set variable name without an
// assignment word (collectCmdWrite) which a use reads as the variable's
// value: none when the script writes it in some other way that is not
// followed (an increment, read from a file, mapfile, a loop over it, a
// library it sources), so such a variable keeps what it read before. A
// : "${X:=256}" counts only where nothing may have set X before it in its
// modes (an env key of the files, an assignment in shared code or in a
// mode it runs in, a function): elsewhere it sets nothing.
func (s *Script) cmdDefs(name string, env EnvKeys) []*Assign {
	cmds := s.cmdAssigns[name]
	if len(cmds) == 0 || s.cmdUnmodeled[name] || s.libAssigns[name] ||
		s.writtenBy(name, "mapfile", "readarray", "getopts", "unset") {
		return nil
	}
	for _, off := range s.exprWriteAt[name] {
		if !slices.ContainsFunc(cmds, func(a *Assign) bool { return a.writeAt == off }) {
			return nil // ((X++)), $(( X = 4 )) in a word, ${X:=…} in an argument
		}
	}
	var out []*Assign
	for _, a := range cmds {
		if a.IfUnset && !s.unsetBefore(a, env) {
			continue
		}
		out = append(out, a)
	}
	return out
}

// unsetBefore reports whether : "${X:=W}" (a) runs where nothing may have
// set X: it is in a mode's own code outside a function, X is no key of
// the env files, and every other write of X is later or in other modes
// only.
func (s *Script) unsetBefore(a *Assign, env EnvKeys) bool {
	if a.InFunc != "" || len(a.Modes) == 0 || env(a.Name) {
		return false
	}
	others := append(slices.Clone(s.Assigns[a.Name]), s.cmdAssigns[a.Name]...)
	for _, d := range others {
		if d == a || d.InFunc == "" && (d.Start > a.Start || len(d.Modes) > 0 && !anyMode(d.Modes, a.Modes)) {
			continue
		}
		return false
	}
	return true
}

// arithOrigins resolves the right side of arithmetic that set a variable
// (Assign.Arith): a number is a literal, a bare name or a parameter reads
// that variable, anything else is arithmetic on what it reads (a literal
// when it reads nothing). chain ends in a.
func (s *Script) arithOrigins(a *Assign, ms []*Mode, env EnvKeys, depth int, chain []*Assign) []Origin {
	x := a.Arith
	start, end := s.Off(x.Pos())+a.ArithOff, s.Off(x.End())+a.ArithOff
	if w, ok := x.(*syntax.Word); ok {
		if v, lit := LitValue(w); lit && isName(v) {
			out := s.varOrigins(v, start, end, a.Start, ms, env, depth+1, chain)
			for i := range out {
				if out[i].Start == start && out[i].End == end {
					out[i].Arith = true
				}
			}
			return out
		}
		if a.ArithOff == 0 && SingleParam(w) != nil {
			return s.originsOf(w, a.Start, ms, env, depth+1, chain) // (( X = $OWNER ))
		}
	}
	var refs []string
	pure := true
	shwalk.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Word:
			if v, lit := LitValue(n); lit && isName(v) {
				refs = append(refs, v)
			} else if !lit {
				pure = false
			}
			return false
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ParamExp:
			pure = false
		}
		return pure
	})
	if !pure {
		return []Origin{{Kind: OriginUnknown, Start: start, End: end, Chain: chain}}
	}
	if len(refs) == 0 {
		if v, ok := literalArithm(&syntax.ArithmExp{X: x}, nil); ok {
			return []Origin{{Kind: OriginLiteral, Value: v, Start: start, End: end, Chain: chain, Arith: true}}
		}
		return []Origin{{Kind: OriginUnknown, Start: start, End: end, Chain: chain}}
	}
	return []Origin{{Kind: OriginArith, Start: start, End: end, Chain: chain, Refs: refs, Sweep: s.sweptRef(refs, nil, a.Start), Arith: true}}
}

// FieldOrigin returns where the value of flag f comes from when it is a
// literal field of a double-quoted string of flags written in a mode's own
// code (bench) EXTRA="--max-num-seqs 256" ;; … vllm serve … $EXTRA): a
// literal through that assignment, in its modes. ok is false for any other
// value (a word of the command, a field that expands something, a string
// in shared code or in single quotes).
func (s *Script) FieldOrigin(f *Flag) (Origin, bool) {
	i := f.Arg
	if !f.Inline {
		i++
	}
	if f.Value != nil || f.Inv == nil || i < 0 || i >= len(f.Inv.Args) || f.ValStart < 0 {
		return Origin{}, false
	}
	aw := f.Inv.Args[i]
	a := aw.Assign
	if aw.Word != nil || a == nil || a.Value == nil || a.Array != nil || len(a.Modes) == 0 ||
		aw.Sketch == Unknown || aw.Start != f.ValStart || aw.End != f.ValEnd {
		return Origin{}, false
	}
	if s.Text(aw.Start, aw.End) != aw.Sketch {
		return Origin{}, false // written with quotes or escapes of its own
	}
	inDouble := false
	for _, p := range a.Value.Parts {
		if dq, ok := p.(*syntax.DblQuoted); ok && s.Off(dq.Pos()) < aw.Start && aw.End < s.Off(dq.End()) {
			inDouble = true
		}
	}
	if !inDouble {
		return Origin{}, false
	}
	return Origin{Kind: OriginLiteral, Value: aw.Sketch, Start: aw.Start, End: aw.End, Chain: []*Assign{a}, Modes: a.Modes, NoQuotes: true}, true
}
