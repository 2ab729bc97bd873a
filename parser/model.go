package parser

import (
	"strings"
)

// modelFlags are, by profile, the flags naming the model an engine serves.
var modelFlags = map[string][]string{
	"radiance": {"--model"},
	"vllm":     {"--model"},
	"sglang":   {"--model-path", "--model"},
	"tgi":      {"--model-id"},
	"trtllm":   {"--model"},
	"llamacpp": {"-m", "--model", "-hf", "--hf-repo", "-mu", "--model-url"},
}

// modelPositional are the profiles whose first argument, when it is no
// option, is the model (vllm serve MODEL, trtllm-serve MODEL, radiance
// serve MODEL after its serve word).
var modelPositional = map[string]bool{"radiance": true, "vllm": true, "trtllm": true}

// ModelAt returns the index in argv of the word naming the model the
// engine of ec serves, and how many bytes of it come before the name
// (--model=ID: 8), or -1: the value of its model flag (vLLM's --model,
// SGLang's --model-path, TGI's --model-id, llama.cpp's -m or -hf), or its
// first argument when that is no option (vllm serve MODEL).
func ModelAt(argv []string, ec EngineCall) (idx, prefix int) {
	if ec.Profile == nil || ec.ArgStart > len(argv) {
		return -1, 0
	}
	flags := modelFlags[ec.Profile.Name]
	for i := ec.ArgStart; i < len(argv); i++ {
		a := argv[i]
		if a == "--" {
			break
		}
		name, _, eq := strings.Cut(a, "=")
		for _, f := range flags {
			if name != f {
				continue
			}
			if eq {
				return i, len(name) + 1
			}
			if i+1 < len(argv) {
				return i + 1, 0
			}
			return -1, 0
		}
	}
	if !modelPositional[ec.Profile.Name] {
		return -1, 0
	}
	i := ec.ArgStart
	if ec.Profile.Name == "radiance" && i < len(argv) && argv[i] == "serve" {
		i++
	}
	if i < len(argv) && argv[i] != "" && !strings.HasPrefix(argv[i], "-") {
		return i, 0
	}
	return -1, 0
}

// ModelOf returns the model the engine of ec serves in argv, ok false when
// none is named or its word is not known (Unknown).
func ModelOf(argv []string, ec EngineCall) (string, bool) {
	i, n := ModelAt(argv, ec)
	if i < 0 || strings.Contains(argv[i], Unknown) {
		return "", false
	}
	return argv[i][n:], true
}

// OtherModel reports whether mode m's engine serves another model than
// the proven mode's, as the script is written: the word naming the model
// (ModelAt) in the invocation each boots comes from another env value or
// literal (chat) -m "$GGUF" … ;; embed) -m "$EMBED_GGUF" --embedding …).
// Such a mode is another server, not a mode of the proven shape. False
// when either model is not statically known, or m is the proven mode.
func (u *Unit) OtherModel(s *Script, m *Mode) bool {
	p := memo(u, &u.provens, s, s.Proven)
	if p == nil || m == nil || m == p {
		return false
	}
	a, okA := u.modelIn(s, p)
	b, okB := u.modelIn(s, m)
	return okA && okB && a != b
}

// SidecarModel reports whether engine invocation inv serves, as the
// script is written, another model than an engine it may run beside: its
// model word is a literal (vllm serve BAAI/bge-m3 --task embed
// --max-num-seqs 256 … &), and the other engine invocations of a mode it
// runs in whose model word reads an env key (exec vllm serve "$MODEL" …)
// all serve one model, another one. Such an engine is a second server
// sized for its own model (a sidecar), not the mode's engine of the
// owner's shape, as OtherModel says of a whole mode. False when any model
// is not statically known, or when no engine beside it serves the env
// file's model. Computed once per invocation.
func (u *Unit) SidecarModel(s *Script, inv *Invocation) bool {
	return memo(u, &u.sidecars, inv, func() bool { return u.findSidecar(s, inv) })
}

func (u *Unit) findSidecar(s *Script, inv *Invocation) bool {
	if inv.Profile == nil || len(s.Invocations) < 2 {
		return false
	}
	env := u.EnvKeysOf(s)
	mine, kind, ok := u.invModel(s, inv, inv.Modes, env)
	if !ok || kind != OriginLiteral {
		return false
	}
	main, found := "", false
	for _, o := range s.Invocations {
		if o == inv || o.Profile == nil || !modesMeet(inv.Modes, o.Modes) {
			continue
		}
		v, k, ok := u.invModel(s, o, o.Modes, env)
		if !ok || k != OriginEnvKey {
			continue
		}
		if found && v != main {
			return false
		}
		main, found = v, true
	}
	return found && main != mine
}

// modesMeet reports whether two invocations may run in one mode: one of
// them runs in every mode (no modes), or they share one.
func modesMeet(a, b []*Mode) bool {
	if len(a) == 0 || len(b) == 0 {
		return true
	}
	for _, m := range a {
		if containsModeOf(b, m) {
			return true
		}
	}
	return false
}

// PresetProven reports whether m is a proven mode the script did not
// name (no serve mode, no config: the first mode stands in) and a
// per-model preset like the others: it serves a model of its own, which no
// other mode serves, while another mode serves another model
// (bench_launch.sh llama8b|llama70b|qwen32b, each branch its model and its
// numbers, the env file's the defaults of a model without a preset). Its
// numbers are then its model's, not a drift from the owner's (found by
// R60), as those of a plain mode serving another model are not
// (OtherModel).
func (u *Unit) PresetProven(s *Script, m *Mode) bool {
	if m == nil || m.Role != RoleProven || !m.Guessed {
		return false
	}
	a, ok := u.modelIn(s, m)
	if !ok {
		return false
	}
	other := false
	for _, x := range s.Modes {
		if x == m {
			continue
		}
		b, ok := u.modelIn(s, x)
		switch {
		case !ok:
		case b == a:
			return false
		default:
			other = true
		}
	}
	return other
}

