package parser

import (
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"
)

// Role is what a mode is for.
type Role int

// The roles a mode can have.
const (
	RolePlain Role = iota
	RoleProven
	RoleScoring
	RoleCalib
)

func (r Role) String() string {
	switch r {
	case RoleProven:
		return "proven"
	case RoleScoring:
		return "scoring"
	case RoleCalib:
		return "calib"
	}
	return "plain"
}

// Range is a byte range [Start, End) of a script.
type Range struct{ Start, End int }

// Mode is one value of the mode selector that takes its own branch.
type Mode struct {
	Name string
	Role Role
	// Start/End span the pattern or name that declares the mode.
	Start, End int
	// Ranges are the byte ranges of the code that runs only in this mode.
	Ranges []Range
	// Func is the dispatch function, "" when the mode is a branch.
	Func string
	// ViaSource is set on a mode found only because its branch sources a
	// shell file (conf/bench.sh, or lib.sh): one that reaches no engine
	// when evaluated is a subcommand, not a mode to report.
	ViaSource bool
	// Guessed is set on the proven mode when it is only the first mode (no
	// serve, none named by the config): per-model presets look like that.
	Guessed bool
	// Pattern is the glob that names the mode (bench* in `bench*)` or
	// `[[ $mode == bench* ]]`), "" for a mode named by a word: Name is then
	// a word the glob matches and no earlier branch takes, the word the dry
	// run evaluates the mode with.
	Pattern string
	// Self is the file name the script runs as in this mode ($0, beside
	// the script) when a case on its own name picks the mode (`case
	// "$(basename "$0")" in bench.sh)`, a symlink's name): the dry run
	// evaluates it so, with no arguments. "" otherwise.
	Self string
	// ownName marks the mode of the script run under its own file name
	// among Self modes: its proven one.
	ownName bool
	// byDefault marks the mode defaultMode added from the selector's own
	// default when no mode is named serve (MODE=${1:-prod}): the script run
	// with no word, the proven one when the config names none.
	byDefault bool
	// token is the mode's name as an upper-case key token (_CALIB_).
	token string
	// disagg: markDisagg found the mode a prefill or decode role;
	// prefillRole, decodeRole which (by its name or its own
	// --disaggregation-mode).
	disagg, prefillRole, decodeRole bool
	// own are the ranges of Ranges that are the mode's own branches (the
	// rest are bodies of functions its code calls): code there runs in no
	// other mode. A dispatch function (mode_serve for "mode_$1") that code
	// also calls by name (mode_kl() { mode_serve --port 7001; }) is not.
	own []Range
	// exitAt is the end of the mode's first top-level branch that ends
	// the script (stop) …; exit 0 ;;), 0 when none does: top-level code
	// after it never runs in the mode.
	exitAt int
	// byEnv, byArg: the mode is named by a test of an environment selector
	// (Script.EnvSelectors, or a variable assigned from one), of $1 (or a
	// variable holding it); both when a test reads either or neither.
	// byOpt: by a test of the variable an option sets (Script.Option).
	byEnv, byArg, byOpt bool
	// byArr: every test naming it reads a variable holding an element of
	// the array an index from the environment picks (arraySel).
	byArr bool
	// bySel: every test naming it reads a variable holding a select
	// menu's pick (selectMenu).
	bySel bool
	// upper: every test naming it reads the selector upper-cased
	// (readsFold): `case ${MODE^^} in KL)`, or after MODE=$(echo "$1" |
	// tr a-z A-Z). Its name is the mode's, case-folded: KL is kl.
	upper bool
	// flagVar, flagVal: the mode is a boolean environment flag set
	// (EVAL_ONLY=1, flagmodes.go); flagOff: the proven mode of a script
	// whose modes are flags, run with none set.
	flagVar, flagVal string
	flagOff          bool
	// flagReads: the tests of flagVar that pick the mode (flagOffWith).
	flagReads []flagRead
	// flagOn: the mode is a flag set beside another mode dispatch, run as
	// the proven mode flagOn is (serve with FAST=1: FAST=1 serve.sh serve,
	// addFlagBeside).
	flagOn string
	// flagEmpty: the flags the dry run of flagOff, or of a flag mode, sets
	// empty (FlagsEmpty).
	flagEmpty []string
	// libFn: libFunc is a sourced library's function the script runs by
	// a name built from the selector at libCall ("mode_${1:-serve}" with
	// mode_kl in lib/modes.sh): the mode's own code is the library's
	// (LibModeWrites), none of the script's.
	libFn   bool
	libCall int
	libFunc string
}

// roleName is the name the roles match: the mode's name, lower-cased when
// every test naming it reads the selector upper-cased (KL) is kl, CALIB
// calib); a KL tested on a value as it is stays KL, no scoring mode.
func (m *Mode) roleName() string {
	if m.Self != "" {
		// A mode the script's file name picks (case ${0##*/} in serve.sh)
		// has the role of its name without the script's extension:
		// serve.sh is serve, the proven mode, also when the script is
		// linted through another name's link (bench.sh -> serve.sh).
		for _, ext := range []string{".sh", ".bash"} {
			if n, ok := strings.CutSuffix(m.Name, ext); ok && n != "" {
				return n
			}
		}
	}
	if m.flagVar != "" {
		return strings.ToLower(m.flagVar) // EVAL_ONLY=1 scores as eval*, CALIB=1 is calib*
	}
	if m.upper {
		return strings.ToLower(m.Name)
	}
	return m.Name
}

// Disagg reports whether the mode is a role of disaggregated serving: a
// word of its name starts with prefill or decode (or is TensorRT-LLM's
// name for the role: ctx or context, gen or generation), and the script
// has both roles (prefill|decode, prefill0|decode0, ctx|gen). A lone
// kl-spec-decode is a scoring mode for speculative decoding, not a role.
func (m *Mode) Disagg() bool { return m.disagg }

// roleWord reports whether a word of a mode's name names the prefill
// (decode false) or the decode (decode true) role of disaggregated serving
// in a family of names: 0, prefill… and decode… (SGLang, vLLM); 1,
// TensorRT-LLM's ctx or context and gen or generation.
func roleWord(w string, decode bool, family int) bool {
	switch {
	case family == 0 && decode:
		return strings.HasPrefix(w, "decode")
	case family == 0:
		return strings.HasPrefix(w, "prefill")
	case decode:
		return w == "gen" || w == "generation"
	default:
		return w == "ctx" || w == "context"
	}
}

// roleFamilies is the number of families of role names roleWord knows.
const roleFamilies = 2

// markDisagg sets the modes' disagg flags (Mode.Disagg). Besides its
// name, a mode is a role when its own code hands the engine SGLang's
// --disaggregation-mode prefill or decode (`p) … --disaggregation-mode
// prefill`) or vLLM's --kv-transfer-config with "kv_role":"kv_producer"
// or "kv_consumer" (disaggRole). Names pair within their family: prefill with decode, ctx
// with gen. A kl-long-context beside a kl-spec-decode is two scoring
// modes, not a context role and a decode role.
func markDisagg(modes []*Mode, invs []*Invocation) {
	flagged := map[*Mode][2]bool{}
	for _, inv := range invs {
		for _, f := range inv.Flags {
			v, ok := disaggRole(strings.ReplaceAll(f.Name, "_", "-"), flagLit(f))
			if !ok {
				continue
			}
			at := f.At() // a library launcher's --disaggregation-mode "$1": the call's word
			if at < 0 {
				// Words all the library's ("{\"kv_role\":\"$1\"}" filled
				// by the call): the call's own place.
				at = inv.Start
			}
			for _, m := range modes {
				if m.Contains(at) {
					r := flagged[m]
					r[boolIndex(v == "decode")] = true
					flagged[m] = r
				}
			}
		}
	}
	// A role told by the engine's own flag pairs with a role of any family.
	// Each mode's name is split once (asked per family and role below).
	roles := make([][roleFamilies][2]bool, len(modes))
	for i, m := range modes {
		words := strings.FieldsFunc(strings.ToLower(m.Name), func(c rune) bool { return c == '-' || c == '_' || c == '.' })
		for f := range roleFamilies {
			for d := range 2 {
				roles[i][f][d] = flagged[m][d] || slices.ContainsFunc(words, func(w string) bool { return roleWord(w, d == 1, f) })
			}
		}
	}
	var paired [roleFamilies]bool
	for f := range roleFamilies {
		prefill, decode := false, false
		for i := range modes {
			prefill = prefill || roles[i][f][0]
			decode = decode || roles[i][f][1]
		}
		paired[f] = prefill && decode
	}
	for i, m := range modes {
		m.prefillRole, m.decodeRole, m.disagg = false, false, false
		for f := range roleFamilies {
			p, d := roles[i][f][0], roles[i][f][1]
			m.prefillRole = m.prefillRole || p
			m.decodeRole = m.decodeRole || d
			m.disagg = m.disagg || paired[f] && (p || d)
		}
	}
}

// kvRoleRE matches vLLM's role in a --kv-transfer-config JSON: kv_producer
// is the prefill instance, kv_consumer the decode one (kv_both is neither).
var kvRoleRE = regexp.MustCompile(`"kv_role"\s*:\s*"kv_(producer|consumer)"`)

// disaggRole returns the role ("prefill" or "decode") an engine flag gives
// its instance in disaggregated serving: SGLang's --disaggregation-mode
// prefill|decode, vLLM's --kv-transfer-config '{"kv_role":"kv_producer"}'
// (or kv_consumer).
func disaggRole(name, v string) (string, bool) {
	switch name {
	case "--disaggregation-mode":
		return v, v == "prefill" || v == "decode"
	case "--kv-transfer-config":
		if m := kvRoleRE.FindStringSubmatch(v); m != nil {
			if m[1] == "producer" {
				return "prefill", true
			}
			return "decode", true
		}
	}
	return "", false
}

