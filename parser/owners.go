package parser

import (
	"cmp"
	"slices"
	"sort"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// Owner is the env key that owns a shape flag for a script.
type Owner struct {
	// Flag is the canonical flag name.
	Flag string
	Key  string
	Def  EnvDef
}

// OwnerOverride lets a config name a flag's owner key directly.
type OwnerOverride map[string]string

// Owner returns the key of the script's owning env files that owns the
// canonical flag in profile p: a key named for the flag whose value is its
// own (not derived from another key) and whose name does not carry a mode.
func (u *Unit) Owner(s *Script, p *Profile, canon string) (Owner, bool) {
	o, ok := u.ownerTable(s, p)[canon]
	return o, ok
}

type ownerKey struct {
	s *Script
	p *Profile
}

// ownerTable returns every owner of the script's flags in profile p, by
// canonical flag, computed once per (script, profile) in one pass over the
// owning env files' keys (pprof on 1,600 repos: a lookup per flag, each
// scanning every key against every flag of the profile, was 3.7% of the
// CPU).
func (u *Unit) ownerTable(s *Script, p *Profile) map[string]Owner {
	return memo(u, &u.owners, ownerKey{s, p}, func() map[string]Owner { return u.owned(s, p) })
}

// owned computes ownerTable: a key owns the flag it is named for (the
// longest key suffix of the profile) when its value is its own and its name
// carries no mode; of several, one the script hands that flag of the engine
// (LLAMA_BATCH_SIZE in `-b "$LLAMA_BATCH_SIZE"`, not an eval harness's
// EVAL_BATCH_SIZE), then the shortest key, then the first in file order. A
// key the config names for a flag owns it whenever the script's env files
// define it.
func (u *Unit) owned(s *Script, p *Profile) map[string]Owner {
	t := map[string]Owner{}
	keys := u.keysOf(s)
	// Flags for which some key carries a (non-proven) mode's name: per-model
	// presets (LLAMA_MAX_NUM_SEQS for llama, QWEN_MAX_NUM_SEQS for qwen)
	// when the proven mode's own name is in the other key.
	proven := s.Proven()
	provenIn := func(key string) bool {
		// Only a proven mode that is merely the first (llama beside qwen):
		// serve's own SERVE_MAX_SEQS beside KL_MAX_SEQS is the owner, and
		// KL_MAX_SEQS its per-mode alias.
		return proven != nil && proven.Guessed && strings.Contains("_"+strings.ToUpper(key)+"_", modeToken(proven.Name))
	}
	// A key carrying a mode's name that the proven mode's engine reads is
	// no per-mode key: KL_MAX_NUM_SEQS of a KL harness, read by serve, kl
	// and score alike, owns the flag.
	flags := u.shapeFlagOrigins(s, p)
	provenRead := provenReads(s, flags)
	modeKey := func(key string) bool { return s.modeOwnKey(key) && !provenRead[key] }
	perMode := map[string]bool{}
	for _, key := range keys {
		// SERVE_CALIB_MAX_SEQS, beside the proven serve's SERVE_MAX_SEQS, is
		// a variant of serve's key (an alias), not another model's preset.
		if f, ok := p.FlagForKey(key); ok && modeKey(key) && !provenIn(key) {
			perMode[f.Name] = true
		}
	}
	read := engineReads(flags)
	for _, key := range keys {
		f, ok := p.FlagForKey(key)
		if !ok {
			continue
		}
		if cur, ok := t[f.Name]; ok {
			curRead, keyRead := read[f.Name][cur.Key], read[f.Name][key]
			if curRead && !keyRead || curRead == keyRead && len(cur.Key) <= len(key) {
				continue
			}
		}
		d, _ := u.EnvLookup(s, key)
		if !ownValue(d.Entry) && !computedOwnValue(d, p, f.Name) || modeKey(key) {
			continue
		}
		if perMode[f.Name] && provenIn(key) {
			continue // the proven mode's own preset, beside the others'
		}
		t[f.Name] = Owner{Flag: f.Name, Key: key, Def: d}
	}
	u.flowOwners(s, p, t, keys, read, flags)
	for canon, key := range u.OwnerKeys {
		if d, ok := u.EnvLookup(s, key); ok {
			t[canon] = Owner{Flag: canon, Key: key, Def: d}
		}
	}
	return t
}

// flowOwners adds to t the owners of the engine's shape flags that no key
// is named for, by where the value comes from: the one key of the owning
// env files the flag reads on the path every mode runs
// (`--max-running-requests "$MAX_NUM_SEQS"` for SGLang, `--max-num-seqs
// "$CONCURRENCY"`), or, when every copy of the flag is in a mode's own
// branch, in the proven mode's branch (`serve) … -np "$MAX_NUM_SEQS"`),
// owns it, when its value is its own, its name carries no mode and it is
// named for no other flag of the engine. A flag reading two keys there, or
// none, gets no owner this way; nor does a key two flags read (`--max-model-len
// "$LEN" --max-num-batched-tokens "$LEN"`): which one it sizes is not one
// answer, and a key owns one flag.
func (u *Unit) flowOwners(s *Script, p *Profile, t map[string]Owner, keys []string, read map[string]map[string]bool, flags []shapeOrigins) {
	found := map[string]string{} // canon -> key
	uses := map[string]int{}     // key -> flags it would own
	for i := range p.Flags {
		canon := p.Flags[i].Name
		if _, ok := t[canon]; ok || len(read[canon]) == 0 {
			continue
		}
		key := sharedRead(s, flags, canon)
		if key == "" || !slices.Contains(keys, key) || s.modeOwnKey(key) {
			continue
		}
		if _, named := p.FlagForKey(key); named || s.OtherProgramRead(key) > 0 {
			continue
		}
		taken := false
		for _, o := range t {
			taken = taken || o.Key == key
		}
		d, ok := u.EnvLookup(s, key)
		if taken || !ok || !ownValue(d.Entry) {
			continue
		}
		found[canon] = key
		uses[key]++
	}
	for canon, key := range found {
		if uses[key] == 1 {
			d, _ := u.EnvLookup(s, key)
			t[canon] = Owner{Flag: canon, Key: key, Def: d}
		}
	}
}

// OtherProgramRead returns the line where the script hands key to a
// program that is not an engine it boots, directly or through a variable
// assigned from it (0 when it never does): a benchmark client's `--random-input-len "$ISL"` or `--max-concurrency
// "$((CONCURRENCY * 2))"`. Such a key is the workload's, and a mode that
// sets it anew (long) ISL=8192) picks another workload, whose shape follows
// it by design: it owns no flag by flow. Printing it (echo, printf, logger)
// or testing it ([ … ], test) is no such read.
func (s *Script) OtherProgramRead(key string) int {
	names := map[string]bool{key: true}
	s.deriveNames([]string{key}, names, func(a *Assign, _ []string, in map[string]bool) bool {
		return a.Value != nil && readsAny(a.Value, in)
	})
	for _, c := range s.calls {
		if quietCommand(c) {
			continue
		}
		cmd, lit := LitValue(c.Args[0])
		if lit && s.Funcs[cmd] == nil && slices.ContainsFunc(s.libClientReads[cmd], func(n string) bool { return names[n] }) {
			// run_bench, whose library body runs vllm bench serve
			// --max-concurrency "$MAX_NUM_SEQS".
			return s.Line(s.Off(c.Pos()))
		}
		if s.inInvocation(s.Off(c.Pos()), s.Off(c.End())) ||
			!slices.ContainsFunc(c.Args[1:], func(a *syntax.Word) bool { return readsAny(a, names) }) {
			continue
		}
		if lit && s.engineOnlyFunc(cmd) {
			// start() { exec llama-server … -np "$1"; }; serve) start
			// "$MAX_NUM_SEQS": the function hands its arguments to the
			// engine alone. (Asked only of a call that reads the key: it
			// walks the function's body.)
			continue
		}
		return s.Line(s.Off(c.Pos()))
	}
	return 0
}

// inInvocation reports whether the span [st, en) lies inside an engine
// invocation of the script.
func (s *Script) inInvocation(st, en int) bool {
	return slices.ContainsFunc(s.Invocations, func(inv *Invocation) bool { return st >= inv.Start && en <= inv.End })
}

// engineOnlyFunc reports whether name is a function of the script whose
// positional parameters ($1, "$@", …) are all read inside engine
// invocations of its body (and it has at least one): what its callers
// hand it goes to the engine only. A parameter copied into a variable,
// tested or handed to any other command makes it no such function.
func (s *Script) engineOnlyFunc(name string) bool {
	fd := s.Funcs[name]
	if fd == nil || fd.Body == nil {
		return false
	}
	only, any := true, false
	shwalk.Walk(fd.Body, func(n syntax.Node) bool {
		pe, ok := n.(*syntax.ParamExp)
		if !ok || pe.Param == nil || !positionalName(pe.Param.Value) {
			return only
		}
		any = true
		only = s.inInvocation(s.Off(pe.Pos()), s.Off(pe.End()))
		return only
	})
	return only && any
}

// quietCommand reports whether a command only prints or tests its words
// (echo, printf, logger, [ ], test, :, true): no program is handed them.
func quietCommand(c *syntax.CallExpr) bool {
	switch cmd, _ := LitValue(c.Args[0]); cmd {
	case "echo", "printf", "logger", "[", "test", ":", "true":
		return true
	}
	return false
}

// ReadNames lists the variables node n reads, in order, once each: an
// expansion ($X, ${X:-…}) or a bare name in arithmetic ($((X * 2)), (( n
// >= TP ))), as readsAny finds them.
func ReadNames(n syntax.Node) []string {
	var out []string
	add := func(name string) {
		if isName(name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	arith := func(x syntax.ArithmExpr) {
		shwalk.Walk(x, func(m syntax.Node) bool {
			if w, ok := m.(*syntax.Word); ok {
				add(w.Lit())
			}
			return true
		})
	}
	shwalk.Walk(n, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.ParamExp:
			if x.Param != nil {
				add(x.Param.Value)
			}
		case *syntax.ArithmExp:
			arith(x.X)
		case *syntax.ArithmCmd:
			arith(x.X)
		}
		return true
	})
	return out
}

// readsAny reports whether node n reads one of the variables names: an
// expansion ($X, ${X:-…}) or a bare name in arithmetic ($((X * 2))).
func readsAny(n syntax.Node, names map[string]bool) bool {
	found := false
	shwalk.Walk(n, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.ParamExp:
			found = found || x.Param != nil && names[x.Param.Value]
		case *syntax.ArithmExp:
			shwalk.Walk(x.X, func(m syntax.Node) bool {
				if w, ok := m.(*syntax.Word); ok {
					found = found || names[w.Lit()]
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// sharedRead returns the one env key the engine's flag canon (of profile
// p) reads in the proven mode: each copy of the flag outside any mode's own
// branch reads it there (in every mode, or in the proven one where other
// modes assign the variable anew: `seqs=$CONCURRENCY; … kl) seqs=4`), and
// no other key; "" otherwise. With no such copy, it is the key the proven
// mode's own copies read (provenBranchRead).
func sharedRead(s *Script, flags []shapeOrigins, canon string) string {
	proven := s.Proven()
	key := ""
	shared := false
	for _, fo := range flags {
		if fo.f.Shape.Name != canon || len(fo.f.Modes) > 0 {
			continue
		}
		shared = true
		every := ""
		for _, o := range fo.origins {
			if o.Kind != OriginEnvKey {
				continue
			}
			if key != "" && o.Key != key || every != "" && o.Key != every {
				return ""
			}
			if len(o.Modes) == 0 || proven != nil && slices.Contains(o.Modes, proven) {
				every = o.Key
			}
		}
		if every == "" {
			return ""
		}
		key = every
	}
	if !shared {
		return provenBranchRead(proven, flags, canon)
	}
	return key
}

// provenBranchRead returns the one env key the copies of flag canon in the
// proven mode's own branch pass as their whole value (`serve) … -np
// "$MAX_NUM_SEQS"`, --flag=$KEY, or through a plain copy), when every copy
// of the flag is in some mode's own branch: "" when the proven mode is only
// the first mode (no serve, nothing named in the config: its branch may be
// one preset among others), passes the flag no copy, passes anything else
// there (a literal, arithmetic, a second key, a sidecar engine's own
// number), or when another mode's copy reads another key (per-workload
// presets, each from the env file: none is the others' owner).
func provenBranchRead(proven *Mode, flags []shapeOrigins, canon string) string {
	if proven == nil || proven.Guessed {
		return ""
	}
	key := ""
	for _, fo := range flags {
		if fo.f.Shape.Name != canon || !slices.Contains(fo.f.Modes, proven) {
			continue
		}
		for _, o := range fo.origins {
			if len(o.Modes) > 0 && !slices.Contains(o.Modes, proven) {
				continue
			}
			if o.Kind != OriginEnvKey || key != "" && o.Key != key {
				return ""
			}
			key = o.Key
		}
		if key == "" {
			return ""
		}
	}
	if key == "" {
		return ""
	}
	for _, fo := range flags {
		if fo.f.Shape.Name != canon {
			continue
		}
		for _, o := range fo.origins {
			if o.Kind == OriginEnvKey && o.Key != key {
				return ""
			}
		}
	}
	return key
}

// shapeOrigins pairs a shape flag of an engine invocation with where its
// value comes from (Script.Origins, asked once per flag for owned).
type shapeOrigins struct {
	f       *Flag
	origins []Origin
}

// shapeFlagOrigins returns the shape flags with a value of the script's
// invocations of profile p, each with its origins: engineReads,
// provenReads and sharedRead read them, each its own way.
func (u *Unit) shapeFlagOrigins(s *Script, p *Profile) []shapeOrigins {
	var out []shapeOrigins
	env := u.EnvKeysOf(s)
	for _, inv := range s.Invocations {
		if inv.Profile != p {
			continue
		}
		for _, f := range inv.Flags {
			if f.Shape == nil || f.Value == nil {
				continue
			}
			out = append(out, shapeOrigins{f, s.Origins(f.Value, f.ValStart, f.Modes, env)})
		}
	}
	return out
}

// engineReads returns, by canonical flag, the env keys the script's engine
// invocations hand that flag (statically, through variables, arrays and
// defaults): of two keys named for one flag, the one the engine reads is
// its owner, the other a client's or a harness's number.
func engineReads(flags []shapeOrigins) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, fo := range flags {
		for _, o := range fo.origins {
			if o.Kind != OriginEnvKey {
				continue
			}
			if out[fo.f.Shape.Name] == nil {
				out[fo.f.Shape.Name] = map[string]bool{}
			}
			out[fo.f.Shape.Name][o.Key] = true
		}
	}
	return out
}

// provenReads returns the env keys an engine invocation hands a shape flag
// of the proven mode's own (the flag's modes, or the origin's, name it; a
// shared line, read in every mode, is not counted).
func provenReads(s *Script, flags []shapeOrigins) map[string]bool {
	proven := s.Proven()
	if proven == nil {
		return nil
	}
	out := map[string]bool{}
	for _, fo := range flags {
		for _, o := range fo.origins {
			modes := o.Modes
			if modes == nil {
				modes = fo.f.Modes
			}
			if o.Kind == OriginEnvKey && (len(modes) == 0 || slices.Contains(modes, proven)) {
				out[o.Key] = true
			}
		}
	}
	return out
}

// ownValue reports whether an entry's value is its own: it reads no other
// key (K=${K:-32}, a default the caller may override, is K's own). A key
// that reads its own value from the host other than as such a default
// (K=$K, K=$((K+1)): bash reads the host's K, "" or 0 when unset) passes
// on or computes from the host's number: the file states none, and the
// empty value or 0 the sandbox's clean environment gives is not one to
// compare modes with.
func ownValue(en *EnvEntry) bool {
	for _, r := range en.Refs {
		if r != en.Key {
			return false
		}
	}
	return len(en.Refs) == 0 || en.DefaultOf == en.Key || !en.Bash.Dynamic
}

// keysOf lists the keys of the script's owning env files, in file order.
func (u *Unit) keysOf(s *Script) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range u.Owning[s.Path] {
		for _, en := range e.Entries {
			if !seen[en.Key] {
				seen[en.Key] = true
				out = append(out, en.Key)
			}
		}
	}
	return out
}

// Owners returns every owner of the script's engine profiles' flags, keyed by
// key name.
func (u *Unit) Owners(s *Script) map[string]Owner {
	out := map[string]Owner{}
	for _, p := range s.Profiles() {
		for _, f := range p.Flags {
			if o, ok := u.Owner(s, p, f.Name); ok {
				out[o.Key] = o
			}
		}
	}
	return out
}

// Profiles returns the engine profiles the script invokes.
func (s *Script) Profiles() []*Profile {
	var out []*Profile
	for _, inv := range s.Invocations {
		dup := false
		for _, p := range out {
			if p == inv.Profile {
				dup = true
			}
		}
		if !dup {
			out = append(out, inv.Profile)
		}
	}
	return out
}

// PureRef returns the variable a word merely expands: $X, "${X}", and for
// ${Y:-$X} the X of the default (with self set to Y).
func PureRef(w *syntax.Word) (name, self string, ok bool) {
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil || pe.Excl || pe.Length || pe.Index != nil || pe.Repl != nil || pe.Slice != nil {
		return "", "", false
	}
	if pe.Exp == nil {
		return pe.Param.Value, "", true
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
		if inner, _, ok := PureRef(pe.Exp.Word); ok {
			return inner, pe.Param.Value, true
		}
	}
	return "", "", false
}

// ParamUses returns every expansion of the variable name in the script:
// the spans of the name inside $NAME / ${NAME…}.
func (s *Script) ParamUses(name string) []Range {
	s.usesOnce.Do(func() {
		s.uses = map[string][]Range{}
		for _, pe := range s.Params() {
			s.uses[pe.Param.Value] = append(s.uses[pe.Param.Value], Range{s.Off(pe.Param.Pos()), s.Off(pe.Param.End())})
		}
	})
	return s.uses[name]
}

// Params returns every parameter expansion of the script ($NAME, ${NAME…},
// $1…) in source order, as the model's walk met them: rules go through
// them without walking the tree again. The caller must not change it. A
// script that has not been analysed is walked for them.
func (s *Script) Params() []*syntax.ParamExp {
	if s.collected || s.File == nil {
		return s.params
	}
	var out []*syntax.ParamExp
	shwalk.Walk(s.File, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil {
			out = append(out, pe)
		}
		return true
	})
	return out
}

// ArithNames returns the variables the script's arithmetic reads by bare
// name (LEN in $((LEN / 2)), SEQS in (( SEQS > 8 ))), which Params does
// not hold; nil for a script that has not been analysed.
func (s *Script) ArithNames() []*syntax.Lit { return s.arithNames }

// Demanded returns the variables the script demands of its caller with the
// ':' builtin (: "${VLLM_HOST_IP:?the scheduler must export it}"): a
// per-node value the caller supplies, not a key an env file must own.
func (s *Script) Demanded() map[string]bool {
	out := map[string]bool{}
	for _, c := range s.calls {
		if v, _ := LitValue(c.Args[0]); v != ":" {
			continue
		}
		for _, a := range c.Args[1:] {
			shwalk.Walk(a, func(n syntax.Node) bool {
				if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Exp != nil &&
					(pe.Exp.Op == syntax.ErrorUnset || pe.Exp.Op == syntax.ErrorUnsetOrNull) {
					out[pe.Param.Value] = true
				}
				return true
			})
		}
	}
	return out
}

// CallerVars returns, sorted, the variables the script demands of its
// caller with ${X:?…} (or ${X?…}) and never sets itself: : "${HF_TOKEN:?set
// HF_TOKEN}", --model "${MODEL_PATH:?}". Under set -u (Nounset), a plain
// read ($POD_IP, ${POD_IP}) demands it as well: bash stops there when the
// caller (a pod spec, a Slurm job, a wrapper) has not set it. The dry run
// gives each a value it reads as not statically known, so such a guard
// does not stop every mode.
func (s *Script) CallerVars() []string {
	seen := map[string]bool{}
	var out []string
	var nounsetOff func(uint) bool // nil: the script never turns nounset on
	if s.File != nil {
		// The model's walk met every function (funcSpanList): no walk of
		// its own (pprof at N=100: funcSpans' walk was 3% of the CPU).
		nounsetOff = nounsetAtWith(s.File, s.funcSpanList, s.collected)
	}
	for _, pe := range s.params {
		guard := pe.Exp != nil && (pe.Exp.Op == syntax.ErrorUnset || pe.Exp.Op == syntax.ErrorUnsetOrNull)
		if pe.Param == nil || !guard && (nounsetOff == nil || !PlainRead(pe) || !nounsetOff(pe.Pos().Offset())) {
			continue
		}
		name := pe.Param.Value
		if seen[name] {
			continue
		}
		seen[name] = true
		if s.callerOnly(name) {
			out = append(out, name)
		}
	}
	if nounsetOff != nil {
		// $((NODE_RANK * 8)): a bare name arithmetic reads, which set -u
		// stops on as well.
		for _, l := range s.arithNames {
			if seen[l.Value] || !nounsetOff(l.Pos().Offset()) {
				continue
			}
			seen[l.Value] = true
			if s.callerOnly(l.Value) {
				out = append(out, l.Value)
			}
		}
	}
	sort.Strings(out)
	return out
}

// callerOnly reports whether only the caller can give variable name a
// value: the script never assigns it (with a word or an arithmetic `=`),
// reads into it, loops over it or unsets it. A naked `export X` or `readonly X` gives X an attribute, not a
// value (`: "${HF_TOKEN:?}"; export HF_TOKEN` hands the caller's token on),
// so unlike fromEnvOnly it does not make X the script's.
func (s *Script) callerOnly(name string) bool {
	if !isName(name) || shellOwnVar(name) || SubmitDirVar(name) || len(s.Assigns[name]) > 0 || s.arithSets[name] {
		return false // the shell's, the scheduler's (SubmitDirVar), or the script's own
	}
	return !s.writtenBy(name, "read", "getopts", "mapfile", "readarray", "printf", "declare", "typeset", "local", "unset")
}

// PlainVar is NAME when w is all one plain read of it ($NAME, ${NAME},
// "$NAME"; PlainRead), else "".
func PlainVar(w *syntax.Word) string {
	if pe := SingleParam(w); pe != nil && PlainRead(pe) {
		return pe.Param.Value
	}
	return ""
}

// ClassicTestArgs returns the operands of a `[ … ]` or `test …` command
// (without `[`, `]` or `test`); ok is false for any other command.
func ClassicTestArgs(ce *syntax.CallExpr) (args []*syntax.Word, ok bool) {
	if len(ce.Args) == 0 {
		return nil, false
	}
	switch ce.Args[0].Lit() {
	case "[":
		if len(ce.Args) < 2 || ce.Args[len(ce.Args)-1].Lit() != "]" {
			return nil, false
		}
		return ce.Args[1 : len(ce.Args)-1], true
	case "test":
		return ce.Args[1:], true
	}
	return nil, false
}

// PlainRead reports whether pe reads a variable's value as it is: $X or
// ${X}, which set -u stops on when X is unset.
func PlainRead(pe *syntax.ParamExp) bool {
	return pe.Param != nil && pe.Exp == nil && !pe.Excl && !pe.Length && !pe.Width && pe.Index == nil &&
		pe.Slice == nil && pe.Repl == nil && pe.Names == 0 && isName(pe.Param.Value)
}

// NounsetReads returns whether a read of f runs under set -u: in the main
// body, after a set -u of the main body with no set +u of the main body
// between (a read before `set -euo pipefail`, or between `set +u` and `set
// -u` around `source venv/bin/activate`, is an empty string when unset); in
// a function, when the main body turns nounset on anywhere (the function
// runs when it is called).
func NounsetReads(f *syntax.File) func(pe *syntax.ParamExp) bool {
	at := nounsetAt(f)
	if at == nil {
		return func(*syntax.ParamExp) bool { return false }
	}
	return func(pe *syntax.ParamExp) bool { return at(pe.Pos().Offset()) }
}

// nounsetAt is NounsetReads by offset; nil when f never turns nounset on.
// A function the top level calls as main "$@" (nounsetEntries) runs where
// its call stands: its own set -u turns nounset on for what follows in it
// (main() { set -eu; exec vllm serve "$MODEL"; }; main "$@"), as the top
// level's would.
func nounsetAt(f *syntax.File) func(off uint) bool { return nounsetAtWith(f, nil, false) }

// nounsetAtWith is nounsetAt with the spans of f's function declarations
// given when known (funcsKnown), walked for otherwise (funcSpans).
func nounsetAtWith(f *syntax.File, funcs [][2]uint, funcsKnown bool) func(off uint) bool {
	toggles, any := stmtToggles(f.Stmts)
	entries := nounsetEntries(f)
	for i := range entries {
		on := false
		entries[i].toggles, on = stmtToggles(entries[i].stmts)
		any = any || on
	}
	if !any {
		return nil
	}
	for _, e := range entries {
		if n := len(e.toggles); n > 0 && e.leaks {
			// The top level after the call: a { } body's set stays.
			toggles = append(toggles, toggle{e.callEnd, e.toggles[n-1].on})
		}
	}
	slices.SortStableFunc(toggles, func(a, b toggle) int { return cmp.Compare(a.off, b.off) })
	if !funcsKnown {
		funcs = funcSpans(f)
	}
	return func(off uint) bool {
		for _, e := range entries {
			if off < e.span[0] || off >= e.span[1] {
				continue
			}
			if inSpans(e.nested, off) {
				return true // a function it declares, as any function
			}
			return stateAt(e.toggles, stateAt(toggles, false, e.callPos), off)
		}
		if inSpans(funcs, off) {
			return true
		}
		return stateAt(toggles, false, off)
	}
}

// toggle is a set that turns nounset on or off, by the offset where its
// statement ends.
type toggle struct {
	off uint
	on  bool
}

// stmtToggles returns the sets among stmts that turn nounset on or off,
// and whether one turns it on.
func stmtToggles(stmts []*syntax.Stmt) (toggles []toggle, any bool) {
	for _, st := range stmts {
		ce, ok := st.Cmd.(*syntax.CallExpr)
		if !ok {
			continue
		}
		if on, ok := nounsetToggle(ce); ok {
			toggles = append(toggles, toggle{st.End().Offset(), on})
			any = any || on
		}
	}
	return toggles, any
}

// stateAt is whether nounset is on at offset off: the last of toggles
// before it, else start.
func stateAt(toggles []toggle, start bool, off uint) bool {
	on := start
	for _, t := range toggles {
		if t.off <= off {
			on = t.on
		}
	}
	return on
}

// funcSpans returns the spans of the outermost functions declared in n.
func funcSpans(n syntax.Node) [][2]uint {
	var funcs [][2]uint
	shwalk.Walk(n, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok {
			funcs = append(funcs, [2]uint{fd.Pos().Offset(), fd.End().Offset()})
			return false
		}
		return true
	})
	return funcs
}

// nounsetEntry is a function the top level calls as main "$@"
// (nounsetEntries).
type nounsetEntry struct {
	span             [2]uint // the declaration
	nested           [][2]uint
	stmts            []*syntax.Stmt // its body's own statements
	leaks            bool           // a { } body, not a subshell: its set stays after the call
	callPos, callEnd uint           // the call's statement
	toggles          []toggle
}

// nounsetEntries returns, by the order of their calls, the functions
// declared once, at f's top level, that the file calls by name once, after
// the declaration, in a statement of the top level itself that hands them
// the script's own words (main "$@"; topCalls): their body runs once, from
// the top level's state there.
func nounsetEntries(f *syntax.File) []nounsetEntry {
	if !slices.ContainsFunc(f.Stmts, func(st *syntax.Stmt) bool { _, ok := st.Cmd.(*syntax.FuncDecl); return ok }) {
		// No function at the top level, none to enter: no walk (pprof on
		// 1,600 repos: this walk was 1.1% of the CPU, most scripts
		// declaring no function).
		return nil
	}
	decls := map[string]int{}
	calls := map[string]int{}
	shwalk.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl:
			decls[n.Name.Value]++
		case *syntax.CallExpr:
			if len(n.Args) == 0 {
				break
			}
			if name, ok := LitValue(n.Args[0]); ok {
				calls[name]++
			}
		}
		return true
	})
	top := map[string]*syntax.FuncDecl{}
	for _, st := range f.Stmts {
		if fd, ok := st.Cmd.(*syntax.FuncDecl); ok && decls[fd.Name.Value] == 1 && calls[fd.Name.Value] == 1 {
			top[fd.Name.Value] = fd
		}
	}
	if len(top) == 0 {
		return nil
	}
	var out []nounsetEntry
	for c, end := range topCalls(f) {
		if len(c.Args) != 2 {
			continue
		}
		name, _ := LitValue(c.Args[0])
		fd := top[name]
		if fd == nil || !forwardsAll(c) || c.Pos().Offset() < fd.End().Offset() {
			continue
		}
		e := nounsetEntry{span: [2]uint{fd.Pos().Offset(), fd.End().Offset()}, callPos: c.Pos().Offset(), callEnd: end}
		switch b := fd.Body.Cmd.(type) {
		case *syntax.Block:
			e.stmts, e.leaks = b.Stmts, true
		case *syntax.Subshell:
			e.stmts = b.Stmts
		default:
			continue
		}
		for _, st := range e.stmts {
			e.nested = append(e.nested, funcSpans(st)...)
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b nounsetEntry) int { return cmp.Compare(a.callPos, b.callPos) })
	return out
}

