package parser

import (
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// Option is how an option of the script names the mode: `--mode kl`
// (Flag "--mode"), `--mode=kl` (Joined), `-m kl` (getopts); or a switch
// per mode, `--kl) MODE=kl ;;` (Switches: the mode's name → its switch;
// a mode without one is the variable's default, picked by no option).
type Option struct {
	Flag     string
	Joined   bool
	Switches map[string]string
	// defaults are the values the variable takes with no switch
	// (MODE=serve): findModes drops the switches when a mode is neither.
	defaults map[string]bool
}

// Params are the positional parameters that pick mode with the option.
func (o *Option) Params(mode string) []string {
	if o.Switches != nil {
		if sw, ok := o.Switches[mode]; ok {
			return []string{sw}
		}
		return []string{}
	}
	if o.Joined {
		return []string{o.Flag + "=" + mode}
	}
	return []string{o.Flag, mode}
}

// optLoop is a loop that reads the script's options: `while [[ $# -gt 0 ]]`
// (its case reads $1 and shifts), `for arg in "$@"` or `for arg` (its case
// reads $arg), `while getopts "m:p:" opt` (its case reads $opt).
type optLoop struct {
	start, end int
	word       string // the variable its case reads: "1", the loop's variable, getopts's
	getopts    bool
	// optstring is getopts's first word when it is a literal ("ebs",
	// ":m:p:"), "" otherwise.
	optstring string
	fn        string // the function it sits in, "" at the top level
	// long is "--" for the case on $OPTARG inside a getopts loop whose
	// option string takes "-:" (getopts ":-:" o; case $o in -) case
	// $OPTARG in mode=*) MODE=${OPTARG#*=}): its patterns are the long
	// options without their dashes, as getopts leaves them in OPTARG.
	long string
}

// optAssign is an assignment of an option's value in an option loop:
// `--mode) MODE=$2; shift 2 ;;`, `--mode=*) MODE=${1#*=} ;;`, `m)
// MODE=$OPTARG ;;`.
type optAssign struct {
	name string
	off  int // Assign.Start
	opt  Option
	fn   string
	// value and sw, for a switch (`-k|--kl) MODE=kl ;;`): the literal
	// assigned and the switch that assigns it.
	value, sw string
}

// noteOptLoop records a while, until or for loop that may read the
// script's options (collect).
func (s *Script) noteOptLoop(n syntax.Node, fn string) {
	lp := optLoop{start: s.Off(n.Pos()), end: s.Off(n.End()), fn: fn}
	switch n := n.(type) {
	case *syntax.WhileClause:
		lp.word = "1"
		if len(n.Cond) == 1 {
			if c, ok := n.Cond[0].Cmd.(*syntax.CallExpr); ok && len(c.Args) == 3 {
				if name, _ := LitValue(c.Args[0]); name == "getopts" {
					v, ok := LitValue(c.Args[2])
					if !ok || !isName(v) {
						return
					}
					lp.word, lp.getopts = v, true
					lp.optstring, _ = LitValue(c.Args[1])
				}
			}
		}
	case *syntax.ForClause:
		wi, ok := n.Loop.(*syntax.WordIter)
		if !ok || wi.Name == nil {
			return
		}
		if wi.InPos.IsValid() {
			if len(wi.Items) != 1 {
				return
			}
			pe := SingleParam(wi.Items[0])
			if pe == nil || pe.Param == nil || pe.Param.Value != "@" || !plainParam(pe) {
				return
			}
		}
		lp.word = wi.Name.Value
	default:
		return
	}
	s.optLoops = append(s.optLoops, lp)
}

// findOptionAssigns finds the assignments of option values in the option
// loops' case clauses (findSelectors, before any selector is derived: the
// value of `--mode=*) MODE=${1#*=}` is no $1 mode).
func (s *Script) findOptionAssigns() {
	if len(s.optLoops) == 0 {
		return
	}
	for _, n := range s.modeNodes {
		var items []*syntax.CaseItem
		var word string
		switch n := n.(type) {
		case *syntax.CaseClause:
			pe := SingleParam(n.Word)
			if pe == nil || !plainParam(pe) {
				continue
			}
			items, word = n.Items, pe.Param.Value
		case *syntax.IfClause:
			// if [[ $1 == --mode ]]; then MODE=$2; shift 2; elif …: each
			// branch (an elif is an IfClause of its own) as the case
			// item it stands for.
			it, w, ok := ifOptionItem(n)
			if !ok {
				continue
			}
			items, word = []*syntax.CaseItem{it}, w
		default:
			continue
		}
		lp, ok := s.optLoopAt(s.Off(n.Pos()), word)
		if !ok && word == "OPTARG" {
			lp, ok = s.longOptLoopAt(s.Off(n.Pos()))
		}
		if !ok {
			continue
		}
		for _, it := range items {
			if optionArm(it, lp) {
				s.optArms = append(s.optArms, [2]int{s.Off(it.Pos()), s.Off(it.End())})
			}
			shifts := 0
			for _, st := range it.Stmts {
				if isShift1(st) {
					shifts++
					continue
				}
				c, ok := st.Cmd.(*syntax.CallExpr)
				if !ok || len(c.Args) > 0 {
					continue
				}
				for _, as := range c.Assigns {
					if as.Name == nil || as.Value == nil || as.Append || as.Index != nil || as.Array != nil {
						continue
					}
					if opt, ok := optionValue(as.Value, it.Patterns, lp, shifts); ok {
						s.optAssigns = append(s.optAssigns, optAssign{name: as.Name.Value, off: s.Off(as.Pos()), opt: opt, fn: lp.fn})
					} else if sw, ok := switchOf(it, lp); ok {
						if v, lit := LitValue(as.Value); lit && v != "" {
							s.optAssigns = append(s.optAssigns, optAssign{name: as.Name.Value, off: s.Off(as.Pos()), fn: lp.fn, value: v, sw: sw})
						}
					}
				}
			}
		}
	}
}

// ifOptionItem returns the branch of an if (or elif) whose condition only
// compares one parameter with words, `[[ $1 == --mode || $1 == -m ]]`,
// `[ "$1" = --mode ]`, as the case item `--mode|-m) …` it does the work
// of, and the parameter's name. A pattern of [ is no glob there: one with
// a glob character is refused.
func ifOptionItem(ic *syntax.IfClause) (*syntax.CaseItem, string, bool) {
	if len(ic.Cond) != 1 || ic.Cond[0].Negated || len(ic.Then) == 0 {
		return nil, "", false
	}
	var pats []*syntax.Word
	word := ""
	param := func(w *syntax.Word) bool {
		pe := SingleParam(w)
		if pe == nil || pe.Param == nil || !plainParam(pe) || word != "" && pe.Param.Value != word {
			return false
		}
		word = pe.Param.Value
		return true
	}
	var test func(e syntax.TestExpr) bool
	test = func(e syntax.TestExpr) bool {
		switch e := e.(type) {
		case *syntax.BinaryTest:
			switch e.Op {
			case syntax.OrTest:
				return test(e.X) && test(e.Y)
			case syntax.TsMatch, syntax.TsMatchShort:
				y, ok := e.Y.(*syntax.Word)
				if x, okx := e.X.(*syntax.Word); !ok || !okx || !param(x) {
					return false
				}
				pats = append(pats, y)
				return true
			}
		case *syntax.ParenTest:
			return test(e.X)
		}
		return false
	}
	// cond reads one test command, or tests joined by || (`[[ $o == k ]]
	// || [[ $o == K ]]`, `[ "$1" = -k ] || [ "$1" = --kl ]`): each names
	// patterns of the one arm.
	var cond func(c syntax.Command) bool
	cond = func(c syntax.Command) bool {
		switch c := c.(type) {
		case *syntax.TestClause:
			return test(c.X)
		case *syntax.BinaryCmd:
			return c.Op == syntax.OrStmt && !c.X.Negated && !c.Y.Negated && !c.X.Background && !c.Y.Background &&
				len(c.X.Redirs) == 0 && len(c.Y.Redirs) == 0 && cond(c.X.Cmd) && cond(c.Y.Cmd)
		case *syntax.CallExpr:
			// [ "$1" = --mode ] or test "$1" = --mode
			args, ok := ClassicTestArgs(c)
			if !ok || len(c.Assigns) > 0 || len(args) != 3 {
				return false
			}
			if op, _ := LitValue(args[1]); op != "=" && op != "==" || !param(args[0]) {
				return false
			}
			if v, ok := LitValue(args[2]); !ok || strings.ContainsAny(v, "*?[") {
				return false
			}
			pats = append(pats, args[2])
			return true
		}
		return false
	}
	if !cond(ic.Cond[0].Cmd) {
		return nil, "", false
	}
	return &syntax.CaseItem{Patterns: pats, Stmts: ic.Then, Last: ic.ThenLast}, word, true
}

// switchOf returns the switch a case item of a `while`/`for` option loop
// handles when each of its patterns is one literal option (`--kl)`,
// `-k|--kl)`): the longest spelling. An arm that takes the next word too
// (`--kl-ref) MODE=kl-ref; REF=$2; shift 2 ;;`) is no switch: the dry run
// would pass the switch alone. In a getopts loop: an arm of letters that
// getopts's literal option string lists with no ':' after them (`e)` or
// `e|E)` of "eEbs" or ":ebp:", not of "e:b"), the switch -e.
func switchOf(it *syntax.CaseItem, lp optLoop) (string, bool) {
	if lp.getopts {
		return getoptsSwitch(it, lp.optstring)
	}
	if len(it.Patterns) == 0 || takesValue(it) {
		return "", false
	}
	best := ""
	for _, p := range it.Patterns {
		v, ok := LitValue(p)
		if !ok || len(v) < 2 || v[0] != '-' || v == "--" || strings.ContainsAny(v, "=*?[") {
			return "", false
		}
		if len(v) > len(best) {
			best = v
		}
	}
	return best, true
}

// getoptsSwitch returns -x for a case item of a getopts loop whose
// patterns are letters (`e)`, `e|E)`) that optstring each lists with no
// ':' after it (none takes a value): x is the first, any of them picks
// the arm.
func getoptsSwitch(it *syntax.CaseItem, optstring string) (string, bool) {
	if len(it.Patterns) == 0 {
		return "", false
	}
	spec := strings.TrimPrefix(optstring, ":")
	if !isName("x" + strings.ReplaceAll(spec, ":", "")) {
		return "", false
	}
	first := ""
	for _, p := range it.Patterns {
		v, ok := LitValue(p)
		if !ok || len(v) != 1 || !isName("x"+v) {
			return "", false
		}
		i := strings.Index(spec, v)
		if i < 0 || strings.Count(spec, v) != 1 || i+1 < len(spec) && spec[i+1] == ':' {
			return "", false
		}
		if first == "" {
			first = v
		}
	}
	return "-" + first, true
}

// takesValue reports whether a case item of an option loop reads the word
// after the option: $2 (or a later one), `shift 2`, or $1 after a shift.
func takesValue(it *syntax.CaseItem) bool {
	shifted, takes := false, false
	for _, st := range it.Stmts {
		if isShift1(st) {
			shifted = true
			continue
		}
		shwalk.Walk(st, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.ParamExp:
				if x.Param != nil && len(x.Param.Value) == 1 && x.Param.Value[0] >= '1' && x.Param.Value[0] <= '9' &&
					(x.Param.Value != "1" || shifted) {
					takes = true
				}
			case *syntax.CallExpr:
				if len(x.Args) > 1 && x.Args[0].Lit() == "shift" && x.Args[1].Lit() != "1" {
					takes = true // shift 2
				}
			}
			return !takes
		})
		if takes {
			return true
		}
	}
	return false
}

