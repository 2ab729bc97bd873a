package dryrun

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// Prepared is what Eval learns from a script's syntax tree that does not
// depend on the mode, computed once per tree instead of once per mode
// (pprof of a 2,000-line script: three whole-tree walks per mode were half
// of the dry-run tier).
type Prepared struct {
	funcs []string
	// refused are the functions a call of which stops the run
	// (refusedFuncs: a nameref, a global over a local).
	refused map[string]refusal
	// refCopies is true when a function reads a whole array through its
	// own nameref: Eval runs a copy in which the read is of a copy of the
	// target (rewriteRefReads), and refused does not count it.
	refCopies bool
	// risky is false when the tree holds nothing findForbidden looks for,
	// so the per-mode walk of the reachable code can be skipped.
	risky bool
	// outSubst is true when the tree holds an output process substitution
	// (>(…), as in `exec > >(tee -a log) 2>&1`): Eval runs a copy in which
	// each one is the discarding sink /dev/null (rewrite).
	outSubst bool
	// inSubst is true when the tree holds an input process substitution
	// (<(…)): Eval runs a copy in which `source <(CMD)` and `. <(CMD)`, an
	// env-file loader (source <(grep -v '^#' .env)), are `eval "$(CMD)"`
	// (rewrite). Every other one stays, and is refused.
	inSubst bool
	// printsKnown is set when prints was read from the script's model
	// (PrepareScript): caseIfs need not walk the tree for it again
	// (printsFuncs: 1% of the CPU on 1,600 repos).
	printsKnown, prints bool
	// declF is true when the tree holds `declare -F` or `typeset -F`,
	// which interp lacks: Eval runs a copy in which each asks the sandbox
	// (rewrite).
	declF bool
	// background is false when no statement of the tree runs in the
	// background (cmd &, coproc): Eval then has no jobs to join after
	// the script ends, and skips the run that waits for them.
	background bool
	// jobs holds the offsets of the background statements that may reach
	// an engine invocation (engineJobs): Eval runs a copy in which each
	// is waited for where it starts (jobs.go).
	jobs map[int]bool
	// selects holds the offsets of the select menus that pick a mode,
	// each with its variable (parser.Script.SelectMenus): the rewrite
	// runs them as loops over the word picked (rewriteSelects).
	selects map[int]string
	// menus is true when the script holds a select clause: Eval runs a
	// copy in which one that picks no mode first notes that the dry run
	// types nothing (rewriteOtherSelects).
	menus bool
	// posix is true for a script parsed as POSIX sh: Eval runs a copy in
	// which `export X=…`, `readonly X=…` and `local X=…` (commands in sh) are bash's
	// declaration clauses (rewrite), the only form interp runs (`export
	// X=4` in sh was "export: unsupported builtin", and X kept its old
	// value). The rest stays POSIX: $'…' and [[ are not bash's there.
	posix bool
	// andTails is true for a script under set -e with a branch ending in
	// an && or || list: Eval runs a copy in which each is an if
	// (andtail.go), as bash reads it.
	andTails bool
	// fdRedirs is true when the script redirects a descriptor past 2:
	// Eval runs a copy without them (fdredir.go).
	fdRedirs bool
	// readDelim is true when the script may run `read -d`: Eval runs a
	// copy in which `read -r -d '' NAME <<EOF` reads the whole input
	// (readdelim.go).
	readDelim bool
	// readArray is true when the script runs read -a, mapfile or
	// readarray: Eval runs a copy in which an empty read leaves an empty
	// array, not interp's nil one (readarray.go).
	readArray bool
	// globals is true when a function declares a global (declare -g X):
	// Eval runs a copy in which that statement stops the run when a local
	// X is in scope, the function's or a caller's (rewriteGlobalOverLocal).
	globals bool
	// pipes is true when the tree holds a pipeline: Eval runs a copy in
	// which the last command of each runs in a subshell, as in bash
	// without lastpipe (lastpipe.go).
	pipes bool // also set by a top-level shopt -s lastpipe (dropShoptLastPipe)
	// typesets is true when a function holds a typeset: interp runs it
	// as a global assignment, bash as declare (local without -g), so Eval
	// runs a copy in which each typeset is declare (rewrite).
	typesets bool
	// coprocs is true when the tree holds a coproc, which interp lacks
	// ("unhandled command node"): Eval runs a copy in which each is a
	// background job (rewriteCoprocs).
	coprocs bool
	// submitDir is true when the tree reads a scheduler's submit directory
	// (parser.SubmitDirVar): Eval gives it the working directory the run
	// starts in, unless the environment has it.
	submitDir bool
	// elemSets is true when the tree holds [[ -v NAME[KEY] ]]: Eval runs
	// a copy in which each is [[ -n ${NAME[KEY]+x} ]] (elemset.go).
	elemSets bool
	// assocKeys is true when a declare -A's compound assignment, or a
	// read of an element of an array declared -A, has a key that parses
	// as arithmetic ([kl-ref]=…, ${LEN[kl-ref]}): Eval runs a copy in
	// which each is the word of its text (assockeys.go).
	assocKeys bool

	// altOnce guards alt: the script holds an alternate value ${X:+…}
	// (altSelf), asked of its source once, not per mode (pprof: the
	// regexp over a 2,000-line script was a fifth of the language
	// server's dry-run tier).
	altOnce sync.Once
	alt     bool

	// countOnce guards count: the script holds ${#NAME[@]} (counts.go),
	// asked of its source once.
	countOnce sync.Once
	count     bool

	// attrOnce guards attr: the script may declare a value attribute
	// (declare -i, local -l, typeset -u: attrdecl.go), asked of its source
	// once.
	attrOnce sync.Once
	attr     bool

	// negOnce guards neg: the script may hold a negated statement
	// (negated.go), asked of its source once.
	negOnce sync.Once
	neg     bool

	// exemptOnce guards exempt and exemptFrom: exemptFrom, the first tree
	// exemptIn was asked of, turns errexit on and runs a subshell where it
	// is off (if ( … ); then, f | g in a condition: negated.go).
	exemptOnce sync.Once
	exempt     bool
	exemptFrom *syntax.File

	// arithOnce guards arith: the script may read a variable
	// arithmetically under set -u (arithnounset.go), asked of its source
	// once.
	arithOnce sync.Once
	arith     bool

	// letOnce guards let: the script may hold a let with a quoted argument
	// (letquoted.go), asked of its source once.
	letOnce sync.Once
	let     bool

	// statusOnce guards status: the script reads PIPESTATUS
	// (pipestatus.go), asked of its source once.
	statusOnce sync.Once
	status     bool

	// textOnce guards the words funcStack, jobZero and prefixNames look
	// for in the script's source, asked of it once, not per mode:
	// stackText (FUNCNAME, BASH_LINENO), zeroText ($0, ${0), prefixText
	// (${!), pidText ($$, ${$, PPID: mayReadPids).
	textOnce                                 sync.Once
	stackText, zeroText, prefixText, pidText bool
	longOptText                              bool // getopts and -: (longOpts)
	stdinText                                bool // /dev/stdin (stdinSource)

	// subLocalFields guard subLocal: a function declares a local in a
	// subshell of its own (sublocals.go), asked of the tree once.
	subLocalFields

	// substErrexitState guards subst: the script holds a command
	// substitution whose errexit bash clears (substerrexit.go).
	substErrexitState

	once      sync.Once
	rewritten *syntax.File
	rewrites  []string

	hostOnce sync.Once
	host     *syntax.File

	// caseMu guards caseFrom and caseTo: caseTo is casesAsIfs(caseFrom),
	// the tree Eval runs, made once per script for all its modes.
	caseMu           sync.Mutex
	caseFrom, caseTo *syntax.File
}

