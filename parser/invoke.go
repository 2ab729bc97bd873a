package parser

import (
	"bytes"
	"cmp"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// forwardAll marks "$@" in a sketch: the arguments a function was called with.
const forwardAll = "\x00@"

// ArgWord is one word of a command's argv as the script writes it, with
// array expansions replaced by the words assigned to the array.
type ArgWord struct {
	// Word is the script's word; nil for a field split out of a string.
	Word *syntax.Word
	// Sketch is the word's literal value, or Unknown.
	Sketch string
	// Start/End span the word in the script; Start is -1 when unknown.
	Start, End int
	// Array names the array the word was assigned to, "" for a word of the
	// command itself.
	Array string
	// Assign is the array assignment holding the word.
	Assign *Assign
	// Set is the `set --` command that gave the word afresh (set -- --max-num-seqs
	// "$N", not set -- "$@" --x), nil for any other word: the words of two
	// such commands are never in one argv, each replaces all the other gave.
	Set *syntax.CallExpr
	// Lib is set for a word of a sourced library's top-level array
	// ("${ARGS[@]}" of _common.sh's ARGS=(…): libWords), nil otherwise.
	Lib *LibWord
}

// Invocation is a command that reaches an engine.
type Invocation struct {
	Call       *syntax.CallExpr
	Start, End int
	Engine     EngineCall
	Profile    *Profile
	Args       []ArgWord
	Flags      []*Flag
	Modes      []*Mode
	// Via is the wrapper function whose "$@" carries the engine argv, "".
	Via string
	// Child is the script of the tree the command runs whose engine it
	// reaches ("$here/launch.sh" --max-num-seqs 32, where launch.sh runs
	// exec vllm serve … "$@": withChildScripts), "" for the script's own;
	// the child's words have no span here.
	Child string
	// Background is set when the invocation runs in the background: in a
	// statement ending in & (or a coprocess), or in a function such a
	// statement calls, or through a wrapper whose own command is one
	// (bgrun() { "$@" > log 2>&1 & }).
	Background bool
	// wrapStart is one past the offset of the wrapper's own command
	// when there is one (Via), else 0.
	wrapStart int
	// shift is how many of a call's words the wrapper shifts off before
	// its "$@" (launch() { local port=$1; shift; vllm serve … "$@"; }).
	shift int
	// libVars names, by index in Args, the words of a library's launcher
	// that are one expansion of a variable the library never assigns
	// (docker run … "$VLLM_IMAGE" "$@"): read as the script's env file
	// gives it (withEnvValues).
	libVars map[int]string
	// libReads are the variables a library launcher's own words read that
	// the library never assigns (start_server() { exec vllm serve "$MODEL"
	// --max-num-seqs "$SEQS"; }): the script's, set before the call. The
	// words have no span here; the names tell which of the script's
	// assignments reach the argv (argvRefs).
	libReads []string
	// callerEnv are, on a child script's launcher (launcherOf), the
	// variables its engine words read from the environment its caller
	// gives it (CallerEnvRead: --max-num-seqs "${SEQS:-$MAX_NUM_SEQS}"):
	// a caller's mode that exports one sets what the argv reads
	// (childEnvWrites).
	callerEnv []string
	// levels are, for an engine reached through a chain of the script's
	// functions (mode_bench() { background "$@"; }; background() { launch
	// "$@" & }), the offsets of the commands inside that chain that call
	// the next function: the invocation whose Start is one of them is the
	// same engine start seen from inside the chain, not a second engine.
	levels []int
	// wrapCall is the wrapper's own command that reaches the engine (Via),
	// nil otherwise: two invocations of one call through a wrapper's
	// commands in different branches of it are alternatives.
	wrapCall *syntax.CallExpr
	// libPosWords are, by index in Args, the words of a library's launcher
	// that hold a positional parameter among literal text ("{\"kv_role\":
	// \"$1\"}"): each call's literal words fill them in (expandWrapper).
	libPosWords map[int]*syntax.Word
}

// Flag is one flag of an engine invocation.
type Flag struct {
	Inv *Invocation
	// Name is the flag as written; Canon its canonical form in the profile.
	Name, Canon string
	// Shape is the profile's shape flag, nil when the flag does not size a boot.
	Shape              *ShapeFlag
	NameStart, NameEnd int
	// Value is the value's word (for --f=V a word holding only V's parts);
	// nil when the flag has none.
	Value            *syntax.Word
	ValStart, ValEnd int
	Inline           bool
	// Arg is the index of the flag's word in Inv.Args.
	Arg   int
	Modes []*Mode
}

// At is where the flag is written in the script: its name, or, for a
// library launcher's flag whose name has no span here, the call's word
// that is its value (serve_model /m 64); -1 when neither is.
func (f *Flag) At() int {
	if f.NameStart < 0 && f.ValStart >= 0 {
		return f.ValStart
	}
	return f.NameStart
}

// ValueText returns the value as written in the script.
func (f *Flag) ValueText(s *Script) string { return s.Text(f.ValStart, f.ValEnd) }

// argWords expands a command's words.
func (s *Script) argWords(words []*syntax.Word, depth int) []ArgWord {
	out := make([]ArgWord, 0, len(words))
	for _, w := range words {
		out = s.appendWord(out, w, depth)
	}
	return out
}

// appendWord appends the expansion of one word to out (pprof on 1,600
// repos: a slice per word, then copied, was the model's largest
// allocation).
func (s *Script) appendWord(out []ArgWord, w *syntax.Word, depth int) []ArgWord {
	start, end := s.Off(w.Pos()), s.Off(w.End())
	if pe := SingleParam(w); pe != nil && pe.Param != nil {
		name := pe.Param.Value
		if name == "@" || name == "*" {
			if words, forward, ok := s.setWords(start); ok && depth < 4 {
				// set -- --max-num-seqs "$N"; … set -- "$@" --step 64;
				// exec vllm serve /m "$@": the words set -- gave, in every
				// branch (as an array's elements are).
				if forward {
					out = append(out, ArgWord{Word: w, Sketch: forwardAll, Start: start, End: end})
				}
				for _, sw := range words {
					if isForwardAll(sw) {
						// The script's own arguments, among the words a set --
						// gave afresh (set -- vllm serve /m "$@").
						out = append(out, ArgWord{Word: sw, Sketch: forwardAll, Start: s.Off(sw.Pos()), End: s.Off(sw.End())})
						continue
					}
					n := len(out)
					out = s.appendWord(out, sw, depth+1)
					if c := s.afreshSetOf(sw); c != nil {
						for i := n; i < len(out); i++ {
							if out[i].Set == nil {
								out[i].Set = c
							}
						}
					}
				}
				return out
			}
			return append(out, ArgWord{Word: w, Sketch: forwardAll, Start: start, End: end})
		}
		if isAllIndex(pe) && depth < 4 && len(s.libVals) > 0 {
			if words, ok := s.libWords(name, start); ok {
				return append(out, words...)
			}
		}
		if isAllIndex(pe) && depth < 4 {
			// build argv 16, build() { local -n out=$1; out=(…); }: argv
			// holds what build writes through its nameref, after its own
			// assignments (args=(…); add args --max-num-seqs 16) or with
			// none.
			assigns, byRef := s.Assigns[name], map[*Assign]bool(nil)
			if refs, at := s.namerefArrays(name, start); len(refs) > 0 {
				assigns, byRef = mergeRefWrites(assigns, refs, at), map[*Assign]bool{}
				for _, a := range refs {
					byRef[a] = true
				}
			}
			for _, a := range assigns {
				if a.Array == nil || !byRef[a] && s.arrayGone(a, start) {
					continue
				}
				for _, el := range a.Array.Elems {
					if el.Value == nil || SelfSplice(el.Value, name) {
						// args=("${args[@]}" --x): the elements args held
						// before, already among the union expanded here;
						// expanded again, each would count twice.
						continue
					}
					n := len(out)
					out = s.appendWord(out, el.Value, depth+1)
					for i := n; i < len(out); i++ {
						if out[i].Array == "" {
							out[i].Array, out[i].Assign = name, a
						}
					}
				}
			}
			return out
		}
		if fields, ok := s.tableFields(w, pe); ok {
			return append(out, fields...)
		}
		_, quoted := w.Parts[0].(*syntax.DblQuoted)
		if quoted && plainParam(pe) {
			// "$COMMON" with COMMON="--max-num-seqs=$N": one flag, the
			// same word unquoted or not.
			if fields := s.stringFields(name); fields != nil && s.assignedBefore(name, start) && s.oneFlagEach(name, fields) {
				return append(out, fields...)
			}
		}
		if !quoted && pe.Exp == nil && pe.Index == nil && pe.Repl == nil && pe.Slice == nil {
			// An unquoted string variable: its words split.
			if fields := s.splitVar(name); fields != nil {
				return append(out, fields...)
			}
			if fields := s.stringFields(name); fields != nil && s.assignedBefore(name, start) && !s.oneFieldEach(name, fields) {
				return append(out, fields...)
			}
			if head, ok := s.grownHead(name); ok {
				// CMD="serve $MODEL …"; CMD="$CMD --port 8001": the first
				// field is known, the rest is not.
				return append(out, ArgWord{Sketch: head, Start: -1, End: -1}, ArgWord{Word: w, Sketch: Unknown, Start: start, End: end})
			}
		}
		if pe.Exp == nil && pe.Index == nil && !pe.Excl && !pe.Length {
			if v, ok := s.uniqueLiteral(name); ok {
				return append(out, ArgWord{Word: w, Sketch: v, Start: start, End: end})
			}
		}
	}
	sk := Unknown
	if v, ok := LitValue(w); ok {
		sk = v
	}
	return append(out, ArgWord{Word: w, Sketch: sk, Start: start, End: end})
}

// setWords returns the words that `set -- …` commands of the script's top
// level, before off, put in the positional parameters a top-level "$@" at
// off expands: each command's words after `--`, less a leading "$@" (which
// keeps what was there); a "$@" elsewhere in the first set -- of a path
// stays among the words, the script's own arguments there (set -- vllm
// serve /m "$@"). forward is set when every such command keeps the
// script's own arguments (they all start with "$@"). ok is false when "$@"
// at off is a function's arguments, when no `set --` comes before it, or
// when one sets words not known statically (`set -- $(getopt …)`).
func (s *Script) setWords(off int) (words []*syntax.Word, forward, ok bool) {
	// Inside a function, its own set -- is read when the function's
	// arguments are the script's (main "$@", called from the top level
	// only) and nothing outside it sets them: main() { set -- vllm serve
	// /m "$@"; exec "$@"; }; main "$@".
	sets := s.setDashDash()
	if len(sets) == 0 || s.Off(sets[0].Pos()) >= off {
		return nil, false, false
	}
	fn := s.funcAt(off)
	// own: "$@" at off is fn's own arguments, not the script's. They are
	// known only from a set -- of fn's own that starts afresh on every
	// path, a command of its body's own list (serve() { set --
	// --max-num-seqs "$N"; exec vllm serve /m "$@"; }), whatever the
	// caller passed.
	own := fn != "" && !s.takesScriptArgs(fn)
	if s.shiftAfterSet(sets, fn, off) {
		return nil, false, false // set -- a b c; shift 2: the words left are not the set's
	}
	forward = true
	var collected []*syntax.CallExpr
	var keys map[*syntax.CallExpr][]branchKey
	// fresh reports whether a set -- that starts afresh at c leaves the
	// words one list: every earlier one is in another branch of an if or a
	// case (serve) set -- …;; kl) set -- …;;), never before it in a run.
	fresh := func(c *syntax.CallExpr) bool {
		if keys == nil {
			keys = s.branchKeys()
		}
		for _, e := range collected {
			if !exclusive(keys[e], keys[c]) {
				return false
			}
		}
		return true
	}
	for _, c := range sets {
		at := s.Off(c.Pos())
		if at >= off {
			break
		}
		if in := s.funcAt(at); in != fn {
			if fn == "" {
				return nil, false, false // set -- in a function: which call runs it is not known here
			}
			if in == "" && !own {
				return nil, false, false // the top level sets the words main is handed
			}
			continue // another function's own arguments, or the top level's
		}
		args := c.Args[2:]
		if own && len(collected) == 0 && (len(args) > 0 && isForwardAll(args[0]) || !s.inBodyList(fn, c)) {
			return nil, false, false // fn's words may still be its caller's
		}
		if own && len(args) > 0 && !isForwardAll(args[0]) && slices.ContainsFunc(args, isForwardAll) {
			return nil, false, false // set -- vllm "$@" in fn: the caller's words
		}
		afresh := false
		if len(args) > 0 {
			if isForwardAll(args[0]) {
				args = args[1:]
			} else {
				afresh = true
				forward = false
				if ok && !fresh(c) {
					// A later set -- that starts afresh replaces the words
					// before it, on its own path only (kl) set -- … ;;
					// after a shared one): no longer one list.
					return nil, false, false
				}
			}
		} else {
			forward = false
			if ok && !fresh(c) {
				return nil, false, false
			}
		}
		collected = append(collected, c)
		if len(collected) > maxSetCalls {
			// Thousands of set -- "$@" --x i: each "$@" would expand every
			// word all of them gave, quadratic in the script's length.
			return nil, false, false
		}
		for _, a := range args {
			if afresh && isForwardAll(a) {
				// set -- python3 -m sglang.launch_server … "$@": the first
				// set -- on its path, so "$@" there is still the script's
				// own arguments, kept where it stands (appendWord).
				continue
			}
			if !setWordKnown(a) {
				return nil, false, false
			}
		}
		words = append(words, args...)
		ok = true
	}
	if !ok {
		return nil, false, false
	}
	return words, forward, true
}

// shiftAfterSet reports whether a shift in the scope of "$@" at off (fn's
// body, or the top level for fn "") runs after one of that scope's set --
// commands and before off: bench() { set -- --max-num-batched-tokens 16384
// --max-num-batched-tokens "$N"; shift 2; … "$@"; } hands the engine the
// owner's step alone.
func (s *Script) shiftAfterSet(sets []*syntax.CallExpr, fn string, off int) bool {
	first := -1
	for _, c := range sets {
		if at := s.Off(c.Pos()); at < off && s.funcAt(at) == fn {
			first = at
			break
		}
	}
	if first < 0 {
		return false
	}
	for _, c := range s.calls {
		if name, _ := LitValue(c.Args[0]); name != "shift" {
			continue
		}
		if at := s.Off(c.Pos()); at > first && at < off && s.funcAt(at) == fn {
			return true
		}
	}
	return false
}

// inBodyList reports whether call c is a command of function fn's body's
// own list, run on every path through fn: not in an if, a case, a loop, a
// subshell, a pipeline or the background.
func (s *Script) inBodyList(fn string, c *syntax.CallExpr) bool {
	fd := s.Funcs[fn]
	if fd == nil || fd.Body == nil {
		return false
	}
	b, ok := fd.Body.Cmd.(*syntax.Block)
	if !ok {
		return false
	}
	for _, st := range b.Stmts {
		if st.Cmd == c && !st.Background && !st.Coprocess && !st.Negated {
			return true
		}
	}
	return false
}

// afreshSetOf returns the `set --` command holding word w when it starts
// the positional parameters afresh (its first word is not "$@"), nil
// otherwise.
func (s *Script) afreshSetOf(w *syntax.Word) *syntax.CallExpr {
	at := s.Off(w.Pos())
	for _, c := range s.setDashDash() {
		if at < s.Off(c.Pos()) || at >= s.Off(c.End()) {
			continue
		}
		if len(c.Args) > 2 && isForwardAll(c.Args[2]) {
			return nil
		}
		return c
	}
	return nil
}

// maxSetCalls is the most set -- calls setWords folds into one "$@":
// beyond it, the words are not known statically.
const maxSetCalls = 64

// setDashDash returns the script's `set -- …` calls, in source order.
// Found once the model's walk has collected every call; before that, of
// the calls collected so far.
func (s *Script) setDashDash() []*syntax.CallExpr {
	find := func() []*syntax.CallExpr {
		var out []*syntax.CallExpr
		for _, c := range s.calls {
			if len(c.Args) < 2 {
				continue
			}
			if v, _ := LitValue(c.Args[0]); v != "set" {
				continue
			}
			if v, _ := LitValue(c.Args[1]); v == "--" {
				out = append(out, c)
			}
		}
		return out
	}
	if !s.collected {
		return find()
	}
	s.setCallsOnce.Do(func() { s.setCalls = find() })
	return s.setCalls
}

// takesScriptArgs reports whether function fn is handed the script's own
// arguments, and only them: every call of it by name is at the top level
// and passes "$@" alone (main "$@").
func (s *Script) takesScriptArgs(fn string) bool {
	find := func() map[string]bool {
		out := map[string]bool{}
		for _, c := range s.calls {
			name, ok := LitValue(c.Args[0])
			if !ok || s.Funcs[name] == nil {
				continue
			}
			take, seen := out[name]
			if seen && !take {
				continue
			}
			out[name] = s.funcAt(s.Off(c.Pos())) == "" && len(c.Args) == 2 && isForwardAll(c.Args[1])
		}
		return out
	}
	if !s.collected {
		return find()[fn]
	}
	// Found once for every function: asked for each "$@" in a function,
	// a scan of every call each time was quadratic in a library of
	// thousands of functions after a top-level set --.
	s.scriptArgsOnce.Do(func() { s.scriptArgFns = find() })
	return s.scriptArgFns[fn]
}

// isForwardAll reports whether w is "$@" as is: every positional
// parameter, one word each.
func isForwardAll(w *syntax.Word) bool {
	pe := SingleParam(w)
	return pe != nil && pe.Param != nil && pe.Param.Value == "@" && plainParam(pe)
}

// setWordKnown reports whether a word of `set --` is known to be what it
// is statically: no command or process substitution, no "$@" of its own.
func setWordKnown(w *syntax.Word) bool {
	known := true
	shwalk.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			known = false
		case *syntax.ParamExp:
			if n.Param != nil && (n.Param.Value == "@" || n.Param.Value == "*") {
				known = false
			}
		}
		return known
	})
	return known
}

