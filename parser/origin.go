package parser

import (
	"slices"
	"strconv"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// OriginKind says where a value comes from.
type OriginKind int

// Where a value can come from.
const (
	// OriginUnknown: not statically known (command output, the host's
	// environment, a positional parameter).
	OriginUnknown OriginKind = iota
	// OriginLiteral: a literal written in the script.
	OriginLiteral
	// OriginEnvKey: a key of an owning env file.
	OriginEnvKey
	// OriginArith: arithmetic.
	OriginArith
	// OriginDefault: ${X:-default} where X is set nowhere servelint sees.
	OriginDefault
	// OriginExpr: text mixing several parts.
	OriginExpr
)

// Origin is one place a value comes from. A value used in shared code can
// have one origin per mode.
type Origin struct {
	Kind OriginKind
	// Key is the env key for OriginEnvKey, the variable for OriginDefault.
	Key string
	// Value is the literal value when known.
	Value string
	// Start/End span the literal or expression where it is written.
	Start, End int
	// Chain lists the assignments the value went through, from the use
	// outward (seqs=16 for `--max-num-seqs "$seqs"`).
	Chain []*Assign
	// Modes restricts the origin to these modes; nil means every mode the
	// use runs in.
	Modes []*Mode
	// Refs are the variables an arithmetic or mixed value reads.
	Refs []string
	// Sweep, for OriginUnknown, is the loop whose variable the value is
	// when the loop gives it more than one value (for s in 32 64 128; do
	// vllm serve --max-num-seqs "$s" …, or while read -r s; … done <
	// seqs.txt): one value per pass, a sweep (SweepLoop).
	Sweep syntax.Node
	// Arith: the value is written in arithmetic ((( X = 256 )), let
	// X=256), where a variable is read by its bare name.
	Arith bool
	// NoQuotes: a parameter written in the value's place needs no quotes
	// there: the word of ${X:=W} (: "${seqs:=$OWNER}"), a field inside a
	// double-quoted string of flags (EXTRA="--max-num-seqs $OWNER").
	NoQuotes bool
}

// EnvKeys answers whether a name is a key of the script's owning env files.
type EnvKeys func(name string) bool

// Origins returns where the value of word w, used at byte offset use in the
// given modes, comes from.
func (s *Script) Origins(w *syntax.Word, use int, modes []*Mode, env EnvKeys) []Origin {
	if w == nil {
		return []Origin{{Kind: OriginUnknown}}
	}
	return s.originsOf(w, use, modes, env, 0, nil)
}

func (s *Script) originsOf(w *syntax.Word, use int, modes []*Mode, env EnvKeys, depth int, chain []*Assign) []Origin {
	start, end := s.Off(w.Pos()), s.Off(w.End())
	if depth > 8 {
		return []Origin{{Kind: OriginUnknown, Start: start, End: end, Chain: chain}}
	}
	if v, ok := LitValue(w); ok {
		return []Origin{{Kind: OriginLiteral, Value: v, Start: start, End: end, Chain: chain}}
	}
	if pe := SingleParam(w); pe != nil && pe.Param != nil && !pe.Excl && !pe.Length && pe.Index != nil && pe.Exp == nil && pe.Repl == nil && pe.Slice == nil {
		// "${cfg[0]}" of while read -ra cfg: a field of each line.
		if loop := s.sweepOf(pe.Param.Value, use); loop != nil {
			return []Origin{{Kind: OriginUnknown, Key: pe.Param.Value, Start: start, End: end, Chain: chain, Sweep: loop}}
		}
	}
	if pe := SingleParam(w); pe != nil && !pe.Excl && !pe.Length && pe.Exp == nil && pe.Repl == nil && pe.Slice == nil {
		if table := s.modeTable(pe); table != nil {
			// "${SEQS[$MODE]}" of declare -A SEQS=([serve]=$OWNER
			// [bench]=64): each mode's entry is its value.
			return s.tableOrigins(table, use, modes, env, depth, append(slices.Clone(chain), table))
		}
	}
	if pe := SingleParam(w); pe != nil && pe.Param != nil && !pe.Excl && !pe.Length && pe.Index == nil && pe.Repl == nil && pe.Slice == nil {
		name := pe.Param.Value
		if pe.Exp != nil {
			switch pe.Exp.Op {
			case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
				if n, err := strconv.Atoi(name); err == nil && n >= 1 && pe.Exp.Word != nil && s.funcAt(use) != "" {
					// local p=${2:-$OWNER} in a function: each call's
					// argument, or the default where a call passes none.
					colon := pe.Exp.Op == syntax.DefaultUnsetOrNull || pe.Exp.Op == syntax.AssignUnsetOrNull
					return s.positionalDefault(n, colon, pe.Exp.Word, start, end, use, modes, env, depth, chain)
				}
				if len(s.Assigns[name]) == 0 && !env(name) {
					if pe.Exp.Word == nil {
						return []Origin{{Kind: OriginLiteral, Value: "", Start: start, End: end, Chain: chain}}
					}
					inner := s.originsOf(pe.Exp.Word, use, modes, env, depth+1, chain)
					if len(inner) == 1 && inner[0].Kind == OriginLiteral {
						inner[0].Kind, inner[0].Key = OriginDefault, name
					}
					return inner
				}
				if pe.Exp.Word != nil && !env(name) {
					return s.defaultWhereUnset(name, pe.Exp.Word, start, end, use, modes, env, depth, chain)
				}
			case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
				// ${X:?msg}: X itself, or the script stops.
			case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
				// ${X:+WORD}: WORD when X is set (${X:+$X} is X).
				if pe.Exp.Word == nil {
					return []Origin{{Kind: OriginLiteral, Value: "", Start: start, End: end, Chain: chain}}
				}
				return s.originsOf(pe.Exp.Word, use, modes, env, depth+1, chain)
			default:
				// ${cfg%%:*} of for cfg in 32:2048 64:4096: a part of
				// each pass's value.
				return []Origin{{Kind: OriginExpr, Start: start, End: end, Chain: chain, Refs: []string{name}, Sweep: s.sweptRef([]string{name}, nil, use)}}
			}
		}
		return s.varOrigins(name, start, end, use, modes, env, depth, chain)
	}
	if len(w.Parts) == 1 {
		part := w.Parts[0]
		if dq, ok := part.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
			part = dq.Parts[0]
		}
		if ae, ok := part.(*syntax.ArithmExp); ok {
			refs := wordRefs(&syntax.Word{Parts: []syntax.WordPart{ae}})
			if v, ok := literalArithm(ae, refs); ok {
				// $((4096 * 2)) reads nothing: it is a literal written as
				// arithmetic.
				return []Origin{{Kind: OriginLiteral, Value: v, Start: start, End: end, Chain: chain}}
			}
			return []Origin{{Kind: OriginArith, Start: start, End: end, Chain: chain, Refs: refs, Sweep: s.sweptRef(refs, w, use)}}
		}
	}
	refs := wordRefs(w)
	hasCmd := false
	shwalk.Walk(w, func(n syntax.Node) bool {
		if _, ok := n.(*syntax.CmdSubst); ok {
			hasCmd = true
		}
		return !hasCmd
	})
	if hasCmd || len(refs) == 0 {
		return []Origin{{Kind: OriginUnknown, Start: start, End: end, Chain: chain}}
	}
	return []Origin{{Kind: OriginExpr, Start: start, End: end, Chain: chain, Refs: refs, Sweep: s.sweptRef(refs, w, use)}}
}