// SetsNounset reports whether call is a set that turns nounset on.
func SetsNounset(ce *syntax.CallExpr) bool {
	on, ok := nounsetToggle(ce)
	return ok && on
}

// SetsErrexit reports whether call is a set that turns errexit on (set -e,
// set -euo pipefail, set -o errexit).
func SetsErrexit(ce *syntax.CallExpr) bool {
	on, ok := setToggle(ce, 'e', "errexit")
	return ok && on
}

// nounsetToggle reports whether call is a set that turns nounset on (set
// -u, set -euo pipefail, set -o nounset) or off (set +u, set +o nounset);
// ok is false for any other command.
func nounsetToggle(ce *syntax.CallExpr) (on, ok bool) { return setToggle(ce, 'u', "nounset") }

// setToggle reports whether call is a set that turns the option with the
// short letter and long name on or off; ok is false for any other
// command. Words after -- are positional parameters.
func setToggle(ce *syntax.CallExpr, letter rune, long string) (on, ok bool) {
	if len(ce.Args) < 2 {
		return false, false
	}
	if v, _ := LitValue(ce.Args[0]); v != "set" {
		return false, false
	}
	for i, a := range ce.Args[1:] {
		v, _ := LitValue(a)
		switch {
		case v == "--" || v == "-":
			return on, ok
		case v == "-o" || v == "+o":
			if i+2 < len(ce.Args) {
				if w, _ := LitValue(ce.Args[i+2]); w == long {
					on, ok = v == "-o", true
				}
			}
		case len(v) > 1 && (v[0] == '-' || v[0] == '+') && strings.ContainsRune(v[1:], letter):
			on, ok = v[0] == '-', true
		}
	}
	return on, ok
}