// caseIfs returns casesAsIfs(f), made once for the tree the script's
// evaluations run (the shared one, or rewrite's copy).
func (p *Prepared) caseIfs(f *syntax.File) *syntax.File {
	p.caseMu.Lock()
	defer p.caseMu.Unlock()
	if p.caseFrom != f {
		prints := p.prints // the model's walk saw every declaration (a rewrite adds none)
		if !p.printsKnown {
			prints = printsFuncs(f)
		}
		p.caseFrom, p.caseTo = f, casesAsIfsPrinting(f, prints)
	}
	return p.caseTo
}

// rewrite returns a copy of the script (parsed again from src, so the shared
// tree is never changed) in which every output process substitution is
// /dev/null: what the script writes there is discarded anyway, and the
// commands inside (tee, logger) would never run in the sandbox. `source
// <(CMD)` and `. <(CMD)` are `eval "$(CMD)"`: the shell runs what CMD
// prints either way, and a command substitution needs no FIFO. Other input
// process substitutions (<(…)) stay, and are refused. nil when src does not
// parse as it did.
func (p *Prepared) rewrite(src []byte, name string, callers []string) (*syntax.File, []string) {
	p.once.Do(func() { p.rewritten, p.rewrites = rewritten(src, name, callers, p) })
	return p.rewritten, p.rewrites
}

// hostTree is the rewritten copy of the script (parsed again, whether or
// not Eval needs rewrite's changes: they are how bash reads it) in which
// every file test's operand is marked (markHostTests), built once; nil
// when the script does not parse as it did.
func (p *Prepared) hostTree(src []byte, name string, callers []string) *syntax.File {
	p.hostOnce.Do(func() {
		// Marked even when the script itself holds no file test: a
		// library it sources may (Files.sourcedHostText).
		if f, _ := rewritten(src, name, callers, p); f != nil {
			markHostTests(f)
			p.host = f
		}
	})
	return p.host
}

// rewritten parses src again and makes rewrite's changes to the tree.
//
// Each rewrite walks the tree: with prep (the script's Prepared) it is
// made only where prep says the script holds what it changes (pprof on
// 1,600 repos: the rewrites were 7% of the CPU, most of them walks that
// changed nothing in a script rewritten for its caller's variables
// alone); a nil prep makes every rewrite (a child script's tree).
func rewritten(src []byte, name string, callers []string, prep *Prepared) (_ *syntax.File, rewrites []string) {
	all := prep == nil
	if all {
		prep = &Prepared{}
	}
	want := func(has bool) bool { return all || has }
	body := bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	body = bytes.ReplaceAll(body, []byte("\r\n"), []byte(" \n"))
	variant, _ := parser.ShebangVariant(src)
	if parser.CheckDepth(body) != nil {
		return nil, nil
	}
	parsed := parser.BashComments(body)
	f, err := parser.ParseShell(bytes.NewReader(parsed), name, false, variant)
	if err != nil {
		return nil, nil
	}
	nounset := func(*syntax.ParamExp) bool { return false }
	if len(callers) > 0 {
		nounset = parser.NounsetReads(f)
	}
	if want(prep.substErrexit(src, f)) {
		rewriteSubstErrexit(f, variant) // first: only the script's own substitutions
	}
	if want(prep.counts(src)) {
		rewriteCounts(f) // before rewriteReadArrays, whose own ${#NAME[@]} stay
	}
	if want(prep.andTails) {
		rewriteAndTails(f)
	}
	if want(prep.fdRedirs) {
		rewriteFdRedirs(f)
	}
	if want(prep.readDelim) {
		rewriteReadDelims(f)
	}
	if want(prep.readArray) {
		rewriteReadArrays(f)
	}
	if want(prep.pipes) {
		rewriteLastPipes(f)
	}
	if want(prep.pipeStatusRead(src)) {
		rewritePipeStatus(f) // after: a stage's report runs in the stage
	}
	rewriteEngineJobs(f, prep.jobs) // after the pipelines: ( X & ) stays a job
	rewriteSelects(f, prep.selects)
	if want(prep.menus) {
		rewriteOtherSelects(f, name)
	}
	if want(prep.globals) {
		rewriteGlobalOverLocal(f, name)
	}
	if want(prep.refCopies) {
		rewriteRefReads(f)
	}
	if want(prep.elemSets) {
		rewriteElementSetTests(f)
	}
	if want(prep.assocKeys) {
		rewriteAssocKeys(f, parsed)
	}
	if want(prep.attrDecls(src)) {
		rewrites = append(rewrites, rewriteAttrDecls(f)...)
	}
	if want(prep.coprocs) {
		rewrites = append(rewrites, rewriteCoprocs(f)...)
	}
	if want(prep.jobZero(src)) {
		zeroForJobs(f)
	}
	if want(prep.funcStack(src)) {
		rewriteFuncStack(f)
	}
	if want(prep.prefixNames(src)) {
		prefixNamesSet(f)
	}
	if want(prep.longOpts(src)) {
		rewriteLongGetopts(f)
	}
	if want(prep.hostPids(src)) {
		fakePids(f)
	}
	if want(prep.inSubst) {
		rewrites = append(rewrites, rewriteInSubstRedirs(f)...)
	}
	if want(prep.quotedLets(src)) {
		rewriteQuotedLets(f)
	}
	if want(prep.negations(src)) {
		rewriteNegations(f) // after the pipelines: a rewritten one stays negated
	}
	if want(prep.exemptIn(f)) {
		rewriteExemptSubshells(f) // after the negations: their ifs' conditions are exempt
	}
	alts := 0
	shwalk.Walk(f, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			hoistAlternates(st, &alts)
			lazyDefaults(st)
			if d, ok := st.Cmd.(*syntax.DeclClause); ok && d.Variant != nil && d.Variant.Value == "typeset" {
				// bash's typeset is declare: in a function, local
				// unless -g. interp runs it as a global assignment.
				d.Variant.Value = "declare"
			}
			if d, ok := st.Cmd.(*syntax.DeclClause); ok && parser.IsDeclareF(d) {
				// declare -F NAME…: the sandbox answers from the
				// functions the script and its sourced files declare.
				args := []*syntax.Word{litWord(internalCmd), litWord(opDeclF)}
				for _, a := range d.Args {
					switch {
					case !a.Naked:
					case a.Value != nil && !parser.IsOptionWord(a.Value):
						args = append(args, a.Value)
					case a.Value == nil && a.Name != nil:
						args = append(args, litWord(a.Name.Value)) // declare -F mode_serve
					}
				}
				st.Cmd = &syntax.CallExpr{Args: args}
				rewrites = append(rewrites, fmt.Sprintf("line %d: %s -F answered from the declared functions", d.Pos().Line(), d.Variant.Value))
			}
			if ce, ok := st.Cmd.(*syntax.CallExpr); ok && variant == syntax.LangPOSIX {
				if d := parser.PosixDecl(ce); d != nil {
					st.Cmd = d // export X=… as interp runs it (Prepared.posix)
					return true
				}
			}
			if ce, ok := st.Cmd.(*syntax.CallExpr); ok {
				if ps := sourcedSubst(ce); ps != nil {
					cs := &syntax.CmdSubst{Left: ps.OpPos, Right: ps.Rparen, Stmts: ps.Stmts, Last: ps.Last}
					q := &syntax.DblQuoted{Left: ps.OpPos, Right: ps.Rparen, Parts: []syntax.WordPart{cs}}
					ce.Args = []*syntax.Word{litWord("eval"), {Parts: []syntax.WordPart{q}}}
					rewrites = append(rewrites, fmt.Sprintf("line %d: source <(…) read as eval \"$(…)\"", ps.OpPos.Line()))
				} else if w := sourcedStdin(st); w != nil {
					ce.Args = []*syntax.Word{litWord("eval"), w}
					st.Redirs = nil
					rewrites = append(rewrites, fmt.Sprintf("line %d: source /dev/stdin <<< \"…\" read as eval \"…\"", st.Pos().Line()))
				} else if rd := sourcedStdinHdoc(st); rd != nil {
					pos := st.Pos()
					cat := &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWordAt("cat", pos)}}, Redirs: []*syntax.Redirect{rd}}
					q := &syntax.DblQuoted{Left: pos, Right: pos, Parts: []syntax.WordPart{&syntax.CmdSubst{Left: pos, Right: pos, Stmts: []*syntax.Stmt{cat}}}}
					ce.Args = []*syntax.Word{litWord("eval"), {Parts: []syntax.WordPart{q}}}
					st.Redirs = nil
					rewrites = append(rewrites, fmt.Sprintf("line %d: source /dev/stdin <<EOF read as eval \"$(cat <<EOF)\"", st.Pos().Line()))
				}
			}
			return true
		}
		if note := callerArithmNote(n, callers); note != "" {
			rewrites = append(rewrites, note)
			return true
		}
		if pe, ok := n.(*syntax.ParamExp); ok {
			lazySelf(pe)
			callerGuard(pe, callers)
			if parser.PlainRead(pe) && nounset(pe) {
				callerRead(pe, callers)
			}
			return true
		}
		if dq, ok := n.(*syntax.DblQuoted); ok {
			callerArithm(dq.Parts, callers)
			return true
		}
		w, ok := n.(*syntax.Word)
		if !ok {
			return true
		}
		callerArithm(w.Parts, callers)
		for i, part := range w.Parts {
			if ps, ok := part.(*syntax.ProcSubst); ok && ps.Op == syntax.CmdOut {
				w.Parts[i] = &syntax.Lit{ValuePos: ps.OpPos, ValueEnd: ps.End(), Value: "/dev/null"}
				rewrites = append(rewrites, fmt.Sprintf("line %d: >(…) sent to a sink", ps.OpPos.Line()))
			}
		}
		return true
	})
	if want(prep.arithNounset(src)) {
		rewriteArithNounset(f, callers) // after callerArithm: a caller's reads are its placeholder
	}
	if want(bytes.Contains(src, []byte("local"))) {
		rewriteSubshellLocals(f) // last: the ( … ) rewriteLastPipes and others put around a stage count
	}
	return f, rewrites
}