// sweptRef returns the loop over several values (sweepOf) of the first of
// refs, or of the variables an array index in w names bare ("${SEATS[i]}"),
// that is one at offset use: a value computed from a sweep's variable
// changes with each pass too ($((k * 32)) in for k in {1..4}, "${SEATS[$i]}"
// in for i in "${!SEATS[@]}"); nil when none is.
func (s *Script) sweptRef(refs []string, w *syntax.Word, use int) syntax.Node {
	if len(s.forLoops) == 0 && len(s.lineLoops) == 0 {
		return nil
	}
	for _, r := range refs {
		if loop := s.sweepOf(r, use); loop != nil {
			return loop
		}
	}
	var loop syntax.Node
	if w != nil {
		shwalk.Walk(w, func(n syntax.Node) bool {
			pe, ok := n.(*syntax.ParamExp)
			if !ok || pe.Index == nil || loop != nil {
				return loop == nil
			}
			shwalk.Walk(pe.Index, func(m syntax.Node) bool {
				if l, ok := m.(*syntax.Lit); ok && isName(l.Value) && loop == nil {
					loop = s.sweepOf(l.Value, use)
				}
				return loop == nil
			})
			return loop == nil
		})
	}
	return loop
}

// defaultWhereUnset resolves ${X:-W} where the script assigns X somewhere:
// in the modes no assignment of X reaches the use (only bench) SEQS=64 ;;
// sets it, and serve reads "${SEQS:-$CONCURRENCY}"), the value is W's.
//
// Only where no other writer of X is in sight: a library the script sources
// that assigns it (lib/common.sh's SEQS=256), or a command that writes it
// (read, printf -v, mapfile, a for loop over it, declare), gives X a value
// no assignment of the script shows, and W is then not the mode's value
// (not statically known, as before).
func (s *Script) defaultWhereUnset(name string, def *syntax.Word, start, end, use int, modes []*Mode, env EnvKeys, depth int, chain []*Assign) []Origin {
	out := s.varOrigins(name, start, end, use, modes, env, depth, chain)
	from := ""
	if pe := SingleParam(def); pe != nil && pe.Param != nil && pe.Exp == nil && pe.Index == nil {
		from = pe.Param.Value
	}
	if s.WrittenOutside(name, from) {
		return out
	}
	res := make([]Origin, 0, len(out))
	for _, o := range out {
		if o.Kind != OriginUnknown || o.Key != name || len(o.Chain) != len(chain) {
			res = append(res, o)
			continue
		}
		ms := o.Modes
		if ms == nil {
			ms = modes
		}
		for _, in := range s.originsOf(def, use, ms, env, depth+1, chain) {
			if in.Modes == nil {
				in.Modes = o.Modes
			}
			res = append(res, in)
		}
	}
	return res
}

// WrittenOutside reports whether variable name gets a value the script's
// assignments do not show: a library the script sources assigns it, or a
// command writes it (read, printf -v, mapfile, a for loop over it,
// declare), or a word or arithmetic of the script assigns it (: "${X:=256}",
// let X=256, (( X = 2 * CONC ))) other than ${X:=$from}, which gives it
// from's value, as the use's own default does.
func (s *Script) WrittenOutside(name, from string) bool {
	for _, w := range s.exprWrites[name] {
		if w == "" || w != from {
			return true
		}
	}
	return s.libAssigns[name] || s.writtenBy(name, "read", "getopts", "mapfile", "readarray", "printf", "declare", "typeset", "local")
}

// WrittenByCommand reports whether variable name gets a value from a
// command (read, printf -v, mapfile, a for loop over it, declare) or from
// a library the script sources: WrittenOutside without the script's own
// words and arithmetic (`bench) (( seqs = 64 ))`, a mode's own value).
func (s *Script) WrittenByCommand(name string) bool {
	return s.libAssigns[name] || s.writtenBy(name, "read", "getopts", "mapfile", "readarray", "printf", "declare", "typeset", "local")
}