// optionArm reports whether a case item of an option loop handles options
// only: every pattern is one (`-m|--mode)`, `--mode=*)`, `-*)`), or any
// pattern of a getopts loop.
func optionArm(it *syntax.CaseItem, lp optLoop) bool {
	if lp.getopts {
		return true
	}
	for _, p := range it.Patterns {
		if v := litPrefix(p); len(v) < 2 || v[0] != '-' || v == "--" {
			return false
		}
	}
	return len(it.Patterns) > 0
}

// inOptArm reports whether off lies in a case item of an option loop that
// handles options (optionArm): an assignment from $1 there is an option's
// value (`--mode=*) MODE=${1/--mode=/}`), never the mode as $1.
func (s *Script) inOptArm(off int) bool {
	for _, r := range s.optArms {
		if off >= r[0] && off < r[1] {
			return true
		}
	}
	return false
}

// isShift1 reports whether st shifts one argument off: `shift`, `shift 1`,
// also `shift || true` (or `|| :`, `|| break`, a check that the value was
// there).
func isShift1(st *syntax.Stmt) bool {
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.OrStmt {
		st = b.X
	}
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 || len(c.Assigns) > 0 {
		return false
	}
	name, _ := LitValue(c.Args[0])
	return name == "shift" && (len(c.Args) == 1 || len(c.Args) == 2 && c.Args[1].Lit() == "1")
}

