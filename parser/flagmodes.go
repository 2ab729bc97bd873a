package parser

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// A boolean environment flag picks a mode of its own: EVAL_ONLY=1
// serve.sh, with `if [[ ${EVAL_ONLY:-0} == 1 ]]; then args+=(…); fi`. The
// script run with every flag unset is the proven mode (flagOff); each flag
// set, one at a time, is a mode named VAR=value (Mode.Flag), evaluated with
// the variable set in the sandbox's environment.

// noteArithWord records an operand word of (( … )) or $(( … )) (Analyze's
// walk): a name there is read as a variable.
func (s *Script) noteArithWord(w *syntax.Word) { s.arithWords = append(s.arithWords, w) }

func walkArithm(x syntax.ArithmExpr, fn func(*syntax.Word)) {
	switch x := x.(type) {
	case *syntax.Word:
		fn(x)
	case *syntax.BinaryArithm:
		walkArithm(x.X, fn)
		walkArithm(x.Y, fn)
	case *syntax.UnaryArithm:
		walkArithm(x.X, fn)
	case *syntax.ParenArithm:
		walkArithm(x.X, fn)
	}
}

// FlagVar is the environment flag whose setting is the mode (EVAL_ONLY
// of EVAL_ONLY=1), "" for a mode of any other kind.
func (m *Mode) FlagVar() string { return m.flagVar }

// flagTest is one top-level test of a flag and the code it guards.
type flagTest struct {
	name, value string
	read        flagRead
	start, end  int   // the test
	then        Range // the code run with the flag set
	els         *Range
	// at: where the serve path runs the test, the call of the function
	// holding it (flagStmt) or the test itself.
	at int
	// prev: the flags the arms of an if/elif chain before this one test;
	// chain: those of all its arms, whose else is els (flagChain).
	prev, chain []string
	// offOnly: TEST || CMD (or a negated TEST && CMD), whose CMD runs
	// with the flag unset: els, and no code of the flag's own (then is
	// empty); it makes no mode, the flag's other tests do.
	offOnly bool
	// rest: TEST || exec ENGINE (the off path boots and ends the script),
	// whose flag's code is then the rest of the statement list after it
	// (restOf), not a branch of the test.
	rest bool
}