// altSelf reports whether src holds an alternate value (altSelfRE), once
// per Prepared.
func (p *Prepared) altSelf(src []byte) bool {
	p.altOnce.Do(func() { p.alt = altSelfRE.Match(src) || lazyDefaultRE.Match(src) })
	return p.alt
}

// altSelfRE matches the head of an alternate-value expansion, ${X:+…} or
// ${X+…}: Eval runs the rewritten copy (lazySelf) when the script holds one.
var altSelfRE = regexp.MustCompile(`\$\{[A-Za-z_][A-Za-z0-9_]*(\[[^]}]*\])?:?\+`)

// lazyDefaultRE matches the head of a default or assigned value that reads
// a parameter, ${X:-$Y}, ${1-"${Y}"}, ${X:=$Y}: Eval runs the rewritten
// copy (lazyDefaults) when the script holds one.
var lazyDefaultRE = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9])(\[[^]}]*\])?:?[-=][^}]*\$`)

// lazyDefaults makes each default or assigned value of st's command (an
// argument, an assignment, a declaration, a redirection; not a nested
// command's), ${X:-W}, ${X-W}, ${X:=W} or ${X=W}, whose W is literal text,
// quotes and reads of parameters, plain (${Y}) or guarded (${Y:?msg}),
// read them as ${Y-}, and puts before the command the reads themselves,
// run only when bash expands W: { [[ -n ${X:+x} ]] || : "$Y"; CMD; }.
// interp expands W before testing X: under set -u, "${MODEL:-$DEFAULT}"
// with MODEL set and DEFAULT unset stopped the dry run ("DEFAULT: unbound
// variable") where bash reads MODEL and never DEFAULT. With X unset both
// stop, as in bash; whenever bash expands W, ${Y-} is Y's value. A
// command that reads $? (which the check would reset) or assigns one of
// the names read (X=1 Z=${A:-$X}: the check would run before it) stays.
// An alternate value, ${X:+W} or ${X+W}, is made lazy the same way with
// the check reversed (lazyCheck): "${ENABLE:+$EXTRA}" with both unset
// stopped the dry run where bash expands nothing. An unquoted one that is
// the whole argument is hoistAlternates' before this runs.
func lazyDefaults(st *syntax.Stmt) {
	var pre []*syntax.Stmt
	for _, it := range lazyPlan(st) {
		tpl, err := syntax.NewParser().Parse(strings.NewReader(lazyCheck(it.pe.Exp.Op, "V")+"\n"), "")
		if err != nil || len(tpl.Stmts) != 1 {
			return
		}
		bin := tpl.Stmts[0].Cmd.(*syntax.BinaryCmd)
		test := bin.X.Cmd.(*syntax.TestClause).X.(*syntax.UnaryTest).X.(*syntax.Word).Parts[0].(*syntax.ParamExp)
		test.Param, test.Index = it.pe.Param, it.pe.Index
		colon := bin.Y.Cmd.(*syntax.CallExpr)
		for _, in := range it.reads {
			// The read itself moves to the check; W reads ${Y-}.
			orig := *in
			colon.Args = append(colon.Args, &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{&orig}}}})
			*in = syntax.ParamExp{Dollar: orig.Dollar, Rbrace: orig.Rbrace, Param: orig.Param, Exp: &syntax.Expansion{Op: syntax.DefaultUnset}}
		}
		pre = append(pre, tpl.Stmts[0])
	}
	if len(pre) == 0 {
		return
	}
	st.Cmd = &syntax.Block{Lbrace: st.Cmd.Pos(), Rbrace: st.Cmd.End(), Stmts: append(pre, &syntax.Stmt{Position: st.Cmd.Pos(), Cmd: st.Cmd})}
}

// lazyItem is a default, assigned or alternate value of a command whose
// word's reads (reads) lazyDefaults moves to a check before it.
type lazyItem struct {
	pe    *syntax.ParamExp
	reads []*syntax.ParamExp
}

// lazyPlan returns the values of st's command that lazyDefaults makes
// lazy, none when the command is not a simple command or declaration or
// reads $? or $_.
func lazyPlan(st *syntax.Stmt) []lazyItem {
	switch st.Cmd.(type) {
	case *syntax.CallExpr, *syntax.DeclClause:
	default:
		return nil
	}
	var outer []*syntax.ParamExp
	status := false
	assigned := map[string]bool{}
	visit := func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Stmt, *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			return false
		case *syntax.Assign:
			if x.Name != nil {
				assigned[x.Name.Value] = true
			}
		case *syntax.ParamExp:
			if x.Param != nil && (x.Param.Value == "?" || x.Param.Value == "_") {
				status = true
			}
			if x.Exp != nil && x.Exp.Word != nil {
				if x.Param != nil && !x.Excl && !x.Length && !x.Width && x.Slice == nil && x.Repl == nil && x.Names == 0 &&
					(x.Exp.Op == syntax.DefaultUnset || x.Exp.Op == syntax.DefaultUnsetOrNull ||
						x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull ||
						x.Exp.Op == syntax.AlternateUnset || x.Exp.Op == syntax.AlternateUnsetOrNull) {
					outer = append(outer, x)
				}
				return false // a nested default's word is expanded with its own
			}
		}
		return true
	}
	shwalk.Walk(st.Cmd, visit)
	for _, r := range st.Redirs {
		shwalk.Walk(r, visit)
	}
	if status {
		return nil
	}
	var items []lazyItem
	for _, pe := range outer {
		reads, ok := defaultReads(pe.Exp.Word.Parts)
		if pe.Exp.Op == syntax.AlternateUnset || pe.Exp.Op == syntax.AlternateUnsetOrNull {
			// An alternate's own reads, ${X:+--f "$X"}, are lazySelf's.
			reads = slices.DeleteFunc(reads, func(in *syntax.ParamExp) bool { return in.Param.Value == pe.Param.Value && in.Exp == nil })
		}
		if !ok || len(reads) == 0 {
			continue
		}
		clash := false
		for _, in := range reads {
			clash = clash || assigned[in.Param.Value]
		}
		if !clash {
			items = append(items, lazyItem{pe, reads})
		}
	}
	return items
}

// lazyCheck returns the check that stops where bash expands the word of
// ${name OP W} (a default, an assignment or an alternate) and no earlier:
// `[[ -n ${name:+x} ]] || :` for ${name:-W}, whose W bash expands when
// name is unset or null; `[[ -z ${name:+x} ]] || :` for ${name:+W}, whose
// W bash expands when name is set and not null. The reads of W follow.
func lazyCheck(op syntax.ParExpOperator, name string) string {
	test, colon := "-n", ":"
	switch op {
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
		test = "-z"
	}
	switch op {
	case syntax.DefaultUnset, syntax.AssignUnset, syntax.AlternateUnset:
		colon = ""
	}
	return "[[ " + test + " ${" + name + colon + "+x} ]] || :"
}

// defaultReads returns the parameter reads of a default's word (parts),
// false when it holds anything else than literal text, quotes, and reads
// of a name or positional parameter, plain ($Y, ${Y}) or guarded
// (${Y:?msg}, ${Y?msg} with a literal message): a command substitution
// would run twice, and other expansions may fail in other ways.
func defaultReads(parts []syntax.WordPart) (reads []*syntax.ParamExp, ok bool) {
	for _, part := range parts {
		switch x := part.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			in, good := defaultReads(x.Parts)
			if !good {
				return nil, false
			}
			reads = append(reads, in...)
		case *syntax.ParamExp:
			if x.Param == nil || x.Excl || x.Length || x.Width || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Names != 0 || x.NestedParam != nil {
				return nil, false
			}
			if v := x.Param.Value; !syntax.ValidName(v) && (len(v) != 1 || v[0] < '1' || v[0] > '9') {
				return nil, false
			}
			if x.Exp != nil {
				if x.Exp.Op != syntax.ErrorUnset && x.Exp.Op != syntax.ErrorUnsetOrNull {
					return nil, false
				}
				if x.Exp.Word != nil {
					if _, lit := parser.LitValue(x.Exp.Word); !lit {
						return nil, false
					}
				}
			}
			reads = append(reads, x)
		default:
			return nil, false
		}
	}
	return reads, true
}

// hoistAlternates makes each word of st's command (an argument, or an
// element of an array assigned, `args+=(…)`, `local a=(…)`) that is one
// unquoted alternate value whose text is not all literal, ${X:+--f "$X"}
// or ${extra[@]+"${extra[@]}"}, an array read, "${__servelint_altN[@]}",
// assigned just before the command from the alternate's text only when X
// is set (and not null, for :+): { if [[ -n ${X:+x} ]]; then
// __servelint_altN=(--f "$X"); else __servelint_altN=(); fi; CMD; }.
// interp expands the alternate's text before testing X, as one string it
// then splits: the quoted "$X" of a chat template's path with a space
// was two arguments, and the set -u idiom for an array that may be unset,
// ${extra[@]+"${extra[@]}"}, stopped the dry run ("extra: unbound
// variable") where bash expands nothing. An array element is expanded as
// bash expands the alternate's text (quoted parts kept, the rest split),
// and only when bash would expand it. n numbers the arrays of a tree.
func hoistAlternates(st *syntax.Stmt, n *int) {
	var words []*syntax.Word
	elems := func(as []*syntax.Assign) {
		for _, a := range as {
			if a.Array == nil {
				continue
			}
			for _, e := range a.Array.Elems {
				if e.Value != nil && e.Index == nil {
					words = append(words, e.Value)
				}
			}
		}
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		elems(x.Assigns)
		words = append(words, x.Args...)
	case *syntax.DeclClause:
		elems(x.Args)
	default:
		return
	}
	var pre []*syntax.Stmt
	for _, w := range words {
		if len(w.Parts) != 1 {
			continue
		}
		pe, ok := w.Parts[0].(*syntax.ParamExp)
		if !ok || pe.Param == nil || pe.Exp == nil || pe.Exp.Word == nil || pe.Excl || pe.Length || pe.Width ||
			pe.Slice != nil || pe.Repl != nil || pe.Names != 0 || pe.NestedParam != nil ||
			pe.Exp.Op != syntax.AlternateUnset && pe.Exp.Op != syntax.AlternateUnsetOrNull {
			continue
		}
		if _, lit := parser.LitValue(pe.Exp.Word); lit {
			continue // ${DEBUG:+--enforce-eager}: interp reads it as bash does
		}
		name := fmt.Sprintf("__servelint_alt%d", *n)
		*n++
		tpl, err := syntax.NewParser().Parse(strings.NewReader(
			"if [[ -n ${V+x} ]]; then "+name+"=(W); else "+name+"=(); fi\n\""+"${"+name+"[@]}\""), "")
		if err != nil || len(tpl.Stmts) != 2 {
			continue
		}
		ifc := tpl.Stmts[0].Cmd.(*syntax.IfClause)
		test := ifc.Cond[0].Cmd.(*syntax.TestClause).X.(*syntax.UnaryTest).X.(*syntax.Word).Parts[0].(*syntax.ParamExp)
		test.Param, test.Index, test.Exp.Op = pe.Param, pe.Index, pe.Exp.Op
		arr := ifc.Then[0].Cmd.(*syntax.CallExpr).Assigns[0].Array
		arr.Elems = arr.Elems[:0]
		for _, fw := range blankFields(pe.Exp.Word) {
			arr.Elems = append(arr.Elems, &syntax.ArrayElem{Value: fw})
		}
		pre = append(pre, tpl.Stmts[0])
		w.Parts = tpl.Stmts[1].Cmd.(*syntax.CallExpr).Args[0].Parts
	}
	if len(pre) == 0 {
		return
	}
	st.Cmd = &syntax.Block{Lbrace: st.Cmd.Pos(), Rbrace: st.Cmd.End(), Stmts: append(pre, &syntax.Stmt{Position: st.Cmd.Pos(), Cmd: st.Cmd})}
}

// lazySourced returns a sourced file's text with lazySelf applied to its
// alternate values (${KV:+--kv-cache-dtype "$KV"} in a library the script
// sources, under set -u) and callerGuard to its guards of the caller's
// variables (callers: : "${HF_TOKEN:?}" in lib.sh stops bash only where
// the script's own guard would), its arithmetic's name reads checked
// under set -u (arithNounsetEdits), its reads of $$ and $PPID the
// sandbox's (fakePidEdits), and a local in a function's subshell a declare
// (subshellLocalEdits). The text is edited in place, word by
// word, never printed again: every other byte, line and position stays as
// bash reads it (a printed copy joined continued lines, moved LINENO and
// re-indented heredocs). data itself when nothing changes or it does not
// parse (interp says so).
func lazySourced(data []byte, callers []string) []byte {
	if !altSelfRE.Match(data) && !lazyDefaultRE.Match(data) && !mentionsGuard(data, callers) && !mayHoldArith(data) && !mayReadPids(data) && !bytes.Contains(data, []byte("local")) {
		return data
	}
	return editText(data, func(f *syntax.File) []textEdit { return lazySourcedEdits(f, data, callers) })
}

// lazySourcedEdits are lazySourced's edits of data, parsed as f.
func lazySourcedEdits(f *syntax.File, data []byte, callers []string) []textEdit {
	edits := arithNounsetEdits(f, data, callers)
	if mayReadPids(data) {
		edits = append(edits, fakePidEdits(f)...) // the sandbox's $$ and $PPID
	}
	edits = append(edits, subshellLocalEdits(f, data)...) // a local in a function's subshell
	shwalk.Walk(f, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			edits = append(edits, lazyDefaultEdits(data, st, callers)...)
			return true
		}
		pe, ok := n.(*syntax.ParamExp)
		if !ok {
			return true
		}
		if reads := lazySelf(pe); len(reads) > 0 {
			for _, in := range reads {
				edits = append(edits, textEdit{int(in.Pos().Offset()), int(in.End().Offset()), "${" + in.Param.Value + "-}"})
			}
			return true
		}
		if pe.Exp != nil && pe.Exp.Op != syntax.ErrorUnset && pe.Exp.Op != syntax.ErrorUnsetOrNull {
			return true
		}
		start := int(pe.Pos().Offset())
		if pe.Param != nil {
			start = int(pe.Param.End().Offset())
		}
		if callerGuard(pe, callers) && pe.Rbrace.IsValid() {
			text := ":="
			if pe.Exp.Op == syntax.AssignUnset {
				text = "="
			}
			edits = append(edits, textEdit{start, int(pe.Rbrace.Offset()), text + pe.Exp.Word.Lit()})
		}
		return true
	})
	return edits
}

// lazyDefaultEdits returns lazyDefaults' change to st as edits of data, the
// text st was parsed from: { [[ -n ${X:+x} ]] || : "$Y"; CMD ${X:-${Y-}} ; }
// with every line where it was. A statement negated (!) or with a heredoc
// (whose body follows the line) stays, and so does a value of an array
// element or one whose word reads a variable the caller supplies (whose
// guard callerGuard edits).
func lazyDefaultEdits(data []byte, st *syntax.Stmt, callers []string) []textEdit {
	if st.Negated {
		return nil
	}
	end := st.Cmd.End()
	for _, r := range st.Redirs {
		if r.Hdoc != nil || r.Op == syntax.DashHdoc || r.Op == syntax.Hdoc {
			return nil
		}
		if r.End().After(end) {
			end = r.End()
		}
	}
	var checks strings.Builder
	var edits []textEdit
	for _, it := range lazyPlan(st) {
		if it.pe.Index != nil || slices.ContainsFunc(it.reads, func(in *syntax.ParamExp) bool { return slices.Contains(callers, in.Param.Value) }) {
			continue
		}
		checks.WriteString(lazyCheck(it.pe.Exp.Op, it.pe.Param.Value))
		for _, in := range it.reads {
			checks.WriteString(" \"" + string(data[in.Pos().Offset():in.End().Offset()]) + "\"")
			edits = append(edits, textEdit{int(in.Pos().Offset()), int(in.End().Offset()), "${" + in.Param.Value + "-}"})
		}
		checks.WriteString("; ")
	}
	if len(edits) == 0 {
		return nil
	}
	edits = append(edits,
		textEdit{int(st.Pos().Offset()), int(st.Pos().Offset()), "{ " + checks.String()},
		textEdit{int(end.Offset()), int(end.Offset()), " ; }"})
	return edits
}

// textEdit replaces data[start:end] with text (an insertion when start ==
// end).
type textEdit struct {
	start, end int
	text       string
}

// editText parses data (as bash reads a sourced file) and makes the edits
// collect returns for its tree: data itself when it does not parse
// (interp says so) or nothing changes.
func editText(data []byte, collect func(f *syntax.File) []textEdit) []byte {
	f, err := parser.ParseShell(bytes.NewReader(data), "", false, syntax.LangBash)
	if err != nil {
		return data
	}
	return applyEdits(data, collect(f))
}

// applyEdits makes the edits to data, which is never printed again: every
// other byte, line and position stays. An edit inside one made before it
// (a guard's message, which the guard drops) or out of range is left out;
// data itself when there is none.
func applyEdits(data []byte, edits []textEdit) []byte {
	if len(edits) == 0 {
		return data
	}
	// An insertion before a replacement at the same offset; two
	// insertions there in the order made.
	slices.SortStableFunc(edits, func(a, b textEdit) int { return cmp.Or(a.start-b.start, a.end-b.end) })
	var b bytes.Buffer
	prev := 0
	for _, e := range edits {
		if e.start < prev || e.end > len(data) || e.start > e.end {
			continue
		}
		b.Write(data[prev:e.start])
		b.WriteString(e.text)
		prev = e.end
	}
	b.Write(data[prev:])
	return b.Bytes()
}

// mentionsGuard reports whether data may hold a guard ${X:?…} or ${X?…} of
// one of the callers.
func mentionsGuard(data []byte, callers []string) bool {
	for _, c := range callers {
		if bytes.Contains(data, []byte("${"+c+":?")) || bytes.Contains(data, []byte("${"+c+"?")) {
			return true
		}
	}
	return false
}

// lazySelf makes the variable's own reads inside an alternate value,
// ${X:+--quantization "$X"}, read ${X-}. Bash expands the alternate only
// when X is set, so under set -u the read never fails; interp expands it
// before testing X and stops the dry run ("X: unbound variable") on the
// k8s entrypoint idiom. ${X-} is X's value whenever bash reads it, and
// nothing else changes: another variable's read (${A:+$B}) stays as it is.
func lazySelf(pe *syntax.ParamExp) (changed []*syntax.ParamExp) {
	if pe.Exp == nil || pe.Param == nil || pe.Exp.Word == nil ||
		pe.Exp.Op != syntax.AlternateUnset && pe.Exp.Op != syntax.AlternateUnsetOrNull {
		return nil
	}
	name := pe.Param.Value
	shwalk.Walk(pe.Exp.Word, func(n syntax.Node) bool {
		in, ok := n.(*syntax.ParamExp)
		if !ok || in.Param == nil || in.Param.Value != name || in.Exp != nil || in.Excl || in.Length || in.Width ||
			in.Index != nil || in.Slice != nil || in.Repl != nil || in.Names != 0 {
			return true
		}
		changed = append(changed, &syntax.ParamExp{Dollar: in.Dollar, Rbrace: in.Rbrace, Short: in.Short, Param: in.Param})
		in.Exp = &syntax.Expansion{Op: syntax.DefaultUnset}
		in.Short = false
		return true
	})
	return changed
}

// callerGuard makes a guard of a variable the caller supplies (callers,
// Options.Caller) assign its placeholder where bash would stop: ${X:?msg}
// is ${X:=PLACEHOLDER}, ${X?msg} is ${X=PLACEHOLDER}. X stays unset up to
// the guard, so a default read before it (X=${X:-4} in a sourced file,
// : "${X:=4}") is the default, as in bash; after it, X holds the
// placeholder. The i-th caller's placeholder is sentinel(i).
func callerGuard(pe *syntax.ParamExp, callers []string) bool {
	if pe.Exp == nil || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil ||
		pe.Slice != nil || pe.Repl != nil || pe.Names != 0 ||
		pe.Exp.Op != syntax.ErrorUnset && pe.Exp.Op != syntax.ErrorUnsetOrNull {
		return false
	}
	i := slices.Index(callers, pe.Param.Value)
	if i < 0 {
		return false
	}
	op := syntax.AssignUnsetOrNull
	if pe.Exp.Op == syntax.ErrorUnset {
		op = syntax.AssignUnset
	}
	pos := pe.Param.End()
	pe.Exp = &syntax.Expansion{Op: op, Word: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: sentinel(i)}}}}
	pe.Short = false
	return true
}

// callerArithm makes each arithmetic expansion among parts that reads a
// variable the caller supplies ($((NODE_RANK * 8)), $((${SLURM_PROCID}+1)))
// that caller's placeholder: interp reads the placeholder as 0 in
// arithmetic, and the argv showed a number as if it were known
// (--data-parallel-start-rank 0).
func callerArithm(parts []syntax.WordPart, callers []string) {
	if len(callers) == 0 {
		return
	}
	for i, part := range parts {
		ae, ok := part.(*syntax.ArithmExp)
		if !ok {
			continue
		}
		if idx := callerIn(ae, callers, true); idx >= 0 {
			parts[i] = &syntax.Lit{ValuePos: ae.Pos(), ValueEnd: ae.End(), Value: sentinel(idx)}
		}
	}
}

// callerArithmNote says when a condition reads a caller's variable as a
// number: `(( NUM_NODES > 1 ))` or `[[ $NODE_RANK -eq 0 ]]`, which bash
// under set -u would stop at, takes the caller's placeholder as 0 in the
// sandbox, and the branch it picks is not statically known. "" otherwise.
func callerArithmNote(n syntax.Node, callers []string) string {
	if len(callers) == 0 {
		return ""
	}
	var expr syntax.Node
	classic := false // [ … ]: a bare name is a string there, not a variable
	switch x := n.(type) {
	case *syntax.ArithmCmd:
		expr = x.X
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			expr = x
		}
	case *syntax.CallExpr:
		// [ "$NUM_NODES" -gt 1 ], test "$NODE_RANK" -eq 0: the same
		// comparison in the classic test command.
		if args, ok := parser.ClassicTestArgs(x); ok && len(args) == 3 {
			switch args[1].Lit() {
			case "-eq", "-ne", "-le", "-ge", "-lt", "-gt":
				expr, classic = &syntax.CallExpr{Args: []*syntax.Word{args[0], args[2]}}, true
			}
		}
	}
	if expr == nil {
		return ""
	}
	idx := callerIn(expr, callers, !classic)
	if idx < 0 {
		return ""
	}
	return fmt.Sprintf("line %d: the caller's %s is read as a number here, and taken as 0: the branch this test picks is not statically known", n.Pos().Line(), callers[idx])
}

// callerIn returns the index in callers of the first caller's variable
// node n reads: an expansion, or with bare a name as arithmetic reads it
// (NODE_RANK * 8); -1 when it reads none.
func callerIn(n syntax.Node, callers []string, bare bool) int {
	idx := -1
	shwalk.Walk(n, func(n syntax.Node) bool {
		if idx >= 0 {
			return false // found: the walk goes on to siblings
		}
		var name string
		switch x := n.(type) {
		case *syntax.ParamExp:
			if x.Param != nil {
				name = x.Param.Value
			}
		case *syntax.Word:
			if bare {
				name = x.Lit()
			}
		}
		if name != "" {
			idx = slices.Index(callers, name)
		}
		return true
	})
	return idx
}

// callerRead makes a plain read ($X, ${X}) of a variable the caller
// supplies, in a script under set -u, ${X=PLACEHOLDER}: where bash would
// stop ("X: unbound variable"), X takes the caller's placeholder; a value
// the script or a sourced file gave X is read as it is.
func callerRead(pe *syntax.ParamExp, callers []string) {
	i := slices.Index(callers, pe.Param.Value)
	if i < 0 {
		return
	}
	pos := pe.Param.End()
	pe.Exp = &syntax.Expansion{Op: syntax.AssignUnset, Word: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: sentinel(i)}}}}
	pe.Short = false
}

// sourcedSubst returns CMD of `source <(CMD)` or `. <(CMD)` (no other
// argument), else nil.
func sourcedSubst(ce *syntax.CallExpr) *syntax.ProcSubst {
	if len(ce.Args) != 2 || len(ce.Args[1].Parts) != 1 {
		return nil
	}
	if name, ok := parser.LitValue(ce.Args[0]); !ok || name != "source" && name != "." {
		return nil
	}
	ps, ok := ce.Args[1].Parts[0].(*syntax.ProcSubst)
	if !ok || ps.Op != syntax.CmdIn {
		return nil
	}
	return ps
}

// stdinSourceRedir returns the one redirection of `source /dev/stdin`
// (or `. /dev/stdin`) with no assignment: what feeds the sourced text; nil
// for any other statement.
func stdinSourceRedir(st *syntax.Stmt) *syntax.Redirect {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 2 || len(ce.Assigns) != 0 || len(st.Redirs) != 1 {
		return nil
	}
	if name, ok := parser.LitValue(ce.Args[0]); !ok || name != "source" && name != "." {
		return nil
	}
	if p, ok := parser.LitValue(ce.Args[1]); !ok || p != "/dev/stdin" {
		return nil
	}
	return st.Redirs[0]
}

// sourcedStdin returns the word of `source /dev/stdin <<< "WORD"` (or `.
// /dev/stdin`, a here-string whose word is one double-quoted string and
// the statement's only redirection), the loader of shells whose source
// cannot read <(…): bash runs the string's text as eval "WORD" would. The
// sandbox refused /dev/stdin as a path outside the tree. nil otherwise.
func sourcedStdin(st *syntax.Stmt) *syntax.Word {
	rd := stdinSourceRedir(st)
	if rd == nil {
		return nil
	}
	if rd.Op != syntax.WordHdoc || rd.N != nil && rd.N.Value != "0" || rd.Word == nil || len(rd.Word.Parts) != 1 {
		return nil
	}
	if _, ok := rd.Word.Parts[0].(*syntax.DblQuoted); !ok {
		return nil
	}
	return rd.Word
}