// optLoopAt returns the innermost option loop holding off whose case
// reads word.
func (s *Script) optLoopAt(off int, word string) (optLoop, bool) {
	var best optLoop
	found := false
	for _, lp := range s.optLoops {
		if off >= lp.start && off < lp.end && lp.word == word && (!found || lp.start > best.start) {
			best, found = lp, true
		}
	}
	return best, found
}

// longOptLoopAt returns, for a case on $OPTARG at off, the innermost
// getopts loop around it whose option string takes "-:" (long options
// read as the option - with its argument: --mode=kl gives OPTARG
// mode=kl), as a loop whose word is OPTARG and whose options are long.
func (s *Script) longOptLoopAt(off int) (optLoop, bool) {
	var best optLoop
	found := false
	for _, lp := range s.optLoops {
		if lp.getopts && strings.Contains(lp.optstring, "-:") && off >= lp.start && off < lp.end && (!found || lp.start > best.start) {
			best, found = lp, true
		}
	}
	if !found {
		return optLoop{}, false
	}
	return optLoop{start: best.start, end: best.end, word: "OPTARG", fn: best.fn, long: "--"}, true
}

// valueExpExcl reports whether pe, an indirection (${!OPTIND}), reads the
// word as it is: no index, slice, length, replacement or expansion but a
// default (${!OPTIND-}, ${!OPTIND:?…}).
func valueExpExcl(pe *syntax.ParamExp) bool {
	if pe.Index != nil || pe.Slice != nil || pe.Length || pe.Repl != nil || pe.Names != 0 {
		return false
	}
	return pe.Exp == nil || valueExp(pe)
}