// Errexit reports whether the script's main body turns errexit on.
func (s *Script) Errexit() bool { return FileErrexit(s.File) }

// FileErrexit reports whether a file's main body turns errexit on (set -e,
// set -euo pipefail, set -o errexit).
func FileErrexit(f *syntax.File) bool {
	if f == nil {
		return false
	}
	for _, st := range f.Stmts {
		if ce, ok := st.Cmd.(*syntax.CallExpr); ok && SetsErrexit(ce) {
			return true
		}
	}
	return false
}

// HighFd reports whether a redirection's descriptor number is past 2
// (exec 9>"$LOCK"), which the dry run's interpreter does not support.
func HighFd(n *syntax.Lit) bool {
	return n != nil && n.Value != "0" && n.Value != "1" && n.Value != "2"
}

// HighFdWord reports whether the word of a >& or <& redirection names a
// descriptor past 2 (>&3, <&4, 1>&9-).
func HighFdWord(w *syntax.Word) bool {
	v, ok := LitValue(w)
	if !ok {
		return false
	}
	v = strings.TrimSuffix(v, "-")
	if v == "" || v == "0" || v == "1" || v == "2" {
		return false
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ReadsDelimited reports whether call is a read given a delimiter (-d, or
// -rd with an empty one), which the dry run's interpreter lacks.
func ReadsDelimited(ce *syntax.CallExpr) bool {
	if len(ce.Args) < 2 {
		return false
	}
	if v, _ := LitValue(ce.Args[0]); v != "read" {
		return false
	}
	for _, a := range ce.Args[1:] {
		if v, _ := LitValue(a); len(v) > 1 && v[0] == '-' && strings.ContainsRune(v, 'd') {
			return true
		}
	}
	return false
}

// ReadsDelimited reports whether the script runs a read given a delimiter
// (ReadsDelimited).
func (s *Script) ReadsDelimited() bool {
	for _, c := range s.calls {
		if ReadsDelimited(c) {
			return true
		}
	}
	return false
}

// readTargets reads the words of a `read` call: the variables it assigns
// the fields to (read -r a b), and the array of -a (read -ra cell, -acell),
// with the other options skipped (-d, -i, -n, -N, -p, -t, -u take a value:
// the rest of the word, or the next one). ok is false for another command
// or a word not known statically.
func readTargets(ce *syntax.CallExpr) (vars []string, array string, ok bool) {
	if len(ce.Args) < 1 {
		return nil, "", false
	}
	if cmd, _ := LitValue(ce.Args[0]); cmd != "read" {
		return nil, "", false
	}
	args := ce.Args[1:]
	for i := 0; i < len(args); i++ {
		v, lit := LitValue(args[i])
		if !lit {
			return nil, "", false
		}
		if len(vars) > 0 || len(v) < 2 || v[0] != '-' {
			if !syntax.ValidName(v) {
				return nil, "", false
			}
			vars = append(vars, v)
			continue
		}
		if v == "--" {
			continue
		}
	opts:
		for j := 1; j < len(v); j++ {
			switch v[j] {
			case 'a':
				if rest := v[j+1:]; rest != "" {
					array = rest
				} else if i+1 < len(args) {
					i++
					array, lit = LitValue(args[i])
					if !lit {
						return nil, "", false
					}
				}
				if !syntax.ValidName(array) {
					return nil, "", false
				}
				break opts
			case 'd', 'i', 'n', 'N', 'p', 't', 'u':
				// An option with a value: the rest, or the next word.
				if j == len(v)-1 {
					i++
				}
				break opts
			}
		}
	}
	return vars, array, true
}

// ReadArrayName returns the array a `read -a NAME`, `mapfile NAME` or
// `readarray NAME` call fills (MAPFILE for mapfile with no name); ok is
// false for any other call, or when the name is not a literal.
func ReadArrayName(ce *syntax.CallExpr) (name string, ok bool) {
	if len(ce.Args) < 1 {
		return "", false
	}
	cmd, _ := LitValue(ce.Args[0])
	switch cmd {
	case "read":
		_, arr, ok := readTargets(ce)
		return arr, ok && arr != ""
	case "mapfile", "readarray":
		args := ce.Args[1:]
		name := "MAPFILE"
		for i := 0; i < len(args); i++ {
			v, lit := LitValue(args[i])
			if !lit {
				return "", false
			}
			if len(v) > 1 && v[0] == '-' && v != "--" {
				if strings.ContainsAny(v[len(v)-1:], "dnOsuCc") {
					i++ // its value is the next word
				}
				continue
			}
			if v == "--" {
				continue
			}
			if i != len(args)-1 {
				return "", false
			}
			name = v
		}
		return name, syntax.ValidName(name)
	}
	return "", false
}

// ReadsArrays reports whether the script runs a read -a, mapfile or
// readarray of a literal name (ReadArrayName).
func (s *Script) ReadsArrays() bool {
	for _, c := range s.calls {
		if _, ok := ReadArrayName(c); ok {
			return true
		}
	}
	return false
}

// Pipelines reports whether the script holds a pipeline (a | b), as the
// model's walk met them.
func (s *Script) Pipelines() bool { return s.pipes }

// PipeOps is how many pipe operators (| and |&) the script holds, as the
// model's walk met them.
func (s *Script) PipeOps() int { return s.pipeOps }

// HighFdRedirs reports whether the script redirects a descriptor past 2,
// as the model's walk met them.
func (s *Script) HighFdRedirs() bool { return s.highFd }

// BranchListTail reports whether a branch of an if or a case, a { }
// group or a loop body of the script ends in an && or || list (BranchEndsInList), as the model's walk
// met them.
func (s *Script) BranchListTail() bool { return s.listTail }

// BranchEndsInList reports whether an if or case clause has a branch, or
// a { } group or a loop its body, whose last statement is an && or ||
// list (ListTail).
func BranchEndsInList(n syntax.Node) bool {
	last := func(stmts []*syntax.Stmt) bool { return len(stmts) > 0 && ListTail(stmts[len(stmts)-1]) != nil }
	switch x := n.(type) {
	case *syntax.Block:
		return last(x.Stmts)
	case *syntax.WhileClause:
		return last(x.Do)
	case *syntax.ForClause:
		return last(x.Do)
	case *syntax.IfClause:
		for c := x; c != nil; c = c.Else {
			if last(c.Then) {
				return true
			}
		}
	case *syntax.CaseClause:
		for _, it := range x.Items {
			if last(it.Stmts) {
				return true
			}
		}
	}
	return false
}

// ListTail returns the && or || list st runs, when st is one in the
// foreground with no redirection or negation; nil otherwise.
func ListTail(st *syntax.Stmt) *syntax.BinaryCmd {
	if st == nil || st.Background || st.Coprocess || st.Disown || st.Negated || len(st.Redirs) > 0 {
		return nil
	}
	b, ok := st.Cmd.(*syntax.BinaryCmd)
	if !ok || b.Op != syntax.AndStmt && b.Op != syntax.OrStmt {
		return nil
	}
	return b
}

// AllExport reports whether the script turns allexport on anywhere (set -a,
// set -o allexport): what it sources then reaches every child process
// (envsubst, docker compose, a launcher reading os.environ), so a key it
// never expands may still be read.
func (s *Script) AllExport() bool {
	for _, c := range s.calls {
		if v, _ := LitValue(c.Args[0]); v != "set" {
			continue
		}
		for i, a := range c.Args[1:] {
			v, _ := LitValue(a)
			if len(v) > 1 && v[0] == '-' && v[1] != '-' && v != "-o" && strings.ContainsRune(v[1:], 'a') {
				return true
			}
			if v == "-o" && i+2 < len(c.Args) {
				if w, _ := LitValue(c.Args[i+2]); w == "allexport" {
					return true
				}
			}
		}
	}
	return false
}

// LoadsExported reports whether the script exports an env file's keys
// with a loader (`export $(grep -v '^#' .env | xargs)`, `env $(cat .env |
// xargs) cmd`): like allexport, every key then reaches its children.
func (s *Script) LoadsExported() bool {
	for _, ref := range s.Sources {
		if ref.Kind == SourceLoader || ref.Kind == SourceEnvLoader {
			return true
		}
	}
	return false
}

// ShellReads reports whether the script's shell has e's keys as variables:
// it sources e (source, ., eval "$(cat F)", source <(…)) or exports it with
// a loader (export $(… F | xargs)), or e is owning without being named
// (the sibling with the script's stem). False when e reaches only the
// commands the script runs: `docker run --env-file F`, `env $(cat F |
// xargs) cmd`; there "$KEY" in the script expands to nothing.
func (u *Unit) ShellReads(s *Script, e *EnvFile) bool {
	named := false
	// u.sourcesOf, not s.Sources: an env file a shared library sources
	// (lib/common.sh's . "$(dirname "${BASH_SOURCE[0]}")/../vllm.env") is
	// read by the script's shell as one it sources itself.
	for _, ref := range u.sourcesOf(s) {
		if ref.Path == "" || u.envs[ref.Path] != e {
			continue
		}
		if ref.Kind == SourceBash || ref.Kind == SourceLoader {
			return true
		}
		named = true
	}
	return !named && !u.childOwned[s.Path][e]
}

// ShellReadsIn is ShellReads for code that runs in modes: a source of e
// that lies in other modes' branches only (serve) . serve.env; … ;; bench)
// …) gives bench's shell no $KEY. Code of every mode (modes nil) is
// answered as ShellReads.
func (u *Unit) ShellReadsIn(s *Script, e *EnvFile, modes []*Mode) bool {
	named := false
	for _, ref := range u.sourcesOf(s) {
		if ref.Path == "" || u.envs[ref.Path] != e {
			continue
		}
		if (ref.Kind == SourceBash || ref.Kind == SourceLoader) &&
			(len(ref.Modes) == 0 || len(modes) == 0 || slices.ContainsFunc(modes, func(m *Mode) bool { return slices.Contains(ref.Modes, m) })) {
			return true
		}
		named = true
	}
	return !named && !u.childOwned[s.Path][e]
}

// AllExportAt reports whether allexport is on at offset off of the script,
// read in source order: the last `set -a` / `set -o allexport` before off
// not undone by a `set +a` / `set +o allexport`. A `set` in a subshell,
// a substitution or a pipeline that does not hold off ends with it
// (`( set -a; . common.env )`), and the words after `set --` are
// positional parameters, not options.
func (s *Script) AllExportAt(off int) bool {
	on := false
	for _, c := range s.calls {
		co := s.Off(c.Pos())
		if co >= off {
			break
		}
		if v, _ := LitValue(c.Args[0]); v != "set" || s.isolatedFrom(co, off) {
			continue
		}
		args := c.Args[1:]
		for i := 0; i < len(args); i++ {
			v, ok := LitValue(args[i])
			if !ok || v == "--" || v == "-" || len(v) < 2 || v[0] != '-' && v[0] != '+' {
				break // the positional parameters
			}
			if strings.ContainsRune(v[1:], 'a') {
				on = v[0] == '-'
			}
			if strings.ContainsRune(v[1:], 'o') { // -o NAME, -euo pipefail
				if i++; i < len(args) {
					if w, _ := LitValue(args[i]); w == "allexport" {
						on = v[0] == '-'
					}
				}
			}
		}
	}
	return on
}

// isolatedFrom reports whether offset a lies in a subshell, substitution
// or pipeline stage that does not hold offset b: what runs at a (set -a,
// an assignment) does not reach b.
func (s *Script) isolatedFrom(a, b int) bool {
	for _, sp := range s.isoSpans {
		if a >= sp[0] && a < sp[1] && (b < sp[0] || b >= sp[1]) {
			return true
		}
	}
	return false
}

// SourcesAllExported reports whether every bash source of e in s runs with
// allexport on (set -a before it, not undone): then every key the file
// assigns is exported, written with export or not. False when s does not
// source e with bash.
func (u *Unit) SourcesAllExported(s *Script, e *EnvFile) bool {
	found := false
	for _, ref := range s.Sources {
		if ref.Kind != SourceBash || ref.Path == "" || u.envs[ref.Path] != e {
			continue
		}
		if !ref.AllExport && !s.AllExportAt(ref.Start) {
			return false
		}
		found = true
	}
	return found
}

// IsUpperName reports whether a name looks like an env key.
func IsUpperName(name string) bool {
	return isName(name) && strings.ToUpper(name) == name && strings.ContainsAny(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
}

// memo returns (*m)[k], computing it with f the first time it is asked.
// f runs outside u.mu, which it may take itself; two callers racing on
// one key both compute it, and either answer is kept (f is pure).
func memo[K comparable, V any](u *Unit, m *map[K]V, k K, f func() V) V {
	u.mu.Lock()
	v, ok := (*m)[k]
	u.mu.Unlock()
	if ok {
		return v
	}
	v = f()
	u.mu.Lock()
	if *m == nil {
		*m = map[K]V{}
	}
	(*m)[k] = v
	u.mu.Unlock()
	return v
}

// ResourcedBetween reports whether the script's shell sources env file e
// again after byte offset from and before to, in code every one of modes
// runs (a source shared by every mode, or one in the branch of each mode,
// or of the mode a flag mode runs the branch of), at the level of the code
// at to (the top level, or the same function), and e sets key whatever
// the shell held before (no KEY=${KEY:-…}): what the script assigned key
// before that is gone by to. `bench) MAX_NUM_SEQS=32; . serve.env; exec
// vllm serve … "$MAX_NUM_SEQS"` boots with the file's value. A source
// under a condition counts too: what it may undo is no finding.
func (u *Unit) ResourcedBetween(s *Script, e *EnvFile, key string, from, to int, modes []*Mode) bool {
	if e == nil || !e.shellSetsPlain(key) {
		return false
	}
	fn := s.funcAt(to)
	for _, ref := range u.sourcesOf(s) {
		if ref.Kind != SourceBash || ref.Path == "" || u.envs[ref.Path] != e || ref.Start <= from || ref.Start >= to || s.funcAt(ref.Start) != fn {
			continue
		}
		runs := func(m *Mode) bool {
			return containsMode(ref.Modes, m) || containsMode(ref.Modes, s.flagBase(m))
		}
		if len(ref.Modes) == 0 || len(modes) > 0 && !slices.ContainsFunc(modes, func(m *Mode) bool { return !runs(m) }) {
			return true
		}
	}
	return false
}