// flagLit returns a flag's value when it is a literal, "" otherwise; for
// --f='V' too (the word's literal after the '=', which Flag.Value leaves
// out when V is quoted).
func flagLit(f *Flag) string {
	if f.Inline {
		if f.Arg < len(f.Inv.Args) {
			if sk := f.Inv.Args[f.Arg].Sketch; sk != Unknown {
				_, v, _ := strings.Cut(sk, "=")
				return v
			}
		}
		return ""
	}
	if f.Value == nil {
		// A library launcher's word, filled by the call (its sketch).
		if f.ValStart < 0 && f.Arg+1 < len(f.Inv.Args) {
			if sk := f.Inv.Args[f.Arg+1].Sketch; sk != Unknown {
				return sk
			}
		}
		return ""
	}
	v, _ := LitValue(f.Value)
	return v
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Contains reports whether the byte offset is in code of this mode.
func (m *Mode) Contains(off int) bool {
	for _, r := range m.Ranges {
		if off >= r.Start && off < r.End {
			return true
		}
	}
	return false
}

// RoleMatcher decides roles from mode names; the zero value uses the
// defaults of SPEC.md.
type RoleMatcher struct {
	Proven  string
	Scoring []string
	Calib   []string
}

// DefaultCalibGlobs are the names that take the calib role unless a
// config names others: SPEC's calib* and *tap*, except a name whose tap is
// inside a word, a letter on each side of it (dataparallel, metaprompt):
// *tap* gave those the calib role and judged a data-parallel mode's step by
// a document's length. tap, win-tap, kl_tap, tap2, mytap, tapout keep it.
var DefaultCalibGlobs = []string{"calib*", "tap*", "*tap", "*[^a-zA-Z]tap*", "*tap[^a-zA-Z]*"}

func globAny(globs []string, name string) bool {
	for _, g := range globs {
		if ok, _ := filepath.Match(g, name); ok {
			return true
		}
	}
	return false
}

// Assign sets the roles of modes.
func (rm RoleMatcher) Assign(modes []*Mode) {
	scoring := rm.Scoring
	if len(scoring) == 0 {
		scoring = []string{"kl*", "score*", "eval*"}
	}
	calib := rm.Calib
	if len(calib) == 0 {
		calib = DefaultCalibGlobs
	}
	proven, guessed := rm.Proven, false
	if proven == "" {
		proven = "serve"
		found := false
		for _, m := range modes {
			if m.roleName() == proven {
				found = true
			}
		}
		for _, m := range modes {
			if !found && m.ownName {
				// case "$(basename "$0")" in …: the script run under its
				// own name, as serve with no word is run.
				proven, found = m.roleName(), true
			}
		}
		for _, m := range modes {
			if !found && m.byDefault && !globAny(calib, m.roleName()) {
				// MODE=${1:-prod} with only [[ $MODE == eval ]] tested:
				// the script run with no word, as serve would be. Still a
				// guess (not named serve): presets keep their leniency.
				proven, found, guessed = m.roleName(), true, true
			}
		}
		if !found && len(modes) > 0 {
			// The first plain mode, else the first scoring one; never a calib
			// mode, which differs from the proven shape by design: with only
			// calib modes (`[[ $1 == calib ]] && step=…`), the proven shape
			// is the shared path every other value of $1 takes, and no mode
			// is proven.
			proven = ""
			for _, m := range modes {
				if !globAny(scoring, m.roleName()) && !globAny(calib, m.roleName()) {
					proven = m.roleName()
					break
				}
			}
			for _, m := range modes {
				if proven == "" && !globAny(calib, m.roleName()) {
					proven = m.roleName()
				}
			}
			guessed = true
		}
	}
	for _, m := range modes {
		m.Guessed = false
		switch {
		case m.roleName() == proven || m.Name == proven: // a config may name serve.sh
			m.Role = RoleProven
			m.Guessed = guessed
		case globAny(calib, m.roleName()):
			m.Role = RoleCalib
		case globAny(scoring, m.roleName()):
			m.Role = RoleScoring
		default:
			m.Role = RolePlain
		}
	}
}

// Proven returns the proven mode, nil when the script has no modes or only
// calib modes (the shared path is the proven shape then).
func (s *Script) Proven() *Mode {
	for _, m := range s.Modes {
		if m.Role == RoleProven {
			return m
		}
	}
	return nil
}

// ModeNamed returns the mode with that name.
func (s *Script) ModeNamed(name string) *Mode {
	for _, m := range s.Modes {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// ModesAt returns the modes whose code contains the byte offset; nil for
// code shared by every mode.
//
// Code in a mode's own branch inside a function other modes call (`start()
// { case "$MODE" in kl) … }` called from `case "$1" in start) start`, or a
// nested `[[ $1 == bench ]]` in a launcher serve and bench call) runs only
// in that mode: the modes that reach it only through the call are not
// counted. Of branches nested in one another, the innermost decides: `if
// [[ $1 == kl ]]` inside `serve|kl)` is kl's alone.
func (s *Script) ModesAt(off int) []*Mode {
	out := s.modesAtRaw(off)
	inner, own := Range{}, false
	for _, m := range out {
		for _, r := range m.own {
			// Branches are nested or apart: of those holding off, the one
			// starting last (ending first of equal starts) is innermost.
			if off >= r.Start && off < r.End && (!own || r.Start > inner.Start || r.Start == inner.Start && r.End < inner.End) {
				inner, own = r, true
			}
		}
	}
	if !own || len(out) < 2 {
		return out
	}
	kept := out[:0]
	for _, m := range out {
		if slices.Contains(m.own, inner) {
			kept = append(kept, m)
		}
	}
	return kept
}

// ModeNames joins mode names for messages.
func ModeNames(ms []*Mode) string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Label()
	}
	return strings.Join(names, "|")
}

// Label is the mode's name for messages: its name, and for a mode a glob
// names, the glob it stands for (bench (as bench*)): the word evaluated is
// one of those the glob matches, not one the script writes.
func (m *Mode) Label() string {
	if m.Pattern == "" {
		return m.Name
	}
	return m.Name + " (as " + m.Pattern + ")"
}

// candidate is a mode found before it is known to reach the engine.
type candidate struct {
	name       string
	start, end int
	ranges     []Range
	fn         string
	// group is the case clause or the first clause of the if/elif chain
	// the candidate comes from (nil otherwise); empty marks a branch that
	// does nothing (`serve|kl) ;;`, `elif [ "$1" = serve ]; then :`).
	group syntax.Node
	empty bool
	// guard marks a name a guard lets through (guardModes).
	guard bool
	// closes marks a name tested where every other value of the selector
	// ends the script: a case whose catch-all arm exits, an if/elif chain
	// whose else exits (with guard, what defaultMode must not undo).
	closes bool
	// byEnv, byArg, byOpt: the test naming it reads an environment
	// selector, $1, the option's variable.
	byEnv, byArg, byOpt bool
	// forList marks a name a `for arg in "$@"` option loop lists
	// (forCaseCandidates): named by $1, though its case reads $arg.
	forList bool
	// exits marks a branch at the top level that ends the script (stop)
	// seqs=0; pkill vllm; exit 0 ;;): code after it never runs in the mode.
	exits bool
	// glob is the pattern that names the candidate (Mode.Pattern).
	glob string
	// self marks a name of the script's own file (selfCandidates).
	self bool
	// byArr: the test naming it reads only the array's element (readsArr).
	byArr bool
	// bySel: the test naming it reads only a select menu's pick
	// (readsSelect).
	bySel bool
	// upper: the test naming it reads the selector upper-cased only
	// (readsFold).
	upper bool
	// flagVar, flagVal, flagRead: Mode.flagVar's, and the test.
	flagVar, flagVal string
	flagRead         flagRead
	// byDefault: the selector's own default, not the proven mode's name
	// (Mode.byDefault; fileCandidates).
	byDefault bool
	// flagAt: where the serve path runs the flag's test (flagTest.at).
	flagAt int
	// lib marks a sourced library's function run by a name dispatch at
	// start (libDispatch).
	lib bool
	// byName marks one of the script's own functions run by a name built
	// from the selector ("mode_$mode", "$1": dispatchModes).
	byName bool
}

// findSelectors returns the variables holding the mode: $1, those
// assigned from it, the environment variables that pick it
// (envSelectors), and the one an option sets (optionSelector).
func (s *Script) findSelectors(proven string) {
	s.provenName, s.provenSet = proven, proven != ""
	if s.provenName == "" {
		s.provenName = "serve"
	}
	s.findOptionAssigns()
	s.findEntryCalls()
	s.arrSelectors, s.arrSel = nil, nil
	s.selSelectors, s.selMenu = nil, nil
	seed := []string{"1"}
	if s.modeInArg2(proven) {
		seed, s.ArgPos = []string{"2"}, 2
	} else if after := s.modeAfterShift(proven); after != nil {
		seed, s.ArgPos = after, 2
	}
	sel := slices.Clone(seed)
	in := map[string]bool{}
	for _, n := range seed {
		in[n] = true
	}
	// To a fixed point: arg=${1:-serve}; MODE=$arg makes both selectors.
	derive := func() {
		sel = s.deriveNames(sel, in, func(a *Assign, sel []string, _ map[string]bool) bool {
			switch {
			case s.isOptAssign(a) || s.inOptArm(a.Start):
				return false // --mode=*) MODE=${1#*=}: the option's value, not $1
			case a.InFunc != "" && isParamOf(a.Value, []string{"1"}) && s.ownArgs(a.InFunc, sel) && !s.handsMode(a.InFunc, sel):
				return false // local role=$1 in a function called with words of its own
			case !s.topFunc(a.InFunc) && isParamOf(a.Value, []string{"2"}):
				return false // a function's own second word, never the script's
			case slices.Contains(sel, "1") && a.Value != nil && s.forLoopModeList(a):
				return true // for arg in "$@"; do case $arg in serve|eval) MODE=$arg
			case slices.Contains(sel, "1") && s.ArgPos != 2 && len(a.Modes) == 0 && lastArgParam(a.Value):
				// mode=${!#}, mode="${@: -1}": the last word, the mode
				// word the dry run passes alone, unless the words were
				// shifted or set first.
				return a.InFunc == "" && !a.Local && !s.shiftedBefore(a.Start, "", map[string]bool{})
			}
			return a.Value != nil && len(a.Modes) == 0 && (isParamOf(a.Value, sel) || normalizes(a.Value, sel) || selfDefaultOf(a, sel))
		})
	}
	derive()
	s.argSelectors = map[string]bool{}
	for n := range in {
		s.argSelectors[n] = true
	}
	if env := s.envSelectors(proven, in); len(env) > 0 {
		s.EnvSelectors = env
		for _, n := range env {
			sel = append(sel, n)
			in[n] = true
		}
		derive()
	}
	if names, as := s.arraySelectors(in); len(names) > 0 {
		// MODE=${MODES[$SLURM_ARRAY_TASK_ID]}: the task's index picks it.
		before := len(sel)
		sel = append(sel, names...)
		for _, n := range names {
			in[n] = true
		}
		derive()
		s.arrSelectors = map[string]bool{}
		for _, n := range sel[before:] {
			s.arrSelectors[n] = true
		}
		s.arrSel = as
	}
	if names, menu := s.selectSelectors(in); len(names) > 0 {
		// select mode in serve bench kl: the item typed picks it.
		before := len(sel)
		sel = append(sel, names...)
		for _, n := range names {
			in[n] = true
		}
		derive()
		s.selSelectors = map[string]bool{}
		for _, n := range sel[before:] {
			s.selSelectors[n] = true
		}
		s.selMenu = menu
	}
	if name, opt := s.optionSelector(proven, in); name != "" {
		before := len(sel)
		sel = append(sel, name)
		in[name] = true
		derive()
		s.optSelectors = map[string]bool{}
		for _, n := range sel[before:] {
			s.optSelectors[n] = true
		}
		s.Option = &opt
	}
	sort.Strings(sel[1:])
	s.Selectors = sel
}

// modeInArg2 reports whether the script's second word picks the mode, its
// first being another (serve.sh MODEL MODE: MODEL=${1:?}; MODE=${2:-serve};
// case "$MODE" in serve) …): a case or test of $2, or of a variable
// assigned from it outside functions, names the proven mode, none of $1
// does, no loop reads options, and no function reads a $2 (its own).
func (s *Script) modeInArg2(proven string) bool {
	if len(s.optLoops) > 0 {
		return false
	}
	if proven == "" {
		proven = "serve"
	}
	read2 := false
	for _, pe := range s.params {
		if pe.Param != nil && pe.Param.Value == "2" {
			if !s.topAt(s.Off(pe.Pos())) {
				return false
			}
			read2 = true
		}
	}
	if !read2 {
		return false // most scripts: no fixed point over their assignments
	}
	sel1, sel2 := s.topDerived("1"), s.topDerived("2")
	if s.testsProven(sel1, proven) || !s.picksProven(sel2, proven) {
		return false
	}
	word, ok := s.arg1Branch(sel1, sel2)
	if ok && word == "" {
		// serve.sh MODEL MODE with case "$MODEL" in llama) … ;; *) exit 2:
		// the caller's placeholder would take the exit in every mode; the
		// first model the script names is run (# run as: serve.sh llama kl).
		word = s.firstArmLiteral(sel1)
	}
	s.arg1Word = word
	return ok
}

// listNames reports whether a test of one of the variables sel heading an
// && or || list names the proven mode: a guard, `[[ $MODE == serve ||
// $MODE == bench ]] || exit 2`, or a mode's line, `[[ $MODE == serve ]] &&
// …`; not an && list that exits, which refuses the name.
func (s *Script) listNames(sel []string, proven string) bool {
	saved := s.Selectors
	defer func() { s.Selectors = saved }()
	s.Selectors = sel
	for _, n := range s.modeNodes {
		b, ok := n.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.AndStmt && b.Op != syntax.OrStmt || b.X == nil || b.X.Negated {
			continue
		}
		if b.Op == syntax.AndStmt && b.Y != nil && exits(b.Y) {
			// [[ $MODE != serve && $MODE != bench ]] && exit 2 lets the
			// names through; [[ $MODEL == serve || $MODEL == bench ]] && {
			// usage; exit 2; } refuses them: no mode is picked there.
			if names, ok := s.notNames(b.X); ok && slices.ContainsFunc(names, func(na nameAt) bool { return na.takes(proven) }) {
				return true
			}
			continue
		}
		if slices.ContainsFunc(s.condNames(b.X.Cmd), func(na nameAt) bool { return na.name == proven }) {
			return true
		}
	}
	return false
}

// firstArmLiteral returns the first literal a case on one of the variables
// sel names in an arm of its own (llama in `case "$MODEL" in llama) …`),
// outside functions, skipping an arm that ends the script (stop) … exit 0:
// a subcommand, not a model); "" when none does.
func (s *Script) firstArmLiteral(sel []string) string {
	glob := ""
	for _, n := range s.modeNodes {
		cc, ok := n.(*syntax.CaseClause)
		if !ok || !isParamOf(cc.Word, sel) || !s.topAt(s.Off(cc.Pos())) {
			continue
		}
		for _, it := range cc.Items {
			if len(it.Patterns) != 1 {
				continue
			}
			if len(it.Stmts) > 0 && exits(it.Stmts[len(it.Stmts)-1]) {
				continue // stop) docker rm -f vllm; exit 0 ;;: no model, it boots nothing
			}
			if v, isLit := LitValue(it.Patterns[0]); isLit && modeName(v) {
				return v
			}
			if v, isLit := LitValue(it.Patterns[0]); isLit && glob == "" && defaultExits(cc) {
				// *70b*) … *) exit 2: a model it matches, if no arm names
				// one (the caller's placeholder would take the exit).
				glob = globExample(v)
			}
		}
	}
	return glob
}

// defaultExits reports whether a case's catch-all arm (*)) ends in exit or
// return.
func defaultExits(cc *syntax.CaseClause) bool {
	for _, it := range cc.Items {
		for _, p := range it.Patterns {
			if v, ok := LitValue(p); ok && v == "*" {
				return len(it.Stmts) > 0 && exits(it.Stmts[len(it.Stmts)-1])
			}
		}
	}
	return false
}

// globExample returns a word a glob pattern matches (llama-70b for
// llama-*70b, with * matching nothing and ? an x), "" when the pattern
// holds a bracket expression, an extended glob or an escape, or the word
// would be no mode name.
func globExample(p string) string {
	if strings.ContainsAny(p, "[]\\()|@!+") {
		return ""
	}
	v := strings.ReplaceAll(strings.ReplaceAll(p, "*", ""), "?", "x")
	if !modeName(v) {
		return ""
	}
	return v
}

// arg1Branch looks at the branches of the cases and if/elif chains on the
// first word (sel1, outside functions), when the second (sel2) seems to
// pick the mode: a branch booting an engine outside any dispatch on the
// second word makes the first word the one that picks what boots (`case $1
// in up) vllm serve … ;; logs) case ${2:-serve} in serve) tail …`), ok
// false; a dispatch on the second word inside a branch naming one word
// (`start) case $MODE in serve) …`, run as run.sh start kl) returns that
// word, the first word the dry run passes. "" when the second word's
// dispatch lies in no such branch (the caller's word, CallerArg).
func (s *Script) arg1Branch(sel1, sel2 []string) (word string, ok bool) {
	saved := s.Selectors
	defer func() { s.Selectors = saved }()
	on2 := func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CaseClause:
			return isParamOf(x.Word, sel2)
		case *syntax.IfClause:
			s.Selectors = sel2
			for c := x; c != nil; c = c.Else {
				for _, st := range c.Cond {
					if len(s.condNames(st.Cmd)) > 0 {
						return true
					}
				}
			}
		}
		return false
	}
	words := map[string]bool{}
	ok = true
	branch := func(lit string, stmts []*syntax.Stmt) {
		has2 := false
		for _, st := range stmts {
			shwalk.Walk(st, func(n syntax.Node) bool {
				if _, fn := n.(*syntax.FuncDecl); fn || has2 {
					return false
				}
				has2 = on2(n)
				return !has2
			})
		}
		switch {
		case has2 && lit != "":
			words[lit] = true
		case has2:
			words[""] = true
		case s.bootsIn(stmts, 0):
			ok = false
		}
	}
	shwalk.Walk(s.File, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.FuncDecl:
			return s.topFunc(x.Name.Value) // main "$@": its branches are the script's
		case *syntax.CaseClause:
			if !isParamOf(x.Word, sel1) {
				return true
			}
			for _, it := range x.Items {
				lit := ""
				if len(it.Patterns) == 1 {
					if v, isLit := LitValue(it.Patterns[0]); isLit && modeName(v) {
						lit = v
					}
				}
				branch(lit, it.Stmts)
			}
		case *syntax.IfClause:
			for c := x; c != nil; c = c.Else {
				s.Selectors = sel1
				var names []nameAt
				for _, st := range c.Cond {
					names = append(names, s.condNames(st.Cmd)...)
				}
				if len(names) == 0 {
					continue
				}
				lit := ""
				if len(names) == 1 {
					lit = names[0].name
				}
				branch(lit, c.Then)
			}
		}
		return true
	})
	if !ok || len(words) > 1 {
		return "", false
	}
	for w := range words {
		word = w
	}
	return word, true
}

// bootsIn reports whether a command of stmts, or of a function one of them
// calls by name (depth levels down), reaches an engine by its literal
// words (exec vllm serve …, docker run … IMAGE).
func (s *Script) bootsIn(stmts []*syntax.Stmt, depth int) bool {
	if depth > 4 {
		return false
	}
	found := false
	for _, st := range stmts {
		shwalk.Walk(st, func(n syntax.Node) bool {
			if found {
				return false
			}
			c, isCall := n.(*syntax.CallExpr)
			if !isCall || len(c.Args) == 0 {
				return true
			}
			argv := make([]string, len(c.Args))
			for i, a := range c.Args {
				if v, isLit := LitValue(a); isLit {
					argv[i] = v
				} else {
					argv[i] = Unknown
				}
			}
			if _, isEngine := detectEngine(argv); isEngine {
				found = true
			} else if fd := s.Funcs[argv[0]]; fd != nil && fd.Body != nil {
				found = s.bootsIn([]*syntax.Stmt{fd.Body}, depth+1)
			}
			return !found
		})
	}
	return found
}

// topDerived returns seed and the variables assigned from it (or from one
// of them, to a fixed point) outside functions and option loops.
func (s *Script) topDerived(seed string) []string {
	return s.deriveNames([]string{seed}, map[string]bool{seed: true}, func(a *Assign, sel []string, _ map[string]bool) bool {
		return s.topFunc(a.InFunc) && a.Value != nil && !s.isOptAssign(a) && !s.inOptArm(a.Start) && (isParamOf(a.Value, sel) || normalizes(a.Value, sel))
	})
}

// deriveNames adds to sel (and to in, the same names as a set) each
// variable with an assignment takes accepts, given the names so far, to a
// fixed point, and returns sel: the selectors assigned from $1, the
// variables assigned from a key.
func (s *Script) deriveNames(sel []string, in map[string]bool, takes func(a *Assign, sel []string, in map[string]bool) bool) []string {
	for changed := true; changed; {
		changed = false
		for name, as := range s.Assigns {
			if in[name] {
				continue
			}
			if slices.ContainsFunc(as, func(a *Assign) bool { return takes(a, sel, in) }) {
				sel = append(sel, name)
				in[name], changed = true, true
			}
		}
	}
	return sel
}

// defaultMode adds the proven mode when the modes found do not name it but
// the mode's own default does (`if [[ ${1:-serve} == bench ]]; then
// cmd+=(…); fi`, `MODE=${1:-serve}` with only `[[ $MODE == kl ]]` tested):
// run with no word, the script boots the shared path as serve, the shape
// the named modes are compared with. The mode has no branch of its own.
// Not when the script refuses every name it does not test (closed: `case
// "${1:-serve}" in bench) …;; kl) …;; *) usage; exit 2;; esac`, `[[ $MODE
// == bench || $MODE == kl ]] || exit 2`, an if/elif chain on the mode with
// `else exit 2`): run as serve it boots nothing.
func (s *Script) defaultMode(sharedLaunch, closed bool) {
	if len(s.Modes) == 0 || !sharedLaunch || closed || s.ModeNamed(s.provenName) != nil || len(s.EnvSelectors) > 0 {
		return
	}
	if s.Option != nil {
		s.switchDefaultMode()
		return
	}
	for _, m := range s.Modes {
		if m.Func != "" || !m.byArg {
			return // functions run by name, or a mode the environment picks
		}
	}
	// MODE=${1:-serve} after the model's shift: the default is the mode's
	// though $1 is no selector there (modeAfterShift).
	assigned := map[*syntax.ParamExp]bool{}
	for name := range s.argSelectors {
		for _, a := range s.Assigns[name] {
			if pe := SingleParam(a.Value); pe != nil && s.topFunc(a.InFunc) {
				assigned[pe] = true
			}
		}
	}
	for _, pe := range s.Params() {
		if pe.Param == nil || !s.argSelectors[pe.Param.Value] && !assigned[pe] || pe.Exp == nil ||
			pe.Exp.Op != syntax.DefaultUnset && pe.Exp.Op != syntax.DefaultUnsetOrNull || !s.topAt(s.Off(pe.Pos())) {
			continue
		}
		// The proven mode's name, or with none configured (serve by
		// default) any other name no mode takes: MODE=${1:-prod} with
		// only eval tested boots prod with no word, the shape eval is
		// compared with.
		if v, ok := LitValue(pe.Exp.Word); ok && (v == s.provenName || !s.provenSet && modeName(v) && wordish(v) && s.ModeNamed(v) == nil) {
			st, en := s.Off(pe.Exp.Word.Pos()), s.Off(pe.Exp.Word.End())
			s.Modes = append(s.Modes, &Mode{Name: v, Start: st, End: en, token: modeToken(v), byArg: true, byDefault: v != s.provenName})
			return
		}
	}
}

// switchDefaultMode adds the proven mode when the script picks the others
// with switches (--bench) MODE=bench) or a value option (--mode)
// MODE=$2) and the option's variable is the
// proven mode's name before any (MODE=serve, its sole default: soleDefault): run with
// no switch, the script boots the shared path as serve (`if [ "$MODE" =
// bench ]; then …; fi; exec vllm …`). The dry run passes it no words
// (a value option: --mode serve, what the default gives).
func (s *Script) switchDefaultMode() {
	for _, m := range s.Modes {
		if m.Func != "" || !m.byOpt || m.byArg || m.byEnv {
			return
		}
	}
	for name := range s.optSelectors {
		var os []optAssign
		for _, oa := range s.optAssigns {
			if oa.name == name {
				os = append(os, oa)
			}
		}
		if d := s.soleDefault(name, os); d != nil && d.lit == s.provenName {
			st, en := s.Off(d.a.Value.Pos()), s.Off(d.a.Value.End())
			s.Modes = append(s.Modes, &Mode{Name: d.lit, Start: st, End: en, token: modeToken(d.lit), byOpt: true})
			return
		}
	}
}