// optionValue reports whether value, assigned in a case item of an option
// loop with the patterns given after shifts plain shifts, is the value of
// the item's option, and which option: `--mode) MODE=$2` (or `shift;
// MODE=$1`), `--mode=*) MODE=${1#*=}`, getopts's `m) MODE=$OPTARG`.
func optionValue(value *syntax.Word, patterns []*syntax.Word, lp optLoop, shifts int) (Option, bool) {
	pe := SingleParam(value)
	if lp.long != "" && pe != nil && pe.Param != nil && pe.Param.Value == "OPTIND" && pe.Excl && valueExpExcl(pe) {
		// mode) MODE=${!OPTIND}; OPTIND=$((OPTIND + 1)): --mode kl, the
		// value the word after the option.
		for _, p := range patterns {
			if v, ok := LitValue(p); ok && optionFlag(lp.long+v) {
				return Option{Flag: lp.long + v}, true
			}
		}
		return Option{}, false
	}
	if pe == nil || pe.Param == nil || pe.Excl || pe.Length || pe.Index != nil || pe.Slice != nil {
		return Option{}, false
	}
	var opts []Option
	switch {
	case pe.Repl != nil:
		// --mode=*) MODE=${1/--mode=/} (or ${arg/--mode=})
		cut, ok := LitValue(pe.Repl.Orig)
		if pe.Param.Value != lp.word || !ok || pe.Repl.All || pe.Exp != nil || pe.Repl.With != nil && pe.Repl.With.Lit() != "" {
			return Option{}, false
		}
		for _, p := range patterns {
			v, ok := rawPattern(p)
			if !ok || !strings.HasSuffix(v, "=*") {
				continue
			}
			if flag := strings.TrimSuffix(v, "=*"); optionFlag(lp.long+flag) && (cut == flag+"=" || cut == "#"+flag+"=") {
				opts = append(opts, Option{Flag: lp.long + flag, Joined: true})
			}
		}
	case lp.getopts:
		if pe.Param.Value != "OPTARG" || !valueExp(pe) {
			return Option{}, false
		}
		for _, p := range patterns {
			if v, ok := LitValue(p); ok && len(v) == 1 && isName("x"+v) {
				opts = append(opts, Option{Flag: "-" + v})
			}
		}
	case pe.Exp != nil && (pe.Exp.Op == syntax.RemSmallPrefix || pe.Exp.Op == syntax.RemLargePrefix):
		// --mode=*) MODE=${1#*=} (or ${arg#--mode=})
		cut, ok := LitValue(pe.Exp.Word)
		if pe.Param.Value != lp.word || !ok {
			return Option{}, false
		}
		for _, p := range patterns {
			v, ok := rawPattern(p)
			if !ok || !strings.HasSuffix(v, "=*") {
				continue
			}
			flag := strings.TrimSuffix(v, "=*")
			if optionFlag(lp.long+flag) && (cut == "*=" || cut == flag+"=") {
				opts = append(opts, Option{Flag: lp.long + flag, Joined: true})
			}
		}
	case lp.word == "1" && shifts < 2 && pe.Param.Value == strconv.Itoa(2-shifts) && valueExp(pe):
		for _, p := range patterns {
			if v, ok := LitValue(p); ok && optionFlag(v) {
				opts = append(opts, Option{Flag: v})
			}
		}
	}
	if len(opts) == 0 {
		return Option{}, false
	}
	// The long spelling, as a user writes it: --mode over -m.
	sort.SliceStable(opts, func(i, j int) bool {
		return strings.HasPrefix(opts[i].Flag, "--") && !strings.HasPrefix(opts[j].Flag, "--")
	})
	return opts[0], true
}