// truthy reports whether a literal a flag is compared with turns it on.
func truthy(v string) bool {
	switch strings.ToLower(v) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// traceFlag reports whether a flag's name says it is about logging or
// tracing (DEBUG=1 set -x, VERBOSE, DRY_RUN): never a mode of the engine.
func traceFlag(name string) bool {
	for _, w := range []string{"DEBUG", "VERBOSE", "TRACE", "QUIET", "SILENT", "DRY_RUN", "DRYRUN", "LOG"} {
		if strings.Contains(strings.ToUpper(name), w) {
			return true
		}
	}
	return name == "CI" || name == "X" || name == "V"
}

// envProbe reports whether a variable is one a batch scheduler, an MPI
// launcher, a CI runner or a session sets by itself ([[ -n $SLURM_JOB_ID ]],
// [[ $GITHUB_ACTIONS == true ]]): a test of it asks where the script runs,
// not which mode its caller picked.
func envProbe(name string) bool {
	for _, p := range []string{"SLURM_", "PBS_", "LSB_", "SGE_", "FLUX_", "OMPI_", "PMI_", "PMIX_", "GITHUB_", "GITLAB_", "CI_", "RUNNER_", "BUILDKITE", "JENKINS_", "TRAVIS", "CIRCLE", "KUBERNETES_", "SSH_"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	switch name {
	case "TMUX", "STY", "TF_BUILD", "TEAMCITY_VERSION", "SINGULARITY_NAME", "APPTAINER_NAME", "SINGULARITY_CONTAINER", "APPTAINER_CONTAINER":
		return true
	}
	return false
}

// flagVar returns the variable a word reads when it may be a flag: $V,
// "${V}", or ${V:-0} with a default that leaves it off (falsy); ${V:=0}
// too, which reads as ${V:-0} does (it also sets V to the default, the
// value a later read of V then sees: still off).
func flagVar(w *syntax.Word) string {
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil {
		return ""
	}
	if plainParam(pe) {
		return pe.Param.Value
	}
	if !defaultExp(pe) {
		return ""
	}
	if pe.Exp.Word == nil {
		return pe.Param.Value // ${V:-}
	}
	if d, ok := LitValue(pe.Exp.Word); ok && falsy(d) {
		return pe.Param.Value
	}
	return "" // ${NUM_GPUS:-8}: a number, not a switch
}

// defaultExp reports whether pe reads a variable with a default and does
// nothing else: ${V:-d}, ${V-d}, ${V:=d} or ${V=d} (no index, ${!V},
// ${#V}).
func defaultExp(pe *syntax.ParamExp) bool {
	if pe == nil || pe.Param == nil || pe.Exp == nil || pe.Index != nil || pe.Excl || pe.Length {
		return false
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
		return true
	}
	return false
}

// falsy reports whether a flag's default leaves it off: 0, false, no,
// off or empty. Any other default (${NUM_GPUS:-8} == 1) is a count or a
// name, whose value 1 is no switch turned on.
func falsy(v string) bool {
	switch strings.ToLower(v) {
	case "", "0", "false", "no", "off":
		return true
	}
	return false
}

// flagWord is the flag a test's word reads, and the default it reads it
// with: ${V:-0} (dflt "0", hasDflt, null), ${V-0} (not null), $V (none).
type flagWord struct {
	name          string
	dflt          string
	hasDflt, null bool
}

// flagWordOf returns the flag a word reads when it may be one (flagVar).
func flagWordOf(w *syntax.Word) (flagWord, bool) {
	n := flagVar(w)
	if n == "" {
		return flagWord{}, false
	}
	return paramFlagWord(SingleParam(w)), true
}

// paramFlagWord is the flagWord of pe, a read of a variable with a
// default or none (flagVar, onWordOf).
func paramFlagWord(pe *syntax.ParamExp) flagWord {
	fw := flagWord{name: pe.Param.Value}
	if pe.Exp != nil {
		fw.hasDflt, fw.null = true, pe.Exp.Op == syntax.DefaultUnsetOrNull || pe.Exp.Op == syntax.AssignUnsetOrNull
		fw.dflt, _ = LitValue(pe.Exp.Word)
	}
	return fw
}

// unset returns what the word reads when the caller leaves the flag
// unset, the script's own default (V=${V:-0}, assigned) applied first,
// and whether a default written in the script gives it (explicit).
func (fw flagWord) unset(assigned *string) (v string, explicit bool) {
	if assigned != nil {
		v, explicit = *assigned, true
	}
	if fw.hasDflt && (assigned == nil || fw.null && v == "") {
		return fw.dflt, true
	}
	return v, explicit
}

// flagNeed is what a flag's test needs the flag's unset value to be for
// the test to be off in the proven mode, the script run with none set.
type flagNeed int

const (
	needFalsy flagNeed = iota // [[ $V == 1 ]]: 0, false, no, off or empty
	needEmpty                 // [[ -n $V ]], [[ $V ]]: empty (${V:-0} is always set)
	needEqual                 // [[ ${V:-0} != 0 ]]: the value compared with
	needZero                  // [[ ${V:-0} -eq 1 ]], (( ${V:-0} == 1 )): a written default 0 (a count compared with 1 has none)
	needArith                 // (( V )), (( ${V:-0} )): 0 or empty
	// needOne: [[ $V == 1 ]] with no default in the test: off (falsy), and
	// a default written somewhere (V=${V:-0}, an env file's, another
	// test's ${V:-0}), for with none V may be a count compared with 1, as
	// in (( NNODES == 1 )).
	needOne
)

// flagRead is a test of a flag: the word it reads, the value turning it
// on, and what the unset value must be for it to be off (lit: needEqual's).
// neg: the test is the negation of the read ([[ -z $V ]], [[ $V != 1 ]],
// ! [[ … ]]): its else branch, or what follows its ||, is the flag's.
type flagRead struct {
	flagWord
	value string
	need  flagNeed
	lit   string
	neg   bool
}

// offWith reports whether the test is off with the flag unset, given the
// script's own default (assigned, nil for none) and a default of the flag
// written in another of its tests (written, [[ ${V:-0} == 1 ]] beside
// (( V == 1 )), nil for none).
func (r flagRead) offWith(assigned, written *string) bool {
	v, explicit := r.unset(assigned)
	switch r.need {
	case needFalsy:
		return falsy(v)
	case needEmpty:
		return v == ""
	case needEqual:
		return v == r.lit
	case needZero:
		return explicit && v == "0" || !explicit && v == "" && written != nil && *written == "0"
	case needArith:
		return v == "" || v == "0"
	case needOne:
		return falsy(v) && (explicit || written != nil)
	}
	return false
}

// on reports whether the test is on with the flag set to v: == compares
// strings ([[ $A == true ]] is off with A=1), a numeric test or an
// arithmetic one reads a number ((( A )) is off with A=true).
func (r flagRead) on(v string) bool {
	n, err := strconv.Atoi(v)
	switch r.need {
	case needFalsy, needOne:
		return v == r.value
	case needEmpty:
		return v != ""
	case needEqual:
		return v != r.lit
	case needZero:
		if r.lit == "0" {
			return err == nil && n != 0 // -ne 0, (( V != 0 ))
		}
		return err == nil && n == 1 // -eq 1, (( V == 1 ))
	case needArith:
		return err == nil && n != 0
	}
	return false
}

// flagWords pairs the words a flag is turned on and off with.
var flagWords = [][2]string{{"true", "false"}, {"yes", "no"}, {"on", "off"}}

// onOf returns the value that turns on a flag whose off value is v
// ([[ ${V:-false} != false ]]: true); 1 for any other.
func onOf(v string) string {
	for _, p := range flagWords {
		if strings.ToLower(v) == p[1] {
			return p[0]
		}
	}
	return "1"
}

// onWordOf returns the flag a word reads with a default that turns it on,
// ${V:-1}, ${V-true}, ${V:=yes}: read only against that same value
// (cmpFlag1), where it cannot be a count (${NUM_GPUS:-8} == 1).
func onWordOf(w *syntax.Word) (flagWord, bool) {
	pe := SingleParam(w)
	if !defaultExp(pe) || pe.Exp.Word == nil {
		return flagWord{}, false
	}
	fw := paramFlagWord(pe)
	return fw, truthy(fw.dflt) // a default not literal reads as "", not on
}

// offOf returns the value that turns off a flag whose on value is v
// (CUDA_GRAPHS=0 of [[ ${CUDA_GRAPHS:-1} == 1 ]]); 0 for any other.
func offOf(v string) string {
	for _, p := range flagWords {
		if strings.ToLower(v) == p[0] {
			return p[1]
		}
	}
	return "0"
}

// flagCondOf is flagCond read with the script's own default
// of a flag that defaults on: after USE_FP8=${USE_FP8:-1}, its only write,
// [[ $USE_FP8 == 1 ]] reads as [[ ${USE_FP8:-1} == 1 ]] does (a flag the
// run with it unset has on, whose mode is the run turning it off,
// USE_FP8=0), and [[ $USE_FP8 != 1 ]] as its negation.
func (s *Script) flagCondOf(cond []*syntax.Stmt) (flagRead, bool) {
	r, ok := flagCond(cond)
	if !ok || r.hasDflt || r.need != needOne && r.need != needFalsy {
		return r, ok
	}
	d, ok2 := s.onDefaultBefore(r.name, s.Off(cond[0].Pos()))
	if !ok2 || d != r.value {
		return r, ok
	}
	// [[ ${V:-d} == d ]] is read (cmpFlag1) as the negation of
	// [[ ${V:-d} != d ]], whose mode turns V off.
	return flagRead{flagWord: flagWord{name: r.name, dflt: d, hasDflt: true, null: true},
		value: offOf(d), need: needEqual, lit: d, neg: !r.neg}, true
}

// onDefaultBefore returns the default that turns flag name on when the
// script's only write of it is its own default with a colon
// (V=${V:-1}, V=${V:=true}; ownDefault), written before offset off: the
// value a read at off sees with the caller leaving V unset or empty.
func (s *Script) onDefaultBefore(name string, off int) (string, bool) {
	a, d, ok := s.ownDefault(name)
	if !ok || a.IfUnset || !truthy(d) || a.End > off {
		return "", false
	}
	pe := SingleParam(a.Value)
	if pe.Exp.Op != syntax.DefaultUnsetOrNull && pe.Exp.Op != syntax.AssignUnsetOrNull {
		return "", false // V=${V-1}: an empty V stays empty
	}
	return d, true
}

// flagCond returns the flag a condition tests and the value turning it
// on: [[ $V == 1 ]], [ "$V" = true ], [[ ${V:-0} -eq 1 ]], [[ ${V:-0} !=
// 0 ]], [[ -n $V ]], [[ $V ]], (( V )), (( ${V:-0} == 1 )). A negation of
// one, [[ -z $V ]], [[ $V != 1 ]], [[ ${V:-0} == 0 ]], -ne 1, -eq 0, [[ !
// … ]], [ ! … ], ! [[ … ]], (( ! V )), (( V != 1 )), (( V == 0 )), is read
// as it with neg set.
func flagCond(cond []*syntax.Stmt) (flagRead, bool) {
	if len(cond) != 1 || cond[0].Background || len(cond[0].Redirs) > 0 {
		return flagRead{}, false
	}
	var r flagRead
	ok := false
	switch c := cond[0].Cmd.(type) {
	case *syntax.TestClause:
		r, ok = testFlag(c.X)
	case *syntax.CallExpr:
		if len(c.Assigns) > 0 || len(c.Args) < 2 {
			return flagRead{}, false
		}
		cmd, _ := LitValue(c.Args[0])
		args := c.Args[1:]
		switch cmd {
		case "[":
			if last, _ := LitValue(args[len(args)-1]); last != "]" {
				return flagRead{}, false
			}
			args = args[:len(args)-1]
		case "test":
		default:
			return flagRead{}, false
		}
		r, ok = bracketFlag(args)
	case *syntax.ArithmCmd:
		r, ok = arithFlag(c.X)
	}
	if cond[0].Negated {
		r.neg = !r.neg
	}
	return r, ok
}

// negOp is the test operator that is the negation of another.
var negOp = map[string]string{"==": "!=", "!=": "==", "-eq": "-ne", "-ne": "-eq"}

// cmpFlag reads WORD OP LITERAL, either way round: op is "==" (string
// equal), "!=", "-eq" or "-ne"; or, negated, the negation of one.
func cmpFlag(op string, x, y *syntax.Word) (flagRead, bool) {
	for _, o := range []struct {
		op  string
		neg bool
	}{{op, false}, {negOp[op], true}} {
		for _, xy := range [][2]*syntax.Word{{x, y}, {y, x}} {
			if r, ok := cmpFlag1(o.op, xy[0], xy[1]); ok {
				r.neg = o.neg
				return r, true
			}
		}
	}
	return flagRead{}, false
}

func cmpFlag1(op string, x, y *syntax.Word) (flagRead, bool) {
	if fw, ok := onWordOf(x); ok && op == "!=" {
		// [[ ${CUDA_GRAPHS:-1} != 1 ]], or negated [[ ${CUDA_GRAPHS:-1}
		// == 1 ]] || …: a flag that defaults on, compared with its
		// default; the run that turns it off (CUDA_GRAPHS=0) is the mode.
		if v, ok := LitValue(y); ok && v == fw.dflt {
			return flagRead{flagWord: fw, value: offOf(v), need: needEqual, lit: v}, true
		}
	}
	fw, ok := flagWordOf(x)
	if !ok {
		return flagRead{}, false
	}
	v, ok := LitValue(y)
	if !ok {
		return flagRead{}, false
	}
	switch {
	case op == "==" && v == "1" && !fw.hasDflt:
		return flagRead{flagWord: fw, value: v, need: needOne}, true
	case op == "==" && truthy(v):
		return flagRead{flagWord: fw, value: v, need: needFalsy}, true
	case op == "-eq" && v == "1":
		return flagRead{flagWord: fw, value: v, need: needZero}, true
	case op == "!=" && falsy(v):
		return flagRead{flagWord: fw, value: onOf(v), need: needEqual, lit: v}, true
	case op == "-ne" && v == "0":
		return flagRead{flagWord: fw, value: "1", need: needZero, lit: "0"}, true
	}
	return flagRead{}, false
}

// setFlag reads a test that a word is set: -n WORD, or WORD alone.
func setFlag(w *syntax.Word) (flagRead, bool) {
	fw, ok := flagWordOf(w)
	return flagRead{flagWord: fw, value: "1", need: needEmpty}, ok
}

// testFlag reads the expression of a [[ … ]] test (flagCond).
func testFlag(x syntax.TestExpr) (flagRead, bool) {
	switch x := x.(type) {
	case *syntax.BinaryTest:
		xw, ok1 := x.X.(*syntax.Word)
		yw, ok2 := x.Y.(*syntax.Word)
		if !ok1 || !ok2 {
			return flagRead{}, false
		}
		switch x.Op {
		case syntax.TsMatch, syntax.TsMatchShort:
			return cmpFlag("==", xw, yw)
		case syntax.TsNoMatch:
			return cmpFlag("!=", xw, yw)
		case syntax.TsEql:
			return cmpFlag("-eq", xw, yw)
		case syntax.TsNeq:
			return cmpFlag("-ne", xw, yw)
		}
	case *syntax.UnaryTest:
		switch x.Op {
		case syntax.TsNot:
			r, ok := testFlag(x.X)
			r.neg = !r.neg
			return r, ok
		case syntax.TsNempStr, syntax.TsEmpStr:
			if w, ok := x.X.(*syntax.Word); ok {
				r, ok := setFlag(w)
				r.neg = x.Op == syntax.TsEmpStr
				return r, ok
			}
		}
	case *syntax.ParenTest:
		return testFlag(x.X)
	case *syntax.Word:
		return setFlag(x) // [[ $V ]]
	}
	return flagRead{}, false
}

// bracketFlag reads the operands of a [ … ] or test command (flagCond).
func bracketFlag(args []*syntax.Word) (flagRead, bool) {
	op := func(i int) string {
		v, _ := LitValue(args[i])
		return v
	}
	if len(args) >= 2 && op(0) == "!" && (len(args) != 3 || negOp[op(1)] == "" && op(1) != "=") {
		// [ ! "$V" = 1 ], [ ! -n "$V" ]; with three operands a binary
		// operator second is the test's, [ ! = x ].
		r, ok := bracketFlag(args[1:])
		r.neg = !r.neg
		return r, ok
	}
	switch len(args) {
	case 1:
		return setFlag(args[0]) // [ "$V" ]
	case 2:
		switch op(0) {
		case "-n":
			return setFlag(args[1])
		case "-z":
			r, ok := setFlag(args[1])
			r.neg = true
			return r, ok
		}
	case 3:
		switch o := op(1); o {
		case "=", "==":
			return cmpFlag("==", args[0], args[2])
		case "!=", "-eq", "-ne":
			return cmpFlag(o, args[0], args[2])
		}
	}
	return flagRead{}, false
}

// arithFlag reads an arithmetic test of a flag: (( V )), (( $V )), ((
// ${V:-0} )), and, with a written default 0 (needZero), (( V == 1 )) or
// (( V != 0 )); or, negated, (( ! V )), (( V != 1 )), (( V == 0 )).
func arithFlag(x syntax.ArithmExpr) (flagRead, bool) {
	word := func(x syntax.ArithmExpr) (flagWord, bool) {
		w, ok := x.(*syntax.Word)
		if !ok {
			return flagWord{}, false
		}
		if v, ok := LitValue(w); ok && isName(v) {
			return flagWord{name: v}, true
		}
		if pe := SingleParam(w); pe == nil || !plainParam(pe) && (pe.Exp == nil || pe.Exp.Word == nil) {
			return flagWord{}, false // ${V:-} is no number
		}
		return flagWordOf(w)
	}
	if p, ok := x.(*syntax.ParenArithm); ok {
		x = p.X
	}
	if u, ok := x.(*syntax.UnaryArithm); ok && u.Op == syntax.Not && !u.Post {
		r, ok := arithFlag(u.X)
		r.neg = !r.neg
		return r, ok
	}
	b, ok := x.(*syntax.BinaryArithm)
	if !ok {
		fw, ok := word(x)
		return flagRead{flagWord: fw, value: "1", need: needArith}, ok
	}
	for _, o := range []struct {
		op  syntax.BinAritOperator
		neg bool
	}{{b.Op, false}, {map[syntax.BinAritOperator]syntax.BinAritOperator{syntax.Eql: syntax.Neq, syntax.Neq: syntax.Eql}[b.Op], true}} {
		lit := map[syntax.BinAritOperator]string{syntax.Eql: "1", syntax.Neq: "0"}[o.op]
		if lit == "" {
			continue
		}
		for _, xy := range [][2]syntax.ArithmExpr{{b.X, b.Y}, {b.Y, b.X}} {
			fw, ok := word(xy[0])
			if !ok {
				continue
			}
			if w, isW := xy[1].(*syntax.Word); isW {
				if v, _ := LitValue(w); v == lit {
					return flagRead{flagWord: fw, value: "1", need: needZero, lit: lit, neg: o.neg}, true
				}
			}
		}
	}
	return flagRead{}, false
}

// flagStmt is a statement flags are read from, and where the serve path
// runs it: at is the offset of the call that runs a function's body (a
// statement of the top level or of the entry function), -1 for a
// statement of those themselves.
type flagStmt struct {
	st *syntax.Stmt
	at int
	// end is the end of the statement list st is one of when that list is
	// the top level's or an entry function's body (the rest of the script
	// runs after st there), -1 otherwise.
	end int
}

// flagStmts are the statements flags are read from: the top level's, and
// those of an entry function (main "$@"); inside those, the statements of
// a branch holding every launch of the engine (any boot runs it, whatever
// its condition), of a { …; } block, and of a function called there by
// name after its definition (build_args), once.
func (s *Script) flagStmts() []flagStmt {
	var out []flagStmt
	seen := map[string]bool{}
	var walk func(stmts []*syntax.Stmt, at, when int, top bool)
	walk = func(stmts []*syntax.Stmt, at, when int, top bool) {
		end := -1
		if top && len(stmts) > 0 {
			end = s.Off(stmts[len(stmts)-1].End())
		}
		for _, st := range stmts {
			out = append(out, flagStmt{st, at, end})
			if st.Negated || st.Background || len(st.Redirs) > 0 {
				continue
			}
			here := when
			if here < 0 {
				here = s.Off(st.Pos())
			}
			switch c := st.Cmd.(type) {
			case *syntax.IfClause:
				for cl := c; cl != nil; cl = cl.Else {
					if r, ok := s.flagCondOf(cl.Cond); ok && !r.neg && len(cl.Cond) > 0 {
						continue // the flag's own branch, or its else
					}
					if s.holdsLaunches(cl.Then) {
						walk(cl.Then, at, when, false)
					}
				}
			case *syntax.Block:
				walk(c.Stmts, at, when, false)
			case *syntax.CallExpr:
				if len(c.Args) == 0 {
					continue // A=1
				}
				name, ok := LitValue(c.Args[0])
				fd := s.Funcs[name]
				if !ok || fd == nil || len(c.Assigns) > 0 || seen[name] || s.entryCalls[name] > 0 || s.Off(fd.Pos()) >= here {
					continue
				}
				body, ok := fd.Body.Cmd.(*syntax.Block)
				if !ok || len(fd.Body.Redirs) > 0 {
					continue // f() ( … ): a subshell's assignments are lost
				}
				seen[name] = true
				callAt := at
				if callAt < 0 {
					callAt = s.Off(c.Pos())
				}
				walk(body.Stmts, callAt, here, false)
			}
		}
	}
	for _, fn := range slices.Sorted(maps.Keys(s.entryCalls)) {
		seen[fn] = true
	}
	walk(s.File.Stmts, -1, -1, true)
	for _, fn := range slices.Sorted(maps.Keys(s.entryCalls)) {
		if fd := s.Funcs[fn]; fd != nil {
			if b, ok := fd.Body.Cmd.(*syntax.Block); ok {
				walk(b.Stmts, -1, s.entryCalls[fn], true)
			}
		}
	}
	return out
}

// holdsLaunches reports whether statements hold every launch of an engine
// the script writes: a boot runs them.
func (s *Script) holdsLaunches(stmts []*syntax.Stmt) bool {
	if len(stmts) == 0 || len(s.Invocations) == 0 {
		return false
	}
	start, end := s.Off(stmts[0].Pos()), s.Off(stmts[len(stmts)-1].End())
	for _, inv := range s.Invocations {
		if inv.Start < start || inv.Start >= end {
			return false
		}
	}
	return true
}

// flagTests returns the top-level tests of flags: an if or elif, or TEST
// && CMD.
func (s *Script) flagTests() []flagTest {
	out, _ := s.flagTestsNested()
	return out
}

// flagTestsNested returns flagTests and the flags tested only in another
// flag's rest, whose tests it leaves out (their branches are that flag's
// code), sorted.
func (s *Script) flagTestsNested() ([]flagTest, []string) {
	var out []flagTest
	for _, fs := range s.flagStmts() {
		st := fs.st
		if st.Negated || st.Background {
			continue
		}
		n := len(out)
		switch c := st.Cmd.(type) {
		case *syntax.IfClause:
			chain := s.flagChain(c)
			if r, ok := s.flagCondOf(c.Cond); ok && len(chain) == 0 && r.neg && c.Else == nil && len(c.Then) > 0 {
				// if [[ ${LOW_MEM:-0} != 1 ]]; then exec vllm serve …; fi:
				// the then is the off path; with it booting and ending the
				// script, what follows is the flag's (restOf).
				if rest, ok := s.restOf(fs, c.Then); ok {
					off := Range{s.Off(c.Then[0].Pos()), s.Off(c.Then[len(c.Then)-1].End())}
					chain = []flagTest{{name: r.name, value: r.value, read: r, start: s.Off(c.Cond[0].Pos()), end: s.Off(c.Cond[0].End()),
						then: rest, els: &off, chain: []string{r.name}, rest: true}}
				}
			}
			out = append(out, chain...)
		case *syntax.BinaryCmd:
			// TEST && CMD, or a negated TEST || CMD ([[ -z ${V:-} ]] ||
			// args+=(…)): CMD runs with the flag set. Negated, a CMD
			// holding every launch makes the flag a requirement, no switch.
			r, ok := s.flagCondOf([]*syntax.Stmt{c.X})
			if !ok || c.Op != syntax.AndStmt && c.Op != syntax.OrStmt || r.neg && s.holdsLaunches([]*syntax.Stmt{c.Y}) {
				continue
			}
			if r.neg == (c.Op == syntax.AndStmt) {
				if s.holdsLaunches([]*syntax.Stmt{c.Y}) {
					continue
				}
				// [[ ${FAST:-0} == 1 ]] || args+=(…): CMD is the flag's
				// off path, the else of its other tests; the test is a
				// read of the flag (onlyTested), not data.
				off := Range{s.Off(c.X.End()), s.Off(c.Y.End())}
				ft := flagTest{name: r.name, value: r.value, read: r, start: s.Off(c.X.Pos()), end: s.Off(c.X.End()),
					then: Range{off.Start, off.Start}, els: &off, chain: []string{r.name}, offOnly: true}
				if rest, ok := s.restOf(fs, []*syntax.Stmt{c.Y}); ok {
					// [[ ${LOW_MEM:-0} == 1 ]] || exec vllm serve …; exec
					// vllm serve … --max-num-seqs 32: the off path boots and
					// ends the script, what follows runs with the flag set.
					ft.then, ft.offOnly, ft.rest = rest, false, true
				}
				out = append(out, ft)
				continue
			}
			out = append(out, flagTest{name: r.name, value: r.value, read: r, start: s.Off(c.X.Pos()), end: s.Off(c.X.End()),
				then: Range{s.Off(c.X.End()), s.Off(c.Y.End())}})
		}
		for i := n; i < len(out); i++ {
			out[i].at = cmp.Or(max(fs.at, 0), out[i].start)
		}
	}
	nested := map[string]bool{}
	for i, ft := range out {
		inRest := func(o flagTest) bool { return o.name != ft.name && ft.then.Start <= o.start && o.start < ft.then.End }
		if !ft.rest || !slices.ContainsFunc(out, inRest) {
			continue
		}
		// [[ ${LOW:-0} == 1 ]] || exec …; [[ ${FAST:-0} == 1 ]] && …:
		// FAST's test runs only with LOW set. When every test of FAST is
		// there and guards a branch (no off path that ends the script),
		// FAST picks no mode of its own: its branch is LOW=1's code, run
		// under a condition (FlagCondAt says which). Otherwise neither
		// reads as a mode of one flag.
		own := true
		for _, o := range out {
			if o.name != ft.name && slices.ContainsFunc(out, func(p flagTest) bool { return p.name == o.name && inRest(p) }) && (o.rest || !inRest(o)) {
				own = false
			}
		}
		if !own {
			out[i].then, out[i].offOnly, out[i].rest = Range{ft.then.Start, ft.then.Start}, true, false
			continue
		}
		for _, o := range out {
			if inRest(o) {
				nested[o.name] = true
			}
		}
	}
	if len(nested) > 0 {
		out = slices.DeleteFunc(out, func(o flagTest) bool { return nested[o.name] })
	}
	return out, slices.Sorted(maps.Keys(nested))
}

// nestedEmpty adds to mode m's flagEmpty the flags nested (tested only
// in another flag's rest: flagTestsNested) that the script reads with no
// default: the run with m's flag alone set leaves them off, empty, not
// unset (set -u would make them the caller's, read as a placeholder that
// turns them on).
func (s *Script) nestedEmpty(m *Mode, nested []string) {
	for _, n := range nested {
		if n != m.flagVar && s.readsBare(n) && !slices.Contains(m.flagEmpty, n) {
			m.flagEmpty = append(m.flagEmpty, n)
		}
	}
}

// restOf returns the code after statement fs.st, TEST || off (or if
// ! TEST; then off; fi), that runs only with the flag set because off
// boots an engine and ends the script (exec vllm serve …, or a launch then
// exit): the rest of the top level's (or an entry function's) statements,
// when an engine is launched there too.
func (s *Script) restOf(fs flagStmt, off []*syntax.Stmt) (Range, bool) {
	rest := Range{s.Off(fs.st.End()), fs.end}
	if fs.at >= 0 || rest.End <= rest.Start || !bootEnds(off) {
		return Range{}, false
	}
	in := func(r Range) bool {
		return slices.ContainsFunc(s.Invocations, func(inv *Invocation) bool { return r.Start <= inv.Start && inv.Start < r.End })
	}
	if !in(Range{s.Off(off[0].Pos()), s.Off(off[len(off)-1].End())}) || !in(rest) {
		return Range{}, false
	}
	return rest, true
}

// bootEnds reports whether statements end the script when they run: the
// last is exec of a command, an exit (not a return, which ends only a
// function), or a { …; } block whose last statement is one of those.
func bootEnds(stmts []*syntax.Stmt) bool {
	if len(stmts) == 0 {
		return false
	}
	last := stmts[len(stmts)-1]
	if last.Background || last.Negated {
		return false
	}
	if execs(last) {
		return true
	}
	if b, ok := last.Cmd.(*syntax.Block); ok {
		return bootEnds(b.Stmts)
	}
	return exits(last) && !returns(last)
}

// flagChain returns the tests of flags of an if/elif chain, from the
// first up to one that tests anything else: an arm after that one runs
// only when a condition no flag decides is off. Every arm before a flag's
// tests another flag (prev), off when this one alone is set. The final
// else runs with every flag the chain tests unset (chain): when all its
// arms test flags it is their else branch.
func (s *Script) flagChain(c *syntax.IfClause) []flagTest {
	var out []flagTest
	var names []string
	var els *syntax.IfClause
	all := true
	for cl := c; cl != nil; cl = cl.Else {
		if len(cl.Cond) == 0 {
			els = cl
			break
		}
		r, ok := s.flagCondOf(cl.Cond)
		if ok && r.neg {
			// if ! FLAG; then OFF; else ON; fi: the else is the flag's, the
			// then the else of a positive test; read alone, not in a chain
			// of more arms, nor when the flag's branch holds every launch
			// (the script run with it unset boots nothing: a requirement).
			if cl != c {
				all = false
				break
			}
			e := cl.Else
			if len(cl.Then) == 0 || e == nil || len(e.Cond) > 0 || len(e.Then) == 0 || s.holdsLaunches(e.Then) {
				return nil
			}
			on := Range{s.Off(e.Then[0].Pos()), s.Off(e.Then[len(e.Then)-1].End())}
			off := Range{s.Off(cl.Then[0].Pos()), s.Off(cl.Then[len(cl.Then)-1].End())}
			return []flagTest{{name: r.name, value: r.value, read: r, start: s.Off(cl.Cond[0].Pos()), end: s.Off(cl.Cond[0].End()),
				then: on, els: &off, chain: []string{r.name}}}
		}
		if !ok || len(cl.Then) == 0 || slices.Contains(names, r.name) {
			all = false
			break
		}
		out = append(out, flagTest{name: r.name, value: r.value, read: r, prev: slices.Clone(names),
			start: s.Off(cl.Cond[0].Pos()), end: s.Off(cl.Cond[0].End()),
			then: Range{s.Off(cl.ThenPos), s.Off(cl.Then[len(cl.Then)-1].End())}})
		names = append(names, r.name)
	}
	if all && els != nil && len(els.Then) > 0 {
		for i := range out {
			out[i].els = &Range{s.Off(els.Then[0].Pos()), s.Off(els.Then[len(els.Then)-1].End())}
			out[i].chain = names
		}
	}
	return out
}

// elseOf reports whether a flag test's else branch runs with flag name
// set: it does unless the chain tests name.
func (ft flagTest) elseOf(name string) bool {
	if ft.chain == nil {
		return name != ft.name
	}
	return !slices.Contains(ft.chain, name)
}

// flagOK reports whether variable name can be a flag: a name the shell,
// the sandbox or tracing do not own, that only the environment sets, or
// that the top level only defaults (V=${V:-0}; V=${V:-1}, read as
// flagCondOf does).
func (s *Script) flagOK(name string) bool {
	if !isName(name) || shellOwnVar(name) || traceFlag(name) || envProbe(name) || s.envSet[name] {
		return false
	}
	if s.fromEnvOnly(name) && len(s.cmdAssigns[name]) == 0 {
		return true
	}
	_, d, ok := s.ownDefault(name)
	if ok && truthy(d) {
		// V=${V:-1}: a flag that defaults on, when its tests read it as
		// ${V:-1} (flagCondOf); any other test of it is on in the run with
		// V unset, and offWith turns it down.
		_, ok = s.onDefaultBefore(name, s.Off(s.File.End()))
		return ok
	}
	return ok && falsy(d)
}

// ownDefault returns the script's only write of variable name when it
// just defaults it, at the top level, and the literal default: V=${V:-0}
// (V=${V-0}, V=${V:=0}, V=${V=0}, V=${V:-} with "") or : "${V:=0}" (:
// ${V=0}); ok is false for any other write or more than one, and for
// none.
func (s *Script) ownDefault(name string) (a *Assign, d string, ok bool) {
	as, cs := s.Assigns[name], s.cmdAssigns[name]
	if len(as)+len(cs) != 1 || s.Declared[name] || s.writtenBy(name, varWriters...) {
		return nil, "", false
	}
	if len(as) == 1 {
		a = as[0]
	} else if a = cs[0]; !a.IfUnset {
		return nil, "", false // (( V = 1 )), let V=1
	}
	if a.Value == nil || a.InFunc != "" || a.Append || a.Local || a.Conditional || a.Guarded || a.Array != nil {
		return nil, "", false
	}
	if a.IfUnset {
		d, ok = LitValue(a.Value) // : "${V:=0}": Value is the default
		return a, d, ok
	}
	pe := SingleParam(a.Value)
	if !defaultExp(pe) || pe.Param.Value != name {
		return nil, "", false
	}
	if pe.Exp.Word == nil {
		return a, "", true // V=${V:-}
	}
	d, ok = LitValue(pe.Exp.Word)
	return a, d, ok
}

// writtenDefault returns the off default a flag's tests write (${V:-0},
// one of 0 first), nil for none: a flag read bare beside it is one whose
// default is given (needOne, needZero).
func writtenDefault(reads []flagRead) *string {
	var d *string
	for _, r := range reads {
		if r.hasDflt && falsy(r.dflt) && (d == nil || r.dflt == "0") {
			d = &r.dflt
		}
	}
	return d
}

// flagDefault returns the default the script gives a flag it only
// defaults (V=${V:-0}, : "${V:=0}": "0", ownDefault), nil for a flag it
// never writes; for one it does not write, the default an env file its
// shell sources gives it (V=${V:-0} there, envDefaults), nil for none.
func (s *Script) flagDefault(name string) *string {
	if len(s.Assigns[name]) == 0 && len(s.cmdAssigns[name]) == 0 {
		if d, ok := s.envDefaults[name]; ok {
			return &d
		}
		return nil
	}
	if _, d, ok := s.ownDefault(name); ok {
		return &d
	}
	return nil
}

// flagOffWith reports whether every test of flag mode m's flag is off
// when an env file the script sources defaults it to d (FLAG=${FLAG:-d}):
// a default of 1 (or 0 beside [[ -n $FLAG ]]) turns it on in the proven
// mode, which is then no run with the flag unset.
func (s *Script) flagOffWith(m *Mode, d string) bool {
	if d == "" {
		if sd := s.flagDefault(m.flagVar); sd != nil {
			d = *sd // the script's own V=${V:-0} replaces an empty value
		}
	}
	for _, r := range m.flagReads {
		if !r.offWith(&d, writtenDefault(m.flagReads)) {
			return false
		}
	}
	return true
}

// onlyTested reports whether the script reads flag name only in its
// tests (and its own default, V=${V:-0}, : "${V:=0}"), or prints it to the
// terminal (echoLines: echo "fp8=$USE_FP8"): a variable whose value is used
// (${FAMILY^^}, --lora-modules "$LORA_PATH") holds data, not a switch.
func (s *Script) onlyTested(name string, tests []flagTest) bool {
	var ok []Range
	for _, ft := range tests {
		if ft.name == name {
			ok = append(ok, Range{ft.start, ft.end})
		}
	}
	for _, a := range s.Assigns[name] {
		if a.Value != nil {
			ok = append(ok, Range{s.Off(a.Value.Pos()), s.Off(a.Value.End())})
		}
	}
	if a, _, own := s.ownDefault(name); own && a.IfUnset {
		ok = append(ok, Range{a.Start, a.End}) // : "${V:=0}"
	}
	ok = append(ok, s.echoLines()...)
	in := func(off int) bool {
		return slices.ContainsFunc(ok, func(r Range) bool { return off >= r.Start && off < r.End })
	}
	for _, pe := range s.params {
		if pe.Param != nil && pe.Param.Value == name && !in(s.Off(pe.Pos())) {
			return false
		}
	}
	return !slices.ContainsFunc(s.arithWords, func(w *syntax.Word) bool {
		v, lit := LitValue(w)
		return lit && v == name && !in(s.Off(w.Pos()))
	})
}

// flagCandidates returns a mode for each flag (flagTests, flagOK), its
// code the branches its tests guard, the tests themselves, and the flags
// tested only in another flag's rest (flagTestsNested).
func (s *Script) flagCandidates() ([]candidate, []flagTest, []string) {
	tests, nested := s.flagTestsNested()
	var kept []flagTest
	bad := map[string]bool{}
	reads := map[string][]flagRead{}
	for _, ft := range tests {
		reads[ft.name] = append(reads[ft.name], ft.read)
	}
	for _, ft := range tests {
		if !s.flagOK(ft.name) || !s.onlyTested(ft.name, tests) || !ft.read.offWith(s.flagDefault(ft.name), writtenDefault(reads[ft.name])) {
			bad[ft.name] = true
		}
	}
	// One mode a flag, named by the first value its tests turn it on with
	// that turns every one of them on ([[ ${A:-0} != 0 ]], [[ $A == true
	// ]]: A=true). With none ([[ $A == 1 ]], [[ $A == true ]]) the flag is
	// no mode: it would hold a branch its run never takes.
	value := map[string]string{}
	for _, ft := range tests {
		if bad[ft.name] || value[ft.name] != "" {
			continue
		}
		for _, c := range tests {
			if c.name == ft.name && !slices.ContainsFunc(tests, func(o flagTest) bool { return o.name == ft.name && !o.read.on(c.value) }) {
				value[ft.name] = c.value
				break
			}
		}
		if value[ft.name] == "" {
			bad[ft.name] = true
		}
	}
	spreadBad(tests, bad)
	for _, ft := range tests {
		if !bad[ft.name] {
			kept = append(kept, ft)
		}
	}
	var out []candidate
	for i, ft := range kept {
		ft.value = value[ft.name]
		kept[i] = ft
		if ft.offOnly {
			continue
		}
		out = append(out, candidate{name: ft.name + "=" + ft.value, start: ft.start, end: ft.end, ranges: []Range{ft.then},
			byEnv: true, flagVar: ft.name, flagVal: ft.value, flagRead: ft.read, flagAt: ft.at})
	}
	return out, kept, nested
}

// spreadBad marks bad each flag tested in an elif after a bad one's test:
// that arm runs only when the bad flag's variable is set (DEBUG=1), so it
// is no flag's branch of its own.
func spreadBad(tests []flagTest, bad map[string]bool) {
	for changed := true; changed; {
		changed = false
		for _, ft := range tests {
			if !bad[ft.name] && slices.ContainsFunc(ft.prev, func(n string) bool { return bad[n] }) {
				bad[ft.name], changed = true, true
			}
		}
	}
}

// addFlagProven adds the proven mode of a script whose modes are flags:
// the script run with none set. Each flag's else branch runs in it and in
// the other flags' modes.
func (s *Script) addFlagProven(tests []flagTest, nested []string) {
	var flags []*Mode
	for _, m := range s.Modes {
		if m.flagVar != "" {
			flags = append(flags, m)
		}
	}
	if len(flags) == 0 {
		return
	}
	name := s.provenName
	if s.ModeNamed(name) != nil {
		name = "serve"
	}
	if s.ModeNamed(name) != nil {
		return
	}
	p := &Mode{Name: name, token: modeToken(name), flagOff: true}
	for _, ft := range tests {
		if ft.els == nil {
			continue
		}
		p.Ranges = append(p.Ranges, *ft.els)
		if !slices.ContainsFunc(flags, func(m *Mode) bool { return ft.elseOf(m.flagVar) }) {
			p.own = append(p.own, *ft.els)
		}
		for _, m := range flags {
			if ft.elseOf(m.flagVar) {
				m.Ranges = append(m.Ranges, *ft.els)
			}
		}
	}
	for _, m := range flags {
		if s.readsBare(m.flagVar) && !slices.Contains(p.flagEmpty, m.flagVar) {
			p.flagEmpty = append(p.flagEmpty, m.flagVar)
		}
	}
	// Each flag's mode sets that flag alone: the others are off there as in
	// the proven mode, empty, not unset (A=1 with [ "$B" = 1 ] under set -u
	// runs as A=1 B= serve.sh, not into "B: unbound variable").
	for _, m := range flags {
		for _, n := range p.flagEmpty {
			if n != m.flagVar {
				m.flagEmpty = append(m.flagEmpty, n)
			}
		}
		s.nestedEmpty(m, nested)
	}
	s.Modes = append(s.Modes, p)
}

// readsBare reports whether the script reads variable name with no
// default ($DP_ATTENTION, (( V ))): under set -u the caller must set it,
// so the proven mode is run with it empty, not unset.
func (s *Script) readsBare(name string) bool {
	for _, pe := range s.params {
		if pe.Param != nil && pe.Param.Value == name && (pe.Exp == nil || pe.Exp.Op != syntax.DefaultUnset &&
			pe.Exp.Op != syntax.DefaultUnsetOrNull && pe.Exp.Op != syntax.AssignUnset && pe.Exp.Op != syntax.AssignUnsetOrNull) {
			return true
		}
	}
	return slices.ContainsFunc(s.arithWords, func(w *syntax.Word) bool {
		v, ok := LitValue(w)
		return ok && v == name
	})
}

// FlagsEmpty are the flags the dry run sets to the empty string for mode
// m of a script whose modes are flags (readsBare): the flags it reads with
// no default, all of them for the proven mode, the others than its own for
// a flag's mode.
func (s *Script) FlagsEmpty(m *Mode) []string { return m.flagEmpty }

// addFlagBeside adds, to a script that also picks its modes by $1 or an
// environment selector (case "${1:-serve}" in serve) ;; bench) …), a mode
// for each boolean environment flag beside the dispatch: the proven mode's
// run with the flag set, named `serve with FAST=1` and evaluated as
// `FAST=1 serve.sh serve`. The flag is read as flagCandidates reads one
// (an off default, set by no env file, read nowhere but in its tests, not
// tracing); its tests are top-level code the proven mode runs (not in any
// mode's branch, not after one of the proven mode's that ends the
// script), whose branch reaches the engine (hits: reachOffsets). A flag's
// else branch is every other mode's code. Flags combined with the other
// modes (bench with FAST=1) are not evaluated.
func (s *Script) addFlagBeside(hits []int) {
	p := s.ModeNamed(s.provenName)
	if p == nil || p.flagVar != "" || p.Self != "" || p.Func != "" || p.Pattern != "" {
		return
	}
	if _, ok := s.byIndex(p); ok {
		return
	}
	if _, ok := s.byMenu(p); ok {
		return
	}
	cands, tests, nested := s.flagCandidates()
	bad := map[string]bool{}
	for _, c := range cands {
		if len(s.modesAtRaw(c.start)) > 0 || len(s.modesAtRaw(c.flagAt)) > 0 || p.exitAt > 0 && p.exitAt <= c.flagAt || slices.Contains(s.EnvSelectors, c.flagVar) ||
			strings.EqualFold(c.flagVar, s.provenName) {
			bad[c.flagVar] = true
		}
	}
	// moved: the proven mode's own branches inside a flag's rest, which
	// run only with the flag set (restOf); rest: that rest.
	moved, rest := map[string][]Range{}, map[string]Range{}
	for _, ft := range tests {
		if ft.rest && slices.ContainsFunc(s.Modes, func(m *Mode) bool {
			return slices.ContainsFunc(m.Ranges, func(r Range) bool { return r.Start < ft.then.End && ft.then.Start < r.End })
		}) {
			// [[ ${LOW:-0} == 1 ]] || exec …; case $1 in serve) exec vllm
			// … --max-num-seqs 32 ;; …: serve reaches its branch only with
			// LOW=1 (serve.sh serve boots the off path), so that branch is
			// serve with LOW=1's code, not serve's. With no branch of the
			// proven mode's there (or one the rest does not hold whole),
			// the rest holds other modes' code, no code of the flag's own.
			if own, ok := restOwn(p, ft.then); ok && moved[ft.name] == nil {
				moved[ft.name], rest[ft.name] = own, ft.then
				continue
			}
			bad[ft.name] = true
		}
	}
	spreadBad(tests, bad)
	byVar := map[string]*Mode{}
	var added []*Mode
	for _, c := range cands {
		if bad[c.flagVar] {
			continue
		}
		m := byVar[c.flagVar]
		if m == nil {
			name := p.Name + " with " + c.name
			if s.ModeNamed(name) != nil {
				continue
			}
			m = &Mode{Name: name, Start: c.start, End: c.end, token: modeToken(name), byEnv: true,
				flagVar: c.flagVar, flagVal: c.flagVal, flagOn: p.Name}
			byVar[c.flagVar] = m
			added = append(added, m)
		}
		ranges := c.ranges
		if r, ok := rest[c.flagVar]; ok && slices.Equal(ranges, []Range{r}) {
			ranges = moved[c.flagVar]
		}
		m.Ranges = append(m.Ranges, ranges...)
		m.own = append(m.own, ranges...)
		m.flagReads = append(m.flagReads, c.flagRead)
	}
	on := map[string]bool{}
	for _, m := range added {
		if anyIn(hits, m.own) { // its branch reaches an engine
			on[m.flagVar] = true
			s.nestedEmpty(m, nested)
			s.Modes = append(s.Modes, m)
		}
	}
	for name, own := range moved {
		if !on[name] {
			continue
		}
		gone := func(r Range) bool { return slices.Contains(own, r) }
		p.Ranges = slices.DeleteFunc(p.Ranges, gone)
		p.own = slices.DeleteFunc(p.own, gone)
	}
	for _, ft := range tests {
		if ft.els == nil || !on[ft.name] {
			continue
		}
		for _, o := range s.Modes {
			if ft.elseOf(o.flagVar) {
				o.Ranges = append(o.Ranges, *ft.els)
			}
		}
	}
}

// restOwn returns the proven mode p's own branches inside rest, the code
// after a flag's off path that ends the script: each of p's ranges there
// is a branch of its own (no function body other modes may call) and lies
// in rest whole; ok is false when none does.
func restOwn(p *Mode, rest Range) ([]Range, bool) {
	var out []Range
	for _, r := range p.Ranges {
		if r.End <= rest.Start || rest.End <= r.Start {
			continue
		}
		if r.Start < rest.Start || rest.End < r.End || !slices.Contains(p.own, r) {
			return nil, false
		}
		out = append(out, r)
	}
	return out, len(out) > 0
}

// flagBase returns the proven mode a flag set beside a mode dispatch is
// run as (serve of serve with FAST=1), nil for any other mode.
func (s *Script) flagBase(m *Mode) *Mode {
	if m.flagOn == "" {
		return nil
	}
	return s.ModeNamed(m.flagOn)
}

// EvalWord is the mode name the dry run evaluates mode m as: the proven
// mode's for a flag set beside a mode dispatch (serve of serve with
// FAST=1, whose flag is set in the environment), else m's own.
func (m *Mode) EvalWord() string { return cmp.Or(m.flagOn, m.Name) }

// FlagValue is the value that turns the mode's flag on (1 of FAST=1),
// "" for a mode of any other kind.
func (m *Mode) FlagValue() string { return m.flagVal }

// FlagOn is the proven mode's name a flag set beside a mode dispatch is
// run as (serve of serve with FAST=1), "" for any other mode.
func (m *Mode) FlagOn() string { return m.flagOn }

// echoLines returns the spans of the script's echo and printf commands
// that only print their words to the terminal (or discard them): no
// printf -v, no redirection to a file, not a stage of a pipeline nor in a
// substitution (X=$(echo "$V")), no substitution of their own. What they
// read reaches no command's argv or environment.
func (s *Script) echoLines() []Range {
	s.echoSpansOne.Do(func() { s.echoSpans = s.findEchoLines() })
	return s.echoSpans
}

func (s *Script) findEchoLines() []Range {
	var out []Range
	if s.File != nil {
		shwalk.Walk(s.File, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst, *syntax.ProcSubst:
				return false
			case *syntax.BinaryCmd:
				return n.Op == syntax.AndStmt || n.Op == syntax.OrStmt
			case *syntax.Stmt:
				c, ok := n.Cmd.(*syntax.CallExpr)
				if !ok || n.Background || n.Coprocess || len(c.Assigns) > 0 || len(c.Args) == 0 || !inertWords(c) {
					return true
				}
				for _, r := range n.Redirs {
					if !terminalRedir(r) {
						return true
					}
				}
				switch name, _ := LitValue(c.Args[0]); name {
				case "echo":
				case "printf":
					if len(c.Args) < 2 {
						return true
					}
					if v, lit := LitValue(c.Args[1]); !lit || strings.HasPrefix(v, "-v") {
						return true // printf -v VAR, or a format not known
					}
				default:
					return true
				}
				out = append(out, Range{s.Off(n.Pos()), s.Off(n.End())})
				return false
			}
			return true
		})
	}
	return out
}