// sourcedStdinHdoc returns the here-document of `source /dev/stdin <<EOF`
// (or . /dev/stdin, <<-EOF, the statement's only redirection): bash runs
// the document's text, expanded as the document is, as eval "$(cat <<EOF)"
// would. The sandbox refused /dev/stdin as a path outside the tree. nil
// otherwise.
func sourcedStdinHdoc(st *syntax.Stmt) *syntax.Redirect {
	rd := stdinSourceRedir(st)
	if rd == nil {
		return nil
	}
	if rd.Op != syntax.Hdoc && rd.Op != syntax.DashHdoc || rd.N != nil && rd.N.Value != "0" {
		return nil
	}
	return rd
}

// litWord is a word of one literal.
func litWord(v string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: v}}}
}

// Prepare learns what Eval needs to know of a script's tree whatever the
// mode: a caller evaluating several modes of one script passes it to each
// (Options.Prepared) so that the tree is walked once.
func Prepare(f *syntax.File) *Prepared {
	p := &Prepared{}
	hdocs := map[*syntax.Word]bool{}
	namerefs, funcNamerefs, assocDecl := false, false, false
	pipeOps := 0
	shwalk.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Stmt:
			p.background = p.background || startsJob(x)
		case *syntax.FuncDecl:
			if x.Name != nil {
				p.funcs = append(p.funcs, x.Name.Value)
			}
			p.globals = p.globals || hasGlobalDecl(x)
			p.typesets = p.typesets || funcTypeset(x)
			funcNamerefs = funcNamerefs || namerefIn(x.Body) != nil
		case *syntax.DeclClause:
			p.declF = p.declF || parser.IsDeclareF(x)
			assocDecl = assocDecl || declaresAssoc(x)
			namerefs = namerefs || parser.IsNameref(x)
		case *syntax.CallExpr:
			p.readDelim = p.readDelim || parser.ReadsDelimited(x)
			// Only a POSIX parse leaves `export X=…` a command (bash's is a
			// declaration clause); Eval rewrites it for a POSIX shebang
			// only. Without it a script the model had not analysed (a
			// child script, a test) kept export's, readonly's and local's
			// "unsupported builtin" and the caller's values.
			p.posix = p.posix || parser.PosixDecl(x) != nil
			if _, ok := parser.ReadArrayName(x); ok {
				p.readArray = true
			}
		case *syntax.BinaryCmd:
			if isPipe(x) {
				p.pipes = true
				pipeOps++
			}
		case *syntax.IfClause, *syntax.CaseClause, *syntax.Block, *syntax.WhileClause, *syntax.ForClause:
			p.andTails = p.andTails || parser.BranchEndsInList(x)
			if fc, ok := x.(*syntax.ForClause); ok {
				p.menus = p.menus || fc.Select
			}
		case *syntax.ParamExp:
			p.submitDir = p.submitDir || x.Param != nil && parser.SubmitDirVar(x.Param.Value)
		case *syntax.CoprocClause:
			p.coprocs = true
		case *syntax.ProcSubst:
			p.risky = true
			if x.Op == syntax.CmdOut {
				p.outSubst = true
			} else {
				p.inSubst = true
			}
		case *syntax.UnaryTest:
			if x.Op == syntax.TsUsrOwn || x.Op == syntax.TsGrpOwn || parser.IsElementSetTest(x) {
				p.risky = true
			}
			p.elemSets = p.elemSets || parser.IsElementSetTest(x)
		case *syntax.Redirect:
			if x.Hdoc != nil {
				hdocs[x.Hdoc] = true
			}
			p.fdRedirs = p.fdRedirs || parser.HighFd(x.N) || (x.Op == syntax.DplOut || x.Op == syntax.DplIn) && parser.HighFdWord(x.Word)
		case *syntax.Word:
			if !hdocs[x] && tildeUser(x) {
				p.risky = true
			}
		}
		return true
	})
	p.andTails = p.andTails && parser.FileErrexit(f) && wouldRewriteAndTails(f)
	p.assocKeys = assocDecl && assocRewritable(f)
	if funcNamerefs {
		p.refused = refusedFuncs(f, false, true)
		p.refCopies = hasRefCopies(f)
	}
	// shopt -s lastpipe at the top level: the copy drops it
	// (dropShoptLastPipe), pipeline or not.
	p.pipes = p.pipes || setsLastPipe(f)
	// A nameref outside functions (Script.TopNameref): findForbidden looks
	// at the arrays reached through it (namerefArrayUse).
	p.risky = p.risky || namerefs && topNamerefs(f) != nil || manyPipes(pipeOps)
	return p
}