// valueExp reports whether pe reads its parameter as it is, with a
// default or a check, or lower-cased: $2, "${2:-}", "${2:?missing value}",
// "${2,,}" (the dry run passes the mode's name as the script names it).
func valueExp(pe *syntax.ParamExp) bool {
	if pe.Exp == nil {
		return true
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull,
		syntax.LowerAll, syntax.LowerFirst:
		return true
	}
	return false
}

// rawPattern returns a case pattern's text when it is literal but for
// glob characters (`--mode=*`).
func rawPattern(p *syntax.Word) (string, bool) {
	if len(p.Parts) != 1 {
		return "", false
	}
	l, ok := p.Parts[0].(*syntax.Lit)
	if !ok || strings.Contains(l.Value, "\\") {
		return "", false
	}
	return l.Value, true
}

// optionFlag reports whether v is an option's name: -m, --mode,
// --serve-mode (no glob, no value).
func optionFlag(v string) bool {
	if len(v) < 2 || v[0] != '-' || v == "--" || hasGlob(v) || strings.ContainsAny(v, "= \t") {
		return false
	}
	name := strings.TrimLeft(v, "-")
	return name != "" && isName(strings.ReplaceAll(name, "-", "_")) || len(name) == 1 && name[0] >= '0' && name[0] <= '9'
}

// OptionAssign reports whether a is an assignment in an arm of the
// script's option loops (`--seqs) SEQS=$2; shift 2 ;;`): the caller's
// choice, not the script's.
func (s *Script) OptionAssign(a *Assign) bool {
	return s.isOptAssign(a) || s.inOptArm(a.Start)
}

// isOptAssign reports whether a is the assignment of an option's value.
func (s *Script) isOptAssign(a *Assign) bool {
	for _, o := range s.optAssigns {
		if o.off == a.Start && o.name == a.Name {
			return true
		}
	}
	return false
}

// optionSelector returns the variable an option of the script sets to the
// mode, and the option: `MODE=serve; while …; case $1 in --mode) MODE=$2;
// shift 2 ;; …; case "$MODE" in serve) …`. Like an environment selector,
// it counts only when a case on it names the proven mode, or an if/elif
// test compares it with that name (a --model or --dataset option picks a
// workload, not a mode); its other assignments may only give it a default
// at the top level (MODE=serve, MODE=${MODE:-serve}, [[ -z $MODE ]] &&
// MODE=serve after the loop); a loop in a function
// must get the script's arguments ("$@"). One such variable at most: two
// options that both pick a mode leave the script to its $1 modes, and so
// does a shift before the loop (a subcommand first: argsShiftedBefore).
func (s *Script) optionSelector(proven string, taken map[string]bool) (string, Option) {
	if len(s.optAssigns) == 0 {
		return "", Option{}
	}
	if proven == "" {
		proven = "serve"
	}
	byName := map[string][]optAssign{}
	for _, o := range s.optAssigns {
		byName[o.name] = append(byName[o.name], o)
	}
	var found []string
	opt := map[string]Option{}
	for name, os := range byName {
		if taken[name] || !isName(name) || shellOwnVar(name) || s.writtenBy(name, userInput...) {
			continue
		}
		ok := true
		for _, o := range os {
			if o.fn != "" && !s.forwardsArgs(o.fn) || s.argsShiftedBefore(o) {
				ok = false
			}
		}
		for _, a := range s.Assigns[name] {
			if s.isOptAssign(a) {
				continue
			}
			// In main "$@" (topFunc), its default is the top level's; a
			// local one too when main's own loop reads the options.
			if !s.topFunc(a.InFunc) || a.Local && !slices.ContainsFunc(os, func(o optAssign) bool { return o.fn == a.InFunc && a.InFunc != "" }) ||
				a.Guarded && !a.Conditional || a.Append || a.Array != nil || a.Value == nil {
				ok = false
				break
			}
			if _, lit := LitValue(a.Value); !lit && selfDefault(a.Value) != name {
				ok = false
				break
			}
		}
		// Switches or a value option whose variable is the proven mode's
		// name before any (MODE=serve; --bench) MODE=bench, --mode)
		// MODE=$2) pick the others; no test need name serve (if [ "$MODE"
		// = bench ]; then …; fi; exec …: switchDefaultMode).
		if !ok || !s.namesProven(name, proven) && !s.defaultsTo(name, os, proven) {
			continue
		}
		if os[0].sw != "" {
			// Switches, one per mode: each assigns its own literal, and
			// every mode the dispatch names is a switch's or the default.
			sws, ok := s.switches(name, os)
			if !ok {
				continue
			}
			found = append(found, name)
			opt[name] = Option{Switches: sws, defaults: s.switchDefaults(name)}
			continue
		}
		if slices.ContainsFunc(os, func(o optAssign) bool { return o.sw != "" }) {
			continue // a value option and switches for one variable
		}
		found = append(found, name)
		best := os[0].opt
		for _, o := range os[1:] {
			if !o.opt.Joined && best.Joined {
				best = o.opt // --mode kl over --mode=kl: the spelling every loop takes
			}
		}
		opt[name] = best
	}
	if len(found) != 1 {
		return "", Option{}
	}
	return found[0], opt[found[0]]
}