// SelfSplice reports whether w is all the elements of array name, as an
// element of an assignment to name keeps them: "${args[@]}" in
// args=("${args[@]}" --x), also transformed ("${args[@]/--enforce-eager/}")
// or sliced. Such an assignment adds to the array (or prunes it); it does
// not start it afresh.
func SelfSplice(w *syntax.Word, name string) bool {
	pe := SingleParam(w)
	return pe != nil && pe.Param != nil && pe.Param.Value == name && isAllIndex(pe) && !pe.Length && !pe.Excl
}

func isAllIndex(pe *syntax.ParamExp) bool {
	if pe.Index == nil {
		return false
	}
	if w, ok := pe.Index.(*syntax.Word); ok {
		v := w.Lit()
		return v == "@" || v == "*"
	}
	return false
}

// uniqueLiteral returns the literal value of a variable assigned exactly
// once, to a literal.
func (s *Script) uniqueLiteral(name string) (string, bool) {
	as := s.Assigns[name]
	if len(as) != 1 || as[0].Value == nil {
		return "", false
	}
	if v, ok := LitValue(as[0].Value); ok {
		return v, true
	}
	// PYTHON=${PYTHON:-python3}, IMAGE=${IMAGE:-vllm/vllm-openai:v0.6.3}:
	// the default, unless the caller overrides it (which the linter, like
	// the dry run, does not read).
	if pe := SingleParam(as[0].Value); pe != nil && pe.Param != nil && pe.Param.Value == name && pe.Exp != nil &&
		(pe.Exp.Op == syntax.DefaultUnset || pe.Exp.Op == syntax.DefaultUnsetOrNull) && pe.Exp.Word != nil {
		return LitValue(pe.Exp.Word)
	}
	return "", false
}

// splitVar returns the fields of a string variable assigned once to a
// literal that holds flags ("--max-num-seqs 8 --tp 2").
func (s *Script) splitVar(name string) []ArgWord {
	as := s.Assigns[name]
	if len(as) != 1 || as[0].Value == nil {
		return nil
	}
	return s.splitLit(as[0].Value, name, as[0])
}

// splitLit splits a literal word of flags (a string variable's value, a
// mode table's entry) into fields at their places in the script; nil
// when it is not a literal starting with an option.
func (s *Script) splitLit(w *syntax.Word, name string, a *Assign) []ArgWord {
	v, ok := LitValue(w)
	if !ok || !strings.HasPrefix(strings.TrimSpace(v), "-") {
		return nil
	}
	// Positions: the literal text sits after an opening quote when quoted.
	base := s.Off(w.Pos())
	raw := s.Text(base, s.Off(w.End()))
	inner := raw
	if len(raw) >= 2 && (raw[0] == '"' || raw[0] == '\'') && raw[len(raw)-1] == raw[0] {
		base++
		inner = raw[1 : len(raw)-1]
	}
	var out []ArgWord
	for i := 0; i < len(v); {
		for i < len(v) && strings.ContainsRune(" \t\n", rune(v[i])) {
			i++
		}
		j := i
		for j < len(v) && !strings.ContainsRune(" \t\n", rune(v[j])) {
			j++
		}
		if j > i {
			st, en := base+i, base+j
			if inner != v {
				// Quotes or escapes inside the text ('--f'" "16): where a
				// field sits in the script is not known.
				st, en = -1, -1
			}
			out = append(out, ArgWord{Sketch: v[i:j], Start: st, End: en, Array: name, Assign: a})
		}
		i = j
	}
	return out
}

// stringFields returns the fields of a string variable of flags, assigned
// once or built up by appending to itself (ARGS="--model $M --max-num-seqs
// $N"; then in a mode ARGS="$ARGS --max-num-batched-tokens 65536" or
// ARGS+=" …"; or a whole command line, CMD="python3 -m … --max-num-seqs
// $N"), as the unquoted expansion splits them where the script's text has
// blanks: every assignment's fields in the script's order, each at its
// place, so that a mode's own flags carry its modes. A field that is one
// expansion keeps it as its word, for its value's origin. nil unless every
// later assignment appends.
func (s *Script) stringFields(name string) []ArgWord {
	return s.stringFieldsDepth(name, 0)
}

// maxStringFields bounds the fields a string variable of flags gives: more
// (strings of strings, doubled at each level) is not read statically.
const maxStringFields = 512

func (s *Script) stringFieldsDepth(name string, depth int) []ArgWord {
	// Once per variable: strings of strings ($B thirty times in A, $C thirty
	// times in B, …) would otherwise be split again for every use.
	if f, ok := s.strFields[name]; ok {
		return f
	}
	if s.strFields == nil {
		s.strFields = map[string][]ArgWord{}
	}
	s.strFields[name] = nil // while being split: a cycle reads as no fields
	f := s.splitStringVar(name, depth)
	if len(f) > maxStringFields {
		f = nil
	}
	s.strFields[name] = f
	return f
}

// assignedBefore reports whether every assignment of a variable in the
// script's own flow comes before a use at off, or, for a use in a
// function, before the function's first call.
func (s *Script) assignedBefore(name string, off int) bool {
	if fn := s.funcAt(off); fn != "" {
		// In a function: before its first call (an append after the call
		// that launched the engine is for something else). A function
		// called by a name built at run time has no call to compare with.
		first := -1
		for _, c := range s.calls {
			if v, ok := LitValue(c.Args[0]); ok && v == fn && s.funcAt(s.Off(c.Pos())) != fn {
				first = s.Off(c.Pos())
				break
			}
		}
		if first < 0 {
			return true
		}
		off = first
		if s.funcAt(off) != "" {
			return true // called from another function: not followed further
		}
	}
	for _, a := range s.Assigns[name] {
		if a.Start >= off && s.funcAt(a.Start) == "" {
			return false
		}
	}
	return true
}

// plainStringVar reports whether a string variable's assignments can be
// read as one value built in the script's flow: none is local (a function
// shadowing it), none is in a subshell or a substitution, and it is never
// unset.
func (s *Script) plainStringVar(name string) bool {
	for _, a := range s.Assigns[name] {
		if a.Local || inSpans(s.isoSpans, a.Start) {
			return false
		}
	}
	for _, c := range s.calls {
		if v, _ := LitValue(c.Args[0]); v != "unset" {
			continue
		}
		for _, w := range c.Args[1:] {
			if n, _ := LitValue(w); n == name {
				return false
			}
		}
	}
	return true
}