// manyPipes reports whether a script's pipe operators may make pipelines
// of more than maxPipeStages commands at once, which findForbidden then
// counts (a chain of k operators is k+1 commands).
func manyPipes(ops int) bool { return 2*ops > maxPipeStages }

// PrepareScript is Prepare for an analysed script of the model (parser.Load
// or Script.Analyze) without walking its tree again: what Prepare looks
// for is what the model's walk kept (Script.ProcSubsts, FileOwnerTests,
// TildeWords, StartsJobs, Funcs: every named declaration with a body, in
// bash and POSIX sh every one). pprof on 1,600 repos: Prepare's walk was 3%
// of the CPU. A script that has not been analysed is walked.
func PrepareScript(s *parser.Script) *Prepared {
	if s == nil || s.File == nil {
		return nil
	}
	jobs, analysed := s.StartsJobs()
	if !analysed {
		return Prepare(s.File)
	}
	p := &Prepared{funcs: make([]string, 0, len(s.Funcs)), background: jobs, risky: len(s.FileOwnerTests()) > 0 || s.TopNameref() != nil, declF: s.DeclaresF(),
		printsKnown: true, prints: s.PrintsFuncs(),
		posix: s.PosixDecls(), andTails: hasAndTails(s), pipes: s.Pipelines() || setsLastPipe(s.File), fdRedirs: s.HighFdRedirs(), readDelim: s.ReadsDelimited(), readArray: s.ReadsArrays()}
	p.risky = p.risky || manyPipes(s.PipeOps())
	for name := range s.Funcs {
		p.funcs = append(p.funcs, name)
	}
	if s.FuncNameref() != nil {
		p.refused = refusedFuncs(s.File, false, true)
		p.refCopies = hasRefCopies(s.File)
	}
	p.globals = s.FuncGlobal()
	if jobs {
		p.jobs = engineJobs(s)
		// A coproc is a job (Script.StartsJobs).
		p.coprocs = hasCoproc(s.File)
	}
	for _, fd := range s.Funcs {
		p.typesets = p.typesets || funcTypeset(fd)
	}
	for _, ps := range s.ProcSubsts() {
		p.risky = true
		p.outSubst = p.outSubst || ps.Op == syntax.CmdOut
		p.inSubst = p.inSubst || ps.Op == syntax.CmdIn
	}
	for _, w := range s.TildeWords() {
		p.risky = p.risky || tildeUser(w)
	}
	for _, t := range s.FileOwnerTests() {
		p.elemSets = p.elemSets || parser.IsElementSetTest(t)
	}
	p.submitDir = s.ReadsSubmitDir()
	// declare -A LEN=([kl-ref]=…): the model kept no such keys, so the
	// tree is walked, only when it declares an associative array.
	p.assocKeys = s.DeclaresAssoc() && assocRewritable(s.File)
	p.selects = s.SelectMenus()
	p.menus = s.HasSelect()
	return p
}