// switches maps each mode the switches of variable name assign to its
// switch (os: name's option assignments), when all are switches, no two
// assign one mode, and every name a case on the variable gives an arm is a
// switch's or a default the script assigns (MODE=serve,
// MODE=${MODE:-serve}): a mode no option reaches is not evaluated as
// another's.
func (s *Script) switches(name string, os []optAssign) (map[string]string, bool) {
	sws := map[string]string{}
	for _, o := range os {
		if o.sw == "" {
			return nil, false
		}
		if prev, dup := sws[o.value]; dup && prev != o.sw {
			return nil, false
		}
		sws[o.value] = o.sw
	}
	defaults := s.switchDefaults(name)
	for _, n := range s.modeNodes {
		cc, ok := n.(*syntax.CaseClause)
		if !ok {
			continue
		}
		pe := SingleParam(cc.Word)
		if pe == nil || pe.Param == nil || pe.Param.Value != name {
			continue
		}
		for _, it := range cc.Items {
			for _, p := range it.Patterns {
				v, ok := LitValue(p)
				if !ok || v == "*" {
					continue
				}
				if _, sw := sws[v]; !sw && !defaults[v] {
					return nil, false
				}
			}
		}
	}
	return sws, true
}

// switchDefaults are the values variable name takes with no switch: its
// literal assignments and self-defaults (MODE=serve, MODE=${MODE:-serve})
// outside the option loop's arms (an arm that is no switch, `--kl-ref)
// MODE=kl-ref; REF=$2; shift 2`, sets no default).
func (s *Script) switchDefaults(name string) map[string]bool {
	defaults := map[string]bool{}
	for _, a := range s.Assigns[name] {
		if s.isOptAssign(a) || s.inOptArm(a.Start) {
			continue
		}
		if v, ok := LitValue(a.Value); ok {
			defaults[v] = true
		} else if selfDefault(a.Value) == name {
			d, _ := LitValue(SingleParam(a.Value).Exp.Word)
			defaults[d] = true
		}
	}
	return defaults
}

// switchDefault is the assignment that gives a switches' variable its
// value when no switch is passed, and that literal.
type switchDefault struct {
	a   *Assign
	lit string
}

// defaultsTo reports whether name's switches or value option (os) leave it
// at the value proven when none is given: its sole default (soleDefault) is
// that (MODE=serve; --mode) MODE=$2 ;; … [[ $MODE == bench ]]).
func (s *Script) defaultsTo(name string, os []optAssign, proven string) bool {
	d := s.soleDefault(name, os)
	return d != nil && d.lit == proven
}