// modeAfterShift returns the variables holding the script's second word
// when the first is another's and shifted off before the second is read
// (MODEL=${1:?}; shift; MODE=${1:-serve}; case "$MODE" in serve) …): the
// assignments from $1 outside functions after one shift, when a case or
// test of what they hold names the proven mode and none of those made
// before the shift does. nil otherwise. The first word the dry run passes
// is the first model a case on the earlier variables names (arg1Word).
func (s *Script) modeAfterShift(proven string) []string {
	if s.File == nil || slices.ContainsFunc(s.optLoops, func(lp optLoop) bool { return !lp.getopts }) {
		return nil
	}
	if proven == "" {
		proven = "serve"
	}
	var before, after, later []string
	for name, as := range s.Assigns {
		for _, a := range as {
			if !s.topFunc(a.InFunc) || a.Value == nil || !isParamOf(a.Value, []string{"1"}) && !normalizes(a.Value, []string{"1"}) {
				continue
			}
			switch n, ok := s.topShiftsBefore(a.Start); {
			case !ok:
				return nil
			case n == 0:
				before = append(before, name)
			case n == 1:
				after = append(after, name)
			default:
				// After two or more shifts, $1 is a later word
				// (PORT=${1:-8000} after the mode's own shift): neither
				// the model nor the mode.
				later = append(later, name)
			}
		}
	}
	if len(before) == 0 || len(after) == 0 {
		return nil
	}
	for _, n := range later {
		if slices.Contains(before, n) || slices.Contains(after, n) {
			return nil // MODE=$1; shift; MODE=$1: which word is not one
		}
	}
	slices.Sort(before)
	slices.Sort(after)
	if slices.ContainsFunc(after, func(n string) bool { return slices.Contains(before, n) }) {
		return nil
	}
	if s.testsProven(before, proven) || !s.picksProven(after, proven) {
		return nil
	}
	s.arg1Word = s.firstArmLiteral(before)
	return after
}

// topShiftsBefore counts the positional parameters the script's top-level
// statements shift off before offset off (shift, shift 2, shift || true);
// ok is false when a statement before it may shift or set them otherwise
// (a shift in a loop or a branch, set -- …).
func (s *Script) topShiftsBefore(off int) (n int, ok bool) {
	fn := s.funcAt(off)
	if fn == "" {
		return s.shiftsIn(s.File.Stmts, off)
	}
	// Inside main "$@": the top level's shifts before the call, then the
	// function's own before off.
	call, entry := s.entryCalls[fn]
	fd := s.Funcs[fn]
	if !entry || fd == nil || fd.Body == nil {
		return 0, false
	}
	n, ok = s.shiftsIn(s.File.Stmts, call)
	if !ok {
		return 0, false
	}
	body := []*syntax.Stmt{fd.Body}
	if b, isBlock := fd.Body.Cmd.(*syntax.Block); isBlock {
		body = b.Stmts
	}
	k, ok := s.shiftsIn(body, off)
	return n + k, ok
}

// shiftsIn counts the positional parameters statements stmts shift off
// before offset off, as topShiftsBefore.
func (s *Script) shiftsIn(stmts []*syntax.Stmt, off int) (n int, ok bool) {
	for _, st := range stmts {
		if s.Off(st.Pos()) > off || off < s.Off(st.End()) {
			break
		}
		cmd := st.Cmd
		if b, isList := cmd.(*syntax.BinaryCmd); isList && b.Op == syntax.OrStmt && b.X != nil {
			cmd = b.X.Cmd // shift || true
		}
		if ce, isCall := cmd.(*syntax.CallExpr); isCall && len(ce.Args) > 0 {
			if name, _ := LitValue(ce.Args[0]); name == "shift" {
				k := 1
				if len(ce.Args) == 2 && s.shiftsOptind(ce.Args[1]) {
					// shift $((OPTIND-1)) after getopts: the dry run passes
					// no option, so nothing is shifted.
					continue
				}
				if len(ce.Args) == 2 {
					v, lit := LitValue(ce.Args[1])
					x, err := strconv.Atoi(v)
					if !lit || err != nil || x < 0 {
						return 0, false
					}
					k = x
				} else if len(ce.Args) > 2 {
					return 0, false
				}
				n += k
				continue
			}
		}
		shifts := false
		shwalk.Walk(st, func(x syntax.Node) bool {
			if _, fn := x.(*syntax.FuncDecl); fn {
				return false
			}
			if ce, isCall := x.(*syntax.CallExpr); isCall && len(ce.Args) > 0 {
				if name, _ := LitValue(ce.Args[0]); name == "shift" || name == "set" && setsPositional(ce.Args[1:]) {
					shifts = true
				}
			}
			return !shifts
		})
		if shifts {
			return 0, false
		}
	}
	return n, true
}

// shiftsOptind reports whether w is $((OPTIND-1)) (or $((OPTIND - 1)),
// quoted) and the script reads its options with getopts at the top level
// (or in main "$@").
func (s *Script) shiftsOptind(w *syntax.Word) bool {
	if !slices.ContainsFunc(s.optLoops, func(lp optLoop) bool { return lp.getopts && s.topFunc(lp.fn) }) {
		return false
	}
	parts := w.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) != 1 {
		return false
	}
	ae, ok := parts[0].(*syntax.ArithmExp)
	if !ok {
		return false
	}
	b, ok := ae.X.(*syntax.BinaryArithm)
	if !ok || b.Op != syntax.Sub {
		return false
	}
	x, okx := b.X.(*syntax.Word)
	y, oky := b.Y.(*syntax.Word)
	return okx && oky && (x.Lit() == "OPTIND" || x.Lit() == "$OPTIND") && y.Lit() == "1"
}

// defaultsProven reports whether the variables sel (the second word's)
// default to the proven mode outside functions (MODE=${1:-serve} after the
// model's shift, ${2:-serve}) and are tested for other modes: run with no
// mode, the script is the proven one (defaultMode), so the mode is the
// second word even when only bench is tested.
func (s *Script) defaultsProven(sel []string, proven string) bool {
	isDefault := func(pe *syntax.ParamExp) bool {
		if pe == nil || pe.Param == nil || pe.Exp == nil || pe.Exp.Op != syntax.DefaultUnset && pe.Exp.Op != syntax.DefaultUnsetOrNull {
			return false
		}
		v, ok := LitValue(pe.Exp.Word)
		return ok && v == proven
	}
	found := false
	for _, name := range sel {
		for _, a := range s.Assigns[name] {
			if s.topFunc(a.InFunc) && isDefault(SingleParam(a.Value)) {
				found = true
			}
		}
	}
	for _, pe := range s.params {
		if pe.Param != nil && slices.Contains(sel, pe.Param.Value) && s.topAt(s.Off(pe.Pos())) && isDefault(pe) {
			found = true
		}
	}
	return found && s.testsAny(sel)
}

// testsAny reports whether a case, an if test or an && / || list tests one
// of the variables sel for a mode name.
func (s *Script) testsAny(sel []string) bool {
	saved := s.Selectors
	defer func() { s.Selectors = saved }()
	s.Selectors = sel
	for _, n := range s.modeNodes {
		switch n := n.(type) {
		case *syntax.CaseClause:
			if !isParamOf(n.Word, sel) {
				continue
			}
			for _, it := range n.Items {
				for _, p := range it.Patterns {
					if v, ok := LitValue(p); ok && modeName(v) {
						return true
					}
				}
			}
		case *syntax.IfClause:
			for c := n; c != nil; c = c.Else {
				for _, st := range c.Cond {
					if len(s.condNames(st.Cmd)) > 0 {
						return true
					}
				}
			}
		case *syntax.BinaryCmd:
			if n.X != nil && len(s.condNames(n.X.Cmd)) > 0 {
				return true
			}
		}
	}
	return false
}

// testsProven reports whether a test of one of the variables sel names
// the proven mode: a case arm, an if test, a guard or an && line.
func (s *Script) testsProven(sel []string, proven string) bool {
	return s.namesProvenAny(sel, proven) || s.listNames(sel, proven)
}

// picksProven reports whether the variables sel pick the proven mode: a
// test names it, or their default does while other modes are tested.
func (s *Script) picksProven(sel []string, proven string) bool {
	return s.testsProven(sel, proven) || s.defaultsProven(sel, proven)
}

// namesProvenAny reports whether a case or an if test of one of the
// variables sel names the proven mode (namesProven).
func (s *Script) namesProvenAny(sel []string, proven string) bool {
	return slices.ContainsFunc(sel, func(n string) bool { return s.namesProven(n, proven) })
}

// ownArgs reports whether every call of function fn by name hands it a
// first word of its own: a literal (start dry …, launch prefill …), one
// expansion of a variable that holds no mode (run_server "$container"
// "${args[@]}": no selector in sel) or nothing. Its $1 is then not the
// script's mode. A function called with "$@", "$1" or a selector there
// (main "$@", main "$mode"), or never by name (dispatched as "mode_$1"),
// may get the mode.
//
// A call that may reach fn by a name not written out ("$fn" "$@" with
// fn=main, "cmd_$1" "$@", eval main "$@") counts too: when it hands fn
// words not known, fn's $1 may be the mode.
func (s *Script) ownArgs(fn string, sel []string) bool {
	called := false
	for _, c := range s.calls {
		name, ok := LitValue(c.Args[0])
		switch {
		case ok && name == fn:
		case ok && name == "eval":
			if len(c.Args) < 2 || !s.mayName(c.Args[1], fn, true) {
				continue
			}
			for _, a := range c.Args[1:] {
				if _, ok := LitValue(a); !ok {
					return false
				}
			}
			continue // eval of literal words: the words are fn's own
		case ok:
			continue
		case !s.mayName(c.Args[0], fn, false):
			continue
		}
		called = true
		if len(c.Args) > 1 {
			if _, ok := LitValue(c.Args[1]); !ok && !s.otherVar(c.Args[1], sel) {
				return false
			}
		}
	}
	return called
}