// literalArithm returns the value of arithmetic that reads no variable and
// runs no command ($((4096 * 2)), $((1 << 13))).
func literalArithm(ae *syntax.ArithmExp, refs []string) (string, bool) {
	if len(refs) > 0 || ae.X == nil {
		return "", false
	}
	pure := true
	shwalk.Walk(ae.X, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ParamExp:
			pure = false
		}
		return pure
	})
	if !pure {
		return "", false
	}
	n, err := expand.Arithm(&expand.Config{Env: expand.ListEnviron()}, ae.X)
	if err != nil {
		return "", false
	}
	return strconv.Itoa(n), true
}

// varOrigins resolves a variable read at use: per mode, the last assignment
// before the use in that mode's code or in shared code; failing that, an
// env key or unknown.
func (s *Script) varOrigins(name string, start, end, use int, modes []*Mode, env EnvKeys, depth int, chain []*Assign) []Origin {
	for _, a := range chain {
		if a.Name == name {
			// ${X:-$X}-style self reference: the value comes from before.
			return s.fallback(name, start, end, chain, env)
		}
	}
	// Only a name starting with a digit or a sign can be a number: Atoi's
	// error for every other name was an allocation per variable read
	// (pprof alloc_space on 1,600 repos: 7 MB, a third of varOrigins').
	if name != "" && (name[0] >= '0' && name[0] <= '9' || name[0] == '+' || name[0] == '-') {
		if n, err := strconv.Atoi(name); err == nil && n >= 1 {
			return s.positionalOrigins(n, start, end, use, modes, env, depth, chain)
		}
	}
	if loop := s.sweepOf(name, use); loop != nil {
		return []Origin{{Kind: OriginUnknown, Key: name, Start: start, End: end, Chain: chain, Sweep: loop}}
	}
	if len(s.libVals) > 0 {
		if k, ok := s.libScalarKey(name, use); ok && env != nil && !env(name) && env(k) && !slices.ContainsFunc(chain, func(a *Assign) bool { return a.Name == k }) {
			// SEQS="$MAX_NUM_SEQS" at _common.sh's top level, sourced
			// before --max-num-seqs "$SEQS": the owner's key.
			return []Origin{{Kind: OriginEnvKey, Key: k, Start: start, End: end, Chain: chain}}
		}
	}
	defs := s.Assigns[name]
	if cmds := s.cmdDefs(name, env); len(cmds) > 0 {
		// (( seqs = 256 )), printf -v seqs %d 256, read -r seqs <<< 256
		defs = append(slices.Clone(defs), cmds...)
	}
	useInFunc := s.funcAt(use) != ""
	if gone := func(a *Assign) bool { return a.Local && a.InFunc != "" || s.isolatedFrom(a.Start, use) }; !useInFunc && slices.ContainsFunc(defs, gone) {
		// A function's local (local X=64, declare X=64 in it) is gone when
		// the function returns: top-level code never reads it. Nor does it
		// read what a subshell, a substitution, a pipeline stage, a job or
		// a command's prefix (seqs=8 cmd) assigned. (A function called
		// there reads them: a use in a function keeps every one.)
		defs = slices.DeleteFunc(slices.Clone(defs), gone)
	}
	if slices.ContainsFunc(defs, func(a *Assign) bool { return s.ownPrefixUse(a, use) }) {
		// seqs=64 vllm serve … "$seqs": bash expands the command's words
		// before it assigns its prefix, which the words never see.
		defs = slices.DeleteFunc(slices.Clone(defs), func(a *Assign) bool { return s.ownPrefixUse(a, use) })
	}
	if useFn := s.funcAt(use); slices.ContainsFunc(defs, func(a *Assign) bool { return s.exitGone(a.Start, useFn, use) }) {
		// dry) seqs=8; echo …; exit 0 ;;: once its branch is no mode
		// (it starts no engine), its code is no mode's, yet it is not
		// shared code either: it never reaches a use after the branch.
		defs = slices.DeleteFunc(slices.Clone(defs), func(a *Assign) bool { return s.exitGone(a.Start, useFn, use) })
	}
	if useFn := s.funcAt(use); useInFunc && slices.ContainsFunc(defs, func(a *Assign) bool { return s.isoGone(a.Start, useFn, use) }) {
		// ( seqs=64 ); start: what the subshell assigned is gone before
		// start runs; ( seqs=64; start ) reads it.
		defs = slices.DeleteFunc(slices.Clone(defs), func(a *Assign) bool { return s.isoGone(a.Start, useFn, use) })
	}
	if useFn := s.funcAt(use); useInFunc && slices.ContainsFunc(defs, func(a *Assign) bool { return s.localGone(a, useFn) }) {
		// f() { local seqs=64; …; } does not reach boot() { … "$seqs"; }
		// unless boot runs inside f (dynamic scope).
		defs = slices.DeleteFunc(slices.Clone(defs), func(a *Assign) bool { return s.localGone(a, useFn) })
	}
	if len(defs) == 0 {
		return s.fallback(name, start, end, chain, env)
	}
	// The last assignment that always runs wins over a guarded one after
	// it (seqs=32; [[ $USE_OWNER == 1 ]] && seqs=$OWNER): the mode boots
	// with 32 unless the test passes. Guarded ones count when no other is
	// visible.
	pick := s.defPicker(defs, use, useInFunc, env, name)
	resolve := func(a *Assign, ms []*Mode) []Origin {
		if a == nil {
			return s.fallback(name, start, end, chain, env)
		}
		var out []Origin
		switch {
		case a.Arith != nil:
			out = s.arithOrigins(a, ms, env, depth, append(slices.Clone(chain), a))
		case a.Value == nil:
			return []Origin{{Kind: OriginLiteral, Value: "", Start: a.End, End: a.End, Chain: append(chain, a)}}
		default:
			out = s.originsOf(a.Value, a.Start, ms, env, depth+1, append(append([]*Assign(nil), chain...), a))
			if a.IfUnset {
				for i := range out {
					out[i].NoQuotes = out[i].Start >= a.Start && out[i].End <= a.End
				}
			}
		}
		for i := range out {
			if out[i].Modes == nil {
				out[i].Modes = ms
			}
		}
		return out
	}
	if len(modes) > 0 {
		var out []Origin
		for _, m := range modes {
			out = append(out, resolve(pick(m), []*Mode{m})...)
		}
		return mergeOrigins(out, modes)
	}
	// Shared use: one origin per mode that assigns the variable itself.
	shared := pick(nil)
	var out []Origin
	var rest []*Mode
	for _, m := range s.Modes {
		if !useInFunc && m.exitAt > 0 && use >= m.exitAt {
			continue // the mode's branch ended the script before the use
		}
		a := pick(m)
		if a != nil && a != shared {
			out = append(out, resolve(a, []*Mode{m})...)
		} else {
			rest = append(rest, m)
		}
	}
	if len(out) == 0 {
		return resolve(shared, nil)
	}
	if len(rest) > 0 {
		out = append(out, resolve(shared, rest)...)
	}
	return out
}