func (s *Script) splitStringVar(name string, depth int) []ArgWord {
	if !s.plainStringVar(name) {
		return nil
	}
	as := s.Assigns[name]
	if len(as) == 0 || len(as) > 64 || as[0].Value == nil || as[0].Array != nil || as[0].Append {
		return nil
	}
	var out []ArgWord
	var keys map[int][]branchKey // an assignment's branches, by its offset
	gave := make([]int, len(as)) // the fields each assignment gave
	for i, a := range as {
		if a.Value == nil || a.Array != nil {
			return nil
		}
		parts := unquoted(a.Value.Parts)
		if i > 0 && !a.Append {
			if pe, ok := firstParam(parts); ok && pe.Param.Value == name {
				parts = parts[1:] // ARGS="$ARGS …"
			} else {
				// A new value: read only when it replaces nothing, every
				// earlier value being in another branch of an if or a case
				// (serve) EXTRA="--max-num-seqs $N" ;; bench) EXTRA="…" ;;),
				// or nothing but blanks (EXTRA="" first).
				if keys == nil {
					keys = s.assignBranches(name)
				}
				for j, b := range as[:i] {
					if !exclusive(keys[b.Start], keys[a.Start]) && (gave[j] > 0 || b.Append) {
						return nil
					}
				}
			}
		}
		fields, ok := s.splitParts(parts)
		if !ok {
			return nil
		}
		gave[i] = len(fields)
		for _, f := range fields {
			// ARGS="$ARGS --port $PORT $EXTRA": EXTRA's own fields, at
			// their places (a mode's EXTRA="--max-num-seqs 256").
			if inner := s.nestedFields(f, name, depth); inner != nil {
				out = append(out, inner...)
			} else {
				f.Array, f.Assign = name, a
				out = append(out, f)
			}
			if len(out) > maxStringFields {
				return nil
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// oneFieldEach reports whether the fields of string variable name
// (stringFields) are one per assignment, none appending: serve)
// step=$OWNER ;; bench) step=16384 ;; … --max-num-batched-tokens $step.
// Unquoted, $step is then one word in every mode, as "$step" is: read as
// that word (its origins are each assignment's value), not as the fields
// of every branch one after the other, which paired the flag with serve's
// field alone and left bench's 16384 a stray word after it.
//
// Not when every field is a flag (COMMON="--max-num-seqs=$N"): the word
// is then a flag of its own, as each field of a two-flag string is, and
// is read so (the shared copy a mode's second --max-num-seqs 256
// overrides).
func (s *Script) oneFieldEach(name string, fields []ArgWord) bool {
	as := s.Assigns[name]
	if len(fields) != len(as) || !slices.ContainsFunc(fields, func(f ArgWord) bool { return !flagField(f) }) {
		return false
	}
	for i, a := range as {
		if a.Append || fields[i].Assign != a {
			return false
		}
	}
	return true
}

// oneFlagEach reports whether every assignment of string variable name
// gives one field (stringFields), a flag (flagField), with no blank in its
// text: quoted or not, "$name" is then that flag, one word.
func (s *Script) oneFlagEach(name string, fields []ArgWord) bool {
	as := s.Assigns[name]
	if len(fields) != len(as) {
		return false
	}
	for i, a := range as {
		if a.Append || a.Value == nil || fields[i].Assign != a || !flagField(fields[i]) {
			return false
		}
		if st, en := s.Off(a.Value.Pos()), s.Off(a.Value.End()); st < 0 || en > len(s.Src) || st > en || bytes.ContainsAny(s.Src[st:en], " \t\n\\") {
			return false
		}
	}
	return true
}

// flagField reports whether a field of a string variable is a flag by its
// leading literal text: --max-num-seqs=$N, --enforce-eager, -tp; not a
// value such as -1.
func flagField(f ArgWord) bool {
	v := f.Sketch
	if f.Word != nil && len(f.Word.Parts) > 0 {
		if l, ok := f.Word.Parts[0].(*syntax.Lit); ok {
			v = l.Value
		} else {
			return false
		}
	}
	return strings.HasPrefix(v, "--") && len(v) > 2 || len(v) > 1 && v[0] == '-' && (v[1] >= 'a' && v[1] <= 'z' || v[1] >= 'A' && v[1] <= 'Z')
}

// firstParam returns the first part of a word's parts when it is a plain
// expansion.
func firstParam(parts []syntax.WordPart) (*syntax.ParamExp, bool) {
	if len(parts) == 0 {
		return nil, false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	return pe, ok && plainParam(pe)
}

// assignBranches returns the branches of the ifs and cases each assignment
// of name sits in, by the assignment's offset.
func (s *Script) assignBranches(name string) map[int][]branchKey {
	out := map[int][]branchKey{}
	for c, k := range s.branchKeys() {
		for _, as := range c.Assigns {
			if as.Name != nil && as.Name.Value == name {
				out[s.Off(as.Pos())] = k
			}
		}
	}
	return out
}

// nestedFields returns the fields of a string variable of flags that a
// field of another one (outer) is wholly an expansion of, nil when it is
// not one.
func (s *Script) nestedFields(f ArgWord, outer string, depth int) []ArgWord {
	if depth >= 4 || f.Word == nil || len(f.Word.Parts) != 1 {
		return nil
	}
	pe, ok := f.Word.Parts[0].(*syntax.ParamExp)
	if !ok || !plainParam(pe) || pe.Param.Value == outer || !s.assignedBefore(pe.Param.Value, f.Start) {
		return nil
	}
	if fields := s.splitVar(pe.Param.Value); fields != nil {
		return fields
	}
	if fields := s.stringFieldsDepth(pe.Param.Value, depth+1); fields != nil && strings.HasPrefix(fields[0].Sketch, "-") {
		return fields
	}
	return nil
}

// splitParts splits a word's parts into fields at the blanks of its
// literal text. A field of literal text has it as its sketch, one of a
// single plain expansion the expansion as its word; ok is false for any
// other part (a command substitution, an expansion with an operator, a
// quoted piece inside the string), whose fields cannot be told.
func (s *Script) splitParts(parts []syntax.WordPart) (out []ArgWord, ok bool) {
	cur := ArgWord{Start: -1}
	var curParts []syntax.WordPart
	flush := func() {
		if cur.Start < 0 {
			return
		}
		if len(curParts) == 1 {
			cur.Word = &syntax.Word{Parts: curParts}
			if pe, isPE := curParts[0].(*syntax.ParamExp); isPE {
				cur.Sketch = Unknown
				if v, known := s.uniqueLiteral(pe.Param.Value); known && plainParam(pe) {
					cur.Sketch = v
				}
			}
		} else if len(curParts) > 1 {
			cur.Word = &syntax.Word{Parts: curParts}
			cur.Sketch = Unknown
		}
		out = append(out, cur)
		cur, curParts = ArgWord{Start: -1}, nil
	}
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "\\'\"") {
				return nil, false
			}
			base := s.Off(p.Pos())
			v := p.Value
			for i := 0; i < len(v); {
				if strings.ContainsRune(" \t\n", rune(v[i])) {
					flush()
					i++
					continue
				}
				j := i
				for j < len(v) && !strings.ContainsRune(" \t\n", rune(v[j])) {
					j++
				}
				piece := &syntax.Lit{ValuePos: shift(p.ValuePos, i), ValueEnd: shift(p.ValuePos, j), Value: v[i:j]}
				if cur.Start < 0 {
					cur.Start, cur.Sketch = base+i, v[i:j]
				} else if len(curParts) > 0 {
					cur.Sketch = Unknown
				}
				cur.End = base + j
				curParts = append(curParts, piece)
				i = j
			}
		case *syntax.ParamExp:
			if !plainParam(p) {
				return nil, false
			}
			if cur.Start < 0 {
				cur.Start = s.Off(p.Pos())
			}
			cur.End = s.Off(p.End())
			if len(curParts) > 0 {
				cur.Sketch = Unknown
			}
			curParts = append(curParts, p)
		default:
			return nil, false
		}
	}
	flush()
	return out, true
}

// grownHead returns the first field of a string variable built up by
// appending to itself (CMD="serve $MODEL --tp 2", then CMD="$CMD --port
// 8001" in a mode): the first assignment starts with a literal word that
// is no flag, every later one with the variable itself. (A variable each
// mode sets to its own "--flag $VALUE" is no command line: its head is a
// flag whose value would be lost.)
func (s *Script) grownHead(name string) (string, bool) {
	as := s.Assigns[name]
	if len(as) < 2 || as[0].Value == nil || as[0].Array != nil {
		return "", false
	}
	head, ok := leadingField(as[0].Value)
	if !ok {
		return "", false
	}
	for _, a := range as[1:] {
		if a.Value == nil || a.Array != nil || a.Append {
			return "", false
		}
		parts := unquoted(a.Value.Parts)
		if len(parts) == 0 {
			return "", false
		}
		if pe, ok := parts[0].(*syntax.ParamExp); ok && plainParam(pe) && pe.Param.Value == name {
			continue // CMD="$CMD …"
		}
		return "", false
	}
	return head, true
}

// leadingField returns the first field of a word when it is literal text
// followed by a blank ("serve $MODEL" → serve).
func leadingField(w *syntax.Word) (string, bool) {
	parts := unquoted(w.Parts)
	if len(parts) == 0 {
		return "", false
	}
	l, ok := parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	f, _, cut := strings.Cut(strings.TrimLeft(l.Value, " \t"), " ")
	if !cut || f == "" || f[0] == '-' || strings.ContainsAny(f, "\\$`'\"*?[") {
		return "", false
	}
	return f, true
}

func sketches(aws []ArgWord) []string {
	out := make([]string, len(aws))
	for i, a := range aws {
		out[i] = a.Sketch
	}
	return out
}

// callArgs returns a command's expanded words, computed once per command
// (invocations and env-file references both read them).
func (s *Script) callArgs(c *syntax.CallExpr) []ArgWord {
	if aws, ok := s.callWords[c]; ok {
		return aws
	}
	if s.callWords == nil {
		s.callWords = map[*syntax.CallExpr][]ArgWord{}
	}
	aws := s.argWords(evalWords(c.Args), 0)
	s.callWords[c] = aws
	return aws
}

// evalWords returns the words of an eval command as the words it runs
// are read: eval joins its arguments and parses them again, so eval
// "$CMD" runs what the unquoted $CMD would (CMD="vllm serve $MODEL";
// CMD="$CMD --max-num-seqs 256"; eval "$CMD"). A "$X" argument is read
// as $X, split into the string's words; any other command's words are
// returned as they are.
func evalWords(words []*syntax.Word) []*syntax.Word {
	if len(words) < 2 {
		return words
	}
	if v, ok := LitValue(words[0]); !ok || v != "eval" {
		return words
	}
	var out []*syntax.Word
	for i, w := range words {
		if len(w.Parts) != 1 || i == 0 {
			if out != nil {
				out = append(out, w)
			}
			continue
		}
		if dq, ok := w.Parts[0].(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
			if pe, ok := dq.Parts[0].(*syntax.ParamExp); ok {
				if out == nil {
					out = slices.Clone(words[:i])
				}
				out = append(out, &syntax.Word{Parts: []syntax.WordPart{pe}})
				continue
			}
		}
		if out != nil {
			out = append(out, w)
		}
	}
	if out == nil {
		return words
	}
	return out
}

// findInvocations finds every command reaching an engine, directly or
// through a function that forwards "$@" to one.
func (s *Script) findInvocations() {
	// A function's commands that carry "$@" into an engine, or run it
	// (runners), in the order met: each call of the function reaches
	// each of them.
	wrappers := map[string][]*Invocation{}
	var runners map[string]int // runnerFuncs, asked when a call may need them
	runnersDone := false
	nested := map[*syntax.CallExpr]bool{} // calls of a runner read in the first loop
	for _, c := range s.calls {
		aws := s.callArgs(c)
		ec, ok := s.detect(aws)
		if !ok {
			// docker run … IMAGE bash -c "… vllm serve … --max-num-seqs 64":
			// the engine is a command of the string's script.
			if inv := s.shellStringInvocation(c, aws); inv != nil {
				s.Invocations = append(s.Invocations, inv)
				continue
			}
		}
		child := ""
		if !ok && len(s.childLaunchers) > 0 {
			// "$here/launch.sh" --max-num-seqs 32, where launch.sh runs
			// exec vllm serve … "$@": the call's words in the child's.
			if args, path, found := s.childArgs(aws); found {
				aws, child = args, path
				ec, ok = s.detect(aws)
			}
		}
		if !ok && hasForward(aws) && !runnersDone {
			runners, runnersDone = s.runnerFuncs(), true
		}
		if !ok && len(runners) > 0 && hasForward(aws) {
			// launch() { run vllm serve … "$@"; } with run() { "$@"; }: the
			// runner's words peeled off, the engine's call forwards "$@",
			// so launch is a wrapper as if it ran vllm itself.
			if fn := s.funcAt(s.Off(c.Pos())); fn != "" {
				if peeled, ok2 := peelRunners(aws, runners); ok2 {
					if pec, ok3 := s.detect(peeled); ok3 && hasForward(peeled[pec.ArgStart:]) {
						if n, ok4 := s.shiftsBefore(fn, c); ok4 {
							wrappers[fn] = append(wrappers[fn], &Invocation{Call: c, Start: s.Off(c.Pos()), End: s.Off(c.End()), Engine: pec, Profile: pec.Profile, Args: peeled, shift: n})
							nested[c] = true
							continue
						}
					}
				}
			}
		}
		if !ok {
			// A runner: a function that runs its arguments, or hands them to
			// a launcher (run() { echo "+ $*"; "$@"; }, maybe_dry() { … else
			// exec "$@"; fi }, in_docker() { docker run … IMAGE "$@"; }):
			// `run vllm serve …` reaches the engine through it. Each of its
			// commands that holds "$@" is tried at every call; only those
			// that then reach an engine count (echo "$@" does not).
			if !hasForward(aws) {
				continue // funcAt scans every function: asked only of these
			}
			if fn := s.funcAt(s.Off(c.Pos())); fn != "" {
				if n, ok := s.shiftsBefore(fn, c); ok {
					wrappers[fn] = append(wrappers[fn], &Invocation{Call: c, Start: s.Off(c.Pos()), End: s.Off(c.End()), Args: aws, shift: n})
				}
			}
			continue
		}
		inv := &Invocation{Call: c, Start: s.Off(c.Pos()), End: s.Off(c.End()), Engine: ec, Profile: ec.Profile, Args: aws, Child: child}
		if fn := s.funcAt(inv.Start); fn != "" && hasForward(aws[ec.ArgStart:]) {
			if n, ok := s.shiftsBefore(fn, c); ok {
				inv.shift = n
				wrappers[fn] = append(wrappers[fn], inv)
				continue
			}
			if !s.takesScriptArgs(fn) {
				continue
			}
			// main() { set -- --max-num-seqs 64 "$@"; exec vllm serve /m
			// "$@"; }; main "$@": a function handed the script's own
			// arguments that sets them anew is no wrapper of its calls,
			// and its "$@" is read as the top level's is (setWords).
		}
		s.Invocations = append(s.Invocations, inv)
	}
	// A runner a sourced library defines, called here by a name the script
	// itself does not define: its "$@" is the command it runs, so the call's
	// own words (in this script) reach the engine.
	for name, n := range s.libRunners {
		if s.Funcs[name] != nil || wrappers[name] != nil {
			continue
		}
		wrappers[name] = []*Invocation{{Start: -1, End: -1, Args: []ArgWord{{Sketch: forwardAll, Start: -1, End: -1}}, shift: n}}
	}
	// A launcher a sourced library defines (in_docker() { docker run …
	// IMAGE "$@"; }): its fixed words are the library's, with no span here;
	// the call's words, in this script, are where the numbers are written.
	for name, ws := range s.libLaunchers {
		if s.Funcs[name] != nil || wrappers[name] != nil {
			continue
		}
		wrappers[name] = ws
	}
	// A function holding several engines that forward "$@", one per mode
	// of a case or if on the selector inside it (start() { case "$MODE" in
	// serve) exec vllm … "$@" ;; bench) exec vllm … "$@" ;; esac; }): each
	// engine is its mode's own, where it is written; seen as one wrapper,
	// all but the last were lost (and bench's numbers with them).
	// A function some call hands arguments of its own (kl) start
	// --max-num-batched-tokens 4096 ;;) stays a wrapper, each engine
	// expanded at every call: moved, the call's words reached no engine
	// and their numbers went unseen.
	moved := false
	for fn, ws := range wrappers {
		if len(ws) < 2 || !slices.ContainsFunc(ws, func(w *Invocation) bool { return w.Engine.Profile != nil && s.inSelectorBranch(fn, w.Start) }) {
			continue
		}
		if s.calledWithArgs(fn) {
			continue
		}
		for _, w := range ws {
			if w.Engine.Profile != nil {
				s.Invocations = append(s.Invocations, w)
				moved = true
			}
		}
		delete(wrappers, fn)
	}
	if moved { // in the order of the script, as the direct ones are
		slices.SortStableFunc(s.Invocations, func(a, b *Invocation) int { return a.Start - b.Start })
	}
	if len(wrappers) == 0 {
		s.finishInvocations()
		return
	}
	for _, c := range s.calls {
		name, ok := LitValue(c.Args[0])
		if !ok || nested[c] {
			continue
		}
		if len(wrappers[name]) == 0 {
			continue
		}
		// Through the wrapper, and through another one its words name
		// (run launch --max-num-seqs 16: a runner in front of a wrapper).
		var through func(via string, callArgs []ArgWord, depth int, levels []int)
		through = func(via string, callArgs []ArgWord, depth int, levels []int) {
			for _, w := range wrappers[via] {
				args := s.expandWrapper(w, callArgs)
				ec, ok := s.detect(args)
				if !ok {
					if depth < 3 && len(args) > 0 && args[0].Sketch != via && len(wrappers[args[0].Sketch]) > 0 {
						lv := levels
						if w.Start >= 0 {
							lv = append(slices.Clip(levels), w.Start)
						}
						through(args[0].Sketch, args[1:], depth+1, lv)
					}
					continue
				}
				// A library's launcher (Start -1) says itself whether it
				// runs the engine in the background.
				s.Invocations = append(s.Invocations, &Invocation{Call: c, Start: s.Off(c.Pos()), End: s.Off(c.End()), Engine: ec, Profile: ec.Profile, Args: args, Via: via, wrapStart: w.Start + 1, Child: w.Child,
					Background: w.Start < 0 && w.Background, libReads: libReads(w), levels: levels, wrapCall: w.Call})
			}
		}
		through(name, s.argWords(c.Args[1:], 0), 0, nil)
	}
	s.finishInvocations()
}

// positionalWord returns the call's word a library launcher's "$N" stands
// for, past the words it shifted off: when every call word up to it is one
// word of the call itself (no array, no field of a string, no "$@").
func positionalWord(name string, shift int, callArgs []ArgWord) (ArgWord, bool) {
	n, err := strconv.Atoi(name)
	if err != nil || n < 1 {
		return ArgWord{}, false
	}
	k := shift + n - 1
	if k >= len(callArgs) {
		return ArgWord{}, false
	}
	for _, a := range callArgs[:k+1] {
		if a.Word == nil || a.Array != "" || a.Start < 0 || a.Sketch == forwardAll {
			return ArgWord{}, false
		}
	}
	return callArgs[k], true
}

// readsPositional reports whether a word expands a positional parameter
// ($1 … $9, plain) beside literal text only.
func readsPositional(w *syntax.Word) bool {
	pos := false
	ok := wordPartsOnly(w.Parts, func(pe *syntax.ParamExp) bool {
		n, err := strconv.Atoi(pe.Param.Value)
		pos = pos || err == nil && n >= 1
		return err == nil && n >= 1
	})
	return ok && pos
}

// wordPartsOnly reports whether parts are literal text, quotes (not $'…'
// or $"…"), and plain parameter expansions that param accepts.
func wordPartsOnly(parts []syntax.WordPart, param func(*syntax.ParamExp) bool) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
		case *syntax.SglQuoted:
			if p.Dollar {
				return false
			}
		case *syntax.DblQuoted:
			if p.Dollar || !wordPartsOnly(p.Parts, param) {
				return false
			}
		case *syntax.ParamExp:
			if p.Param == nil || !plainParam(p) || !param(p) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// fillPositional returns a library launcher's word with its positional
// parameters replaced by the call's literal words (past the launcher's
// shifts): "{\"kv_role\":\"$1\"}" called with kv_producer. ok is false when
// one is not a literal word of the call itself.
func fillPositional(w *syntax.Word, shift int, callArgs []ArgWord) (string, bool) {
	var sb strings.Builder
	var fill func(parts []syntax.WordPart, dq bool) bool
	fill = func(parts []syntax.WordPart, dq bool) bool {
		for _, p := range parts {
			switch p := p.(type) {
			case *syntax.DblQuoted:
				if !fill(p.Parts, true) {
					return false
				}
			case *syntax.ParamExp:
				cw, ok := positionalWord(p.Param.Value, shift, callArgs)
				if !ok || cw.Sketch == Unknown {
					return false
				}
				sb.WriteString(cw.Sketch)
			default:
				if !litParts([]syntax.WordPart{p}, &sb, dq) {
					return false
				}
			}
		}
		return true
	}
	if !fill(w.Parts, false) {
		return "", false
	}
	return sb.String(), true
}

// libReads lists the variables a library launcher's words read that the
// library never assigns (Invocation.libReads), sorted; nil for a wrapper
// of the script's own.
func libReads(w *Invocation) []string {
	if w.Start >= 0 || len(w.libVars) == 0 {
		return nil
	}
	out := make([]string, 0, len(w.libVars))
	for _, name := range w.libVars {
		if isName(name) && !slices.Contains(out, name) { // not $1: the call's own words
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// expandWrapper returns a wrapper's words with a call's words in its "$@"
// (past the words it shifts off); a library launcher's variable word read
// as the script's env file gives it, when the script never assigns it.
func (s *Script) expandWrapper(w *Invocation, callArgs []ArgWord) []ArgWord {
	var args []ArgWord
	for i, a := range w.Args {
		if a.Sketch == forwardAll {
			args = append(args, callArgs[min(w.shift, len(callArgs)):]...)
			continue
		}
		if name, ok := w.libVars[i]; ok && w.Start < 0 {
			// serve_model() { exec vllm serve "$1" --max-num-seqs "$2"; }:
			// "$2" is the call's second word, written in the script.
			if cw, ok := positionalWord(name, w.shift, callArgs); ok {
				args = append(args, cw)
				continue
			}
		}
		if pw, ok := w.libPosWords[i]; ok && w.Start < 0 {
			if v, ok := fillPositional(pw, w.shift, callArgs); ok {
				a.Sketch = v
			}
		}
		if name, ok := w.libVars[i]; ok && s.envValues != nil && len(s.Assigns[name]) == 0 {
			if v, ok := s.envValues[name]; ok {
				a.Sketch = v
			}
		}
		args = append(args, a)
	}
	return args
}

// runnerFuncs returns the functions of the script (and of the libraries
// it sources: libRunners) whose command is their "$@" alone (after exec,
// command or nohup): run() { echo "+ $*"; "$@"; }, by name, with the words
// each shifts off first.
func (s *Script) runnerFuncs() map[string]int {
	out := s.ownRunners()
	for name, n := range s.libRunners {
		if s.Funcs[name] == nil {
			if out == nil {
				out = map[string]int{}
			}
			out[name] = n
		}
	}
	return out
}

// ownRunners returns the runner functions the script itself defines (a
// library's, asked by withLibRunners, are its own).
func (s *Script) ownRunners() map[string]int {
	var out map[string]int
	for _, c := range s.calls {
		aws := s.callArgs(c)
		for len(aws) > 1 && (aws[0].Sketch == "exec" || aws[0].Sketch == "command" || aws[0].Sketch == "nohup") {
			aws = aws[1:]
		}
		if len(aws) != 1 || aws[0].Sketch != forwardAll {
			continue
		}
		fn := s.funcAt(s.Off(c.Pos()))
		if fn == "" {
			continue
		}
		n, ok := s.shiftsBefore(fn, c)
		if !ok {
			continue
		}
		if out == nil {
			out = map[string]int{}
		}
		if old, dup := out[fn]; dup && old != n {
			delete(out, fn) // two commands that shift differently: not known
			continue
		}
		out[fn] = n
	}
	return out
}

// ownLaunchers returns the functions of a shell library that hand their
// words to an engine's launch: each command of a function holding "$@"
// (past the library's own runners, run docker run … "$@") that reaches an
// engine with "$@" among the engine's words (exec vllm serve … "$@"), or
// that reaches none yet and may run the engine its caller names (docker
// run … IMAGE "$@", then in_docker vllm serve …; tried at each call, as a
// script's own wrapper is: echo "$@" or printf '%q ' "$@" reach none). A
// runner (its command "$@" alone) is ownRunners'. The words are detached
// from the library: no span, no word, no array assignment, so that nothing
// the script's rules edit or trace points into the library; a word whose
// value is not literal keeps Unknown, except an image or a program written
// as a default the library never assigns ("${IMAGE:-vllm/vllm-openai:…}").
func (s *Script) ownLaunchers(runners map[string]int) map[string][]*Invocation {
	var out map[string][]*Invocation
	for _, c := range s.calls {
		aws := s.callArgs(c)
		fn := s.funcAt(s.Off(c.Pos()))
		if fn == "" {
			continue
		}
		if _, runner := runners[fn]; runner {
			continue
		}
		if peeled, ok := peelRunners(aws, runners); ok {
			aws = peeled
		}
		if !hasForward(aws) {
			if _, ok := s.detect(aws); !ok {
				continue
			}
		} else if ec, ok := s.detect(aws); ok && !hasForward(aws[ec.ArgStart:]) {
			continue // the engine's own words are all the library's
		}
		bare := aws
		for len(bare) > 1 && (bare[0].Sketch == "exec" || bare[0].Sketch == "command" || bare[0].Sketch == "nohup") {
			bare = bare[1:]
		}
		if len(bare) == 1 {
			continue // "$@" alone: a runner with shifts not known
		}
		n, ok := s.shiftsBefore(fn, c)
		if !ok {
			continue
		}
		args, vars, posWords := s.detached(aws)
		if out == nil {
			out = map[string][]*Invocation{}
		}
		// bgrun() { nohup vllm serve … "$@" > log 2>&1 & }: each call's
		// engine runs in the background.
		bg := s.inBackground(s.Off(c.Pos()))
		out[fn] = append(out[fn], &Invocation{Start: -1, End: -1, Args: args, shift: n, Background: bg, libVars: vars, libPosWords: posWords})
	}
	return out
}

// detached returns a command's words detached from the script that writes
// them (ownLaunchers): no span, no word; a word whose value is not
// literal keeps Unknown, except an image or a program written as a
// default the script never assigns. vars names the words that are one
// expansion of a variable the script never assigns (Invocation.libVars),
// posWords those holding a positional parameter among literal text
// (Invocation.libPosWords).
func (s *Script) detached(aws []ArgWord) (args []ArgWord, vars map[int]string, posWords map[int]*syntax.Word) {
	args = make([]ArgWord, len(aws))
	for i, a := range aws {
		sk := a.Sketch
		if sk == Unknown {
			if v, ok := s.inlineDefault(a.Word); ok && programLike(v) {
				sk = v
			} else if v, ok := s.taggedImage(a.Word, 0); ok {
				sk = v
			} else if pe := SingleParam(a.Word); pe != nil && pe.Param != nil && plainParam(pe) && len(s.Assigns[pe.Param.Value]) == 0 {
				if vars == nil {
					vars = map[int]string{}
				}
				vars[i] = pe.Param.Value
			} else if a.Word != nil && readsPositional(a.Word) {
				if posWords == nil {
					posWords = map[int]*syntax.Word{}
				}
				posWords[i] = a.Word // "{\"kv_role\":\"$1\"}": the call's words fill it
			}
		}
		args[i] = ArgWord{Sketch: sk, Start: -1, End: -1}
	}
	return args, vars, posWords
}

// peelRunners drops the runner calls that lead a command's words (run
// vllm serve … → vllm serve …; a runner's own shifted words with it), and
// reports whether one was dropped.
func peelRunners(aws []ArgWord, runners map[string]int) ([]ArgWord, bool) {
	peeled := false
	for depth := 0; depth < 4 && len(aws) > 0; depth++ {
		n, ok := runners[aws[0].Sketch]
		if !ok || 1+n > len(aws) {
			break
		}
		aws = aws[1+n:]
		peeled = true
	}
	return aws, peeled && len(aws) > 0
}

// shiftsBefore returns how many words function fn shifts off its
// arguments before command c runs: `shift` and `shift N` among the
// function's top-level commands before the one holding c. false when a
// shift there is conditional, in a loop or a pipeline, not a literal
// count, or in the command holding c: which words "$@" holds is not known.
func (s *Script) shiftsBefore(fn string, c *syntax.CallExpr) (int, bool) {
	fd := s.Funcs[fn]
	if fd == nil || fd.Body == nil {
		return 0, false
	}
	var stmts []*syntax.Stmt
	switch b := fd.Body.Cmd.(type) {
	case *syntax.Block:
		stmts = b.Stmts
	case *syntax.Subshell:
		stmts = b.Stmts
	default:
		stmts = []*syntax.Stmt{fd.Body}
	}
	off := s.Off(c.Pos())
	n := 0
	for _, st := range stmts {
		holds := off >= s.Off(st.Pos()) && off < s.Off(st.End())
		if ce, ok := st.Cmd.(*syntax.CallExpr); ok && !holds && len(ce.Args) > 0 && len(st.Redirs) == 0 && !st.Negated && !st.Background {
			if name, _ := LitValue(ce.Args[0]); name == "shift" {
				switch len(ce.Args) {
				case 1:
					n++
					continue
				case 2:
					if v, ok := LitValue(ce.Args[1]); ok {
						if k, err := strconv.Atoi(v); err == nil && k >= 0 && k < 1<<10 {
							n += k
							continue
						}
					}
				}
				return 0, false
			}
		}
		shifts := false
		shwalk.Walk(st, func(x syntax.Node) bool {
			if ce, ok := x.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
				if name, _ := LitValue(ce.Args[0]); name == "shift" || name == "set" && setsPositional(ce.Args[1:]) {
					shifts = true // set -- … replaces them too
				}
			}
			return !shifts
		})
		if shifts {
			return 0, false
		}
		if holds {
			return n, true
		}
	}
	return n, true
}

// setsPositional reports whether `set` with these words may replace the
// positional parameters (set -- a b, set a b; not set -e, set -o pipefail).
func setsPositional(args []*syntax.Word) bool {
	for i := 0; i < len(args); i++ {
		v, ok := LitValue(args[i])
		if !ok || v == "--" || v == "-" || v == "" || v[0] != '-' && v[0] != '+' {
			return true
		}
		if strings.HasSuffix(v, "o") {
			i++ // -o NAME, -euo NAME
		}
	}
	return false
}

// calledWithArgs reports whether a call of function fn by name passes a word
// other than the caller's own arguments ("$@", "$*").
func (s *Script) calledWithArgs(fn string) bool {
	for _, c := range s.calls {
		if name, ok := LitValue(c.Args[0]); !ok || name != fn {
			continue
		}
		for _, a := range s.argWords(c.Args[1:], 0) {
			if a.Sketch != forwardAll {
				return true
			}
		}
	}
	return false
}

// inSelectorBranch reports whether off lies in a branch of a case or an
// if/elif chain on the mode selector inside function fn.
func (s *Script) inSelectorBranch(fn string, off int) bool {
	fd := s.Funcs[fn]
	if fd == nil || fd.Body == nil {
		return false
	}
	in := func(stmts []*syntax.Stmt) bool {
		return len(stmts) > 0 && off >= s.Off(stmts[0].Pos()) && off < s.Off(stmts[len(stmts)-1].End())
	}
	found := false
	shwalk.Walk(fd.Body, func(n syntax.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *syntax.CaseClause:
			if isParamOf(x.Word, s.Selectors) {
				for _, it := range x.Items {
					found = found || in(it.Stmts)
				}
			}
		case *syntax.IfClause:
			for c := x; c != nil && len(c.Cond) > 0; c = c.Else {
				for _, st := range c.Cond {
					if len(s.condNames(st.Cmd)) > 0 && in(c.Then) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// detect finds the engine in a command's words, under a forced profile when
// the config names one.
func (s *Script) detect(aws []ArgWord) (EngineCall, bool) {
	sk := sketches(aws)
	for i, a := range aws {
		if a.Sketch == Unknown {
			if v, ok := s.inlineDefault(a.Word); ok {
				sk[i] = v
			} else if v, ok := s.taggedImage(a.Word, 0); ok {
				sk[i] = v
			} else if v, ok := s.envValue(a.Word, 0); ok {
				sk[i] = v
			} else if v, ok := s.pythonProgram(a.Word, 0); ok {
				// exec "$VENV/bin/python" -m vllm.entrypoints.openai.api_server …
				sk[i] = v
			} else if p := optPrefix(a.Word); p != "" {
				// --env=HF_TOKEN="$HF_TOKEN", -eK=$K: an option with its
				// value attached, not the image the run's options end at.
				sk[i] = p + Unknown
			} else if a.Word != nil && dockerShortOpt(litPrefix(a.Word)) {
				// -v"$PWD":/w, -e"$KV": a docker short option with its
				// value attached, without an '='.
				sk[i] = litPrefix(a.Word) + Unknown
			} else if p := assignPrefix(a.Word); p != "" {
				// env CUDA_VISIBLE_DEVICES="$GPUS" VLLM_PORT="$PORT" vllm
				// serve …: an assignment env hands the command, its value
				// not known. Unknown, a run of two hid the engine that
				// follows (the mode, and its own shape, went unseen).
				sk[i] = p + Unknown
			}
		}
	}
	return DetectEngineAs(sk, s.Engine)
}

// dockerShortOpt reports whether p is a docker short option that takes a
// value (-v, -e, -p, …).
func dockerShortOpt(p string) bool {
	return len(p) == 2 && p[0] == '-' && dockerValueOpts[p]
}

// optPrefix returns "--opt=" for a word that is an option with a value
// attached (--env=K=$K, --model="$X", "-eK=$K" gives "-eK="): its literal
// text before the first '=' when that starts with '-'; "" otherwise.
// assignPrefix returns "NAME=" for a word that starts with a literal
// NAME= (an assignment word, as env takes them), "" otherwise.
func assignPrefix(w *syntax.Word) string {
	if w == nil {
		return ""
	}
	if name, _, eq := strings.Cut(litPrefix(w), "="); eq && isName(name) {
		return name + "="
	}
	return ""
}

func optPrefix(w *syntax.Word) string {
	if w == nil {
		return ""
	}
	if name, _, eq := strings.Cut(litPrefix(w), "="); eq && strings.HasPrefix(name, "-") {
		return name + "="
	}
	return ""
}

// envValue returns the env file's literal value of a word that is one
// expansion of a variable the script never assigns ("$VLLM_IMAGE"), or of
// one assigned once from such a word (IMAGE=$VLLM_IMAGE; "$IMAGE"): set
// only for scripts re-analysed with their env files (withEnvValues).
func (s *Script) envValue(w *syntax.Word, depth int) (string, bool) {
	if s.envValues == nil || w == nil || depth > 2 {
		return "", false
	}
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil || !plainParam(pe) {
		return "", false
	}
	switch as := s.Assigns[pe.Param.Value]; len(as) {
	case 0:
		v, ok := s.envValues[pe.Param.Value]
		return v, ok
	case 1:
		return s.envValue(as[0].Value, depth+1)
	}
	return "", false
}

// inlineDefault returns the literal default of a word that is one
// expansion of a variable the script never assigns, with a default
// (docker run … "${VLLM_IMAGE:-vllm/vllm-openai:v0.6.4}", "${PYTHON:-python3}"
// -m …): like PYTHON=${PYTHON:-python3}, a program or an image is read as
// its default, unless the caller overrides it (which the linter, like the
// dry run, does not read).
func (s *Script) inlineDefault(w *syntax.Word) (string, bool) {
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil || pe.Exp == nil || pe.Index != nil || pe.Excl || pe.Length ||
		(pe.Exp.Op != syntax.DefaultUnset && pe.Exp.Op != syntax.DefaultUnsetOrNull) || pe.Exp.Word == nil {
		return "", false
	}
	if len(s.Assigns[pe.Param.Value]) > 0 {
		return "", false
	}
	return LitValue(pe.Exp.Word)
}

// pythonProgram returns the interpreter a command word that is not a
// literal runs, when it is statically a python interpreter: its last path
// element is written as one after an expansion ("$VENV/bin/python",
// "${CONDA_PREFIX}/bin/python3.11", "$(dirname "$0")/.venv/bin/python"),
// or it is one expansion of a variable never assigned with such a default
// ("${PY:-python3}"), or of one assigned once to such a word, to a literal
// python, to its own default (PY=${PY:-/opt/venv/bin/python}) or to a
// lookup of one (PY=$(command -v python3 || command -v python), which
// python3). Only the interpreter is read: the `-m MODULE` after it must
// still name the engine (DetectEngine), so no variable makes an engine of
// an unknown program.
func (s *Script) pythonProgram(w *syntax.Word, depth int) (string, bool) {
	if w == nil || depth > 2 {
		return "", false
	}
	if v, ok := LitValue(w); ok {
		return v, PythonName(v)
	}
	parts := unquoted(w.Parts)
	if len(parts) > 1 {
		lit, ok := parts[len(parts)-1].(*syntax.Lit)
		if !ok || !strings.Contains(lit.Value, "/") || !PythonName(lit.Value) {
			return "", false
		}
		return path.Base(lit.Value), true
	}
	if len(parts) == 1 {
		if cs, ok := parts[0].(*syntax.CmdSubst); ok {
			return pythonLookup(cs)
		}
	}
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil || pe.Index != nil || pe.Excl || pe.Length || pe.Repl != nil || pe.Slice != nil {
		return "", false
	}
	name := pe.Param.Value
	as := s.Assigns[name]
	if pe.Exp != nil {
		if len(as) > 0 || !defaultOnly(pe) {
			return "", false
		}
		return s.pythonProgram(pe.Exp.Word, depth+1)
	}
	if len(as) != 1 || as[0].Value == nil {
		return "", false
	}
	v := as[0].Value
	if d := SingleParam(v); d != nil && d.Param != nil && d.Param.Value == name && defaultOnly(d) {
		return s.pythonProgram(d.Exp.Word, depth+1)
	}
	return s.pythonProgram(v, depth+1)
}

// defaultOnly reports whether an expansion gives a default when its
// variable is unset or empty (${X:-W}, ${X-W}) and nothing else.
func defaultOnly(pe *syntax.ParamExp) bool {
	return pe.Exp != nil && (pe.Exp.Op == syntax.DefaultUnset || pe.Exp.Op == syntax.DefaultUnsetOrNull) && pe.Exp.Word != nil &&
		pe.Index == nil && !pe.Excl && !pe.Length && pe.Repl == nil && pe.Slice == nil
}

// pythonLookup returns the interpreter a command substitution looks up:
// `command -v python3`, `which python3`, alone or as alternatives joined
// by || (the first is named); ok is false for any other command.
func pythonLookup(cs *syntax.CmdSubst) (string, bool) {
	if len(cs.Stmts) != 1 {
		return "", false
	}
	var first string
	var look func(st *syntax.Stmt) bool
	look = func(st *syntax.Stmt) bool {
		if st == nil || st.Negated || st.Background || len(st.Redirs) > 0 && !quietRedirs(st.Redirs) {
			return false
		}
		switch c := st.Cmd.(type) {
		case *syntax.BinaryCmd:
			return c.Op == syntax.OrStmt && look(c.X) && look(c.Y)
		case *syntax.CallExpr:
			if len(c.Assigns) > 0 {
				return false
			}
			var words []string
			for _, a := range c.Args {
				v, ok := LitValue(a)
				if !ok {
					return false
				}
				words = append(words, v)
			}
			var prog string
			switch {
			case len(words) == 3 && words[0] == "command" && words[1] == "-v":
				prog = words[2]
			case len(words) == 2 && words[0] == "which":
				prog = words[1]
			default:
				return false
			}
			if !PythonName(prog) {
				return false
			}
			if first == "" {
				first = path.Base(prog)
			}
			return true
		}
		return false
	}
	if !look(cs.Stmts[0]) {
		return "", false
	}
	return first, true
}

// quietRedirs reports whether redirections only silence a command
// (2>/dev/null): what it prints to its output is unchanged.
func quietRedirs(rs []*syntax.Redirect) bool {
	for _, r := range rs {
		if r.N == nil || r.N.Value != "2" || r.Op != syntax.RdrOut || r.Word == nil {
			return false
		}
		if v, ok := LitValue(r.Word); !ok || v != "/dev/null" {
			return false
		}
	}
	return true
}

// PythonName reports whether the last path element of v names a python
// interpreter: python, python3, python3.11.
func PythonName(v string) bool {
	rest, ok := strings.CutPrefix(path.Base(v), "python")
	if !ok {
		return false
	}
	for _, r := range rest {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return !strings.HasPrefix(rest, ".")
}

// taggedImage returns an image reference whose name is literal and whose
// tag or digest alone is expanded ("vllm/vllm-openai:${VLLM_VERSION}",
// vllm/vllm-openai:$TAG, or "$IMAGE" with IMAGE assigned once to such a
// word), with the tag written as a placeholder: the name is all
// imageProfile reads to know the image's entrypoint.
func (s *Script) taggedImage(w *syntax.Word, depth int) (string, bool) {
	if w == nil || depth > 2 {
		return "", false
	}
	if pe := SingleParam(w); pe != nil {
		if pe.Param == nil || pe.Exp != nil || pe.Index != nil || pe.Excl || pe.Length || pe.Repl != nil || pe.Slice != nil {
			return "", false
		}
		as := s.Assigns[pe.Param.Value]
		if len(as) != 1 || as[0].Value == nil {
			return "", false
		}
		return s.taggedImage(as[0].Value, depth+1)
	}
	parts := w.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	var sb strings.Builder
	for _, p := range parts {
		lit, ok := p.(*syntax.Lit)
		if !ok {
			break
		}
		sb.WriteString(lit.Value)
	}
	prefix := sb.String()
	if strings.ContainsAny(prefix, " \t\n\\$\"'") {
		return "", false
	}
	i := strings.LastIndexAny(prefix, ":@")
	if i != len(prefix)-1 || i <= strings.LastIndexByte(prefix, '/') {
		return "", false
	}
	return prefix + "tag", true
}

func hasForward(aws []ArgWord) bool {
	for _, a := range aws {
		if a.Sketch == forwardAll {
			return true
		}
	}
	return false
}

// FuncAt returns the name of the function whose body holds offset off,
// "" at the top level.
func (s *Script) FuncAt(off int) string { return s.funcAt(off) }

// funcAt returns the name of the function whose body holds off (the
// innermost one).
func (s *Script) funcAt(off int) string {
	if s.funcIdx == nil || s.funcIdxOf != len(s.Funcs) {
		s.buildFuncIndex()
	}
	ix := s.funcIdx
	// The last body starting at or before off, then its enclosing bodies
	// until one holds off: bodies nest or are disjoint.
	k, _ := slices.BinarySearchFunc(ix, off+1, func(b funcBody, t int) int { return cmp.Compare(b.start, t) })
	for k--; k >= 0; k = ix[k].parent {
		if off < ix[k].end {
			return ix[k].name
		}
	}
	return ""
}

// funcBody is a function's body in funcAt's index: its span, and the index
// of the body enclosing it (-1: none).
type funcBody struct {
	name       string
	start, end int
	parent     int
}

// buildFuncIndex sorts the bodies of s.Funcs by start, with each one's
// enclosing body, so that funcAt is a binary search: scanning every
// function for every call was quadratic (pprof: a library of 20,000
// launch functions took minutes in ownRunners and ownLaunchers).
func (s *Script) buildFuncIndex() {
	ix := make([]funcBody, 0, len(s.Funcs))
	for name, fd := range s.Funcs {
		ix = append(ix, funcBody{name: name, start: s.Off(fd.Body.Pos()), end: s.Off(fd.Body.End())})
	}
	slices.SortFunc(ix, func(a, b funcBody) int {
		if c := cmp.Compare(a.start, b.start); c != 0 {
			return c
		}
		return cmp.Compare(b.end, a.end) // the enclosing one first
	})
	var stack []int
	for i := range ix {
		for len(stack) > 0 && ix[stack[len(stack)-1]].end <= ix[i].start {
			stack = stack[:len(stack)-1]
		}
		ix[i].parent = -1
		if len(stack) > 0 {
			ix[i].parent = stack[len(stack)-1]
		}
		stack = append(stack, i)
	}
	s.funcIdx, s.funcIdxOf = ix, len(s.Funcs)
}

// WrapperStart returns the offset of the wrapper function's own command
// that carries the engine argv (Via's `vllm serve … "$@" &`), -1 when the
// invocation goes through no wrapper of the script.
func (inv *Invocation) WrapperStart() int {
	if inv.wrapStart > 0 {
		return inv.wrapStart - 1
	}
	return -1
}

func (s *Script) finishInvocations() {
	var bgFuncs map[string]bool
	if len(s.bgSpans) > 0 {
		bgFuncs = map[string]bool{}
		for _, c := range s.calls {
			if name, ok := LitValue(c.Args[0]); ok && s.Funcs[name] != nil && s.inBackground(s.Off(c.Pos())) {
				bgFuncs[name] = true
			}
		}
	}
	for _, inv := range s.Invocations {
		inv.Flags = s.parseFlags(inv)
		if len(s.bgSpans) > 0 {
			inv.Background = inv.Background || s.inBackground(inv.Start) || bgFuncs[s.funcAt(inv.Start)] ||
				inv.wrapStart > 0 && s.inBackground(inv.wrapStart-1) ||
				slices.ContainsFunc(inv.levels, s.inBackground)
		}
		s.bgEngine = s.bgEngine || inv.Background
	}
}

// Branched reports whether assignment a runs only on some paths: behind
// && or ||, in an if branch (Guarded) or in a case item (case $GPU in
// *A100*) SEQS=64 ;; esac).
func (s *Script) Branched(a *Assign) bool {
	if a.Guarded {
		return true
	}
	for _, sp := range s.caseArms {
		if a.Start >= sp[0] && a.Start < sp[1] {
			return true
		}
	}
	return false
}

// inBackground reports whether the byte at off is in a statement run in
// the background.
func (s *Script) inBackground(off int) bool { return inSpans(s.bgSpans, off) }

// EndsBefore reports whether mode m surely ends before reaching inv: an
// invocation of its own (sudo) exec text-generation-launcher … ;;)
// comes first and execs, or a statement after it ends the script
// (endsBefore).
func (s *Script) EndsBefore(m *Mode, inv *Invocation) bool {
	var ends []terminator
	for _, own := range s.Invocations {
		if own == inv || own.Start >= inv.Start || !slices.Contains(own.Modes, m) {
			continue
		}
		if ends == nil {
			ends = s.terminators()
		}
		if s.endsBefore(ends, own, inv) {
			return true
		}
	}
	return false
}

// RunsAfter reports whether code at off surely runs after inv's command
// started, never before it: both at the top level (not a function's body,
// which may run at any call) or both in the body of main "$@" (topFunc,
// the top level's code moved into the function it calls once), off past
// the end of inv's command, and no
// loop holding both (whose next pass would run off first). An assignment
// there does not reach that engine: half) K=$((K/2)) text-generation-launcher
// … & sleep 60; K=0; python3 report.py ;; boots with the prefix's value.
func (s *Script) RunsAfter(off int, inv *Invocation) bool {
	if inv.Start < 0 || off < inv.End || inv.wrapStart > 0 {
		return false
	}
	if !s.inTopBody(inv.Start, off) {
		return false
	}
	for _, sp := range s.loopSpans {
		if inv.Start >= sp[0] && inv.Start < sp[1] && off >= sp[0] && off < sp[1] {
			return false
		}
	}
	return true
}

// inTopBody reports whether offsets a and b lie in one body that runs once,
// in order, as the script's top level: both at the top level, or both in
// the body of main "$@" (topFunc). Code in another function may run at
// any call, before or after the other.
func (s *Script) inTopBody(a, b int) bool {
	fn := s.funcAt(a)
	return fn == s.funcAt(b) && s.topFunc(fn)
}

// SeveralEngines returns the engine invocations mode m may start together
// in one run when there are several and one of them runs in the
// background (kl) vllm serve /m … & vllm serve /ref … & ;;): which of them
// the dry run reaches first is a race, so such a mode has no one argv. Two
// invocations in different branches of one if or case (`if detach; then
// nohup vllm … & else exec vllm …; fi`) never both run. nil otherwise.
//
// The answer is computed once per mode (callers only read it): rules ask
// per origin and per finding, and with every pair of the mode's engines
// looked at, a launcher of 1,000 engines in the background took 41 s.
func (s *Script) SeveralEngines(m *Mode) []*Invocation {
	if !s.bgEngine {
		return nil // no engine in the background (asked per mode: not a scan of every engine each time)
	}
	s.severalMu.Lock()
	defer s.severalMu.Unlock()
	if r, ok := s.several[m]; ok {
		return r
	}
	r := s.severalEngines(m)
	if s.several == nil {
		s.several = map[*Mode][]*Invocation{}
	}
	s.several[m] = r
	return r
}

// severalEngines is SeveralEngines, computed.
func (s *Script) severalEngines(m *Mode) []*Invocation {
	var mine []*Invocation
	bg := false
	for _, inv := range s.Invocations {
		if len(inv.Modes) == 0 || slices.Contains(inv.Modes, m) {
			mine = append(mine, inv)
			bg = bg || inv.Background
		}
	}
	if !bg {
		return nil
	}
	if len(mine) < 2 {
		// One engine in the background in a loop that never waits for
		// it (while read … do vllm serve … & done < models.txt): each
		// pass starts another, and which the dry run reaches first is a
		// race too.
		if mine != nil && mine[0].Background && s.unwaitedLoop(mine[0]) {
			return mine
		}
		return nil
	}
	keys := s.branchKeys()
	var ends []terminator
	racing := map[*Invocation]bool{}
	for i, a := range mine {
		for _, b := range mine[i+1:] {
			if !a.Background && !b.Background || exclusive(keys[a.Call], keys[b.Call]) || a.sameStart(b) ||
				a.Call == b.Call && a.wrapCall != nil && b.wrapCall != nil && exclusive(keys[a.wrapCall], keys[b.wrapCall]) {
				continue
			}
			first, later := a, b
			if later.Start < first.Start {
				first, later = later, first
			}
			if ends == nil {
				ends = s.terminators()
			}
			if !s.endsBefore(ends, first, later) {
				racing[a], racing[b] = true, true
			}
		}
	}
	if len(racing) == 0 {
		return nil
	}
	// The engines that can run together, not the mode's alternatives.
	return slices.DeleteFunc(mine, func(inv *Invocation) bool { return !racing[inv] })
}

// sameStart reports whether two invocations are one engine start seen at
// two levels of a chain of functions: the call of the outer function and
// the call inside it that reaches the engine (levels).
func (inv *Invocation) sameStart(o *Invocation) bool {
	return slices.Contains(inv.levels, o.Start) || slices.Contains(o.levels, inv.Start)
}

// LoopBody returns the body of a for, while or until loop; nil for any
// other node.
func LoopBody(n syntax.Node) []*syntax.Stmt {
	switch l := n.(type) {
	case *syntax.ForClause:
		return l.Do
	case *syntax.WhileClause:
		return l.Do
	}
	return nil
}

// unwaitedLoop reports whether inv sits in the body of a loop (for,
// while, until) whose body holds no wait: the loop may start it again
// before the last one it started is done.
func (s *Script) unwaitedLoop(inv *Invocation) bool {
	found := false
	shwalk.Walk(s.File, func(n syntax.Node) bool {
		if found {
			return false
		}
		body := LoopBody(n)
		if len(body) == 0 || s.Off(body[0].Pos()) > inv.Start || inv.Start >= s.Off(body[len(body)-1].End()) {
			return true
		}
		waits := false
		for _, st := range body {
			shwalk.Walk(st, func(n syntax.Node) bool {
				if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 && ce.Args[0].Lit() == "wait" {
					waits = true
				}
				return !waits
			})
		}
		found = !waits
		return !found
	})
	return found
}

// terminator is a statement that ends the script (exit, exec of a
// command) run in the script's own shell: Start its offset, List the span
// of the statement list it is an element of.
type terminator struct {
	Start int
	List  [2]int
}

// terminators returns the statements that end the script, in the script's
// own shell (not in a subshell, a pipeline, a substitution or the
// background) and outside functions.
func (s *Script) terminators() []terminator {
	s.flowOnce.Do(s.walkFlow)
	return s.ends
}

// branchKeys returns, for every command, the branches of the ifs and cases
// it sits in (see walkBranches), computed once per script.
func (s *Script) branchKeys() map[*syntax.CallExpr][]branchKey {
	s.flowOnce.Do(s.walkFlow)
	return s.keys
}

// walkFlow computes what SeveralEngines and setWords ask of the script's
// control flow, once: every mode asks it again.
func (s *Script) walkFlow() {
	s.ends = s.walkTerminators()
	s.keys = s.walkBranches()
}

// walkTerminators lists the statements that end the script.
func (s *Script) walkTerminators() []terminator {
	out := []terminator{}
	var walk func(n syntax.Node, own bool)
	list := func(stmts []*syntax.Stmt, own bool) {
		if own && len(stmts) > 0 {
			span := [2]int{s.Off(stmts[0].Pos()), s.Off(stmts[len(stmts)-1].End())}
			for _, st := range stmts {
				if !st.Background && !st.Coprocess && endsScript(st) {
					out = append(out, terminator{Start: s.Off(st.Pos()), List: span})
				}
			}
		}
		for _, st := range stmts {
			walk(st, own && !st.Background && !st.Coprocess)
		}
	}
	walk = func(n syntax.Node, own bool) {
		shwalk.Walk(n, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.File:
				list(n.Stmts, own)
				return false
			case *syntax.Stmt:
				if n.Background || n.Coprocess {
					own = false
				}
				return true
			case *syntax.Block:
				list(n.Stmts, own)
				return false
			case *syntax.IfClause:
				for _, st := range n.Cond {
					walk(st, own)
				}
				list(n.Then, own)
				if n.Else != nil {
					walk(n.Else, own)
				}
				return false
			case *syntax.CaseClause:
				for _, it := range n.Items {
					list(it.Stmts, own)
				}
				return false
			case *syntax.WhileClause:
				list(n.Cond, own)
				list(n.Do, own)
				return false
			case *syntax.ForClause:
				list(n.Do, own)
				return false
			case *syntax.Subshell:
				list(n.Stmts, false)
				return false
			case *syntax.CmdSubst:
				list(n.Stmts, false)
				return false
			case *syntax.ProcSubst:
				list(n.Stmts, false)
				return false
			case *syntax.BinaryCmd:
				if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
					walk(n.X, false)
					walk(n.Y, false)
					return false
				}
				// Y runs only when X lets it: an exit in it ends the
				// script after what runs before it in its own list
				// (cond && { vllm serve … & exit 0; }), which is all
				// endsBefore asks (a terminator's list holds the first
				// engine); Y's own exit (cond && exit 0) is no statement
				// of a list, so no terminator.
				walk(n.X, own)
				walk(n.Y, own)
				return false
			case *syntax.FuncDecl:
				// The body of main in main "$@" runs once, from the
				// top level, in the script's own shell: its exit ends
				// the script there (a { } body; a ( ) one is a subshell).
				if n.Body != nil {
					walk(n.Body, own && s.topFunc(n.Name.Value))
				}
				return false
			}
			return true
		})
	}
	walk(s.File, true)
	return out
}

// endsScript reports whether a statement is exit or exec of a command.
func endsScript(st *syntax.Stmt) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 {
		return false
	}
	switch v, _ := LitValue(c.Args[0]); v {
	case "exit":
		return true
	case "exec":
		return len(c.Args) > 1
	}
	return false
}

// endsBefore reports whether the script surely ends after first runs and
// before later: first is an exec, or a statement of a list holding first,
// after it and before later, ends the script. Engines in functions (which
// may be called in any order) are never said to end before another, but
// for two in the body of one main "$@" (topFunc), which runs once, in
// order, as the top level does.
func (s *Script) endsBefore(ends []terminator, first, later *Invocation) bool {
	// An engine reached through a function of the script (launch() {
	// vllm "$@"; }; launch … & … exit 0) stands where it is called: Start
	// and End are the call's, so an exit after the call ends the script
	// as after the engine's own command.
	if !s.inTopBody(first.Start, later.Start) {
		return false
	}
	if v, _ := LitValue(first.Call.Args[0]); v == "exec" && !first.Background && first.Via == "" {
		return true
	}
	for _, t := range ends {
		if t.Start >= first.End && t.Start < later.Start && t.List[0] <= first.Start && first.End <= t.List[1] {
			return true
		}
	}
	return false
}

// branchKey names one branch of an if (0 then, 1 else) or a case (the
// item's index).
type branchKey struct {
	clause syntax.Node
	branch int
}

// exclusive reports whether two commands sit in different branches of one
// if or case.
func exclusive(a, b []branchKey) bool {
	for _, x := range a {
		for _, y := range b {
			if x.clause == y.clause && x.branch != y.branch {
				return true
			}
		}
	}
	return false
}

// walkBranches returns, for every command, the branches of the ifs and
// cases it sits in. A command in a function called from one place only is
// also in that call's branches.
func (s *Script) walkBranches() map[*syntax.CallExpr][]branchKey {
	out := map[*syntax.CallExpr][]branchKey{}
	inFunc := map[*syntax.CallExpr]string{}
	var walk func(n syntax.Node, keys []branchKey, fn string)
	walk = func(n syntax.Node, keys []branchKey, fn string) {
		shwalk.Walk(n, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.IfClause:
				for _, c := range n.Cond {
					walk(c, keys, fn)
				}
				for _, st := range n.Then {
					walk(st, append(slices.Clip(keys), branchKey{n, 0}), fn)
				}
				if n.Else != nil {
					walk(n.Else, append(slices.Clip(keys), branchKey{n, 1}), fn)
				}
				return false
			case *syntax.CaseClause:
				walk(n.Word, keys, fn)
				for i, it := range n.Items {
					for _, st := range it.Stmts {
						walk(st, append(slices.Clip(keys), branchKey{n, i}), fn)
					}
				}
				return false
			case *syntax.FuncDecl:
				if n.Body == nil {
					return false
				}
				name := ""
				if n.Name != nil { // nil: an anonymous function, `() …`
					name = n.Name.Value
				}
				walk(n.Body, nil, name)
				return false
			case *syntax.CallExpr:
				out[n] = keys
				if fn != "" {
					inFunc[n] = fn
				}
			}
			return true
		})
	}
	walk(s.File, nil, "")
	calls := map[string][]*syntax.CallExpr{}
	for c := range out {
		if len(c.Args) == 0 {
			continue // assignments only
		}
		if name, ok := LitValue(c.Args[0]); ok && s.Funcs[name] != nil {
			calls[name] = append(calls[name], c)
		}
	}
	for c, fn := range inFunc {
		if sites := calls[fn]; len(sites) == 1 && inFunc[sites[0]] == "" {
			out[c] = append(slices.Clip(out[c]), out[sites[0]]...)
		}
	}
	return out
}

// parseFlags reads the engine's flags from an invocation's args.
func (s *Script) parseFlags(inv *Invocation) []*Flag {
	var out []*Flag
	args := inv.Args
	for i := inv.Engine.ArgStart; i < len(args); i++ {
		a := args[i]
		prefix := a.Sketch
		if prefix == Unknown && a.Word != nil {
			prefix = litPrefix(a.Word)
		}
		if !strings.HasPrefix(prefix, "-") || prefix == "-" || prefix == "--" || prefix == forwardAll {
			continue
		}
		if name, _, ok := strings.Cut(prefix, "="); ok {
			f := &Flag{Inv: inv, Name: name, Canon: inv.Profile.Canon(name), Inline: true, Arg: i,
				NameStart: a.Start, NameEnd: a.Start + len(name), ValStart: -1, ValEnd: -1}
			f.Shape, _ = inv.Profile.Lookup(name)
			if a.Word != nil {
				f.Value, f.NameStart, f.NameEnd, f.ValStart = s.inlineValue(a.Word, name)
				f.ValEnd = a.End
				if f.Value != nil && len(f.Value.Parts) == 1 {
					// "--max-num-seqs=16": the value ends before the
					// closing quote, which is the word's, not the value's.
					// (--max-num-seqs="$seqs": the quotes are the value's.)
					switch q := f.Value.Parts[0].(type) {
					case *syntax.DblQuoted:
						if q.Right.IsValid() && s.Off(q.Left) < f.ValStart {
							f.ValEnd = s.Off(q.Right)
						}
					case *syntax.SglQuoted:
						if s.Off(q.Left) >= f.ValStart {
							break // --max-num-seqs='16'
						}
						// '--max-num-seqs=16': the value is inside single
						// quotes with the name; a reference written there
						// would not expand. Its origin is not read (the dry
						// run still compares it).
						f.Value = nil
						if q.Right.IsValid() {
							f.ValEnd = s.Off(q.Right)
						}
					}
				}
			} else if a.Start >= 0 {
				f.ValStart, f.ValEnd = a.Start+len(name)+1, a.End
			}
			out = append(out, f)
			continue
		}
		if a.Sketch == Unknown {
			continue
		}
		f := &Flag{Inv: inv, Name: a.Sketch, Canon: inv.Profile.Canon(a.Sketch), Arg: i,
			NameStart: a.Start, NameEnd: a.End, ValStart: -1, ValEnd: -1}
		f.Shape, _ = inv.Profile.Lookup(a.Sketch)
		if i+1 < len(args) {
			n := args[i+1]
			if f.Shape != nil || !strings.HasPrefix(n.Sketch, "-") {
				f.Value, f.ValStart, f.ValEnd = n.Word, n.Start, n.End
				i++
			}
		}
		out = append(out, f)
	}
	return out
}

// litPrefix returns the literal text a word starts with.
func litPrefix(w *syntax.Word) string {
	if len(w.Parts) == 1 { // the common case, without a builder's copy
		switch p := w.Parts[0].(type) {
		case *syntax.Lit:
			return p.Value
		case *syntax.SglQuoted:
			return p.Value
		}
	}
	var sb strings.Builder
	var walk func(parts []syntax.WordPart) bool
	walk = func(parts []syntax.WordPart) bool {
		for _, p := range parts {
			switch p := p.(type) {
			case *syntax.Lit:
				sb.WriteString(p.Value)
			case *syntax.SglQuoted:
				sb.WriteString(p.Value)
			case *syntax.DblQuoted:
				if !walk(p.Parts) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	walk(w.Parts)
	return sb.String()
}

// inlineValue splits --name=VALUE: it returns a word of VALUE's parts, the
// name's span and the value's start.
func (s *Script) inlineValue(w *syntax.Word, name string) (*syntax.Word, int, int, int) {
	wordStart := s.Off(w.Pos())
	raw := s.Text(wordStart, s.Off(w.End()))
	eq := strings.Index(raw, "=")
	nameStart := wordStart + strings.Index(raw, name)
	if eq < 0 {
		return nil, nameStart, nameStart + len(name), s.Off(w.End())
	}
	valStart := wordStart + eq + 1
	var parts []syntax.WordPart
	var cut func(ps []syntax.WordPart) []syntax.WordPart
	cut = func(ps []syntax.WordPart) []syntax.WordPart {
		var out []syntax.WordPart
		for _, p := range ps {
			pst, pen := s.Off(p.Pos()), s.Off(p.End())
			switch {
			case pen <= valStart:
				continue
			case pst >= valStart:
				out = append(out, p)
			default:
				switch p := p.(type) {
				case *syntax.Lit:
					k := valStart - pst
					if k <= len(p.Value) {
						out = append(out, &syntax.Lit{ValuePos: shift(p.ValuePos, k), ValueEnd: p.ValueEnd, Value: p.Value[k:]})
					}
				case *syntax.DblQuoted:
					out = append(out, &syntax.DblQuoted{Left: p.Left, Right: p.Right, Parts: cut(p.Parts)})
				default:
					out = append(out, p)
				}
			}
		}
		return out
	}
	parts = cut(w.Parts)
	if len(parts) == 0 {
		return nil, nameStart, nameStart + len(name), valStart
	}
	return &syntax.Word{Parts: parts}, nameStart, nameStart + len(name), valStart
}

func shift(p syntax.Pos, k int) syntax.Pos {
	return syntax.NewPos(p.Offset()+uint(k), p.Line(), p.Col()+uint(k))
}

// EnvShapeReads lists the environment variables the engine reads a shape
// flag from (ShapeFlag.Env: TGI's MAX_CONCURRENT_REQUESTS) when the argv
// does not pass the flag and the engine gets the variable from the
// script's shell: a launch the script runs itself inherits its exported
// variables; a docker run hands its container those it names, -e K (the
// shell's exported K) or -e K="$K".
func (inv *Invocation) EnvShapeReads() []string {
	if inv.Profile == nil {
		return nil
	}
	var out []string
	for i := range inv.Profile.Flags {
		f := &inv.Profile.Flags[i]
		if f.Env == "" || slices.ContainsFunc(inv.Flags, func(g *Flag) bool { return g.Canon == f.Name }) {
			continue
		}
		for _, k := range f.Envs() {
			if inv.EnvHanded(k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// EnvHanded reports whether the engine of inv gets environment variable k
// from the script's shell: it runs in the shell's environment (no docker
// run), or a docker run names it, -e K alone or -e K="$K" (--env too).
func (inv *Invocation) EnvHanded(k string) bool {
	if inv.launcherClearsEnv(k) {
		return false
	}
	d := inv.Engine.Docker
	if d == nil {
		return true
	}
	for _, i := range d.Env {
		if w := inv.Args[i].Word; w != nil {
			if name, ok := SelfForward(w); ok && name == k {
				return true
			}
		}
		if e, ok := DockerEnvAt(inv.Args, i); ok && e.Key == k && !e.Set {
			return true
		}
	}
	return false
}

// launcherClearsEnv reports whether a wrapper in front of the engine (or
// of its docker run) starts it without the shell's variable k: `env -i`
// (or `env -`, `env -u K`), or `sudo` without -E/--preserve-env, whose
// env_reset keeps only a few variables of its own. `env -i K="$K" …`
// hands K on.
func (inv *Invocation) launcherClearsEnv(k string) bool {
	end := min(inv.Engine.Start, len(inv.Args))
	for i := 0; i < end; i++ {
		switch path.Base(inv.Args[i].Sketch) {
		case "srun":
			// srun --export=NONE (or a list without ALL not naming K):
			// the job step gets none of the caller's variables but SLURM_*.
			if srunWithholds(sketches(inv.Args[:end]), i, k) {
				return true
			}
		case "exec":
			// exec -c: the command starts with an empty environment, bash's
			// prefix assignments on it included.
			if _, clear, ok := ExecOptions(sketches(inv.Args[i+1 : end])); ok && clear && inv.builtinExecAt(i) {
				return true
			}
		case "env":
			cleared := false
			for j := i + 1; j < end; j++ {
				a := inv.Args[j].Sketch
				switch {
				case a == "-i" || a == "--ignore-environment" || a == "-":
					cleared = true
				case (a == "-u" || a == "--unset") && j+1 < end && inv.Args[j+1].Sketch == k,
					a == "--unset="+k || a == "-u"+k:
					return true
				case inv.Args[j].Word != nil:
					if name, ok := SelfForward(inv.Args[j].Word); ok && name == k {
						return false // env -i K="$K": handed by value
					}
				}
				if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") && !assignWord(inv.Args[j].Word) {
					break // the command env runs
				}
			}
			if cleared {
				return true
			}
		case "systemd-run":
			// A transient service (no --scope) starts in the service
			// manager's clean environment: K only when -E hands it.
			if setenv, scope, ok := SystemdRunEnv(sketches(inv.Args[:end]), i); ok && !scope && !handsEnv(setenv, k) {
				return true
			}
		case "sudo":
			preserved := false
			for j := i + 1; j < end; j++ {
				a := inv.Args[j].Sketch
				preserved = preserved || sudoPreserves(a, k)
				if w := inv.Args[j].Word; w != nil {
					if name, ok := SelfForward(w); ok && name == k {
						preserved = true // sudo K="$K" cmd
					}
				}
			}
			if !preserved {
				return true
			}
		}
	}
	return false
}

// handsEnv reports whether systemd-run's -E/--setenv values (SystemdRunEnv)
// hand the command K.
func handsEnv(setenv []string, k string) bool {
	return slices.ContainsFunc(setenv, func(v string) bool {
		name, _, _ := strings.Cut(v, "=")
		return name == k
	})
}

// sudoPreserves reports whether sudo's option a keeps K in the command's
// environment: -E (alone or among short options), --preserve-env, or
// --preserve-env=LIST naming K.
func sudoPreserves(a, k string) bool {
	if a == "-E" || a == "--preserve-env" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsRune(a[1:], 'E') {
		return true
	}
	v, ok := strings.CutPrefix(a, "--preserve-env=")
	return ok && slices.Contains(strings.Split(v, ","), k)
}

// assignWord reports whether a word reads as NAME=… (its leading literal
// holds a name and =), whatever follows: PATH="$PATH".
func assignWord(w *syntax.Word) bool {
	if w == nil || len(w.Parts) == 0 {
		return false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return false
	}
	name, _, eq := strings.Cut(lit.Value, "=")
	return eq && isName(name)
}

// EnvSet is an environment variable the engine's own command line sets:
// a prefix assignment on the command (bench) MAX_CONCURRENT_REQUESTS=256
// exec text-generation-launcher …) or an `env K=V` word in front of the
// engine (exec env -i PATH="$PATH" K=V text-generation-launcher …).
type EnvSet struct {
	// Value is the assigned word (nil: an empty value).
	Value *syntax.Word
	// Start, End span the assignment; Cut is the start of the word after
	// it, so deleting [Start, Cut) drops it and its blank.
	Start, End, Cut int
	// Env is set for an `env` word, not a prefix assignment.
	Env bool
	// Cleared is set when a wrapper in front of the assignment starts the
	// engine without the shell's environment (env -i, exec -c): without
	// the assignment, the engine would get no value at all.
	Cleared bool
	// Bare is set when a docker run hands the value on by a bare -e K (the
	// only way it reaches the container).
	Bare bool
}

// EnvSetFor returns the assignment of k that the engine of inv gets from
// its own command line, when there is one and it reaches the engine: no
// wrapper after it clears or resets it (env -i, env -u K, sudo without
// -E, a later env K=…), and a docker run hands its container K with a
// bare -e K (and no -e K=… of its own). Words split out of a string, an
// `env -S` and `sudo K=V` (whose effect is sudo's policy) are not read:
// ok is false.
func (s *Script) EnvSetFor(inv *Invocation, k string) (EnvSet, bool) {
	var cur *EnvSet
	cleared := false
	if c := inv.Call; c != nil {
		for i, a := range c.Assigns {
			if a.Name == nil || a.Name.Value != k {
				continue
			}
			if a.Naked || a.Array != nil || a.Index != nil || a.Append || len(c.Args) == 0 {
				return EnvSet{}, false
			}
			cut := s.Off(c.Args[0].Pos())
			if i+1 < len(c.Assigns) {
				cut = s.Off(c.Assigns[i+1].Pos())
			}
			cur = &EnvSet{Value: a.Value, Start: s.Off(a.Pos()), End: s.Off(a.End()), Cut: cut}
		}
	}
	end := min(inv.Engine.Start, len(inv.Args))
	d := inv.Engine.Docker
	for i := 0; i < end; i++ {
		switch path.Base(inv.Args[i].Sketch) {
		case "docker", "podman", "nerdctl":
			if d == nil {
				return EnvSet{}, false
			}
			if cur == nil {
				return EnvSet{}, false
			}
			bare := false
			for _, j := range d.Env {
				e, ok := DockerEnvAt(inv.Args, j)
				if !ok || e.Key != k {
					continue
				}
				if e.Set {
					return EnvSet{}, false // the run's own -e K=…: checkDockerEnv's
				}
				bare = true
			}
			if !bare {
				return EnvSet{}, false
			}
			cur.Bare = true
			return *cur, true
		case "exec":
			if _, clear, ok := ExecOptions(sketches(inv.Args[i+1 : end])); ok && clear && inv.builtinExecAt(i) {
				cur, cleared = nil, true // exec -c: an empty environment
			}
		case "env":
			j := i + 1
			for ; j < end; j++ {
				aw := inv.Args[j]
				a := aw.Sketch
				switch {
				case aw.Word == nil:
					return EnvSet{}, false
				case a == Unknown:
					if !assignWord(aw.Word) {
						return EnvSet{}, false
					}
					if name, _, _ := strings.Cut(aw.Word.Parts[0].(*syntax.Lit).Value, "="); name == k {
						// env K="$1": its value's origins tell (a launcher's
						// argument, a mode's variable).
						if aw.Start < 0 || j+1 >= len(inv.Args) || inv.Args[j+1].Start < 0 {
							return EnvSet{}, false
						}
						cur = &EnvSet{Value: assignValue(aw.Word), Start: aw.Start, End: aw.End, Cut: inv.Args[j+1].Start, Env: true, Cleared: cleared}
					}
					continue
				case a == "-i" || a == "--ignore-environment" || a == "-":
					cur, cleared = nil, true
					continue
				case a == "-u" || a == "--unset":
					if j+1 < end && inv.Args[j+1].Sketch == k {
						cur, cleared = nil, true
					}
					j++
					continue
				case a == "--unset="+k || a == "-u"+k:
					cur, cleared = nil, true
					continue
				case a == "-S" || strings.HasPrefix(a, "--split-string") || strings.HasPrefix(a, "-S"):
					return EnvSet{}, false
				case a == "-C" || a == "--chdir":
					j++
					continue
				case strings.HasPrefix(a, "-"):
					continue
				}
				if !assignWord(aw.Word) {
					break // the command env runs
				}
				if name, _, _ := strings.Cut(a, "="); name == k {
					if aw.Start < 0 || j+1 >= len(inv.Args) || inv.Args[j+1].Start < 0 {
						return EnvSet{}, false
					}
					cur = &EnvSet{Value: assignValue(aw.Word), Start: aw.Start, End: aw.End, Cut: inv.Args[j+1].Start, Env: true, Cleared: cleared}
				}
			}
			i = j - 1
		case "systemd-run":
			if setenv, scope, ok := SystemdRunEnv(sketches(inv.Args[:end]), i); ok && !scope {
				if handsEnv(setenv, k) {
					return EnvSet{}, false // -E K=V: not followed
				}
				cur, cleared = nil, true // a transient service's clean environment
			}
		case "sudo":
			preserved := false
			for j := i + 1; j < end; j++ {
				a := inv.Args[j].Sketch
				preserved = preserved || sudoPreserves(a, k)
				if name, _, eq := strings.Cut(a, "="); eq && name == k {
					return EnvSet{}, false // sudo K=V: as its policy allows
				}
			}
			if !preserved {
				cur, cleared = nil, true
			}
		case "srun":
			if srunWithholds(sketches(inv.Args[:end]), i, k) {
				cur, cleared = nil, true // srun --export=NONE: the step gets no K of the caller's
			}
		}
	}
	if cur == nil || d != nil {
		return EnvSet{}, false // a docker run with no docker word read: not followed
	}
	return *cur, true
}

// assignValue is the value of an assignment word NAME=VALUE: the word's
// parts past the first =, nil when it is empty.
func assignValue(w *syntax.Word) *syntax.Word {
	lit := w.Parts[0].(*syntax.Lit) // assignWord
	_, v, _ := strings.Cut(lit.Value, "=")
	var parts []syntax.WordPart
	if v != "" {
		off := uint(len(lit.Value) - len(v))
		parts = append(parts, &syntax.Lit{ValuePos: shift(lit.ValuePos, int(off)), ValueEnd: lit.ValueEnd, Value: v})
	}
	parts = append(parts, w.Parts[1:]...)
	if len(parts) == 0 {
		return nil
	}
	return &syntax.Word{Parts: parts}
}

// ExportedOnPath reports whether a naked `export K` (declare -x K) runs
// on mode m's path: in code of every mode or in m's own.
func (s *Script) ExportedOnPath(k string, m *Mode) bool {
	for _, off := range s.nakedExports[k] {
		if ms := s.ModesAt(off); len(ms) == 0 || slices.Contains(ms, m) {
			return true
		}
	}
	return false
}

// arrayGone reports whether array assignment a cannot be what "${a[@]}" at
// offset use expands: it is in a subshell, a substitution, a pipeline stage
// or a job the use is not in (( args+=(--max-num-seqs 64) ); a use in a
// function called there reads it), or, for a use
// outside every function, in a function's local or a function body no call
// runs in the script's shell (funcWriteReaches); for a use in a function
// with its own local of the name, at top level.
func (s *Script) arrayGone(a *Assign, use int) bool {
	if s.apartArms(a.Start, use) {
		// vllm) _cmd=(vllm serve …); exec "${_cmd[@]}" ;; sglang)
		// _cmd=(python3 -m sglang.launch_server …); exec "${_cmd[@]}" ;;
		// each arm expands its own.
		return true
	}
	fn := s.funcAt(use)
	if fn != "" && s.isoGone(a.Start, fn, use) || fn == "" && s.isolatedFrom(a.Start, use) {
		return true
	}
	if a.InFunc == "" && fn != "" && s.localIn(fn, a.Name) {
		// boot() { local argv=(vllm serve … --max-num-seqs "$OWNER"); …
		// "${argv[@]}"; } beside a top-level argv+=(--max-num-seqs 16):
		// the function expands its own local, which top-level code never
		// writes (a function it calls may, by bash's dynamic scope).
		return true
	}
	if a.InFunc == "" || s.funcAt(use) != "" {
		return false
	}
	return a.Local || !s.funcWriteReaches(a, use, nil)
}

// apartArms reports whether offsets a and b lie in two different branches
// of one if or case that no loop holds: a run that passes a never reaches
// b after it (a loop around the clause could take one branch, then the
// other; so could a function called twice, `step prep; step run`, and a
// case arm ending in ;& or ;;& runs on into the next).
func (s *Script) apartArms(a, b int) bool {
	s.armsOnce.Do(func() { s.arms = s.walkArms() })
	in := func(x int, sp [2]int) bool { return x >= sp[0] && x < sp[1] }
	for _, branches := range s.arms {
		ia, ib := -1, -1
		for i, sp := range branches {
			if in(a, sp) {
				ia = i
			}
			if in(b, sp) {
				ib = i
			}
		}
		if ia >= 0 && ib >= 0 && ia != ib {
			return true
		}
	}
	return false
}

// walkArms returns the spans of the branches of each if (then, each elif
// and else) and each case (its arms) outside loops.
func (s *Script) walkArms() [][][2]int {
	var out [][][2]int
	span := func(stmts []*syntax.Stmt) [2]int {
		if len(stmts) == 0 {
			return [2]int{-1, -1}
		}
		return [2]int{s.Off(stmts[0].Pos()), s.Off(stmts[len(stmts)-1].End())}
	}
	inLoop := func(n syntax.Node) bool {
		// A function's body runs at each call, as a loop's at each pass;
		// main "$@" (topFunc) is called once.
		return !s.topAt(s.Off(n.Pos())) ||
			slices.ContainsFunc(s.loopSpans, func(l [2]int) bool { return s.Off(n.Pos()) >= l[0] && s.Off(n.End()) <= l[1] })
	}
	// The ifs and cases collect met (pprof: a walk of the file of its own
	// was 3% of the language server's re-lint of a 2,000-line script).
	for _, n := range s.modeNodes {
		switch n := n.(type) {
		case *syntax.CaseClause:
			if inLoop(n) || slices.ContainsFunc(n.Items, func(it *syntax.CaseItem) bool { return it.Op != syntax.Break }) {
				break // serve) args=(…) ;& bench) exec vllm serve "${args[@]}"
			}
			var bs [][2]int
			for _, it := range n.Items {
				bs = append(bs, span(it.Stmts))
			}
			out = append(out, bs)
		case *syntax.IfClause:
			if inLoop(n) {
				break
			}
			var bs [][2]int
			for c := n; c != nil; c = c.Else {
				bs = append(bs, span(c.Then))
			}
			out = append(out, bs) // an elif is met again: its branches are a part of these
		}
	}
	return out
}

// builtinExecAt reports whether the exec at Args[i] is bash's builtin:
// the command's first word (after builtin or command), not a word of
// another program's (apptainer exec -c IMAGE CMD, whose -c is --contain
// and keeps the caller's environment; kubectl exec -c CONTAINER).
func (inv *Invocation) builtinExecAt(i int) bool {
	for j := 0; j < i; j++ {
		if a := inv.Args[j].Sketch; a != "builtin" && a != "command" {
			return false
		}
	}
	return true
}

// ExecOptions reads bash's exec options from rest, the words after exec:
// -c (the command gets an empty environment), -l and -a NAME (its argv[0]
// only), in clusters (-cl, -ca NAME, -aNAME), ended by -- or the first
// word that is not an option. cmd is the command and its arguments. ok is
// false when there is no option to drop or one bash does not know (left
// to the caller).
func ExecOptions(rest []string) (cmd []string, clear, ok bool) {
	j := 0
	for j < len(rest) {
		a := rest[j]
		if a == "--" {
			j++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		j++
	cluster:
		for k := 1; k < len(a); k++ {
			switch a[k] {
			case 'c':
				clear = true
			case 'l':
			case 'a':
				if k == len(a)-1 { // -a NAME: the next word is its value
					if j >= len(rest) {
						return nil, false, false
					}
					j++
				}
				break cluster // -aNAME: the rest of the word is its value
			default:
				return nil, false, false
			}
		}
	}
	if j == 0 {
		return nil, false, false
	}
	return rest[j:], clear, true
}

// namerefArrays returns the array assignments that write the variable
// name through a function's nameref: out=(…) in
// build() { local -n out=$1; out=(…); } for a call `build name …` that
// reaches use: before it, in the same function (or both at the top level),
// not in another arm of a case or if. Nil for any other variable. at holds,
// for each, the first such call's offset: where it writes name.
func (s *Script) namerefArrays(name string, use int) (out []*Assign, at []int) {
	if s.funcNameref == nil || !isName(name) {
		return nil, nil
	}
	useFn := s.funcAt(use)
	byFn := s.namerefParams()
	for _, c := range s.namerefCalls()[name] {
		fn, _ := LitValue(c.Args[0])
		refs := byFn[fn]
		off := s.Off(c.Pos())
		if off >= use || s.funcAt(off) != useFn || s.apartArms(off, use) ||
			useFn == "" && s.isolatedFrom(off, use) || useFn != "" && s.isoGone(off, useFn, use) {
			continue // kl) build argv 16 ;; is not serve)'s
		}
		for _, r := range refs {
			if r.n >= len(c.Args) {
				continue
			}
			if v, ok := LitValue(c.Args[r.n]); !ok || v != name {
				continue
			}
			for _, as := range s.Assigns[r.name] {
				if as.InFunc == fn && as.Array != nil && !slices.Contains(out, as) {
					out = append(out, as) // once, however many calls write it
					at = append(at, off)
				}
			}
		}
	}
	return out, at
}

// namerefCalls returns, by name, the calls that pass a literal name where
// the function called binds a nameref to it (build argv 16 for build() {
// local -n out=$1; …}), in source order, worked out once: namerefArrays
// is asked at each whole-array read, and looked through every call of the
// script each time, quadratic in a script of thousands of helpers.
func (s *Script) namerefCalls() map[string][]*syntax.CallExpr {
	s.namerefCallsOnce.Do(func() {
		byFn := s.namerefParams()
		for _, c := range s.calls {
			if len(c.Args) < 2 {
				continue
			}
			fn, _ := LitValue(c.Args[0])
			var seen []string
			for _, r := range byFn[fn] {
				if r.n >= len(c.Args) {
					continue
				}
				v, ok := LitValue(c.Args[r.n])
				if !ok || slices.Contains(seen, v) {
					continue
				}
				seen = append(seen, v)
				if s.namerefCallsBy == nil {
					s.namerefCallsBy = map[string][]*syntax.CallExpr{}
				}
				s.namerefCallsBy[v] = append(s.namerefCallsBy[v], c)
			}
		}
	})
	return s.namerefCallsBy
}

// mergeRefWrites returns the assignments of an array, own (in the order
// of the script), with refs, those a function writes it by through its
// nameref, each at the offset of its call (at): args=(…); add args;
// args+=(--max-num-seqs 4) is args=(…), then add's out+=(…), then args+=(…).
func mergeRefWrites(own, refs []*Assign, at []int) []*Assign {
	out := make([]*Assign, 0, len(own)+len(refs))
	i := 0
	for _, a := range own {
		for ; i < len(refs) && at[i] < a.Start; i++ {
			out = append(out, refs[i])
		}
		out = append(out, a)
	}
	return append(out, refs[i:]...)
}