// otherVar reports whether word w is one expansion of a named variable
// (not a positional or special parameter) that is none of the selectors
// sel: a word the caller picked, not the mode.
func (s *Script) otherVar(w *syntax.Word, sel []string) bool {
	parts := unquoted(w.Parts)
	if len(parts) != 1 {
		return false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	if !ok || !plainParam(pe) || !isName(pe.Param.Value) {
		return false
	}
	return !slices.Contains(sel, pe.Param.Value)
}

// scriptArgs reports whether a call of fn hands it the script's own words
// first (main "$@", main "$1", "$fn" "$@" with fn=main, main "$mode"),
// from the top level or from a function that gets them itself. A function
// run only with words of its own (run "$launcher", retry 3 "$cmd", never
// called at all) does not get the mode: its "$@" runs a command its
// caller picked.
func (s *Script) scriptArgs(fn string, depth int) bool {
	if depth > 8 {
		return false
	}
	for _, c := range s.calls {
		if name, ok := LitValue(c.Args[0]); ok && name != fn || !ok && !s.mayName(c.Args[0], fn, false) {
			continue
		}
		if len(c.Args) < 2 {
			continue
		}
		parts := unquoted(c.Args[1].Parts)
		if len(parts) != 1 {
			continue
		}
		pe, ok := parts[0].(*syntax.ParamExp)
		if !ok || !plainParam(pe) {
			continue
		}
		switch p := pe.Param.Value; {
		case p == "@" || p == "*" || p == "1":
			// The caller's own words: the script's at the top level.
			if g := s.funcAt(s.Off(c.Pos())); g == "" || g != fn && s.scriptArgs(g, depth+1) {
				return true
			}
		case slices.Contains(s.Selectors, p):
			return true // main "$mode"
		}
	}
	return false
}

// handsMode reports whether a call of fn by name hands it, as its first
// word, a mode name the script's selectors (sel) are tested against
// outside fn: `case "$1" in kl) launch kl ;;` makes launch's $1 the mode,
// though every call writes its word out.
func (s *Script) handsMode(fn string, sel []string) bool {
	fd := s.Funcs[fn]
	if fd == nil {
		return false
	}
	body := Range{s.Off(fd.Body.Pos()), s.Off(fd.Body.End())}
	saved := s.Selectors
	s.Selectors = sel
	defer func() { s.Selectors = saved }()
	tested := map[string]bool{}
	for _, n := range s.modeNodes {
		if off := s.Off(n.Pos()); off >= body.Start && off < body.End {
			continue
		}
		var names []nameAt
		switch n := n.(type) {
		case *syntax.CaseClause:
			for _, c := range s.caseCandidates(n) {
				tested[c.name] = true
			}
		case *syntax.IfClause:
			for _, st := range n.Cond {
				names = append(names, s.condNames(st.Cmd)...)
			}
		case *syntax.BinaryCmd:
			if n.Op == syntax.AndStmt || n.Op == syntax.OrStmt {
				names = s.condNames(n.X.Cmd)
			}
		}
		for _, nw := range names {
			tested[nw.name] = true
		}
	}
	if len(tested) == 0 {
		return false
	}
	for _, c := range s.calls {
		if name, ok := LitValue(c.Args[0]); !ok || name != fn || len(c.Args) < 2 {
			continue
		}
		if w, ok := LitValue(c.Args[1]); ok && tested[w] {
			return true
		}
	}
	return false
}

// mayName reports whether word w, a command name not written out, may name
// function fn: "$fn" with an assignment fn=main or fn="cmd_$1", "cmd_$1"
// itself. With prefixOnly (eval's first word, "main $*" or main), fn need
// only begin the word. A variable never assigned in the script is taken to
// name a program (an engine path from the environment), not fn.
func (s *Script) mayName(w *syntax.Word, fn string, prefixOnly bool) bool {
	return s.mayNameSeen(w, fn, prefixOnly, map[string]bool{})
}

// mayNameSeen is mayName through the variables not in seen: X=$X (or
// A=$B; B=$A) names what it named before, not a loop to follow forever.
func (s *Script) mayNameSeen(w *syntax.Word, fn string, prefixOnly bool, seen map[string]bool) bool {
	if v, ok := LitValue(w); ok {
		return v == fn || prefixOnly && strings.HasPrefix(v, fn+" ")
	}
	parts := unquoted(w.Parts)
	if len(parts) == 1 {
		if pe, ok := parts[0].(*syntax.ParamExp); ok && plainParam(pe) {
			if seen[pe.Param.Value] {
				return false
			}
			seen[pe.Param.Value] = true
			if vals, ok := s.armValues(pe.Param.Value, s.Off(w.Pos())); ok {
				// case $rt in docker|podman) "$rt" run …: one of the
				// arm's words, whatever else the variable may hold.
				return slices.ContainsFunc(vals, func(v string) bool {
					return v == fn || prefixOnly && strings.HasPrefix(v, fn+" ")
				})
			}
			for _, a := range s.Assigns[pe.Param.Value] {
				if a.Value != nil && s.mayNameSeen(a.Value, fn, prefixOnly, seen) {
					return true
				}
			}
			return false
		}
		if pe, ok := parts[0].(*syntax.ParamExp); ok && firstElemParam(pe) && len(s.Assigns[pe.Param.Value]) > 0 {
			// "${base[@]}" --port 8000 with base=(vllm serve "$M"): the
			// command is the array's first element.
			return s.firstElemMayName(pe.Param.Value, fn, prefixOnly, seen)
		}
	}
	prefix := ""
	for _, p := range parts {
		l, ok := p.(*syntax.Lit)
		if !ok {
			break
		}
		prefix += l.Value
	}
	suffix := ""
	for i := len(parts) - 1; i >= 0 && !prefixOnly; i-- {
		l, ok := parts[i].(*syntax.Lit)
		if !ok {
			break
		}
		suffix = l.Value + suffix
	}
	if len(prefix) >= len(fn) {
		return prefixOnly && strings.HasPrefix(prefix, fn) && (len(prefix) == len(fn) || prefix[len(fn)] == ' ')
	}
	return strings.HasPrefix(fn, prefix) && strings.HasSuffix(fn, suffix)
}

// firstElemParam reports whether pe is ${NAME[@]}, ${NAME[*]} or
// ${NAME[0]} as is: run as a command, its first word is the array's first
// element.
func firstElemParam(pe *syntax.ParamExp) bool {
	if pe.Param == nil || pe.Exp != nil || pe.Repl != nil || pe.Slice != nil || pe.Excl || pe.Length || pe.Width || pe.Index == nil {
		return false
	}
	w, ok := pe.Index.(*syntax.Word)
	if !ok {
		return false
	}
	v, ok := LitValue(w)
	return ok && (v == "@" || v == "*" || v == "0")
}

// firstElemMayName reports whether the first element of array name may
// name function fn: the first element of each of its array assignments
// (an append's too, when the array was empty), or a plain value. One a
// command writes (read -a, mapfile) or an element at an index is not
// known: it may.
func (s *Script) firstElemMayName(name, fn string, prefixOnly bool, seen map[string]bool) bool {
	if seen[name] {
		return false
	}
	seen[name] = true
	if s.WrittenByCommand(name) {
		return true
	}
	for _, a := range s.Assigns[name] {
		switch {
		case a.Array != nil:
			if len(a.Array.Elems) == 0 {
				continue
			}
			el := a.Array.Elems[0]
			if el.Index != nil || el.Value == nil || s.mayNameSeen(el.Value, fn, prefixOnly, seen) {
				return true
			}
		case a.Value != nil:
			if s.mayNameSeen(a.Value, fn, prefixOnly, seen) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// envSelectors returns the environment variables that pick the mode:
// `MODE=${MODE:-serve}` (its one assignment, at the top level), or `case
// "${MODE:-serve}" in` with MODE never assigned. One counts only when a
// case on it names the proven mode (serve, or the config's) among its
// arms, or (for the first form) an if/elif test compares it with that
// name: a case on $DATASET, $GPU or $SHARDING picks a workload or a
// machine, shapes that differ on purpose, not a mode.
func (s *Script) envSelectors(proven string, taken map[string]bool) []string {
	if proven == "" {
		proven = "serve"
	}
	defaulted := func(w *syntax.Word) string { // ${MODE:-serve}, a selector not taken
		n := selfDefault(w)
		if n == "" || !isName(n) || taken[n] || shellOwnVar(n) {
			return ""
		}
		return n
	}
	cand := map[string]bool{}
	for name, as := range s.Assigns {
		if len(as) != 1 {
			continue
		}
		a := as[0]
		if a.Value != nil && len(a.Modes) == 0 && a.InFunc == "" && !a.Append && !a.Local && !a.Conditional && !a.Guarded &&
			(defaulted(a.Value) == name || selfRequired(a.Value) == name && !taken[name] && !shellOwnVar(name)) && !s.writtenBy(name, userInput...) {
			cand[name] = true
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, n := range s.modeNodes {
		cc, ok := n.(*syntax.CaseClause)
		if !ok {
			continue
		}
		name := ""
		if pe := SingleParam(cc.Word); pe != nil && pe.Param != nil && (cand[pe.Param.Value] && asIs(pe)) {
			name = pe.Param.Value // case "$MODE" after MODE=${MODE:-serve}
		} else if d := defaulted(cc.Word); d != "" && len(s.Assigns[d]) == 0 && !s.writtenBy(d, userInput...) {
			name = d // case "${MODE:-serve}", MODE from the environment
		} else if pe != nil && pe.Param != nil && asIs(pe) && s.fromEnvOnly(pe.Param.Value) && !taken[pe.Param.Value] {
			name = pe.Param.Value // case "$MODE" (or "${MODE,,}", "${MODE:?…}"), MODE from the environment alone
		} else if pe != nil && pe.Param != nil && asIs(pe) && !taken[pe.Param.Value] {
			name = s.envAliasOf(pe.Param.Value, taken) // mode=${MODE:-serve}; case "$mode"
		}
		if name == "" || seen[name] {
			continue
		}
		if armNames(cc, proven) || rolePair(armLiterals(cc)) {
			seen[name] = true
			out = append(out, name)
		}
	}
	// if/elif chains testing a variable that defaults itself:
	// MODE=${MODE:-serve}; if [[ $MODE == serve ]]; then … elif …, or one
	// the script never writes (MODE from the environment alone, as for
	// case "$MODE" above).
	names := make([]string, 0, len(cand))
	for n := range cand {
		if !seen[n] {
			names = append(names, n)
		}
	}
	for _, n := range s.ifTestedEnvOnly() {
		if !seen[n] && !cand[n] && !taken[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	saved := s.Selectors
	defer func() { s.Selectors = saved }()
	for _, name := range names {
		s.Selectors = []string{name}
		tested := s.testedNames()
		if slices.Contains(tested, proven) || rolePair(tested) || s.envDefaultSelects(name, proven, tested) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// envAliasOf returns the environment variable E when variable x's one
// assignment, at the top level and in no mode, is x=${E:-default} or
// x=${E:?message} (mode=${MODE:-serve}, role=${ROLE:?set ROLE}) and only
// the environment sets E (fromEnvOnly): a case on $x is a case on E,
// which the dry run sets. "" otherwise.
func (s *Script) envAliasOf(x string, taken map[string]bool) string {
	as := s.Assigns[x]
	if len(as) != 1 || shellOwnVar(x) || s.writtenBy(x, userInput...) {
		return ""
	}
	a := as[0]
	if a.Value == nil || len(a.Modes) > 0 || a.InFunc != "" || a.Append || a.Local || a.Conditional || a.Guarded {
		return ""
	}
	e := selfDefault(a.Value)
	if e == "" {
		e = selfRequired(a.Value)
	}
	if e == "" || e == x || taken[e] || !s.fromEnvOnly(e) {
		return ""
	}
	return e
}

// ifTestedEnvOnly returns the variables an if/elif condition compares
// as they are ($MODE, ${MODE,,}) that only the environment can set
// (fromEnvOnly): the candidates for an if-chain selector no assignment
// names.
func (s *Script) ifTestedEnvOnly() []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range s.modeNodes {
		ic, ok := n.(*syntax.IfClause)
		if !ok {
			continue
		}
		for c := ic; c != nil; c = c.Else {
			for _, st := range c.Cond {
				shwalk.Walk(st, func(n syntax.Node) bool {
					pe, ok := n.(*syntax.ParamExp)
					if !ok {
						return true
					}
					if pe.Param != nil && asIs(pe) && !seen[pe.Param.Value] && s.fromEnvOnly(pe.Param.Value) {
						seen[pe.Param.Value] = true
						out = append(out, pe.Param.Value)
					}
					return false
				})
			}
		}
	}
	return out
}

// selfRequired returns NAME when w is ${NAME:?message} or ${NAME?message}:
// MODE=${MODE:?set MODE=serve|kl} takes the mode from the environment and
// stops the script without one.
func selfRequired(w *syntax.Word) string {
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil || pe.Exp == nil || pe.Excl || pe.Length || pe.Index != nil ||
		pe.Exp.Op != syntax.ErrorUnset && pe.Exp.Op != syntax.ErrorUnsetOrNull || !isName(pe.Param.Value) {
		return ""
	}
	return pe.Param.Value
}

// armNames reports whether an arm of case clause cc names value
// literally (`serve)`, `serve|kl)`).
func armNames(cc *syntax.CaseClause, value string) bool {
	for _, it := range cc.Items {
		if slices.ContainsFunc(it.Patterns, func(p *syntax.Word) bool { v, ok := LitValue(p); return ok && v == value }) {
			return true
		}
	}
	return false
}

// armLiterals returns the literal words the arms of case clause cc name
// (prefill and decode in `prefill) … ;; decode|d) …`).
func armLiterals(cc *syntax.CaseClause) []string {
	var out []string
	for _, it := range cc.Items {
		for _, p := range it.Patterns {
			if v, ok := LitValue(p); ok && modeName(v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// rolePair reports whether names hold both roles of disaggregated serving
// in one family of role names (roleWord: prefill and decode, ctx and gen):
// a variable tested for both picks the instance's role, a mode the
// environment selects (ROLE=${ROLE:?}; case $ROLE in prefill) … decode) …),
// though no arm names the proven mode.
func rolePair(names []string) bool {
	for f := range roleFamilies {
		var has [2]bool
		for _, n := range names {
			for d := range 2 {
				has[d] = has[d] || roleWord(strings.ToLower(n), d == 1, f)
			}
		}
		if has[0] && has[1] {
			return true
		}
	}
	return false
}

// userInput lists the builtins that write a variable from input, not the
// environment: a menu's read -rp "mode: " mode is the user's choice, and a
// dry run (empty stdin) never takes the branch a mode value names.
var userInput = []string{"read", "getopts", "mapfile", "readarray", "printf"}

// varWriters lists every builtin that writes a variable other than by an
// assignment: userInput's, the declaring ones and unset. A variable none
// of them names holds only what the environment or its assignments give.
var varWriters = []string{"read", "getopts", "mapfile", "readarray", "printf", "declare", "typeset", "local", "export", "readonly", "unset"}

// fromEnvOnly reports whether a variable can only come from the
// environment: a name (not the shell's own) the script never assigns,
// reads into (read, getopts, mapfile, printf -v), loops over (for,
// select) or declares.
func (s *Script) fromEnvOnly(name string) bool {
	if !isName(name) || shellOwnVar(name) || len(s.Assigns[name]) > 0 || s.Declared[name] {
		return false
	}
	return !s.writtenBy(name, varWriters...)
}

// writtenBy reports whether the script writes variable name other than by
// an assignment: a call of one of cmds naming it (read -rp "mode: " mode),
// or a for or select loop over it. The calls and loops are indexed by the
// names they hold on the first question (it is asked for every
// self-defaulted variable and every case word).
func (s *Script) writtenBy(name string, cmds ...string) bool {
	return s.loopVars[name] || s.calledOn(name, cmds...)
}

// calledOn reports whether a call of one of cmds names variable name
// (writtenBy without the loops).
func (s *Script) calledOn(name string, cmds ...string) bool {
	// Once: rules ask it concurrently (Origins, CallerVars) after Analyze.
	s.nameWritersOnce.Do(func() {
		s.nameWriters = map[string]map[string]bool{}
		for _, c := range s.calls {
			cmd, _ := LitValue(c.Args[0])
			for _, a := range c.Args[1:] {
				if v, _ := LitValue(a); isName(v) {
					if s.nameWriters[v] == nil {
						s.nameWriters[v] = map[string]bool{}
					}
					s.nameWriters[v][cmd] = true
				}
			}
		}
	})
	for _, cmd := range cmds {
		if s.nameWriters[name][cmd] {
			return true
		}
	}
	return false
}

// testsNamed reports whether an if/elif chain tests the selector for the
// name.
func (s *Script) testsNamed(name string) bool {
	return slices.Contains(s.testedNames(), name)
}

// testedNames returns the names if/elif chains test the selectors for
// (testsNamed's, all of them).
func (s *Script) testedNames() []string {
	var out []string
	for _, n := range s.modeNodes {
		ic, ok := n.(*syntax.IfClause)
		if !ok {
			continue
		}
		for c := ic; c != nil; c = c.Else {
			for _, st := range c.Cond {
				if st.Negated {
					continue
				}
				for _, nw := range s.condNames(st.Cmd) {
					out = append(out, nw.name)
				}
			}
		}
	}
	return out
}

// shellOwnVar reports whether a name is a variable the shell, the system
// or the dry-run sandbox gives its own meaning (TMPDIR=${TMPDIR:-/tmp},
// HOME, PATH, IFS): never a mode selector, whatever a case on it names.
func shellOwnVar(name string) bool {
	switch name {
	case "PATH", "HOME", "TMPDIR", "USER", "LOGNAME", "HOSTNAME", "UID", "EUID", "GID", "SHELL",
		"IFS", "PWD", "OLDPWD", "OPTIND", "OPTARG", "PPID", "RANDOM", "SECONDS", "LINENO", "SHLVL",
		"BASH_ENV", "ENV", "CDPATH", "LANG", "TERM", "EPOCHSECONDS", "EPOCHREALTIME", "BASHPID", "HISTCMD", "SRANDOM":
		return true
	}
	return strings.HasPrefix(name, "BASH_") || strings.HasPrefix(name, "LC_")
}

// SubmitDirVar reports whether name is a batch scheduler's variable for the
// directory the job was submitted from, which is also the job's working
// directory when it starts (Slurm's SLURM_SUBMIT_DIR, PBS's PBS_O_WORKDIR):
// a job script reads its files from there (`source
// "$SLURM_SUBMIT_DIR/job.env"`), since the scheduler runs a copy of the
// script from its spool, where $0's directory holds nothing. The linter
// reads it as $PWD; the dry run gives it the working directory it starts
// in, when the script does not assign it.
func SubmitDirVar(name string) bool { return slices.Contains(SubmitDirVars, name) }

// ReadsSubmitDir reports whether the script reads a SubmitDirVar.
func (s *Script) ReadsSubmitDir() bool {
	return slices.ContainsFunc(s.params, func(pe *syntax.ParamExp) bool { return pe.Param != nil && SubmitDirVar(pe.Param.Value) })
}

// SubmitDirVars are the names SubmitDirVar knows.
var SubmitDirVars = []string{"SLURM_SUBMIT_DIR", "PBS_O_WORKDIR"}

// echoed returns the one word a pipeline's first command prints as it is,
// echo WORD or printf '%s' WORD (normalizes, foldOf); nil for any other.
func echoed(c *syntax.CallExpr) *syntax.Word {
	cmd, _ := LitValue(c.Args[0])
	switch {
	case cmd == "echo" && len(c.Args) == 2:
		return c.Args[1]
	case cmd == "printf" && len(c.Args) == 3:
		if f, _ := LitValue(c.Args[1]); f == "%s" || f == `%s\n` {
			return c.Args[2]
		}
	}
	return nil
}

// soleSubst returns the command substitution that is all of w, $(…) or
// "$(…)"; nil for any other word.
func soleSubst(w *syntax.Word) *syntax.CmdSubst {
	if w == nil || len(w.Parts) != 1 {
		return nil
	}
	switch p := w.Parts[0].(type) {
	case *syntax.CmdSubst:
		return p
	case *syntax.DblQuoted:
		if len(p.Parts) == 1 {
			cs, _ := p.Parts[0].(*syntax.CmdSubst)
			return cs
		}
	}
	return nil
}

// normalizes reports whether w is a command substitution that prints one
// of the names through tr or sed only (mode=$(echo "$1" | tr '[:upper:]'
// '[:lower:]')): the mode, normalised.
func normalizes(w *syntax.Word, names []string) bool {
	cs := soleSubst(w)
	if cs == nil || len(cs.Stmts) != 1 {
		return false
	}
	stages, ok := pipeStages(cs.Stmts[0])
	if !ok || len(stages) < 2 {
		return false
	}
	for i, st := range stages {
		c, isCall := st.Cmd.(*syntax.CallExpr)
		if !isCall || len(c.Args) == 0 || len(st.Redirs) > 0 {
			return false
		}
		if i == 0 {
			if w := echoed(c); w == nil || !isParamOf(w, names) {
				return false
			}
			continue
		}
		if name, _ := LitValue(c.Args[0]); name != "tr" && name != "sed" {
			return false
		}
	}
	return true
}

// isParamOf reports whether w is a single (possibly quoted) expansion of one
// of the names: $1, "${1:-x}", "${mode,,}", ${MODE//-/_}.
func isParamOf(w *syntax.Word, names []string) bool {
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil || pe.Excl || pe.Length || pe.Index != nil {
		return false
	}
	for _, n := range names {
		if pe.Param.Value == n {
			return true
		}
	}
	return false
}

// lastArgParam reports whether w is only the script's last word: ${!#}
// (the parameter $# names), ${@: -1} or ${*: -1}, quoted or not.
func lastArgParam(w *syntax.Word) bool {
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil || pe.Length || pe.Index != nil || pe.Exp != nil || pe.Repl != nil || pe.Names != 0 {
		return false
	}
	switch {
	case pe.Excl:
		return pe.Param.Value == "#" && pe.Slice == nil
	case pe.Param.Value == "@" || pe.Param.Value == "*":
		if pe.Slice == nil || pe.Slice.Length != nil {
			return false
		}
		u, ok := pe.Slice.Offset.(*syntax.UnaryArithm)
		if !ok || u.Op != syntax.Minus || u.Post {
			return false
		}
		n, ok := u.X.(*syntax.Word)
		return ok && n.Lit() == "1"
	}
	return false
}

// selfDefaultOf reports whether a gives its variable its own value, or
// else a selector's: MODE=${MODE:-${1:-serve}} (the caller's MODE, else the
// first word, else serve), which is : "${MODE:=${1:-serve}}" written as an
// assignment. The dry run leaves MODE unset and passes the mode as $1.
func selfDefaultOf(a *Assign, sel []string) bool {
	pe := SingleParam(a.Value)
	if pe == nil || pe.Param == nil || pe.Param.Value != a.Name || pe.Exp == nil || pe.Index != nil || pe.Excl || pe.Length {
		return false
	}
	if pe.Exp.Op != syntax.DefaultUnset && pe.Exp.Op != syntax.DefaultUnsetOrNull {
		return false
	}
	return isParamOf(pe.Exp.Word, sel)
}

// SingleParam returns the parameter expansion that is all of w (quoted or
// not), nil when w is anything else.
func SingleParam(w *syntax.Word) *syntax.ParamExp {
	if w == nil || len(w.Parts) != 1 {
		return nil
	}
	switch p := w.Parts[0].(type) {
	case *syntax.ParamExp:
		return p
	case *syntax.DblQuoted:
		if len(p.Parts) == 1 {
			if pe, ok := p.Parts[0].(*syntax.ParamExp); ok {
				return pe
			}
		}
	}
	return nil
}

// LitValue returns the value of a word made only of literal text and
// quotes, and whether it is one.
func LitValue(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", false
	}
	if len(w.Parts) == 1 { // the common case, without building a string
		switch p := w.Parts[0].(type) {
		case *syntax.Lit:
			if !strings.Contains(p.Value, "\\") {
				return p.Value, true
			}
		case *syntax.SglQuoted:
			if !p.Dollar {
				return p.Value, true
			}
		}
	}
	var sb strings.Builder
	if !litParts(w.Parts, &sb, false) {
		return "", false
	}
	return sb.String(), true
}

// litParts writes the value of literal word parts; dq: the parts are
// inside double quotes, where a backslash escapes only $ ` " \ and a
// newline ("s/\r$//" is s/\r$//, sed's script, not s/r$//).
func litParts(parts []syntax.WordPart, sb *strings.Builder, dq bool) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			v := p.Value
			if strings.Contains(v, "\\") {
				if dq {
					v = unescapeDbl(v)
				} else {
					v = unescapeLit(v)
				}
			}
			sb.WriteString(v)
		case *syntax.SglQuoted:
			if p.Dollar {
				return false
			}
			sb.WriteString(p.Value)
		case *syntax.DblQuoted:
			if !litParts(p.Parts, sb, true) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// unescapeDbl is unescapeLit inside double quotes: a backslash before
// any other byte than $ ` " \ or a newline stays.
func unescapeDbl(v string) string {
	var sb strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) && strings.IndexByte("$`\"\\\n", v[i+1]) >= 0 {
			i++
			if v[i] == '\n' {
				continue
			}
		}
		sb.WriteByte(v[i])
	}
	return sb.String()
}

func unescapeLit(v string) string {
	var sb strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
			if v[i] == '\n' {
				continue
			}
		}
		sb.WriteByte(v[i])
	}
	return sb.String()
}

func hasGlob(s string) bool { return strings.ContainsAny(s, "*?[") }

// globWord returns the unquoted glob pattern a case pattern or the right
// side of [[ x == p ]] is (bench*, *bench*) and the word the mode it names
// is evaluated with: the pattern's literal text (globExample), when that
// is a mode's word (a letter first, then letters, digits, -, _ or .) the
// pattern matches. Not a glob every word or every option matches (*, -*,
// --*), nor one whose literal text is no word (*.yaml, */*, ?).
func globWord(w *syntax.Word) (pat, word string, ok bool) {
	pat = w.Lit() // unquoted: "bench*" is the word bench*, no glob
	if !hasGlob(pat) {
		return "", "", false
	}
	word = globExample(pat)
	lit := dropWildcards.Replace(pat) // ?) names no word x
	if word == "" || !wordish(lit) || !wordish(word) || !globMatches(pat, word) {
		return "", "", false
	}
	return pat, word, true
}

// freeGlobWord returns the word a glob mode is evaluated with: word (the
// glob's literal text, globWord) unless an earlier branch takes it, else
// word-x when the glob matches that and no earlier branch takes it
// (serve-x for serve* after serve), "" when neither is free: the glob then
// takes no word found simply (*bench after bench).
func freeGlobWord(pat, word string, taken func(string) bool) string {
	if !taken(word) {
		return word
	}
	if alt := word + "-x"; globMatches(pat, alt) && !taken(alt) {
		return alt
	}
	return ""
}

// wordish reports whether v looks like a mode's name: a letter, then
// letters, digits, '-', '_' or '.'.
func wordish(v string) bool {
	if v == "" || (v[0] < 'a' || v[0] > 'z') && (v[0] < 'A' || v[0] > 'Z') {
		return false
	}
	return strings.TrimFunc(v, func(r rune) bool {
		return r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}) == ""
}

// dropWildcards removes a glob's * and ? (globWord).
var dropWildcards = strings.NewReplacer("*", "", "?", "")

// globMatches reports whether the shell pattern pat matches all of word,
// as a case arm or [[ x == pat ]] does. A pattern of * and ? alone
// (bench*, serve-?) is matched directly: the mode analysis asks it of each
// pair of a case's arms or an if chain's tests, and compiling a regexp
// per question made 1,200 `elif [[ $m == x* ]]` take seconds.
func globMatches(pat, word string) bool {
	if !strings.ContainsAny(pat, "[\\(") {
		return wildcardMatch([]rune(pat), []rune(word))
	}
	rx := globRegexp(pat)
	return rx != nil && rx.MatchString(word)
}

// globRx caches the regexps of bracket patterns (nil for one that does not
// compile): globMatches is asked of each pattern for many words, and a
// chain of elifs asks it per clause. Bounded: emptied when full.
var globRx = struct {
	sync.Mutex
	m map[string]*regexp.Regexp
}{m: map[string]*regexp.Regexp{}}

const maxGlobRx = 4096

// globRegexp returns the regexp matching all of a word against the shell
// pattern pat, compiled once; nil when pat is no valid pattern.
func globRegexp(pat string) *regexp.Regexp {
	globRx.Lock()
	defer globRx.Unlock()
	if rx, ok := globRx.m[pat]; ok {
		return rx
	}
	var rx *regexp.Regexp
	mode := pattern.EntireString
	if strings.Contains(pat, "@(") {
		mode |= pattern.ExtendedOperators // @(serve|prod) (finitePattern), as a case arm matches it
	}
	if expr, err := pattern.Regexp(pat, mode); err == nil {
		rx, _ = regexp.Compile(expr)
	}
	if len(globRx.m) >= maxGlobRx {
		clear(globRx.m)
	}
	globRx.m[pat] = rx
	return rx
}

// wildcardMatch matches a pattern of literal characters, * (any string)
// and ? (one character) against all of word, backtracking only to the last
// star: O(len(pat)*len(word)) at worst.
func wildcardMatch(pat, word []rune) bool {
	p, w := 0, 0
	star, from := -1, 0 // the last * met, and the word's position it took up to
	for w < len(word) {
		switch {
		case p < len(pat) && (pat[p] == '?' || pat[p] == word[w]) && pat[p] != '*':
			p++
			w++
		case p < len(pat) && pat[p] == '*':
			star, from = p, w
			p++
		case star >= 0:
			from++
			p, w = star+1, from
		default:
			return false
		}
	}
	for p < len(pat) && pat[p] == '*' {
		p++
	}
	return p == len(pat)
}

// anyPatternMatches reports whether one of the case patterns ps takes
// word: an unquoted glob (serve*, *) that matches it, or a word equal to
// it unless globsOnly. A pattern with an expansion is not known to.
func anyPatternMatches(ps []*syntax.Word, word string, globsOnly bool) bool {
	for _, p := range ps {
		if _, ws, ok := finitePattern(p); ok {
			if slices.Contains(ws, word) {
				return true
			}
			continue
		}
		if lit := p.Lit(); lit != "" && hasGlob(lit) {
			if globMatches(lit, word) {
				return true
			}
			continue
		}
		if v, ok := LitValue(p); ok && !globsOnly && v == word {
			return true
		}
	}
	return false
}

// modeName reports whether a value tested against the selector can name a
// mode: not empty, no glob, and not an option (`--port)` in a while/case
// option loop after `shift`, `-h|--help)`).
func modeName(v string) bool {
	return v != "" && !hasGlob(v) && v[0] != '-'
}

// caseModes returns the candidates of a case clause on the selector.
func (s *Script) caseModes(c *syntax.CaseClause) []candidate {
	if isParamOf(c.Word, []string{"1"}) && s.ownArg1(s.Off(c.Pos())) {
		return nil // case $1 in a function called with words of its own
	}
	return s.caseCandidates(c)
}

// ownArg1 reports whether code at off sits in a function whose $1 is its
// own (ownArgs), not the script's mode (handsMode).
func (s *Script) ownArg1(off int) bool {
	fn := s.funcAt(off)
	return fn != "" && s.ownArgs(fn, s.Selectors) && !s.handsMode(fn, s.Selectors)
}

// caseCandidates is caseModes without the test of whose $1 the case reads.
func (s *Script) caseCandidates(c *syntax.CaseClause) []candidate {
	if !isParamOf(c.Word, s.Selectors) {
		return s.forCaseCandidates(c)
	}
	var out []candidate
	for it, before := range armsAfter(c) {
		if names, ok := s.loopModeList(c, it); ok {
			out = append(out, names...)
			continue
		}
		// From the end of the patterns, so comments before the first
		// command belong to the mode too.
		r := caseItemRange(s, it)
		for i, p := range it.Patterns {
			v, ok := LitValue(p)
			glob := ""
			switch {
			case ok && modeName(v):
				if anyPatternMatches(before, v, true) {
					continue // serve*) …;; serve-fast) …: serve-fast takes the first arm
				}
			default:
				if pat, words, finite := finitePattern(p); finite {
					// [Ss]erve), @(serve|prod)): the words the pattern
					// matches, less those an earlier arm takes.
					names := finiteModeWords(words, func(w string) bool {
						return anyPatternMatches(it.Patterns[:i], w, false) || anyPatternMatches(before, w, false)
					})
					for _, n := range names {
						out = append(out, candidate{name: n, start: s.Off(p.Pos()), end: s.Off(p.End()), ranges: []Range{r}, group: c, empty: s.inertBranch(it.Stmts),
							exits: len(it.Stmts) > 0 && s.endsScriptAt(c, it.Stmts[len(it.Stmts)-1]), glob: pat})
					}
					continue
				}
				pat, word, isGlob := globWord(p)
				if !isGlob {
					continue
				}
				// bench*): the mode is a word the glob matches that no
				// earlier arm (nor pattern of this one) takes.
				word = freeGlobWord(pat, word, func(w string) bool {
					return anyPatternMatches(it.Patterns[:i], w, false) || anyPatternMatches(before, w, false)
				})
				if word == "" {
					continue
				}
				v, glob = word, pat
			}
			out = append(out, candidate{name: v, start: s.Off(p.Pos()), end: s.Off(p.End()), ranges: []Range{r}, group: c, empty: s.inertBranch(it.Stmts),
				exits: len(it.Stmts) > 0 && s.endsScriptAt(c, it.Stmts[len(it.Stmts)-1]), glob: glob})
		}
	}
	return out
}

// forCaseCandidates returns the modes a `for arg in "$@"` option loop's
// case on $arg lists in an arm assigning a selector (loopModeList), read
// as $1's: the dry run passes the mode as the script's first word. Its
// other arms name no mode.
func (s *Script) forCaseCandidates(c *syntax.CaseClause) []candidate {
	var out []candidate
	for _, it := range c.Items {
		_, vars, ok := s.loopModeArm(c, it)
		if !ok || !slices.ContainsFunc(vars, func(v string) bool { return slices.Contains(s.Selectors, v) }) {
			continue
		}
		if cs, ok := s.loopModeList(c, it); ok {
			for i := range cs {
				cs[i].forList = true
			}
			out = append(out, cs...)
		}
	}
	return out
}

// loopModeList returns the modes an arm of an option loop's case on $1
// lists as the words it takes for the mode, `serve|eval|trace) MODE=$1;
// shift ;;` beside `--port) PORT=$2; shift 2 ;;`, as guards (candidate.guard):
// the arm is no mode's own code, it only lets the names through, and
// MODE's default (MODE=serve) takes the shared path like the others when
// no case on MODE gives it an arm. Only when every pattern is a mode name,
// the arm does nothing but assign $1 (and shift), and a case or test of
// a variable it assigns names one of the listed modes: `llama|qwen)
// MODEL=$1 ;;` with no dispatch on MODEL stays as before.
//
// The loop may be `for arg in "$@"` (or `for arg`), its arm assigning
// $arg, and sit in a function the top level calls with the script's words
// (main "$@": topFunc) when the variable is not the function's local and
// nothing shifts the words before the loop: the script's first word still
// reaches the loop, as at the top level.
func (s *Script) loopModeList(c *syntax.CaseClause, it *syntax.CaseItem) ([]candidate, bool) {
	names, vars, ok := s.loopModeArm(c, it)
	if !ok {
		return nil, false
	}
	dispatched := false
	for _, v := range vars {
		for _, n := range names {
			if !dispatched && s.namesProven(v, n.name) {
				dispatched = true
			}
		}
	}
	if !dispatched {
		return nil, false
	}
	out := make([]candidate, 0, len(names))
	for _, n := range names {
		out = append(out, candidate{name: n.name, start: n.start, end: n.end, guard: true})
	}
	return out, true
}

// loopModeArm returns the mode names an arm of an option loop lists and
// the variables it assigns the loop's word (loopModeList), before any
// test that the variables pick modes.
func (s *Script) loopModeArm(c *syntax.CaseClause, it *syntax.CaseItem) ([]nameAt, []string, bool) {
	pe := SingleParam(c.Word)
	if pe == nil || pe.Param == nil || len(it.Stmts) == 0 {
		return nil, nil, false
	}
	word := pe.Param.Value
	if !isParamOf(c.Word, []string{word}) {
		return nil, nil, false
	}
	lp, ok := s.optLoopAt(s.Off(c.Pos()), word)
	if !ok || lp.getopts || !s.topFunc(lp.fn) {
		return nil, nil, false
	}
	// The loops R67 took: a top-level while on $1. The others only when
	// no shift before the loop takes a first word off.
	wider := lp.fn != "" || word != "1"
	if wider && (s.ArgPos == 2 || s.shiftedBefore(lp.start, lp.fn, map[string]bool{})) {
		return nil, nil, false
	}
	var names []nameAt
	for _, p := range it.Patterns {
		v, ok := LitValue(p)
		if !ok || !modeName(v) {
			return nil, nil, false
		}
		names = append(names, nameAt{name: v, start: s.Off(p.Pos()), end: s.Off(p.End())})
	}
	var vars []string
	for _, st := range it.Stmts {
		if isShift1(st) {
			continue
		}
		ce, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(ce.Args) > 0 || len(st.Redirs) > 0 || st.Negated || st.Background {
			return nil, nil, false
		}
		for _, as := range ce.Assigns {
			if as.Name == nil || as.Append || as.Index != nil || as.Array != nil || !isParamOf(as.Value, []string{word}) {
				return nil, nil, false
			}
			vars = append(vars, as.Name.Value)
		}
	}
	if lp.fn != "" {
		for _, v := range vars {
			if slices.ContainsFunc(s.Assigns[v], func(a *Assign) bool { return a.Local && a.InFunc == lp.fn }) {
				return nil, nil, false // local MODE: the function's own
			}
		}
	}
	return names, vars, true
}

// forLoopModeList reports whether assignment a is one of a `for arg in
// "$@"` option loop's arm listing the modes (loopModeList): MODE=$arg
// there holds the script's mode word as MODE=$1 does.
func (s *Script) forLoopModeList(a *Assign) bool {
	pe := SingleParam(a.Value)
	if pe == nil || pe.Param == nil || pe.Param.Value == "1" {
		return false
	}
	if lp, ok := s.optLoopAt(a.Start, pe.Param.Value); !ok || lp.getopts {
		return false // no loop over the words reads $arg here
	}
	for _, n := range s.modeNodes {
		c, ok := n.(*syntax.CaseClause)
		if !ok || s.Off(c.Pos()) > a.Start || a.Start >= s.Off(c.End()) {
			continue
		}
		for _, it := range c.Items {
			if a.Start >= s.Off(it.Pos()) && a.Start < s.Off(it.End()) {
				if _, ok := s.loopModeList(c, it); ok {
					return true
				}
			}
		}
	}
	return false
}

// ifModes returns the candidates of an if/elif chain testing the selector,
// grouped by the chain's first clause (root) so that a branch that does
// nothing (`elif [ "$1" = serve ]; then :`) takes the shared path like an
// empty case branch. earlier are the tests of the clauses before ic
// (clauseNames): bash runs the first that matches.
func (s *Script) ifModes(ic, root *syntax.IfClause, earlier []nameAt) []candidate {
	if len(ic.Then) == 0 || len(ic.Cond) == 0 {
		return nil
	}
	positional := false
	for _, st := range ic.Cond {
		shwalk.Walk(st, func(n syntax.Node) bool {
			if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Param.Value == "1" {
				positional = true
			}
			return !positional
		})
	}
	if positional && s.ownArg1(s.Off(ic.Pos())) {
		return nil // [[ $1 == dry ]] in a function called with words of its own
	}
	r := Range{s.Off(ic.ThenPos), s.Off(ic.Then[len(ic.Then)-1].End())}
	var out []candidate
	if len(ic.Cond) == 1 {
		// `elif [[ $mode != serve && $mode != kl ]]; then exit 2`: the
		// branch runs for every other value; the modes it names go on.
		if names, ok := s.notNames(ic.Cond[0]); ok {
			if exits(ic.Then[len(ic.Then)-1]) {
				for _, nw := range names {
					out = append(out, candidate{name: nw.name, start: nw.start, end: nw.end, guard: true, glob: nw.glob})
				}
			}
			return out
		}
	}
	for _, st := range ic.Cond {
		if st.Negated {
			return nil // `if ! [[ $1 == calib ]]`, with other conditions
		}
		for _, nw := range s.condNames(st.Cmd) {
			if nw.glob != "" {
				// [[ $m == serve ]] before [[ $m == serve* ]]: serve-x.
				nw.name = freeGlobWord(nw.glob, nw.name, func(w string) bool {
					return slices.ContainsFunc(earlier, func(e nameAt) bool { return e.takes(w) })
				})
				if nw.name == "" {
					continue // [[ $m == serve* ]] before [[ $m == serve-fast* ]]: the first branch takes serve-fast
				}
			} else if slices.ContainsFunc(earlier, func(e nameAt) bool { return e.glob != "" && e.takes(nw.name) }) {
				continue // [[ $m == serve* ]] before [[ $m == serve-x ]]
			}
			out = append(out, candidate{name: nw.name, start: nw.start, end: nw.end, ranges: []Range{r}, group: root, empty: s.inertBranch(ic.Then),
				exits: s.endsScriptAt(ic, ic.Then[len(ic.Then)-1]), glob: nw.glob})
		}
	}
	return out
}

// clauseNames are the names the tests of an if/elif clause name (condNames),
// but for a negated test's: what ifModes of a later clause checks against.
func (s *Script) clauseNames(c *syntax.IfClause) []nameAt {
	var out []nameAt
	for _, st := range c.Cond {
		if !st.Negated {
			out = append(out, s.condNames(st.Cmd)...)
		}
	}
	return out
}

// maxTestChain bounds the operators of an && or || chain that the mode
// analysis reads as a test of the mode (`[[ $1 != a ]] && [[ $1 != b ]]
// && exit 2`) or as a test's code. Each of its operators asked about the
// whole chain on its left, which nests there (a && b && c is ((a && b) &&
// c)): a chain of 20,000 lines took 3.5 s, one of 100,000 minutes.
const maxTestChain = 64

// deepChain reports whether c is an && or || chain of more than
// maxTestChain operators, looking at that many at most.
func deepChain(c syntax.Command) bool {
	for range maxTestChain + 1 {
		b, ok := c.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.AndStmt && b.Op != syntax.OrStmt || b.X == nil {
			return false
		}
		c = b.X.Cmd
	}
	return true
}

// andModes returns the candidates of `TEST && CMD` testing the selector
// (`[[ $mode == bench ]] && reqs=512`, `[ "$1" = bench ] && exec …`): CMD
// is the mode's code.
func (s *Script) andModes(b *syntax.BinaryCmd) []candidate {
	if s.inFuncOnPositional(b) {
		return nil
	}
	// In a chain `[[ $MODE == eval ]] && PORT=… && bs=64`, the test is the
	// leftmost operand and everything after it is the mode's.
	if deepChain(b.X.Cmd) {
		return nil
	}
	test := b.X
	for {
		inner, ok := test.Cmd.(*syntax.BinaryCmd)
		if !ok || inner.Op != syntax.AndStmt {
			break
		}
		test = inner.X
	}
	if test.Negated {
		return nil // `! [[ $1 == serve ]] && exit 2` runs for the other modes (guardModes)
	}
	r := Range{s.Off(test.End()), s.Off(b.Y.End())}
	var out []candidate
	for _, nw := range s.condNames(test.Cmd) {
		out = append(out, candidate{name: nw.name, start: nw.start, end: nw.end, ranges: []Range{r}, glob: nw.glob})
	}
	return out
}

// guardModes returns the modes a guard lets through to shared code
// (`[[ $mode == serve || $mode == bench ]] || exit 2`, and with the test
// negated, `[[ $mode != serve && $mode != bench ]] && exit 2`): each is a
// mode taking the shared path unless its own code is found elsewhere.
func (s *Script) guardModes(b *syntax.BinaryCmd) []candidate {
	if !exits(b.Y) || s.inFuncOnPositional(b) {
		return nil
	}
	var names []nameAt
	switch b.Op {
	case syntax.OrStmt:
		if b.X.Negated {
			return nil
		}
		names = s.condNames(b.X.Cmd)
	case syntax.AndStmt:
		names, _ = s.notNames(b.X)
	}
	var out []candidate
	for _, nw := range names {
		out = append(out, candidate{name: nw.name, start: nw.start, end: nw.end, guard: true, glob: nw.glob})
	}
	return out
}

// orModes returns the candidates of `TEST || CMD` where TEST is false only
// for the modes it names (`[[ $mode != calib ]] || seqs=2`, `[[ $mode !=
// calib* ]] || …`: notNames): CMD runs in those modes alone, their code as
// in `[[ $mode == calib ]] && seqs=2` (andModes). Not when CMD ends the
// script (a guard: guardModes), nor in a function testing its own $1.
func (s *Script) orModes(b *syntax.BinaryCmd) []candidate {
	if b.X == nil || b.Y == nil || exits(b.Y) || s.inFuncOnPositional(b) {
		return nil
	}
	names, ok := s.notNames(b.X)
	if !ok {
		return nil
	}
	r := Range{s.Off(b.X.End()), s.Off(b.Y.End())}
	out := make([]candidate, 0, len(names))
	for _, nw := range names {
		out = append(out, candidate{name: nw.name, start: nw.start, end: nw.end, ranges: []Range{r}, glob: nw.glob})
	}
	return out
}

// notNames returns the mode names a condition is false for, when it is
// true for every other value of the selector: `! [[ $1 == a || $1 == b ]]`,
// `[[ $1 != a && $1 != b ]]`, `[ "$1" != a ] && [ "$1" != b ]`. ok is false
// for any other condition (a conjunct that tests something else).
func (s *Script) notNames(st *syntax.Stmt) (names []nameAt, ok bool) {
	if deepChain(st.Cmd) {
		return nil, false
	}
	if st.Negated {
		names = s.condNames(st.Cmd)
		return names, len(names) > 0 && s.onlySelectorTests(st.Cmd)
	}
	var test func(e syntax.TestExpr) bool
	test = func(e syntax.TestExpr) bool {
		switch e := e.(type) {
		case *syntax.BinaryTest:
			switch e.Op {
			case syntax.TsNoMatch:
				nw, ok := s.selectorLit(e.X, e.Y, true)
				if ok {
					names = append(names, nw)
				}
				return ok
			case syntax.AndTest:
				return test(e.X) && test(e.Y)
			}
		case *syntax.ParenTest:
			return test(e.X)
		}
		return false
	}
	var cmd func(c syntax.Command) bool
	cmd = func(c syntax.Command) bool {
		switch c := c.(type) {
		case *syntax.TestClause:
			return test(c.X)
		case *syntax.BinaryCmd:
			return c.Op == syntax.AndStmt && !c.X.Negated && !c.Y.Negated && cmd(c.X.Cmd) && cmd(c.Y.Cmd)
		case *syntax.CallExpr:
			args, ok := ClassicTestArgs(c)
			if !ok || len(args) != 3 {
				return false
			}
			if op, _ := LitValue(args[1]); op != "!=" {
				return false
			}
			nw, ok := s.selectorLit(args[0], args[2], false) // test's != compares strings
			if ok {
				names = append(names, nw)
			}
			return ok
		}
		return false
	}
	if !cmd(st.Cmd) || len(names) == 0 {
		return nil, false
	}
	return names, true
}

// selectorLit returns the mode name of a comparison of the selector with a
// literal, either way round; with glob (the test is [[ x == y ]] or [[ x
// != y ]]), also with a pattern on the right that names a mode (globWord:
// [[ $mode != calib* ]]).
func (s *Script) selectorLit(x, y syntax.Node, glob bool) (nameAt, bool) {
	xw, ok1 := x.(*syntax.Word)
	yw, ok2 := y.(*syntax.Word)
	if !ok1 || !ok2 {
		return nameAt{}, false
	}
	if isParamOf(yw, s.Selectors) {
		xw, yw = yw, xw
	}
	if !isParamOf(xw, s.Selectors) {
		return nameAt{}, false
	}
	if v, ok := LitValue(yw); ok && modeName(v) {
		return nameAt{name: v, start: s.Off(yw.Pos()), end: s.Off(yw.End())}, true
	}
	if pat, word, ok := globWord(yw); ok && glob && yw == y {
		return nameAt{name: word, start: s.Off(yw.Pos()), end: s.Off(yw.End()), glob: pat}, true
	}
	return nameAt{}, false
}

// onlySelectorTests reports whether a condition is only equality tests of
// the selector joined by ||, so that its negation excludes just the names.
func (s *Script) onlySelectorTests(c syntax.Command) bool {
	if deepChain(c) {
		return false
	}
	var test func(e syntax.TestExpr) bool
	test = func(e syntax.TestExpr) bool {
		switch e := e.(type) {
		case *syntax.BinaryTest:
			switch e.Op {
			case syntax.TsMatch, syntax.TsMatchShort:
				_, ok := s.selectorLit(e.X, e.Y, true)
				return ok
			case syntax.OrTest:
				return test(e.X) && test(e.Y)
			}
		case *syntax.ParenTest:
			return test(e.X)
		}
		return false
	}
	switch c := c.(type) {
	case *syntax.TestClause:
		return test(c.X)
	case *syntax.BinaryCmd:
		return c.Op == syntax.OrStmt && !c.X.Negated && !c.Y.Negated && s.onlySelectorTests(c.X.Cmd) && s.onlySelectorTests(c.Y.Cmd)
	case *syntax.CallExpr:
		return len(s.condNames(c)) == 1
	}
	return false
}

// inFuncOnPositional reports whether a test line sits in a function and
// tests a positional parameter: there $1 is the function's argument
// (is_true() { [[ $1 == 1 || $1 == true ]] || return 1; }), not the mode.
func (s *Script) inFuncOnPositional(b *syntax.BinaryCmd) bool {
	if s.funcAt(s.Off(b.Pos())) == "" {
		return false
	}
	positional := false
	shwalk.Walk(b.X, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Param.Value != "" && pe.Param.Value[0] >= '0' && pe.Param.Value[0] <= '9' {
			positional = true
		}
		return !positional
	})
	return positional
}

// endsScriptAt reports whether st, the last statement of a branch of the
// top-level clause n, ends the script (exit, return in a sourced file, or
// exec of a command).
//
// In the body of main "$@" (topFunc), which is the top level's code moved
// into a function, exit and exec end the script as well; return ends it
// only when nothing but an exit follows the call of main.
func (s *Script) endsScriptAt(n syntax.Node, st *syntax.Stmt) bool {
	fn := s.funcAt(s.Off(n.Pos()))
	if !s.topFunc(fn) || s.isolatedFrom(s.Off(st.Pos()), s.Off(n.Pos())) {
		return false
	}
	if fn == "" || execs(st) {
		return exits(st) || execs(st)
	}
	return exits(st) && (!returns(st) || s.entryCallLast(fn))
}

// returns reports whether st, a statement exits reports, ends with return
// (not exit) on some path: in a function that ends only the function.
func returns(st *syntax.Stmt) bool {
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		v, _ := LitValue(c.Args[0])
		return v == "return"
	case *syntax.Block:
		return returns(c.Stmts[len(c.Stmts)-1])
	case *syntax.Subshell:
		return returns(c.Stmts[len(c.Stmts)-1])
	case *syntax.BinaryCmd:
		return returns(c.X) || returns(c.Y)
	}
	return false
}

// entryCallLast reports whether the top level's call of fn (main "$@",
// findEntryCalls) is followed by nothing but exit statements and inert
// ones (echo "done", a log line: inertStmt), so that a return from fn ends
// the script as exit does: nothing after it can boot an engine.
func (s *Script) entryCallLast(fn string) bool {
	at, ok := s.entryCalls[fn]
	if !ok {
		return false
	}
	for _, st := range s.File.Stmts {
		if s.Off(st.End()) <= at {
			continue
		}
		if s.Off(st.Pos()) > at && !exits(st) && !inertStmt(st) {
			return false
		}
	}
	return true
}

// execs reports whether a statement replaces the shell with a command
// (exec python bench.py …; not exec >log, which only redirects): the
// script ends there as with exit.
func execs(st *syntax.Stmt) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) < 2 || st.Background || st.Coprocess || st.Negated {
		return false
	}
	v, _ := LitValue(c.Args[0])
	return v == "exec"
}

// exits reports whether a statement ends the script or the function:
// exit, return, a block or subshell whose last statement does, or an ||
// list of two that do.
func exits(st *syntax.Stmt) bool {
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) > 0 {
			v, _ := LitValue(c.Args[0])
			return v == "exit" || v == "return"
		}
	case *syntax.Block:
		return len(c.Stmts) > 0 && exits(c.Stmts[len(c.Stmts)-1])
	case *syntax.Subshell:
		return len(c.Stmts) > 0 && exits(c.Stmts[len(c.Stmts)-1])
	case *syntax.BinaryCmd:
		// return 0 2>/dev/null || exit 0: sourced or run, it ends there.
		return c.Op == syntax.OrStmt && exits(c.X) && exits(c.Y)
	}
	return false
}

// noop reports whether statements do nothing the engine's argv could see,
// so that a branch of them takes the shared path like an empty one: none,
// `:` and `true`, a test (`[[ … ]]`, `[ … ]`), `echo`/`printf` to the
// terminal (stdout, stderr or /dev/null) or to a log file (>> "$LOG"),
// `set -x`-style options, and `&&`/`||` lists of these, such as
// `[[ -n ${VERBOSE:-} ]] && set -x` ending a case arm. No assignment,
// process substitution, assigning arithmetic or `${X:=…}` (a command
// substitution in a test or a log line runs in a subshell: pureWords).
func noop(stmts []*syntax.Stmt) bool {
	for _, st := range stmts {
		if !inertStmt(st) {
			return false
		}
	}
	return true
}

// inertBranch is noop, also taking a call of a log function of the script
// as inert (say "production", with say() { echo "[rad $(date +%T)] $*"; }):
// a function defined once whose body is noop itself, called with pure
// words and no redirection but to the terminal or a log.
func (s *Script) inertBranch(stmts []*syntax.Stmt) bool {
	for _, st := range stmts {
		if !inertStmt(st) && !s.logCall(st) {
			return false
		}
	}
	return true
}

// logCall reports whether st only calls a log function of the script
// (inertBranch).
func (s *Script) logCall(st *syntax.Stmt) bool {
	if st == nil || st.Negated || st.Background || st.Coprocess {
		return false
	}
	for _, r := range st.Redirs {
		if !terminalRedir(r) && !logRedir(r) {
			return false
		}
	}
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Assigns) > 0 || len(c.Args) == 0 || !pureWords(c) {
		return false
	}
	name, ok := LitValue(c.Args[0])
	fd := s.Funcs[name]
	if !ok || fd == nil || fd.Body == nil || s.LibFuncs[name] != nil || len(fd.Body.Redirs) > 0 {
		return false
	}
	if s.funcDefs == nil {
		s.funcDefs = map[string]int{}
		shwalk.Walk(s.File, func(n syntax.Node) bool {
			if f, ok := n.(*syntax.FuncDecl); ok && f.Name != nil {
				s.funcDefs[f.Name.Value]++
			}
			return true
		})
	}
	b, ok := fd.Body.Cmd.(*syntax.Block)
	return ok && s.funcDefs[name] == 1 && len(b.Stmts) > 0 && noop(b.Stmts)
}

func inertStmt(st *syntax.Stmt) bool {
	if st == nil || st.Negated || st.Background || st.Coprocess {
		return false
	}
	toFile := false
	for _, r := range st.Redirs {
		switch {
		case terminalRedir(r):
		case logRedir(r):
			toFile = true
		default:
			return false
		}
	}
	if toFile {
		// echo "$(date +%F) serve" >> "$LOG": a log line, which no argv
		// sees; another command writing a file is no branch of the shared
		// path.
		c, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 {
			return false
		}
		if name, _ := LitValue(c.Args[0]); name != "echo" && name != "printf" {
			return false
		}
	}
	switch c := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		return (c.Op == syntax.AndStmt || c.Op == syntax.OrStmt) && inertStmt(c.X) && inertStmt(c.Y)
	case *syntax.TestClause:
		return pureWords(c)
	case *syntax.CallExpr:
		if len(c.Assigns) > 0 || len(c.Args) == 0 || !pureWords(c) {
			return false
		}
		name, _ := LitValue(c.Args[0])
		switch name {
		case ":", "true":
			return len(c.Args) == 1
		case "[", "test", "echo":
			return true
		case "printf": // not printf -v VAR, which assigns
			v, ok := "", len(c.Args) > 1
			if ok {
				v, ok = LitValue(c.Args[1])
			}
			return ok && !strings.HasPrefix(v, "-v")
		case "set":
			return len(c.Args) > 1 && shellOptions(c.Args[1:])
		}
	}
	return false
}