// tableOrigins are the origins of a mode table's read by the mode: for
// each mode (those given, else every mode) its own entry's, an empty
// value for a mode the table has no entry for.
func (s *Script) tableOrigins(table *Assign, use int, modes []*Mode, env EnvKeys, depth int, chain []*Assign) []Origin {
	targets := modes
	if len(targets) == 0 {
		targets = s.Modes
	}
	var out []Origin
	for _, m := range targets {
		v := s.tableEntry(table, m.Name)
		if v == nil {
			continue // ${T[$MODE]} is empty: the script's own test says so
		}
		o := s.originsOf(v, use, []*Mode{m}, env, depth+1, chain)
		for i := range o {
			o[i].Modes = []*Mode{m}
		}
		out = append(out, o...)
	}
	return mergeOrigins(out, targets)
}

// positionalOrigins resolves $N inside a function through the words its
// callers pass, each under the modes of its call site.
func (s *Script) positionalOrigins(n, start, end, use int, modes []*Mode, env EnvKeys, depth int, chain []*Assign) []Origin {
	fn := s.funcAt(use)
	if fn == "" {
		return []Origin{{Kind: OriginUnknown, Start: start, End: end, Chain: chain}}
	}
	var out []Origin
	for _, c := range s.calls {
		if name, ok := LitValue(c.Args[0]); !ok || name != fn || len(c.Args) <= n {
			continue
		}
		at := s.Off(c.Pos())
		cm := s.ModesAt(at)
		if len(modes) > 0 && len(cm) > 0 && !anyMode(cm, modes) {
			continue
		}
		for _, o := range s.originsOf(c.Args[n], at, cm, env, depth+1, chain) {
			if o.Modes == nil {
				o.Modes = cm
			}
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		return []Origin{{Kind: OriginUnknown, Start: start, End: end, Chain: chain}}
	}
	return out
}

// positionalDefault resolves ${N:-W} (or ${N-W}, ${N:=W}) read at use in
// a function: per call, the call's N-th argument, or W's origins where the
// call passes fewer (or, with colon, an empty literal): for p in 2048 4096;
// do launch 8082 "$p"; done is the sweep's value, launch 8080 the default's.
// An argument list with "$@" or an array's "${a[@]}" before N passes what
// is not known here.
func (s *Script) positionalDefault(n int, colon bool, def *syntax.Word, start, end, use int, modes []*Mode, env EnvKeys, depth int, chain []*Assign) []Origin {
	fn := s.funcAt(use)
	var out []Origin
	add := func(os []Origin, cm []*Mode) {
		for _, o := range os {
			if o.Modes == nil {
				o.Modes = cm
			}
			out = append(out, o)
		}
	}
	for _, c := range s.calls {
		if name, ok := LitValue(c.Args[0]); !ok || name != fn {
			continue
		}
		at := s.Off(c.Pos())
		cm := s.ModesAt(at)
		if len(modes) > 0 && len(cm) > 0 && !anyMode(cm, modes) {
			continue
		}
		if slices.ContainsFunc(c.Args[1:min(n+1, len(c.Args))], splatWord) {
			out = append(out, Origin{Kind: OriginUnknown, Start: start, End: end, Chain: chain, Modes: cm})
			continue
		}
		if len(c.Args) <= n {
			add(s.originsOf(def, use, cm, env, depth+1, chain), cm)
			continue
		}
		arg := s.originsOf(c.Args[n], at, cm, env, depth+1, chain)
		if colon && len(arg) == 1 && arg[0].Kind == OriginLiteral && arg[0].Value == "" {
			arg = s.originsOf(def, use, cm, env, depth+1, chain)
		}
		add(arg, cm)
	}
	if len(out) == 0 {
		return s.originsOf(def, use, modes, env, depth+1, chain)
	}
	return out
}

// splatWord reports whether w holds "$@", "$*" or an array's every element
// ("${a[@]}"): how many arguments it makes is not known statically.
func splatWord(w *syntax.Word) bool {
	found := false
	shwalk.Walk(w, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil {
			if pe.Param.Value == "@" || pe.Param.Value == "*" {
				found = true
			}
			if pe.Index != nil {
				if l, ok := pe.Index.(*syntax.Word); ok {
					if v, ok := LitValue(l); ok && (v == "@" || v == "*") {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

func anyMode(a, b []*Mode) bool {
	for _, m := range a {
		if containsMode(b, m) {
			return true
		}
	}
	return false
}

func (s *Script) fallback(name string, start, end int, chain []*Assign, env EnvKeys) []Origin {
	if env(name) {
		return []Origin{{Kind: OriginEnvKey, Key: name, Start: start, End: end, Chain: chain}}
	}
	return []Origin{{Kind: OriginUnknown, Key: name, Start: start, End: end, Chain: chain}}
}

// mergeOrigins folds per-mode origins that are the same into one.
func mergeOrigins(out []Origin, modes []*Mode) []Origin {
	if len(out) <= 1 {
		return out
	}
	same := true
	for _, o := range out[1:] {
		if o.Kind != out[0].Kind || o.Key != out[0].Key || o.Start != out[0].Start || o.Value != out[0].Value {
			same = false
		}
	}
	if same {
		o := out[0]
		o.Modes = modes
		return []Origin{o}
	}
	return out
}

func containsMode(ms []*Mode, m *Mode) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// defPicker returns pickDef over defs for a mode. Asked for many modes of
// many assignments, it looks at a mode's own and the shared ones alone
// (pickDef passes over the others' at once): a script of 1,000 modes each
// assigning the variable made a shared use's origins 1,000 × 1,000 looks,
// per mode argvdrift asked about (4 s of a 5 s lint). The index is built
// on the fourth pick: a use in one mode picks once, and building it there
// cost more than the look it saves (156 MB over 1,000 such uses).
func (s *Script) defPicker(defs []*Assign, use int, useInFunc bool, env EnvKeys, name string) func(*Mode) *Assign {
	if len(defs) <= 16 {
		return func(m *Mode) *Assign { return s.pickDef(defs, nil, m, use, useInFunc, env, name) }
	}
	picks := 0
	var indexed func(*Mode) *Assign
	return func(m *Mode) *Assign {
		if picks++; picks <= 3 {
			return s.pickDef(defs, nil, m, use, useInFunc, env, name)
		}
		if indexed == nil {
			indexed = s.indexedPicker(defs, use, useInFunc, env, name)
		}
		return indexed(m)
	}
}

// indexedPicker is pickDef over defs for a mode, looking at the shared
// assignments and the mode's own alone (an index of defs by mode).
func (s *Script) indexedPicker(defs []*Assign, use int, useInFunc bool, env EnvKeys, name string) func(*Mode) *Assign {
	var shared []*Assign
	own := map[*Mode][]*Assign{}
	for _, a := range defs {
		if len(a.Modes) == 0 {
			shared = append(shared, a)
		}
		for _, m := range a.Modes {
			if l := own[m]; len(l) == 0 || l[len(l)-1] != a {
				own[m] = append(l, a)
			}
		}
	}
	return func(m *Mode) *Assign { return s.pickDef(shared, own[m], m, use, useInFunc, env, name) }
}

// pickDef returns the assignment of name (among defs, then more) a use at
// use sees in mode m: the
// mode's own last one, unless a later shared one overrides it. Of the
// mode's own, the last that always runs wins over a guarded one after it
// (seqs=32; [[ $USE_OWNER == 1 ]] && seqs=$OWNER: the mode boots with 32
// unless the test passes); a guarded one still beats shared code (bench's
// `if [[ $GPU == h100 ]]; then seqs=256; fi` is bench's own shape).
func (s *Script) pickDef(defs, more []*Assign, m *Mode, use int, useInFunc bool, env EnvKeys, name string) *Assign {
	var modeDef, modeGuarded, sharedDef, sharedGuarded *Assign
	later := func(cur, a *Assign) *Assign {
		if cur == nil || a.Start > cur.Start {
			return a
		}
		return cur
	}
	useFn := s.funcAt(use)
	for _, list := range [2][]*Assign{defs, more} {
		for _, a := range list {
			if len(a.Modes) > 0 && (m == nil || !containsMode(a.Modes, m)) {
				continue // another mode's: never picked (the switch below), so not looked at
			}
			visible := useInFunc || a.Start < use || a.InFunc != ""
			if useFn != "" && a.InFunc == useFn && s.topFunc(useFn) {
				// Both in the body of main "$@", which runs once as the top
				// level does: an assignment after the use has not run yet.
				visible = a.Start < use
			}
			// A default ([[ -z $X ]] && X=256) of a key the env files define
			// does not run (they set it): left to the dry run's proof. Of any
			// other variable it is the value, as ${X:-256} is.
			if a.Array != nil || !visible || a.Conditional && env(name) {
				continue
			}
			if a.InFunc != "" && !useInFunc && !s.funcWriteReaches(a, use, m) {
				// setk() { seqs=64; } run as `setk | cat`, `x=$(setk)` or
				// `setk &`, from a function with its own `local seqs`, or
				// never called: bash's top-level seqs keeps its value.
				continue
			}
			if a.Global && s.localIn(useFn, name) {
				// run() { local step=$OWNER; pick; … "$step"; } with pick()
				// { declare -g step=4096; }: the global is written, run reads
				// its own local.
				continue
			}
			switch {
			case len(a.Modes) == 0 && a.Guarded:
				sharedGuarded = later(sharedGuarded, a)
			case len(a.Modes) == 0:
				sharedDef = later(sharedDef, a)
			case a.Guarded: // the mode's own (another mode's was passed over)
				modeGuarded = later(modeGuarded, a)
			default:
				modeDef = later(modeDef, a)
			}
		}
	}
	if modeDef == nil {
		modeDef = modeGuarded
	}
	if sharedDef == nil {
		sharedDef = sharedGuarded
	}
	// A later shared assignment overrides the mode's, unless it runs only
	// under a test (the else of `if [[ $MODE == bench ]]`).
	if modeDef != nil && sharedDef != nil && sharedDef.Start > modeDef.Start && sharedDef.InFunc == "" && modeDef.InFunc == "" && !sharedDef.Guarded {
		return sharedDef
	}
	if modeDef != nil {
		return modeDef
	}
	return sharedDef
}

// localIn reports whether function fn declares name local (local X,
// declare X): a use of name there reads that local.
func (s *Script) localIn(fn, name string) bool {
	if fn == "" {
		return false
	}
	for _, a := range s.Assigns[name] {
		if a.Local && a.InFunc == fn {
			return true
		}
	}
	return false
}

// SweepLoop returns the innermost loop over variable name whose body holds
// the offset use and which gives it more than one value: a for-in loop over
// two words or more, or one that splits or expands to several (an unquoted
// variable, "${arr[@]}", $(seq …), a brace expansion {1..4}), an arithmetic loop whose step changes
// it (for ((s = 16; s <= 256; s *= 2))), or a while loop reading it a line
// at a time from anything but a here-document or here-string of one line
// (while read -r s; do …; done < seqs.txt). nil when there is none: `for s
// in "$ONE"` and `for s in {64..64}` run once. A value computed from the
// variable sweeps as well (Origin.Sweep of arithmetic or an array index).
func (s *Script) SweepLoop(name string, use int) syntax.Node {
	var best syntax.Node
	inner := func(n syntax.Node) {
		if best == nil || s.Off(n.Pos()) > s.Off(best.Pos()) {
			best = n
		}
	}
	for _, st := range s.lineLoops {
		w := st.Cmd.(*syntax.WhileClause)
		if len(w.Do) == 0 || use < s.Off(w.Do[0].Pos()) || use >= s.Off(w.End()) {
			continue
		}
		if slices.Contains(lineReadVars(w), name) && !oneLineInput(st) {
			inner(w)
		}
	}
	for _, fc := range s.forLoops {
		if len(fc.Do) == 0 || use < s.Off(fc.Do[0].Pos()) || use >= s.Off(fc.End()) {
			continue
		}
		switch l := fc.Loop.(type) {
		case *syntax.WordIter:
			if l.Name == nil || l.Name.Value != name || !manyValues(l.Items) {
				continue
			}
		case *syntax.CStyleLoop:
			if l.Post == nil || !arithWrites(l.Post, name) {
				continue
			}
		default:
			continue
		}
		inner(fc)
	}
	return best
}

// sweepOf returns the loop over several values (SweepLoop) whose variable
// name is at offset use. The loop writes it on each pass: an assignment of
// the same name before the loop (seqs=$OWNER for the shared path, then
// sweep) for seqs in 32 64 128) is overwritten by it; one inside the body
// before the use is not (nil then).
func (s *Script) sweepOf(name string, use int) syntax.Node {
	loop := s.SweepLoop(name, use)
	if loop == nil {
		return nil
	}
	body := loopBodyStart(s, loop)
	if slices.ContainsFunc(s.Assigns[name], func(a *Assign) bool { return a.Start >= body && a.Start < use }) {
		return nil
	}
	return loop
}

// loopBodyStart returns the offset of the first statement of a loop
// SweepLoop found.
func loopBodyStart(s *Script, n syntax.Node) int {
	switch l := n.(type) {
	case *syntax.ForClause:
		return s.Off(l.Do[0].Pos())
	case *syntax.WhileClause:
		return s.Off(l.Do[0].Pos())
	}
	return s.Off(n.Pos())
}

// lineReadVars returns the variables a while loop's condition reads a line
// into: the names of a read ending it (while IFS=, read -r a b, also
// before || [[ -n $b ]]), the array of read -ra cfg, none for any other
// condition.
func lineReadVars(w *syntax.WhileClause) []string {
	if len(w.Cond) == 0 {
		return nil
	}
	cmd := w.Cond[len(w.Cond)-1].Cmd
	if b, ok := cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.OrStmt {
		// while read -r s || [[ -n $s ]]: a last line with no newline
		// is read too.
		cmd = b.X.Cmd
	}
	ce, ok := cmd.(*syntax.CallExpr)
	if !ok {
		return nil
	}
	vars, array, ok := readTargets(ce)
	switch {
	case !ok:
		return nil
	case array != "":
		// read -ra cfg: the array cfg gets the line's fields.
		if len(vars) > 0 {
			return nil
		}
		return []string{array}
	}
	return vars
}

// oneLineInput reports whether the statement holding a while-read loop
// feeds it one line at most: a here-string, or a here-document whose body
// has a single line.
func oneLineInput(st *syntax.Stmt) bool {
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.WordHdoc:
			return true
		case syntax.Hdoc, syntax.DashHdoc:
			if r.Hdoc == nil {
				return true
			}
			body := strings.TrimRight(r.Hdoc.Lit(), "\n")
			if r.Hdoc.Lit() == "" && len(r.Hdoc.Parts) > 0 {
				return false // expansions: any number of lines
			}
			return !strings.Contains(body, "\n")
		}
	}
	return false
}

// arithWrites reports whether arithmetic x assigns variable name (s *= 2,
// s += 16, s++, s = s + 1).
func arithWrites(x syntax.ArithmExpr, name string) bool {
	is := func(e syntax.ArithmExpr) bool {
		w, ok := e.(*syntax.Word)
		return ok && w.Lit() == name
	}
	found := false
	shwalk.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryArithm:
			if isArithmAssign(n.Op) && is(n.X) {
				found = true
			}
		case *syntax.UnaryArithm:
			if (n.Op == syntax.Inc || n.Op == syntax.Dec) && is(n.X) {
				found = true
			}
		}
		return !found
	})
	return found
}

// manyValues reports whether a for loop's words may give its variable more
// than one value.
func manyValues(items []*syntax.Word) bool {
	if len(items) != 1 {
		return len(items) > 1
	}
	w := items[0]
	if _, ok := LitValue(w); ok {
		// a glob, or a brace expansion of two words or more ({1..4},
		// {32,64})
		return strings.ContainsAny(w.Lit(), "*?[") || braceWords(w) > 1
	}
	if len(w.Parts) == 1 {
		if dq, ok := w.Parts[0].(*syntax.DblQuoted); ok {
			if len(dq.Parts) == 1 {
				if pe, ok := dq.Parts[0].(*syntax.ParamExp); ok && pe.Index == nil && !pe.Excl {
					return false // "$ONE": one value
				}
			}
			if len(dq.Parts) == 1 {
				if _, ok := dq.Parts[0].(*syntax.Lit); ok {
					return false
				}
			}
		}
	}
	return true
}

// braceWords returns how many words bash's brace expansion makes of the
// literal word w (counting up to 2): {1..4} and {32,64} are several, a
// word with no valid brace expansion one. w is left as it was.
func braceWords(w *syntax.Word) int {
	if !strings.Contains(w.Lit(), "{") {
		return 1
	}
	cp := &syntax.Word{Parts: slices.Clone(w.Parts)}
	if !syntax.SplitBraces(cp) {
		return 1
	}
	n := 0
	for _, err := range expand.BracesSeq(nil, cp) {
		if err != nil {
			return 2
		}
		if n++; n > 1 {
			break
		}
	}
	return n
}

// funcWriteReaches reports whether assignment a, in the body of function
// a.InFunc, can set the variable a use outside every function reads in
// mode m (nil: any mode). Bash runs the body only when the function is
// called, so some call to it must: run in mode m or in shared code; not in
// a subshell, a substitution, a pipeline stage or a job that the use is not
// in (`setk | cat`, `x=$(setk)`, `setk &`; a prefix, `FOO=1 setk`, keeps
// the shell); run the declaration that holds a (a top-level call before it,
// or after a later declaration of the name, runs another body); and, from
// inside another function, not write that function's own local of the name
// (dynamic scope: outer() { local seqs; setk; }), then reach the use in
// turn. A function that may be called by a name not written out (a trap,
// bash -c, export -f, "$cmd", "mode_$1") is taken to reach it.
func (s *Script) funcWriteReaches(a *Assign, use int, m *Mode) bool {
	return s.callReaches(a.InFunc, a.Name, s.declHolding(a.InFunc, a.Start), a.Global, use, m, map[string]bool{})
}

func (s *Script) callReaches(fn, name string, decl *syntax.FuncDecl, global bool, use int, m *Mode, seen map[string]bool) bool {
	if seen[fn] {
		return false // explored on this walk: it reached nothing
	}
	seen[fn] = true
	if len(seen) > 64 || s.mayCallByValue(fn) {
		return true
	}
	for _, off := range s.callOffs[fn] {
		if s.subshellFrom(off, use) {
			continue
		}
		if m != nil {
			if ms := s.ModesAt(off); len(ms) > 0 && !containsMode(ms, m) {
				continue
			}
		}
		g := s.funcAt(off)
		switch {
		case g == fn:
			continue // recursion
		case g == "":
			if s.runsDecl(fn, decl, off) {
				return true
			}
		case !global && s.localIn(g, name):
			// outer() { local seqs=1; setk; }: setk writes outer's local.
		case s.callReaches(g, name, s.declHolding(g, off), global, use, m, seen):
			return true
		}
	}
	return false
}

// subshellFrom is isolatedFrom without the spans of prefix assignments: a
// command with a prefix runs in the script's shell.
func (s *Script) subshellFrom(a, b int) bool {
	for _, sp := range s.isoSpans {
		if a >= sp[0] && a < sp[1] && (b < sp[0] || b >= sp[1]) && !s.prefixSpans[sp] {
			return true
		}
	}
	return false
}

// declHolding returns the innermost declaration of function fn whose body
// holds offset off, nil when none does.
func (s *Script) declHolding(fn string, off int) *syntax.FuncDecl {
	var best *syntax.FuncDecl
	for _, fd := range s.funcDecls {
		if fd.Name.Value != fn || off < s.Off(fd.Body.Pos()) || off >= s.Off(fd.Body.End()) {
			continue
		}
		if best == nil || fd.Pos().Offset() > best.Pos().Offset() {
			best = fd
		}
	}
	return best
}

// runsDecl reports whether a call of fn at offset off outside every
// function may run declaration decl: one at the top level runs only after
// it is declared and before fn is declared again at the top level. A
// declaration in a function, or a call in a loop, is taken to run.
func (s *Script) runsDecl(fn string, decl *syntax.FuncDecl, off int) bool {
	if decl == nil {
		return true
	}
	at := s.Off(decl.Pos())
	if s.funcAt(at) != "" || s.inLoop(off) {
		return true
	}
	if at > off {
		return false
	}
	for _, fd := range s.funcDecls {
		if o := s.Off(fd.Pos()); fd.Name.Value == fn && o > at && o < off && s.funcAt(o) == "" {
			return false
		}
	}
	return true
}

// inLoop reports whether offset off lies in the body of a for or while
// loop.
func (s *Script) inLoop(off int) bool { return inSpans(s.loopSpans, off) }

// mayCallByValue reports whether function fn may be run by a name not
// written out as a command word: the script's words name it elsewhere (a
// trap, bash -c 'fn', export -f fn, xargs fn), or a command word that is
// not a literal may give its name ("$cmd", "$@", "mode_$1").
func (s *Script) mayCallByValue(fn string) bool {
	s.byValueMu.Lock()
	defer s.byValueMu.Unlock()
	if s.byValue == nil {
		s.byValue = map[string]bool{}
	}
	if v, ok := s.byValue[fn]; ok {
		return v
	}
	found := false
	for _, c := range s.calls {
		if _, ok := LitValue(c.Args[0]); !ok && (dispatchWord(c.Args[0]) || s.mayName(c.Args[0], fn, false)) {
			found = true
			break
		}
		for _, w := range c.Args[1:] {
			shwalk.Walk(w, func(n syntax.Node) bool {
				if l, ok := n.(*syntax.Lit); ok && strings.Contains(l.Value, fn) {
					found = true
				}
				return !found
			})
		}
		if found {
			break
		}
	}
	s.byValue[fn] = found
	return found
}

// dispatchWord reports whether a word is a positional parameter alone
// ("$@", "$1", $*): a script ending in "$@" runs the function its first
// argument names.
func dispatchWord(w *syntax.Word) bool {
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil {
		return false
	}
	v := pe.Param.Value
	return v == "@" || v == "*" || v != "" && v[0] >= '1' && v[0] <= '9'
}

// isoGone reports whether what runs at offset a, in a subshell, a
// substitution, a pipeline stage, a job or a command's prefix that does
// not hold the use at offset use in function useFn, cannot reach that use:
// no call that may run useFn (at any depth) is in that span. One a name
// not written out may call (mayCallByValue) is taken to be.
func (s *Script) isoGone(a int, useFn string, use int) bool {
	for _, sp := range s.isoSpans {
		if a < sp[0] || a >= sp[1] || use >= sp[0] && use < sp[1] {
			continue
		}
		if !s.calledIn(useFn, sp, map[string]bool{}, false) {
			return true
		}
	}
	return false
}

// ownPrefixUse reports whether a is a prefix assignment (K=64 cmd …) and
// the use at offset use is in that command's own words (a function the
// command runs is another matter: it sees K).
func (s *Script) ownPrefixUse(a *Assign, use int) bool {
	return a.Prefix != nil && use >= s.Off(a.Prefix.Pos()) && use < s.Off(a.Prefix.End()) && s.funcAt(use) == s.funcAt(a.Start)
}

// exitGone reports whether what runs at offset a, in a top-level branch
// that ends the script (exitSpans) and does not hold the use at offset
// use, cannot reach that use: the use is after the branch, or in function
// useFn that no call in the branch may run.
func (s *Script) exitGone(a int, useFn string, use int) bool {
	for _, r := range s.exitSpans {
		if a < r.Start || a >= r.End || use >= r.Start && use < r.End {
			continue
		}
		if useFn == "" || !s.calledIn(useFn, [2]int{r.Start, r.End}, map[string]bool{}, true) {
			return true
		}
	}
	return false
}

// calledIn reports whether function g may run from code in span sp: a
// call of g there, or in the body of a function that may run from there.
// A function a name not written out may call (mayCallByValue) is taken to;
// with inSpan, only when a command word in sp is not a literal (a word
// elsewhere, such as `echo "would boot with $seqs"`, runs nothing there).
func (s *Script) calledIn(g string, sp [2]int, seen map[string]bool, inSpan bool) bool {
	if seen[g] {
		return false
	}
	seen[g] = true
	if len(seen) > 64 || s.mayCallByValue(g) && (!inSpan || s.dynamicCallIn(sp)) {
		return true
	}
	for _, off := range s.callOffs[g] {
		if off >= sp[0] && off < sp[1] {
			return true
		}
		if h := s.funcAt(off); h != "" && s.calledIn(h, sp, seen, inSpan) {
			return true
		}
	}
	return false
}

// dynamicCallIn reports whether span sp holds a command whose name is not
// a literal ("$cmd", eval, a trap's string): it may run any function.
func (s *Script) dynamicCallIn(sp [2]int) bool {
	for _, c := range s.calls {
		off := s.Off(c.Pos())
		if off < sp[0] || off >= sp[1] {
			continue
		}
		v, ok := LitValue(c.Args[0])
		if !ok || v == "eval" || v == "trap" || v == "bash" || v == "sh" || v == "xargs" || v == "source" || v == "." {
			return true
		}
	}
	return false
}

// localGone reports whether a function's local assignment a cannot be what
// a use in function useFn reads: the local lives while its function runs,
// so only a function that function calls (at any depth) sees it. One a
// name not written out may call (mayCallByValue) is taken to see it.
func (s *Script) localGone(a *Assign, useFn string) bool {
	if !a.Local || a.InFunc == "" || a.InFunc == useFn {
		return false
	}
	return !s.callsWithin(a.InFunc, useFn, map[string]bool{})
}

// callsWithin reports whether function g may run while function f runs: a
// call of g in f's body, or in the body of a function that may run while f
// runs.
func (s *Script) callsWithin(f, g string, seen map[string]bool) bool {
	if seen[g] {
		return false
	}
	seen[g] = true
	if len(seen) > 64 || s.mayCallByValue(g) {
		return true
	}
	for _, off := range s.callOffs[g] {
		h := s.funcAt(off)
		if h == f || h != "" && s.callsWithin(f, h, seen) {
			return true
		}
	}
	return false
}