// modelVal is a mode's model as modelIn found it.
type modelVal struct {
	v  string
	ok bool
}

// modelIn returns the model mode m boots in the script, statically: the
// value of the model word of the invocations m reaches, one value for all
// of them, from env keys and literals only. Computed once per mode.
func (u *Unit) modelIn(s *Script, m *Mode) (string, bool) {
	c := memo(u, &u.models, m, func() modelVal {
		v, ok := u.findModel(s, m)
		return modelVal{v, ok}
	})
	return c.v, c.ok
}

func (u *Unit) findModel(s *Script, m *Mode) (string, bool) {
	env := u.EnvKeysOf(s)
	model, found := "", false
	for _, inv := range s.Invocations {
		if inv.Profile == nil {
			continue
		}
		if at := s.ModesAt(inv.Start); len(at) > 0 && !containsModeOf(at, m) {
			continue
		}
		v, _, ok := u.invModel(s, inv, []*Mode{m}, env)
		if !ok {
			return "", false
		}
		if found && v != model {
			return "", false
		}
		model, found = v, true
	}
	return model, found
}

// invModel returns the model engine invocation inv serves in modes, as
// the script is written: the value of its model word (ModelAt) from one
// env key or one literal, and which of the two it came from; ok false
// when the word is not statically known.
func (u *Unit) invModel(s *Script, inv *Invocation, modes []*Mode, env EnvKeys) (string, OriginKind, bool) {
	// --model="$DRAFT": its word is not known, the option before the
	// = is.
	sk := sketches(inv.Args)
	for j, a := range inv.Args {
		if p := optPrefix(a.Word); a.Sketch == Unknown && p != "" {
			sk[j] = p + Unknown
		}
	}
	i, n := ModelAt(sk, inv.Engine)
	if i < 0 || inv.Args[i].Word == nil || inv.Args[i].Start < 0 {
		return "", 0, false
	}
	w, use := inv.Args[i].Word, inv.Args[i].Start
	if n > 0 {
		// The value after the =.
		if w, _, _, use = s.inlineValue(w, sk[i][:n-1]); w == nil {
			return "", 0, false
		}
	}
	origins := s.Origins(w, use, modes, env)
	if len(origins) != 1 {
		return "", 0, false
	}
	switch o := origins[0]; o.Kind {
	case OriginLiteral:
		return o.Value, o.Kind, true
	case OriginEnvKey:
		d, ok := u.EnvLookup(s, o.Key)
		if e := u.modeEnvDef(s, o.Key, modes, inv.Start); e != nil {
			d, ok = EnvDef{Entry: e}, true
		}
		if !ok || d.Entry == nil {
			return "", 0, false
		}
		return d.Entry.Bash.Value, o.Kind, true
	case OriginUnknown:
		if o.Sweep == nil {
			return "", 0, false
		}
		// while read -r model; do vllm serve "$model" …: one model
		// per pass, none of them the proven mode's by being written so.
		return Unknown + "sweep", o.Kind, true
	}
	return "", 0, false
}

// modeEnvDef returns the definition of key an engine at start reads in
// modes when the last owning file defining it that bash reads before the
// engine on their path is one only those modes read (a mode's own
// overlay, longctx.env of `. "$here/$MODE.env"`, sets MODEL=Qwen/…):
// EnvLookup knows no modes and gives every mode the same file's value, so
// such a mode looked like one serving the proven mode's model. nil when
// no such file is the last one, or a file that is no owning one (a
// library, whose own sources are not in s.Sources) is read after it.
func (u *Unit) modeEnvDef(s *Script, key string, modes []*Mode, start int) *EnvEntry {
	if len(modes) == 0 {
		return nil
	}
	owning := map[string]*EnvFile{}
	for _, e := range u.Owning[s.Path] {
		owning[e.Path] = e
	}
	var last *SourceRef
	var def *EnvEntry
	for _, ref := range s.Sources {
		e := owning[ref.Path]
		if e == nil || ref.Kind != SourceBash || ref.Start >= start || last != nil && ref.Start < last.Start {
			continue
		}
		if len(ref.Modes) > 0 && !modesWithin(modes, ref.Modes) {
			continue // another mode's file
		}
		if en := e.Lookup(key); en != nil {
			last, def = ref, en
		}
	}
	if last == nil || len(last.Modes) == 0 {
		return nil
	}
	for _, ref := range s.Sources {
		if owning[ref.Path] == nil && ref.Start > last.Start && ref.Start < start && (len(ref.Modes) == 0 || modesWithin(modes, ref.Modes)) {
			return nil // a library read after it may set the key again
		}
	}
	return def
}

// modesWithin reports whether every mode of ms is one of in.
func modesWithin(ms, in []*Mode) bool {
	for _, m := range ms {
		if !containsModeOf(in, m) {
			return false
		}
	}
	return true
}

func containsModeOf(ms []*Mode, m *Mode) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// InvModel returns the model engine invocation inv serves as the script is
// written (invModel, in all the modes it runs in) and whether it came from
// an env key or a literal.
func (u *Unit) InvModel(s *Script, inv *Invocation) (string, OriginKind, bool) {
	return u.invModel(s, inv, inv.Modes, u.EnvKeysOf(s))
}