// shellOptions reports whether set's words only turn options on or off
// (-x, +e, -o pipefail), never set the positional parameters.
func shellOptions(args []*syntax.Word) bool {
	for i := 0; i < len(args); i++ {
		v, ok := LitValue(args[i])
		if !ok || len(v) < 2 || v[0] != '-' && v[0] != '+' || v == "--" {
			return false
		}
		if v == "-o" || v == "+o" {
			i++
			if i == len(args) {
				return false
			}
			if _, ok := LitValue(args[i]); !ok {
				return false
			}
			continue
		}
		for _, r := range v[1:] {
			if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
				return false
			}
		}
	}
	return true
}

// terminalRedir reports whether a redirection only sends output to the
// terminal or discards it: >&2, 2>&1, >/dev/null, >/dev/stderr.
func terminalRedir(r *syntax.Redirect) bool {
	v, ok := LitValue(r.Word)
	if !ok {
		return false
	}
	switch r.Op {
	case syntax.DplOut:
		return v == "1" || v == "2"
	case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll:
		return v == "/dev/null" || v == "/dev/stderr" || v == "/dev/stdout"
	}
	return false
}

// logRedir reports whether a redirection writes or appends output to a
// file named with no substitution (>> "$LOG", > /tmp/serve.log).
func logRedir(r *syntax.Redirect) bool {
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
		return (r.N == nil || r.N.Value == "1" || r.N.Value == "2") && r.Word != nil && inertWords(r.Word)
	}
	return false
}