// startsJob reports whether st runs in the background, as a job the
// script's end must wait for.
func startsJob(st *syntax.Stmt) bool {
	if st.Background || st.Coprocess || st.Disown {
		return true
	}
	_, co := st.Cmd.(*syntax.CoprocClause)
	return co
}

// hasJobs reports whether any statement under n runs in the background.
func hasJobs(n syntax.Node) bool {
	found := false
	shwalk.Walk(n, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok && startsJob(st) {
			found = true
		}
		return !found
	})
	return found
}

// sourceCheck is what the sandbox learns from a sourced file before interp
// runs it: whether it parses and holds nothing refused, its functions, and
// whether it starts background jobs.
type sourceCheck struct {
	err   error
	funcs []string
	// dies are its functions whose body always exits (dieFuncs): a
	// script's guard may end in a die of the library it sources.
	dies    []string
	refused map[string]refusal
	jobs    bool
	// prints is set when it may print a function (printsFuncs): a run of
	// the cases as ifs would print the ifs.
	prints bool
}

// checkSource parses a file about to be sourced (Files.check remembers
// the answer for the evaluations of one script).
func checkSource(name string, data []byte) *sourceCheck {
	c := &sourceCheck{}
	if err := parser.CheckDepth(data); err != nil {
		c.err = fmt.Errorf("%w: %s: %w", ErrSource, name, err)
		return c
	}
	// Checked as it is run: an input redirection from a process
	// substitution is read from its command's output (inSubstSourced).
	f, err := parser.ParseShell(bytes.NewReader(inSubstSourced(parser.BashComments(data), "")), name, false, syntax.LangBash)
	switch {
	case err != nil:
		c.err = fmt.Errorf("%w: %w", ErrSource, err)
	default:
		if fb := findForbidden(f, nil); fb != nil {
			c.err = fb.error(name)
		} else {
			c.funcs = funcNames(f)
			c.dies = slices.Sorted(maps.Keys(dieFuncs(f)))
			c.refused = refusedFuncs(f, true, false)
			c.jobs = hasJobs(f)
			c.prints = printsFuncs(f)
		}
	}
	return c
}