// soleDefault returns the default of the variable name the switches os
// assign (`MODE=serve; while …; --bench) MODE=bench ;;`) when it is the
// variable's only other assignment, a literal one run unconditionally
// before the option loop, at the top level (or in main "$@"): only then
// does the script, run with no switch, surely take that value. Not
// `[[ -n ${PROD:-} ]] && MODE=serve` (run on a test: the value with no
// switch is another), nor `MODE=serve` after the loop (which overrides
// every switch); nil then.
func (s *Script) soleDefault(name string, os []optAssign) *switchDefault {
	var d *switchDefault
	for _, a := range s.Assigns[name] {
		if s.isOptAssign(a) || s.inOptArm(a.Start) {
			continue
		}
		if d != nil || !s.topFunc(a.InFunc) || a.Guarded || a.Conditional || len(a.Modes) > 0 || a.Local ||
			a.Append || a.Array != nil || a.Value == nil || a.Prefix != nil {
			return nil
		}
		v, ok := LitValue(a.Value)
		if !ok {
			return nil
		}
		for _, o := range os {
			if !s.runsBefore(a, o) {
				return nil
			}
		}
		d = &switchDefault{a: a, lit: v}
	}
	return d
}

// runsBefore reports whether assignment a, at the top level or in main
// "$@", runs before the option loop holding o: earlier in the same body,
// or at the top level before the call of the loop's function.
func (s *Script) runsBefore(a *Assign, o optAssign) bool {
	start := -1
	for _, lp := range s.optLoops {
		if lp.start <= o.off && o.off < lp.end && lp.fn == o.fn {
			start = lp.start // the outermost: loops are recorded outer first
			break
		}
	}
	if start < 0 {
		return false
	}
	if a.InFunc == o.fn {
		return a.Start < start
	}
	if a.InFunc != "" || o.fn == "" {
		return false // in main, run after a top-level loop
	}
	for _, c := range s.calls {
		if name, ok := LitValue(c.Args[0]); ok && name == o.fn && s.Off(c.Pos()) < a.Start {
			return false
		}
	}
	return s.forwardsArgs(o.fn)
}

// argsShiftedBefore reports whether the script (or the function holding the
// loop, or a caller handing that function "$@") shifts its arguments before
// the option loop of o: `cmd=$1; shift` takes a subcommand first
// (./run.sh start --mode kl, also `start) shift; start "$@"` over a
// function that parses the options), and a dry run passing the option
// alone would not reach the subcommand's branch.
func (s *Script) argsShiftedBefore(o optAssign) bool {
	var loopStart int
	for _, lp := range s.optLoops {
		if lp.start <= o.off && o.off < lp.end && lp.fn == o.fn {
			loopStart = lp.start // the outermost: loops are recorded outer first
			break
		}
	}
	return s.shiftedBefore(loopStart, o.fn, map[string]bool{})
}

// shiftedBefore reports whether the arguments fn (the top level: "") gets
// are shifted or set before off in it, or before a call handing fn "$@".
func (s *Script) shiftedBefore(off int, fn string, seen map[string]bool) bool {
	for _, c := range s.calls {
		at := s.Off(c.Pos())
		if at >= off {
			continue
		}
		name, _ := LitValue(c.Args[0])
		if (name == "shift" || name == "set" && len(c.Args) > 1 && c.Args[1].Lit() == "--" && !s.getoptSet(c)) && s.funcAt(at) == fn {
			return true
		}
	}
	if fn == "" || seen[fn] {
		return false
	}
	seen[fn] = true
	for _, c := range s.calls {
		if name, ok := LitValue(c.Args[0]); !ok || name != fn || !forwardsAll(c) {
			continue
		}
		at := s.Off(c.Pos())
		if s.shiftedBefore(at, s.funcAt(at), seen) {
			return true
		}
	}
	return false
}

// selfDefault returns NAME when w is ${NAME:-literal} or ${NAME-literal}.
func selfDefault(w *syntax.Word) string {
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil || pe.Exp == nil || pe.Excl || pe.Length || pe.Index != nil ||
		pe.Exp.Op != syntax.DefaultUnset && pe.Exp.Op != syntax.DefaultUnsetOrNull {
		return ""
	}
	if _, ok := LitValue(pe.Exp.Word); !ok {
		return ""
	}
	return pe.Param.Value
}