// assignsArithm reports whether an arithmetic expression assigns a
// variable (=, +=, …, ++, --).
func assignsArithm(x syntax.ArithmExpr) bool {
	found := false
	shwalk.Walk(x, func(n syntax.Node) bool {
		if _, ok := n.(*syntax.CmdSubst); ok {
			return false
		}
		found = found || IsArithWrite(n)
		return !found
	})
	return found
}

// IsArithWrite reports whether arithmetic node n itself writes a variable:
// an assignment (=, +=, …, >>=) or an increment or decrement.
func IsArithWrite(n syntax.Node) bool {
	switch n := n.(type) {
	case *syntax.BinaryArithm:
		switch n.Op {
		case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
			syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
			return true
		}
	case *syntax.UnaryArithm:
		return n.Op == syntax.Inc || n.Op == syntax.Dec
	}
	return false
}

// inertWords reports whether a node holds no command, process or
// arithmetic substitution and no assigning expansion (${X:=v}).
func inertWords(n syntax.Node) bool { return quietWords(n, false) }

// pureWords is inertWords for the words of a test or of an echo or a
// printf: a command substitution runs in a subshell, which changes
// nothing the argv could see (echo "[$(date +%T)] serve" >> "$LOG", a
// common log line), and arithmetic that assigns nothing reads only. A
// process substitution, an assigning arithmetic ($((n++))) or an
// assigning expansion (${X:=v}) outside a command substitution still
// makes the statement the mode's own.
func pureWords(n syntax.Node) bool { return quietWords(n, true) }