// blankFields cuts an alternate's text into the words bash splits it into
// at its unquoted, unescaped blanks (--chat-template "$T": two words, the
// second quoted); the quoted parts and expansions stay whole, and an
// expansion is split later, as an array element, as bash splits it.
func blankFields(w *syntax.Word) []*syntax.Word {
	var out []*syntax.Word
	cur := &syntax.Word{}
	flush := func() {
		if len(cur.Parts) > 0 {
			out = append(out, cur)
			cur = &syntax.Word{}
		}
	}
	for _, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok {
			cur.Parts = append(cur.Parts, part)
			continue
		}
		v, start := lit.Value, 0
		for i := 0; i < len(v); i++ {
			switch v[i] {
			case '\\':
				i++ // an escaped character is no blank
			case ' ', '\t', '\n':
				if i > start {
					cur.Parts = append(cur.Parts, &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: v[start:i]})
				}
				flush()
				start = i + 1
			}
		}
		if start < len(v) {
			cur.Parts = append(cur.Parts, &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: v[start:]})
		}
	}
	flush()
	return out
}

// funcTypeset reports whether fd's body holds a typeset.
func funcTypeset(fd *syntax.FuncDecl) bool {
	found := false
	shwalk.Walk(fd, func(n syntax.Node) bool {
		if d, ok := n.(*syntax.DeclClause); ok && d.Variant != nil && d.Variant.Value == "typeset" {
			found = true
		}
		return !found
	})
	return found
}