// namesProven reports whether a case on variable name ("$MODE", or
// "${MODE:-serve}") has an arm naming the proven mode, an if/elif test
// compares it with that name, or a guard lists it among the values it lets
// through (guardNamesProven).
func (s *Script) namesProven(name, proven string) bool {
	for _, n := range s.modeNodes {
		cc, ok := n.(*syntax.CaseClause)
		if !ok {
			continue
		}
		pe := SingleParam(cc.Word)
		if pe == nil || pe.Param == nil || pe.Param.Value != name || !asIs(pe) && selfDefault(cc.Word) != name {
			continue
		}
		if armNames(cc, proven) {
			return true
		}
	}
	saved := s.Selectors
	defer func() { s.Selectors = saved }()
	s.Selectors = []string{name}
	return s.testsNamed(proven) || s.guardNamesProven(proven)
}

// guardNamesProven reports whether a guard on the selectors lets the
// proven mode through and stops the script for every other value: `[[
// $MODE == serve || $MODE == kl ]] || { echo "mode?"; exit 2; }` or `[[
// $MODE != serve && $MODE != kl ]] && exit 2`, its test comparing only the
// selector with literals. The values it allows are the modes (for arg in
// "$@"; do case $arg in --mode=*) MODE=${arg#*=}: the option's variable
// is then the selector). Not `[[ $MODE == serve ]] && exit 2`, which
// refuses the name, nor a guard in a function testing its own $1.
func (s *Script) guardNamesProven(proven string) bool {
	for _, n := range s.modeNodes {
		b, ok := n.(*syntax.BinaryCmd)
		if !ok || b.X == nil || b.Y == nil {
			continue
		}
		if b.Op == syntax.OrStmt && !s.onlySelectorTests(b.X.Cmd) {
			continue // [[ $MODE == serve || -n $FORCE ]] || exit 2 lets other values through
		}
		if slices.ContainsFunc(s.guardModes(b), func(c candidate) bool { return c.name == proven }) {
			return true
		}
	}
	return false
}

// forwardsArgs reports whether a call of function fn by name hands it the
// script's arguments: parse_args "$@".
func (s *Script) forwardsArgs(fn string) bool {
	for _, c := range s.calls {
		if name, ok := LitValue(c.Args[0]); !ok || name != fn {
			continue
		}
		if forwardsAll(c) {
			return true
		}
	}
	return false
}

// forwardsAll reports whether call c hands its function the arguments it
// has: parse_args "$@".
func forwardsAll(c *syntax.CallExpr) bool {
	for _, a := range c.Args[1:] {
		if pe := SingleParam(a); pe != nil && pe.Param != nil && (pe.Param.Value == "@" || pe.Param.Value == "*") && plainParam(pe) {
			return true
		}
	}
	return false
}

// getoptSet reports whether c is `set -- $(getopt OPTSTRING "$@")`, the
// compatible getopt(1) form without eval (or `set -- $OPTS` after
// OPTS=$(getopt … "$@"), OPTS's only assignment): the positional
// parameters become the script's own arguments normalised (-m eval --), as
// `eval set -- "$(getopt …)"` makes them; its loop still reads the options
// the caller passed, no subcommand was shifted off before it. Not
// `set -- "$(getopt …)"`: quoted, getopt's output is one word.
func (s *Script) getoptSet(c *syntax.CallExpr) bool {
	if len(c.Args) != 3 || c.Args[1].Lit() != "--" {
		return false
	}
	w := c.Args[2]
	if len(w.Parts) != 1 {
		return false
	}
	switch p := w.Parts[0].(type) {
	case *syntax.CmdSubst:
		return getoptOfArgs(p)
	case *syntax.ParamExp:
		if !plainParam(p) || p.Param == nil || !isName(p.Param.Value) {
			return false
		}
		as := s.Assigns[p.Param.Value]
		if len(as) != 1 || as[0].Value == nil || as[0].Append || as[0].Array != nil || s.writtenBy(p.Param.Value, varWriters...) {
			return false
		}
		cs := soleSubst(as[0].Value)
		return cs != nil && getoptOfArgs(cs)
	}
	return false
}

// getoptOfArgs reports whether cs runs getopt(1) alone on the script's
// arguments: $(getopt … "$@"), with "$@" its last word.
func getoptOfArgs(cs *syntax.CmdSubst) bool {
	if len(cs.Stmts) != 1 {
		return false
	}
	st := cs.Stmts[0]
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || len(c.Assigns) > 0 || len(c.Args) < 3 {
		return false
	}
	name, ok := LitValue(c.Args[0])
	if !ok || path.Base(name) != "getopt" {
		return false
	}
	return isForwardAll(c.Args[len(c.Args)-1])
}