// quietWords is inertWords, or pureWords when subshells: whether n holds
// nothing that assigns a variable of the shell or runs a command in it.
func quietWords(n syntax.Node, subshells bool) bool {
	ok := true
	shwalk.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			if subshells {
				return false // its own subshell: not looked into
			}
			ok = false
		case *syntax.ProcSubst:
			ok = false
		case *syntax.ArithmExp:
			// Never ok = !…: a ${X:=v} met before in the same word
			// stays a finding ("${PORT:=8000} on $((TP * 2))").
			if !subshells || assignsArithm(n.X) {
				ok = false
			}
		case *syntax.ParamExp:
			if n.Exp != nil && (n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

type nameAt struct {
	name       string
	start, end int
	// glob is the pattern of [[ $mode == bench* ]] (globWord), name a word
	// it matches; "" for a test of a word.
	glob string
}

// takes reports whether the test named by na takes word: its glob matches
// it, or its word is it.
func (na nameAt) takes(word string) bool {
	if na.glob != "" {
		return globMatches(na.glob, word)
	}
	return na.name == word
}

// condNames returns the mode names a condition tests the selector for.
func (s *Script) condNames(cmd syntax.Command) []nameAt {
	if deepChain(cmd) {
		return nil
	}
	var out []nameAt
	// glob: the test is [[ x == y ]], whose right side is a pattern.
	eq := func(x, y *syntax.Word, glob bool) {
		if isParamOf(x, s.Selectors) {
			if v, ok := LitValue(y); ok && modeName(v) {
				out = append(out, nameAt{name: v, start: s.Off(y.Pos()), end: s.Off(y.End())})
			} else if pat, word, ok := globWord(y); ok && glob {
				out = append(out, nameAt{name: word, start: s.Off(y.Pos()), end: s.Off(y.End()), glob: pat})
			}
		} else if isParamOf(y, s.Selectors) {
			if v, ok := LitValue(x); ok && modeName(v) {
				out = append(out, nameAt{name: v, start: s.Off(x.Pos()), end: s.Off(x.End())})
			}
		}
	}
	var test func(e syntax.TestExpr)
	test = func(e syntax.TestExpr) {
		switch e := e.(type) {
		case *syntax.BinaryTest:
			switch e.Op {
			case syntax.TsMatch, syntax.TsMatchShort:
				xw, ok1 := e.X.(*syntax.Word)
				yw, ok2 := e.Y.(*syntax.Word)
				if ok1 && ok2 {
					eq(xw, yw, true)
				}
			case syntax.TsReMatch:
				xw, ok1 := e.X.(*syntax.Word)
				yw, ok2 := e.Y.(*syntax.Word)
				if ok1 && ok2 && isParamOf(xw, s.Selectors) {
					out = append(out, s.regexNames(yw)...)
				}
			case syntax.OrTest:
				test(e.X)
				test(e.Y)
			}
		case *syntax.ParenTest:
			test(e.X)
		}
	}
	switch c := cmd.(type) {
	case *syntax.TestClause:
		test(c.X)
	case *syntax.BinaryCmd:
		if c.Op == syntax.OrStmt {
			out = append(out, s.condNames(c.X.Cmd)...)
			out = append(out, s.condNames(c.Y.Cmd)...)
		}
	case *syntax.CallExpr:
		if args, ok := ClassicTestArgs(c); ok && len(args) == 3 {
			op, _ := LitValue(args[1])
			if op == "=" || op == "==" {
				eq(args[0], args[2], false) // test's = compares strings
			}
		}
	}
	return out
}

// regexNames returns the mode names an anchored regular expression whose
// language is a short list of plain words matches exactly ([[ $mode =~
// ^(kl|kl-ref|eval)$ ]], [[ $mode =~ ^serve$ ]], [[ $mode =~ ^kl(-ref)?$ ]]
// = kl, kl-ref): a list of == tests written as one. Anything else (no
// anchors, a bracket class, repetition, any other metacharacter) names
// none: which modes it matches is
// not a list of words.
//
// The expression may be held in a variable read unquoted (re='^(kl|kl-ref)$';
// [[ $mode =~ $re ]]) assigned once to a literal before the test
// (regexVar); the names then stand where the test reads it.
func (s *Script) regexNames(w *syntax.Word) []nameAt {
	if lit, ok := s.regexVar(w); ok {
		words := regexWords(lit)
		out := make([]nameAt, 0, len(words))
		for _, wd := range words {
			out = append(out, nameAt{name: wd, start: s.Off(w.Pos()), end: s.Off(w.End())})
		}
		return out
	}
	lit := w.Lit()
	words := regexWords(lit)
	if words == nil {
		return nil
	}
	start, end := s.Off(w.Pos()), s.Off(w.End())
	out := make([]nameAt, 0, len(words))
	for _, wd := range words {
		nw := nameAt{name: wd, start: start, end: end}
		// A word written out whole (^(serve|kl)$) is named where it stands.
		if k := wholeAlt(lit, wd); k > 0 {
			nw.start, nw.end = start+k, start+k+len(wd)
		}
		out = append(out, nw)
	}
	return out
}

// regexVar returns the literal a =~ test's right side w reads when it is
// an unquoted plain expansion ($re, ${re}: quoted, bash matches the text
// itself) of a variable the script assigns once, to a literal, on every
// path before w (at the top level or in main "$@"'s body, as w; no mode,
// test or prefix of its own), and writes in no other way (read, printf -v,
// a loop, arithmetic, unset): the environment's value is overwritten.
func (s *Script) regexVar(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	pe, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok || !plainParam(pe) || !isName(pe.Param.Value) {
		return "", false
	}
	name := pe.Param.Value
	as := s.Assigns[name]
	if len(as) != 1 || s.writtenElsewhere(name) {
		return "", false
	}
	a, use := as[0], s.Off(w.Pos())
	if a.Value == nil || a.Array != nil || a.Append || a.Conditional || a.Guarded || len(a.Modes) > 0 || a.Prefix != nil || a.Cmd ||
		!s.topFunc(a.InFunc) {
		return "", false
	}
	// Before the test in its own scope, or, at the top level, before the
	// call of main "$@" whose body tests it.
	if fn := s.funcAt(use); a.InFunc != fn || a.End > use {
		if at, entry := s.entryCalls[fn]; a.InFunc != "" || fn == "" || !entry || a.End > at {
			return "", false
		}
	}
	return LitValue(a.Value)
}

// writtenElsewhere reports whether the script may write variable name
// other than by its assignments (Assigns): arithmetic, read, getopts,
// mapfile, printf -v, unset, a loop, a function it passes the name to
// that binds a nameref to it (setv re '^bench$' for setv() { local -n
// o=$1; o=$2; }), or a nameref of the top level, which may name it
// (declare -n r=re; r=…). An assignment taken for the variable's only
// value (regexVar, selfAssign) is not when one of these may replace it.
func (s *Script) writtenElsewhere(name string) bool {
	return len(s.exprWriteAt[name]) > 0 || s.writtenBy(name, "read", "getopts", "mapfile", "readarray", "printf", "unset") ||
		len(s.namerefCalls()[name]) > 0 || s.topNameref != nil
}

// regexWords returns the words an anchored regular expression of word
// characters, groups, | and ? matches, when they are at most maxReWords
// mode names; nil for any other expression.
func regexWords(lit string) []string {
	if len(lit) < 3 || len(lit) > 200 || lit[0] != '^' || lit[len(lit)-1] != '$' || lit[len(lit)-2] == '\\' {
		return nil
	}
	p := reWords{s: lit[1 : len(lit)-1]}
	words, ok := p.alt(0)
	if !ok || p.i != len(p.s) {
		return nil
	}
	for _, wd := range words {
		if !modeName(wd) {
			return nil
		}
	}
	return words
}

// wholeAlt returns the offset in lit of word as one alternative of its own,
// between ^ or ( or | and | or ) or $; 0 when it is not written so.
func wholeAlt(lit, word string) int {
	for k := 1; k+len(word) < len(lit); k++ {
		if lit[k:k+len(word)] == word && strings.IndexByte("^(|", lit[k-1]) >= 0 && strings.IndexByte("|)$", lit[k+len(word)]) >= 0 &&
			(k+len(word)+1 >= len(lit) || lit[k+len(word)+1] != '?') {
			return k
		}
	}
	return 0
}

// reWords reads a regular expression made of plain word characters,
// groups, | and ? into the words it matches (at most maxReWords of them).
type reWords struct {
	s string
	i int
}

const maxReWords = 16

func reWordByte(b byte) bool {
	return b == '-' || b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// alt reads alternatives up to a ) or the end; depth counts open groups.
func (p *reWords) alt(depth int) ([]string, bool) {
	words, ok := p.seq(depth)
	for ok && p.i < len(p.s) && p.s[p.i] == '|' {
		p.i++
		var more []string
		more, ok = p.seq(depth)
		words = append(words, more...)
		if len(words) > maxReWords {
			return nil, false
		}
	}
	return words, ok
}

// seq reads atoms (a word character or a group, each maybe followed by ?)
// up to a | or ) or the end.
func (p *reWords) seq(depth int) ([]string, bool) {
	words := []string{""}
	for p.i < len(p.s) && p.s[p.i] != '|' && p.s[p.i] != ')' {
		var atom []string
		switch b := p.s[p.i]; {
		case reWordByte(b):
			atom = []string{string(b)}
			p.i++
		case b == '(' && depth < 4:
			p.i++
			var ok bool
			if atom, ok = p.alt(depth + 1); !ok || p.i >= len(p.s) || p.s[p.i] != ')' {
				return nil, false
			}
			p.i++
		default:
			return nil, false
		}
		if p.i < len(p.s) && p.s[p.i] == '?' {
			p.i++
			atom = append([]string{""}, atom...)
		}
		if len(words)*len(atom) > maxReWords {
			return nil, false
		}
		next := make([]string, 0, len(words)*len(atom))
		for _, w := range words {
			for _, a := range atom {
				next = append(next, w+a)
			}
		}
		words = next
	}
	if depth == 0 && p.i < len(p.s) {
		return nil, false // a ) with no (
	}
	return uniqWords(words), true
}

// uniqWords drops repeated words, keeping the first of each.
func uniqWords(words []string) []string {
	out := words[:0]
	for _, w := range words {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// plainParam reports whether an expansion is a bare $X / ${X}: no
// operator, index, slice, replacement, indirection or length.
// asIs reports whether pe reads its variable's value as it is, or
// lower-cased, or checked set: $MODE, ${MODE,,}, ${MODE:?usage}.
func asIs(pe *syntax.ParamExp) bool {
	if pe.Exp == nil || pe.Index != nil || pe.Repl != nil || pe.Slice != nil || pe.Excl || pe.Length {
		return plainParam(pe)
	}
	switch pe.Exp.Op {
	case syntax.LowerAll, syntax.LowerFirst, syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		return pe.Param != nil
	}
	return false
}

func plainParam(pe *syntax.ParamExp) bool {
	return pe.Param != nil && pe.Exp == nil && pe.Index == nil && pe.Repl == nil && pe.Slice == nil && !pe.Excl && !pe.Length
}

// unquoted returns the parts of a word inside its double quotes when the
// whole word is one double-quoted string.
func unquoted(parts []syntax.WordPart) []syntax.WordPart {
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			return dq.Parts
		}
	}
	return parts
}

// dispatchModes returns candidates for functions called by a name built
// from the selector: "mode_$1", "run_${MODE//-/_}", or by the selector
// alone: "$1", "$@". within, when not nil, holds the modes of the
// branches the call sits in (case "$1" in serve|bench) "$1" ;;): "$1"
// names only those there.
func (s *Script) dispatchModes(c *syntax.CallExpr, within map[string]bool) []candidate {
	if len(c.Args) == 0 {
		return nil
	}
	w := c.Args[0]
	parts := unquoted(w.Parts)
	if len(parts) == 1 {
		// fn="cmd_$1"; "$fn": the name is built in the one assignment.
		if pe, ok := parts[0].(*syntax.ParamExp); ok && plainParam(pe) {
			if as := s.Assigns[pe.Param.Value]; len(as) == 1 && as[0].Value != nil {
				parts = unquoted(as[0].Value.Parts)
			}
		}
	}
	if len(parts) == 1 {
		if pe, ok := parts[0].(*syntax.ParamExp); ok {
			if out, ok := s.tableDispatch(pe); ok {
				return out
			}
		}
	}
	prefix, suffix := "", ""
	var pe *syntax.ParamExp
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if pe == nil {
				prefix += p.Value
			} else {
				suffix += p.Value
			}
		case *syntax.ParamExp:
			if pe != nil {
				return nil
			}
			pe = p
		default:
			return nil
		}
	}
	if pe == nil || pe.Param == nil {
		return nil
	}
	bare := prefix == "" && suffix == ""
	param := pe.Param.Value
	if bare && param == "@" && plainParam(pe) {
		param = "1" // "$@" runs the function $1 names, with the rest
	}
	isSel := false
	for _, n := range s.Selectors {
		if param == n {
			isSel = true
		}
	}
	if !isSel {
		return nil
	}
	var helpers map[string]bool
	if bare {
		// "$1" (or "$@", "$mode") names the function itself: serve() { … };
		// kl() { … }; "$1". Any function may be it, so only those code
		// never calls by name are modes (a helper, launch or usage, is
		// called by name), and $1 must be the script's: in a function
		// called with words of its own (retry() { "$1" …; }) it is not.
		if fn := s.funcAt(s.Off(c.Pos())); fn != "" && (param == "1" && !s.scriptArgs(fn, 0)) {
			return nil
		}
		helpers = s.calledByName()
		helpers[s.funcAt(s.Off(c.Pos()))] = true
		if within != nil {
			for name := range s.Funcs {
				if !within[name] {
					helpers[name] = true
				}
			}
		}
	}
	dashToUnder := pe.Repl != nil
	var out []candidate
	for name, fd := range s.Funcs {
		if !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, suffix) || len(name) <= len(prefix)+len(suffix) || helpers[name] {
			continue
		}
		mode := name[len(prefix) : len(name)-len(suffix)]
		if dashToUnder {
			mode = strings.ReplaceAll(mode, "_", "-")
		}
		out = append(out, candidate{name: mode, start: s.Off(fd.Name.Pos()), end: s.Off(fd.Name.End()),
			ranges: []Range{{s.Off(fd.Body.Pos()), s.Off(fd.Body.End())}}, fn: name, byName: true})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].start < out[j].start })
	if !bare {
		nd := nameDispatch{call: s.Off(c.Pos()), end: s.Off(w.End()), prefix: prefix, suffix: suffix, dashToUnder: dashToUnder}
		s.nameDispatches = append(s.nameDispatches, nd)
		out = append(out, s.libDispatch(nd, func(mode string) bool {
			return slices.ContainsFunc(out, func(c candidate) bool { return c.name == mode })
		})...)
	}
	return out
}