// hasCoproc reports whether f holds a coproc clause.
func hasCoproc(f *syntax.File) bool {
	found := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		_, ok := n.(*syntax.CoprocClause)
		found = found || ok
		return !found
	})
	return found
}

// rewriteCoprocs makes each coproc a background job, `coproc NAME CMD`
// `{ CMD; } &`: bash runs CMD asynchronously in a subshell, as a job, and
// interp, which has no coprocesses, stopped the run ("unhandled command
// node: *syntax.CoprocClause", status 1: without set -e the run went on
// past it, with set -e the mode was abandoned). Its pipes are not made:
// NAME (COPROC) and NAME_PID stay unset, so a script that reads them stops
// on them (set -u) or reads nothing, as it reads a skipped command's output.
func rewriteCoprocs(f *syntax.File) (notes []string) {
	shwalk.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		co, ok := st.Cmd.(*syntax.CoprocClause)
		if !ok || co.Stmt == nil {
			return true
		}
		st.Cmd = &syntax.Block{Lbrace: co.Pos(), Rbrace: co.End(), Stmts: []*syntax.Stmt{co.Stmt}}
		st.Background = true
		notes = append(notes, fmt.Sprintf("line %d: coproc run as a background job (its pipes and ${COPROC[@]} are not made)", co.Pos().Line()))
		return true
	})
	return notes
}