// tableDispatch returns candidates for functions run by the entry of a
// mode table read by the mode: declare -A RUN=([serve]=do_serve
// [eval]=do_eval); "${RUN[$mode]}" (or fn=${RUN[$mode]:-}; "$fn"). Each
// key whose entry names one of the script's functions is a mode, that
// function its code. ok is false when pe is no read of a mode table
// (modeTable: assigned once, keyed by the selector, a key naming the
// proven mode).
func (s *Script) tableDispatch(pe *syntax.ParamExp) (out []candidate, ok bool) {
	if pe.Excl || pe.Length || pe.Slice != nil || pe.Repl != nil || pe.Exp != nil && pe.Exp.Op != syntax.DefaultUnsetOrNull && pe.Exp.Op != syntax.DefaultUnset {
		return nil, false
	}
	table := s.modeTable(pe)
	if table == nil {
		return nil, false
	}
	for _, el := range table.Array.Elems {
		key, ok := s.assocKey(el)
		if !ok || el.Value == nil {
			continue
		}
		name, ok := LitValue(el.Value)
		fd := s.Funcs[name]
		if !ok || fd == nil {
			continue
		}
		out = append(out, candidate{name: key, start: s.Off(el.Index.Pos()), end: s.Off(el.Index.End()),
			ranges: []Range{{s.Off(fd.Body.Pos()), s.Off(fd.Body.End())}}, fn: name})
	}
	return out, len(out) > 0
}

// EvalSelectors says how the dry run picks mode m: the environment
// variables it sets to the mode's name, and the positional parameters it
// passes. A mode named by $1 gets its name as $1; one named by a test of
// the variable an option sets gets the option (--mode kl, Script.Option).
// A mode named only by tests of an environment selector
// (MODE=${MODE:-serve}; case "$MODE") runs with no arguments, as a
// container with an empty CMD does: `exec vllm serve … "$@"` gets no mode
// name, and `case "${1:-start}"` of a script's subcommands takes its
// default. A mode named only by $1 or the option leaves the environment
// selectors to their defaults.
func (s *Script) EvalSelectors(m *Mode) (env, params []string) {
	if p := s.flagBase(m); p != nil {
		return s.EvalSelectors(p) // FAST=1 serve.sh serve: the flag is set in ModeOptions' environment
	}
	if m.flagVar != "" {
		return []string{m.flagVar}, nil // EVAL_ONLY=1 serve.sh (SelectorValue)
	}
	if m.flagOff {
		return nil, []string{} // serve.sh with no flag set, no words
	}
	if m.Self != "" {
		return nil, []string{} // bench.sh, a symlink to the script: run so with no words
	}
	if _, ok := s.byIndex(m); ok {
		// SLURM_ARRAY_TASK_ID=1 job.sh: the index, set to the mode's
		// (SelectorValue), picks it; sbatch passes no words.
		return []string{s.arrSel.index}, []string{}
	}
	if _, ok := s.byMenu(m); ok {
		// printf '2\n' | serve.sh: the menu's item picks it (MenuPick), no
		// words.
		return nil, []string{}
	}
	params = s.argParams(m.Name)
	if s.Option != nil && m.byOpt {
		params = s.Option.Params(m.Name)
	}
	if len(s.EnvSelectors) == 0 {
		return nil, params
	}
	switch {
	case m.byEnv && !m.byArg && !m.byOpt:
		return s.EnvSelectors, nil
	case (m.byArg || m.byOpt) && !m.byEnv:
		return nil, params
	}
	return s.EnvSelectors, params
}

// ParamsFor are the positional parameters of a dry run of a mode named
// mode that the script may not name itself (servelint argv): the option
// when one picks the mode, else the name as $1.
func (s *Script) ParamsFor(mode string) []string {
	if m := s.ModeNamed(mode); m != nil {
		_, params := s.EvalSelectors(m)
		return params
	}
	if s.Option != nil {
		return s.Option.Params(mode)
	}
	return s.argParams(mode)
}

// argParams are the positional parameters naming mode: its name as $1, or
// as $2 after the caller's first word (CallerArg) when the second word
// picks the mode (ArgPos).
func (s *Script) argParams(mode string) []string {
	if s.ArgPos == 2 {
		if s.arg1Word != "" {
			return []string{s.arg1Word, mode} // run.sh start kl
		}
		return []string{CallerArg, mode}
	}
	return []string{mode}
}

// selectorKind reports whether the selectors read in node are environment
// selectors, $1 ones, or the option's (neither: both $1 and the
// environment).
func (s *Script) selectorKind(n syntax.Node) (env, arg, opt bool) {
	if n == nil || len(s.EnvSelectors) == 0 && len(s.optSelectors) == 0 && len(s.arrSelectors) == 0 && len(s.selSelectors) == 0 {
		return true, true, false
	}
	sel := map[string]bool{}
	for _, x := range s.Selectors {
		sel[x] = true
	}
	shwalk.Walk(n, func(x syntax.Node) bool {
		if pe, ok := x.(*syntax.ParamExp); ok && pe.Param != nil && sel[pe.Param.Value] {
			switch {
			case s.optSelectors[pe.Param.Value]:
				opt = true
			case s.argSelectors[pe.Param.Value]:
				arg = true
			default:
				env = true
			}
		}
		return true
	})
	if !env && !arg && !opt {
		return true, true, false
	}
	return env, arg, opt
}

// findEntryCalls finds the functions the top level calls once, and only
// there, with the script's own words: main "$@" (or "$*"), its only word,
// a statement of the top level. Inside one, $1 and $2 are the script's, as at the top
// level (topFunc).
func (s *Script) findEntryCalls() {
	s.entryCalls = nil
	if len(s.Funcs) == 0 {
		return
	}
	top := topCalls(s.File) // a statement of the top level itself
	calls := map[string]int{}
	at := map[string]int{}
	for _, c := range s.calls {
		name, ok := LitValue(c.Args[0])
		if !ok || s.Funcs[name] == nil {
			continue
		}
		calls[name]++
		if _, atTop := top[c]; len(c.Args) == 2 && forwardsAll(c) && atTop {
			at[name] = s.Off(c.Pos())
		} else {
			at[name] = -1
		}
	}
	for name, n := range calls {
		if n != 1 || at[name] < 0 || s.reachedByName(name) {
			continue
		}
		if s.entryCalls == nil {
			s.entryCalls = map[string]int{}
		}
		s.entryCalls[name] = at[name]
	}
}

// topCalls returns the calls that are statements of f's top level
// itself, each by the offset where its statement ends: a call inside a
// case arm or an if runs after what that branch shifts (serve) shift; run
// "$@"). The guard of a script that may be sourced, `if [[ ${BASH_SOURCE[0]}
// == "$0" ]]; then main "$@"; fi` (or `[[ … ]] && main "$@"`), is a test:
// it shifts nothing, and the call is still the top level's.
func topCalls(f *syntax.File) map[*syntax.CallExpr]uint {
	top := map[*syntax.CallExpr]uint{}
	for _, st := range f.Stmts {
		switch c := st.Cmd.(type) {
		case *syntax.CallExpr:
			top[c] = st.End().Offset()
		case *syntax.IfClause:
			if c.Else == nil && len(c.Then) == 1 && isTestOnly(c.Cond) {
				if call, ok := c.Then[0].Cmd.(*syntax.CallExpr); ok {
					top[call] = st.End().Offset()
				}
			}
		case *syntax.BinaryCmd:
			if c.Op == syntax.AndStmt && isTestOnly([]*syntax.Stmt{c.X}) {
				if call, ok := c.Y.Cmd.(*syntax.CallExpr); ok {
					top[call] = st.End().Offset()
				}
			}
		}
	}
	return top
}

// topFunc reports whether a statement in function fn ("" the top level)
// sees the script's own words: the top level, or a function it calls as
// main "$@" (findEntryCalls).
func (s *Script) topFunc(fn string) bool {
	if fn == "" {
		return true
	}
	_, ok := s.entryCalls[fn]
	return ok
}

// TopLevel reports whether code in function fn ("" the top level) runs as
// the script's top level does: fn is "" or the function the top level calls
// once with the script's words (main "$@"), whose body is the script's
// code moved into a function.
func (s *Script) TopLevel(fn string) bool { return s.topFunc(fn) }

// topAt reports whether the statement at offset off sees the script's own
// words (topFunc).
func (s *Script) topAt(off int) bool { return s.topFunc(s.funcAt(off)) }

// reachedByName reports whether a call may reach function fn by a name
// not written out ("$fn" …, "cmd_$1" …, eval …), as ownArgs counts them.
func (s *Script) reachedByName(fn string) bool {
	for _, c := range s.calls {
		name, ok := LitValue(c.Args[0])
		switch {
		case ok && name == "eval":
			if len(c.Args) > 1 && s.mayName(c.Args[1], fn, true) {
				return true
			}
		case !ok && s.mayName(c.Args[0], fn, false):
			return true
		}
	}
	return false
}

// isTestOnly reports whether statements are a single test, [[ … ]] (or
// `[ … ]`/`test …` with literal words and parameters): it sets nothing.
func isTestOnly(stmts []*syntax.Stmt) bool {
	if len(stmts) != 1 || stmts[0].Background || len(stmts[0].Redirs) > 0 {
		return false
	}
	switch c := stmts[0].Cmd.(type) {
	case *syntax.TestClause:
		return true
	case *syntax.CallExpr:
		if len(c.Assigns) > 0 || len(c.Args) == 0 {
			return false
		}
		name, _ := LitValue(c.Args[0])
		return name == "[" || name == "test"
	}
	return false
}

// litArm is a case item on variable name whose patterns are all plain
// words (values); its statements span [start, end).
type litArm struct {
	name       string
	start, end int
	values     []string
}

// litArmOf returns item it of case c as a litArm when c's word is one
// plain expansion of a named variable and each of the item's patterns a
// word with no glob.
func (s *Script) litArmOf(c *syntax.CaseClause, it *syntax.CaseItem) (litArm, bool) {
	parts := unquoted(c.Word.Parts)
	if len(parts) != 1 || len(it.Patterns) == 0 || it.Op != syntax.Break {
		return litArm{}, false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	if !ok || !plainParam(pe) || !isName(pe.Param.Value) {
		return litArm{}, false
	}
	a := litArm{name: pe.Param.Value, start: s.Off(it.Stmts[0].Pos()), end: s.Off(it.Stmts[len(it.Stmts)-1].End())}
	for _, p := range it.Patterns {
		v, ok := LitValue(p)
		if !ok || strings.ContainsAny(v, "*?[") {
			return litArm{}, false
		}
		a.values = append(a.values, v)
	}
	return a, true
}

// armValues returns the values variable name holds at offset off when off
// sits in the statements of a case item on it that lists only plain words
// (litArm), with no assignment of it in the arm before off.
func (s *Script) armValues(name string, off int) ([]string, bool) {
	for _, a := range s.litArms {
		if a.name != name || off < a.start || off >= a.end {
			continue
		}
		if slices.ContainsFunc(s.Assigns[name], func(as *Assign) bool { return as.Start >= a.start && as.Start < off }) {
			continue
		}
		return a.values, true
	}
	return nil, false
}

// A fold is how the value a test reads is case-folded: not at all, to
// upper case (${MODE^^}, tr a-z A-Z), to lower case (${MODE,,}).
type fold int

const (
	foldNone fold = iota
	foldUpper
	foldLower
)

// reaches reports whether a value so folded can equal name: an upper-cased
// one holds no lower-case letter, a lower-cased one no upper-case letter.
func (f fold) reaches(name string) bool {
	switch f {
	case foldUpper:
		return strings.ToUpper(name) == name
	case foldLower:
		return strings.ToLower(name) == name
	}
	return true
}

// foldIndex answers readsFold for any test in O(log n): the selector
// expansions of the script in the order they appear, with running counts of
// those read upper-cased, lower-cased and as they are. (A chain of 20,000
// [[ $MODE == x ]] || tests nests on its left: walking each test's operand
// was quadratic.)
type foldIndex struct {
	offs []int
	pre  [3][]int // pre[f][i]: expansions before offs[i] folded f
}

// newFoldIndex returns the index of the script's selector expansions, nil
// when none is case-folded (foldsAny): then no test reads one folded.
func (s *Script) newFoldIndex() *foldIndex {
	if !s.foldsAny() {
		return nil
	}
	type at struct {
		off int
		f   fold
	}
	var all []at
	for _, pe := range s.params {
		if !slices.Contains(s.Selectors, pe.Param.Value) {
			continue
		}
		off := s.Off(pe.Pos())
		f := paramFold(pe)
		if f == foldNone && plainParam(pe) {
			f = s.foldAt(pe.Param.Value, off)
		}
		all = append(all, at{off, f})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].off < all[j].off })
	fi := &foldIndex{offs: make([]int, len(all))}
	for f := range fi.pre {
		fi.pre[f] = make([]int, len(all)+1)
	}
	for i, a := range all {
		fi.offs[i] = a.off
		for f := range fi.pre {
			fi.pre[f][i+1] = fi.pre[f][i]
		}
		fi.pre[a.f][i+1]++
	}
	return fi
}

// readsFold returns how every selector a test reads is case-folded where
// it reads it, foldNone unless they all are the same way: ${MODE^^}, or
// $MODE whose last assignment before the test (both at the top level,
// every assignment of it there, none behind a test) folds its value
// (foldOf). Only then is KL) the kl mode (the value can hold no
// lower-case letter), or a CALIB) arm under ${1,,} dead code.
func (s *Script) readsFold(fi *foldIndex, n syntax.Node) fold {
	if fi == nil || n == nil {
		return foldNone
	}
	lo := sort.SearchInts(fi.offs, s.Off(n.Pos()))
	hi := sort.SearchInts(fi.offs, s.Off(n.End()))
	total := hi - lo
	for _, f := range []fold{foldUpper, foldLower} {
		if total > 0 && fi.pre[f][hi]-fi.pre[f][lo] == total {
			return f
		}
	}
	return foldNone
}

// foldsAny reports whether the script case-folds a selector at all (an
// expansion ${X^^} or ${X,,} of one, or an assignment of one that folds):
// without, no test need be walked for a fold (a chain of 20,000 tests
// would be walked once per test).
func (s *Script) foldsAny() bool {
	for _, pe := range s.params {
		if paramFold(pe) != foldNone && slices.Contains(s.Selectors, pe.Param.Value) {
			return true
		}
	}
	for _, name := range s.Selectors {
		for _, a := range s.Assigns[name] {
			if foldOf(a.Value) != foldNone {
				return true
			}
		}
	}
	return false
}

// foldAt returns how variable name's value at offset off of the top level
// is case-folded: its assignments all at the top level, the last one
// before off unconditional and folding (foldOf), and no command (read,
// getopts, a loop) writing it otherwise.
func (s *Script) foldAt(name string, off int) fold {
	if s.funcAt(off) != "" || s.writtenBy(name, varWriters...) || s.Declared[name] {
		return foldNone
	}
	var last *Assign
	for _, a := range s.Assigns[name] {
		if a.InFunc != "" {
			return foldNone
		}
		if a.Start < off && (last == nil || a.Start > last.Start) {
			last = a
		}
	}
	if last == nil || last.Conditional || last.Guarded || last.Append || last.Local || len(last.Modes) > 0 {
		return foldNone
	}
	return foldOf(last.Value)
}

// paramFold returns how an expansion folds its variable's case: ${X^^},
// ${X,,}, with no other operation.
func paramFold(pe *syntax.ParamExp) fold {
	if pe.Param == nil || pe.Exp == nil || pe.Index != nil || pe.Repl != nil || pe.Slice != nil || pe.Excl || pe.Length {
		return foldNone
	}
	switch pe.Exp.Op {
	case syntax.UpperAll:
		return foldUpper
	case syntax.LowerAll:
		return foldLower
	}
	return foldNone
}

// foldOf returns how a word's value is case-folded: ${X^^} or ${X,,}, or
// a command substitution printing one expansion through tr a-z A-Z (or
// '[:lower:]' '[:upper:]', '[a-z]' '[A-Z]', or the other way) alone.
func foldOf(w *syntax.Word) fold {
	if pe := SingleParam(w); pe != nil {
		return paramFold(pe)
	}
	cs := soleSubst(w)
	if cs == nil || len(cs.Stmts) != 1 {
		return foldNone
	}
	stages, ok := pipeStages(cs.Stmts[0])
	if !ok || len(stages) != 2 {
		return foldNone
	}
	first, ok1 := stages[0].Cmd.(*syntax.CallExpr)
	tr, ok2 := stages[1].Cmd.(*syntax.CallExpr)
	if !ok1 || !ok2 || len(first.Args) == 0 || len(stages[0].Redirs) > 0 || len(stages[1].Redirs) > 0 || len(tr.Args) != 3 {
		return foldNone
	}
	if SingleParam(echoed(first)) == nil {
		return foldNone
	}
	name, _ := LitValue(tr.Args[0])
	from, _ := LitValue(tr.Args[1])
	to, _ := LitValue(tr.Args[2])
	if name != "tr" {
		return foldNone
	}
	lower := map[string]string{"a-z": "A-Z", "[a-z]": "[A-Z]", "[:lower:]": "[:upper:]"}
	for l, u := range lower {
		switch {
		case from == l && to == u:
			return foldUpper
		case from == u && to == l:
			return foldLower
		}
	}
	return foldNone
}
