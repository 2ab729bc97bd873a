package rules

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// EnvOwner checks that the owning env files hold each key once, hold every
// key the script needs, and that owned keys are used.
var EnvOwner = &analysis.Analyzer{
	Name: "envowner",
	Doc: `an env key defined twice, a key the script needs that no owning file defines, or an owned key the script never uses

Law 2 (one owner): the numbers that size a boot live in one owning env file.
A key defined twice has two owners (the last silently wins); a key the
script hands the engine (directly, or through variables, arrays and strings
of flags) with the env file's prefix that no owning file defines boots
with an empty value (one only logged or tested may be the caller's, such
as vLLM's own VLLM_USE_V1), and so does a key defined only in a file the
script hands to the commands it runs (docker run --env-file F IMAGE
--max-num-seqs "$KEY": the container has it, the script's shell does not);
an owned shape key no script reads is a number nobody
inherits (unless the file is handed to a container with --env-file, whose
entrypoint may read it).

Fix: where a key is defined twice with the same value, the later copy is
deleted (lines between the two may read the earlier one).`,
	Requires: []*analysis.Analyzer{Model},
	Run:      runEnvOwner,
}

func runEnvOwner(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	u := c.Unit
	for _, e := range u.Envs {
		c.duplicates(pass, e)
	}
	for _, s := range u.Scripts {
		c.missingKeys(pass, s)
	}
	c.unusedOwned(pass)
	return nil, nil
}

func (c *Context) duplicates(pass *analysis.Pass, e *parser.EnvFile) {
	if c.Unit.Readers[e.Path] == 0 && !parser.IsEnvName(filepath.Base(e.Path)) {
		// Loaded for a script that sources it, then read as shell code
		// (a virtualenv's bin/activate): no env file, no keys.
		return
	}
	seen := map[string]bool{}
	for _, en := range e.Entries {
		if seen[en.Key] {
			continue
		}
		defs := definedBy(e.Defs(en.Key), c.Unit.Readers[e.Path])
		if len(defs) < 2 {
			continue
		}
		seen[en.Key] = true
		first := defs[0]
		for _, later := range defs[1:] {
			if extendsItself(later, c.Unit.Readers[e.Path]) {
				first = later
				continue
			}
			d := diag{sev: Warning, path: e.Path, start: later.KeyStart, end: later.End,
				msg: fmt.Sprintf("%s is defined twice: line %d (%s) and line %d (%s); the last one wins",
					en.Key, first.Line, first.Raw, later.Line, later.Raw)}
			if sameDefinition(e, first, later, c.Unit.Readers[e.Path]) {
				st, end := envLineDelete(e.Src, later.Start, later.End)
				d.fixMsg, d.edits = "delete the later copy", []edit{{e.Path, st, end, ""}}
			}
			c.report(pass, d)
			first = later
		}
	}
}

// definedBy keeps the definitions that one of the file's readers makes
// (all of them when no reader is known). A file only bash sources may be
// shell code: `fi` is no bare key to bash, nor is an assignment inside an
// if or a function body (bash runs the compound command; only the line
// readers take such lines for keys), so two of them are no second owner
// (a gpu.conf with if blocks).
func definedBy(defs []*parser.EnvEntry, readers parser.Reader) []*parser.EnvEntry {
	if readers&parser.AllReaders == 0 {
		return defs
	}
	return slices.DeleteFunc(defs, func(en *parser.EnvEntry) bool {
		for _, r := range []parser.Reader{parser.ReaderBash, parser.ReaderDocker, parser.ReaderGodotenv} {
			if readers&r != 0 && en.Reading(r).Defined {
				return false
			}
		}
		return true
	})
}

// extendsItself reports whether, in a file bash alone reads (sourced: an
// env.sh of exports), the later of two definitions of a key reads the key
// itself: PATH=/opt/x/bin:$PATH again, LD_LIBRARY_PATH=…:$LD_LIBRARY_PATH.
// The later value holds the earlier one; nothing is silently lost, and no
// copy is a second owner. docker --env-file expands nothing, so a file it
// reads too keeps the finding.
func extendsItself(later *parser.EnvEntry, readers parser.Reader) bool {
	return readers == parser.ReaderBash && slices.Contains(later.Refs, later.Key)
}

// sameDefinition reports whether deleting the later of two definitions of
// a key changes nothing: every reader of the file gives the key the same
// fixed value on both lines (written alike, "${B}" twice, is not enough when
// B changed in between), the later does not export what the earlier did not,
// and the later line defines no other key. The later copy is the one to
// delete: lines between the two may read the key (A=$((LEN / 2))), and the
// earlier definition is what they read.
func sameDefinition(e *parser.EnvFile, first, later *parser.EnvEntry, readers parser.Reader) bool {
	if first.Raw != later.Raw || later.Export && !first.Export {
		return false
	}
	if readers == 0 {
		readers = parser.ReaderBash | parser.ReaderDocker | parser.ReaderGodotenv
	}
	for _, r := range []parser.Reader{parser.ReaderBash, parser.ReaderDocker, parser.ReaderGodotenv} {
		if readers&r == 0 {
			continue
		}
		a, b := first.Reading(r), later.Reading(r)
		if a != b || !b.Defined || b.Err != "" || b.Dynamic {
			return false
		}
	}
	for _, en := range e.Entries {
		if en != later && en.Start == later.Start {
			return false // A=1 B=2: deleting the line would delete B
		}
	}
	return true
}

// envPrefixes returns the key prefixes (up to the last underscore-separated
// token) that at least two keys of the owning env files share.
func envPrefixes(files []*parser.EnvFile) []string {
	var out []string
	for _, e := range files {
		byPrefix := map[string]int{}
		for _, en := range e.Entries {
			toks := strings.Split(en.Key, "_")
			if len(toks) > 1 {
				byPrefix[toks[0]+"_"]++
				if len(toks) > 2 {
					byPrefix[toks[0]+"_"+toks[1]+"_"]++
				}
			}
		}
		for p, n := range byPrefix {
			if n >= 2 {
				out = append(out, p)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

func (c *Context) missingKeys(pass *analysis.Pass, s *parser.Script) {
	u := c.Unit
	owning := u.Owning[s.Path]
	if s.File == nil || len(owning) == 0 {
		return
	}
	prefixes := envPrefixes(owning)
	if len(prefixes) == 0 && !slices.ContainsFunc(owning, func(e *parser.EnvFile) bool { return !u.ShellReads(s, e) }) {
		return // no key to miss by its prefix, and the shell has every file's keys
	}
	// A variable read anywhere with a default or an alternative
	// (${X:-}, ${X:+…}) is optional: the script handles its absence
	// (`[[ -n ${X:-} ]] && echo "$X"`); one demanded with
	// `: "${X:?msg}"` is the caller's to supply (a per-node VLLM_HOST_IP).
	// No read of either is a missing key. (An engine flag's own "${X:?}"
	// is not: a key renamed in the env file there boots nothing.)
	// Demanded: ': "${X:?}"', or ${X:?} anywhere, unless X's value reaches
	// a shape flag of the engine (then a renamed key boots nothing).
	demanded := s.Demanded()
	optional := map[string]bool{}
	for _, pe := range s.Params() {
		switch {
		case pe.Exp == nil:
		case pe.Exp.Op != syntax.ErrorUnset && pe.Exp.Op != syntax.ErrorUnsetOrNull:
			optional[pe.Param.Value] = true
		default:
			demanded[pe.Param.Value] = true
		}
	}
	if len(demanded) > 0 {
		shape := c.engineKeysOf(s)
		for name := range demanded {
			if !shape[name] {
				optional[name] = true
			}
		}
	}
	reported := map[string]bool{}
	var reach map[string]bool
	for _, pe := range s.Params() {
		name := pe.Param.Value
		if reported[name] || optional[name] || !parser.IsUpperName(name) || len(s.Assigns[name]) > 0 || s.Declared[name] || secretName(name) {
			continue
		}
		if s.WrittenByCommand(name) {
			// A library the script sources assigns it (lib/common.sh's
			// ACME_PORT=${ACME_PORT:-8000}), or read, printf -v, mapfile …
			// does: its value is not the env file's to give.
			continue
		}
		def, defined := u.EnvLookup(s, name)
		if defined && c.shellHas(s, name) {
			continue
		}
		if reach == nil {
			reach = engineReads(s)
		}
		shapeKey := ownsShapeFlag(name)
		switch {
		case shapeKey:
			// A key named for a shape flag is the boot's wherever it is
			// read (a config written from a heredoc, a launcher not
			// understood): a renamed one sizes nothing.
		case parser.EngineEnvVar(name) && (parser.KnownEngineEnv(name) || !reach[name]):
			// VLLM_HOST_IP, VLLM_ATTENTION_BACKEND: vLLM's own, set by the
			// cluster or the caller; forwarded under its own name
			// (-e VLLM_USE_V1="$VLLM_USE_V1") or logged, not the file's.
			// A VLLM_MODEL_PATH handed to --model is a key like any other.
			continue
		case reach != nil && !reach[name] && len(s.Invocations) > 0:
			// echo "BUILD=$ACME_BUILD_ID": set by the caller, logged; the
			// boot does not need it from the file. (With no engine
			// invocation understood, what reaches it is not known.)
			continue
		}
		if defined {
			// docker run --env-file serve.env IMAGE --max-num-seqs
			// "$MAX_NUM_SEQS": the container gets the key, the script's
			// shell does not; the flag gets an empty value. Unless the
			// shell may load the file in a way not modelled: a library
			// it sources sources it, or the script reads it otherwise
			// (source /dev/stdin <<<"$(grep … F)", a for loop exporting
			// $(grep … F)).
			if shellMayLoad(u, s, def.File, 0) {
				continue
			}
			reported[name] = true
			c.report(pass, diag{sev: Error, path: s.Path, start: s.Off(pe.Param.Pos()), end: s.Off(pe.Param.End()),
				msg: fmt.Sprintf("%s is read here, but %s:%d, which defines it, reaches only the commands the script runs (docker --env-file, env $(cat … | xargs) cmd), not its shell: here it expands to nothing",
					name, c.display(def.File.Path), def.Entry.Line)})
			continue
		}
		if c.shellMaySet(s, name) {
			continue // : "${K:=8192}" or an if block in a file the shell sources
		}
		if parser.CallerEnvVar(name) {
			continue // -v "$HF_HOME:/root/.cache/huggingface" beside HF_TOKEN=…
		}
		for _, p := range prefixes {
			if strings.HasPrefix(name, p) {
				reported[name] = true
				off := s.Off(pe.Param.Pos())
				var files []string
				for _, e := range owning {
					files = append(files, c.display(e.Path))
				}
				c.report(pass, diag{sev: Error, path: s.Path, start: off, end: s.Off(pe.Param.End()),
					msg: fmt.Sprintf("%s is read here but no owning env file defines it (%s)", name, strings.Join(files, ", "))})
				break
			}
		}
	}
}

// shellHas reports whether an owning env file the script's shell reads
// (sources, or exports with a loader) defines name.
func (c *Context) shellHas(s *parser.Script, name string) bool {
	for _, e := range c.Unit.Owning[s.Path] {
		if e.Lookup(name) != nil && c.Unit.ShellReads(s, e) {
			return true
		}
	}
	return false
}

// shellMaySet reports whether an owning env file the script's shell reads
// sets name on a line that is no plain assignment (`: "${K:=8192}"`, an
// if block): bash defines it, though no entry of the file holds it.
func (c *Context) shellMaySet(s *parser.Script, name string) bool {
	for _, e := range c.Unit.Owning[s.Path] {
		if e.ShellSets[name] && c.Unit.ShellReads(s, e) {
			return true
		}
	}
	return false
}

func (c *Context) unusedOwned(pass *analysis.Pass) {
	u := c.Unit
	// An unparsed reader may use anything; one that exports all it sources
	// (set -a, or a loader: export $(… | xargs)) hands every key to its
	// child processes; one that sources a shell
	// library (or a path not known) may read any key in the library's
	// functions; one whose eval expands a name built at run time (eval
	// "v=\${$k:-}" over `for k in MAX_NUM_SEQS …`, an entrypoint turning
	// each key into its flag) may read any. Asked once per script, however
	// many env files it reads; evalNames keeps the names the text of its
	// evals expands (evalTextReads).
	anything := map[*parser.Script]bool{}
	evalNames := map[*parser.Script]map[string]bool{}
	readsAnything := func(s *parser.Script) bool {
		v, ok := anything[s]
		if !ok {
			v = s.File == nil || s.AllExport() || s.LoadsExported() || sourcesCode(u, s)
			if !v {
				evalNames[s], v = evalTextReads(s.EvalCalls())
			}
			anything[s] = v
		}
		return v
	}
	for _, e := range u.Envs {
		readers := u.ScriptsReading(e)
		if slices.ContainsFunc(readers, func(s *parser.Script) bool { return u.NamedOnly[s.Path] }) {
			// serve.env tied to serve.sh by its name alone: the script
			// does not source it, so where it is read (docker run … bash
			// -c '. /cfg/serve.env && vllm …', a service's EnvironmentFile)
			// and which keys that reader uses is not seen.
			continue
		}
		if len(readers) == 0 || u.Readers[e.Path]&parser.ReaderDocker != 0 || !u.Covered(e.Path) {
			// A file handed to a container may be read inside it (env-only
			// entrypoints read MAX_BATCH_PREFILL_TOKENS themselves). One not
			// covered (a pre-commit hook's changed script given alone) may
			// have readers that were not read, using what these do not.
			continue
		}
		used := map[string]bool{}
		owned := map[string]parser.Owner{}
		// globs are the names an indirect expansion may read:
		// ${!seqs_var} with seqs_var=${P}_MAX_NUM_SEQS reads *_MAX_NUM_SEQS.
		var globs []string
		for _, s := range readers {
			if readsAnything(s) {
				used["*"] = true
				continue
			}
			for k, o := range u.Owners(s) {
				if o.Def.File == e {
					owned[k] = o
				}
			}
			for _, pe := range s.Params() {
				used[pe.Param.Value] = true
				if pe.Excl && pe.Index == nil && pe.Names == 0 {
					// ${!var}: reads the variable var names.
					gs, ok := indirectGlobs(s, pe.Param.Value)
					if !ok {
						used["*"] = true
					}
					globs = append(globs, gs...)
				}
			}
			for _, l := range s.ArithNames() {
				used[l.Value] = true
			}
			// The text of an eval reads names no expansion shows.
			for k := range evalNames[s] {
				used[k] = true
			}
			// `export K` hands K to every child (envsubst rendering a
			// template, an engine reading its environment), like set -a.
			for k := range s.Exported {
				used[k] = true
			}
		}
		// A .env beside a compose file is compose's too: the keys its
		// compose file's values interpolate, or its services' environment:
		// takes bare, are used (all, when a service reads the .env whole
		// with env_file:).
		for k := range u.ComposeRefs[e.Path] {
			used[k] = true
		}
		// Keys referenced by other keys of the file count as used. A key
		// the file exports (export K=V) to a script that boots no engine
		// (a client sharing the launcher's defaults.sh: bench.sh runs
		// python3 bench.py) is handed to that script's programs, which may
		// read anything from their environment. Exported to a launcher
		// alone, it reaches only the engine, whose reads the profile knows:
		// a key the launch forgot to pass is still reported.
		exportsUsed := false
		if u.Readers[e.Path]&parser.ReaderBash != 0 {
			exportsUsed = slices.ContainsFunc(readers, func(s *parser.Script) bool { return s.File != nil && len(s.Invocations) == 0 })
		}
		for _, en := range e.Entries {
			for _, r := range en.Refs {
				used[r] = true
			}
			if exportsUsed && en.Export {
				used[en.Key] = true
			}
		}
		if used["*"] {
			continue
		}
		var keys []string
		for k := range owned {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if used[k] || slices.ContainsFunc(globs, func(g string) bool { ok, _ := path.Match(g, k); return ok }) {
				continue
			}
			o := owned[k]
			c.report(pass, diag{sev: Warning, path: e.Path, start: o.Def.Entry.KeyStart, end: o.Def.Entry.KeyEnd,
				msg: fmt.Sprintf("%s owns %s but no script that reads this file uses it: no mode inherits it", k, o.Flag)})
		}
	}
}

// sourcesCode reports whether a script sources a shell library (a file
// that exists and is not one of its env files, or a path not known
// statically), whose functions may read any key. A virtualenv's activate,
// or an optional file that is absent, reads none. (The file's existence is
// the only thing looked at, never its content: a path outside the tree is
// not read.)
func sourcesCode(u *parser.Unit, s *parser.Script) bool {
	for _, ref := range s.Sources {
		if ref.Kind != parser.SourceBash {
			continue
		}
		if ref.Path == "" {
			return true // a path not known statically ($(git rev-parse …)/lib.sh)
		}
		if slices.ContainsFunc(u.Owning[s.Path], func(e *parser.EnvFile) bool { return e.Path == ref.Path }) {
			continue
		}
		if filepath.Base(ref.Path) == "activate" {
			continue // a virtualenv or conda environment: no key of ours
		}
		// Looked at only inside the linted roots or the script's own git
		// work tree (../lib/common.sh from scripts/): whether a host file
		// exists must not change what is reported.
		ap, err := u.Abs(ref.Path)
		if err != nil {
			continue
		}
		repo := u.WorkTreeOf(filepath.Dir(s.Path))
		if !u.InTree(ap) && (repo == "" || !parser.Within(repo, ap)) {
			continue
		}
		if fi, err := os.Lstat(ap); err == nil && !fi.IsDir() {
			return true
		}
	}
	return false
}

// exportReachesEngine reports whether a variable the shell exports reaches
// an engine's environment: an engine the script runs on the host inherits
// it; one in a container only when docker run forwards it by name (-e
// NAME, --env NAME).
func exportReachesEngine(s *parser.Script, name string) bool {
	for _, inv := range s.Invocations {
		d := inv.Engine.Docker
		if d == nil {
			return true
		}
		for _, i := range d.Env {
			if e, ok := parser.DockerEnvAt(inv.Args, i); ok && e.Key == name && !e.Set {
				return true // -e NAME, --env=NAME, -eNAME
			}
		}
	}
	return false
}

// engineReads returns the variables whose values reach the words of an
// engine invocation (directly, or through variables, arrays and strings of
// flags): the keys a boot needs. A variable read only elsewhere (logged,
// tested) may come from the caller's environment: vLLM's own VLLM_USE_V1
// beside the file's VLLM_MAX_NUM_SEQS.
func engineReads(s *parser.Script) map[string]bool {
	out := map[string]bool{}
	all := func(string) bool { return true }
	add := func(w *syntax.Word, use int, modes []*parser.Mode) {
		for _, o := range s.Origins(w, use, modes, all) {
			if o.Key != "" {
				out[o.Key] = true
			}
			for _, r := range o.Refs {
				out[r] = true
			}
		}
		shwalk.Walk(w, func(n syntax.Node) bool {
			if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil {
				out[pe.Param.Value] = true
			}
			return true
		})
	}
	for _, inv := range s.Invocations {
		for _, a := range inv.Args {
			if a.Word != nil {
				add(a.Word, a.Start, inv.Modes)
			}
		}
		if inv.Call != nil {
			for _, w := range inv.Call.Args {
				add(w, s.Off(w.Pos()), inv.Modes)
			}
			// CUDA_VISIBLE_DEVICES="$ACME_GPUS" vllm serve …: the engine's
			// environment is the boot's too.
			for _, as := range inv.Call.Assigns {
				if as.Value != nil && as.Name != nil {
					if r, _, ok := parser.PureRef(as.Value); ok && r == as.Name.Value && parser.EngineEnvVar(r) {
						continue // VLLM_USE_V1=$VLLM_USE_V1: forwarded as it is
					}
					add(as.Value, s.Off(as.Value.Pos()), inv.Modes)
				}
			}
		}
	}
	// export VLLM_ATTENTION_BACKEND="$ACME_ATTN_BACKEND" (or a naked
	// export of a variable assigned from one): the engine's environment.
	for name, as := range s.Assigns {
		if !exportReachesEngine(s, name) {
			continue // export AWS_DEFAULT_REGION="$X"; docker run … IMAGE: not the container's
		}
		for _, a := range as {
			if a.Value == nil || !a.Exported && !s.Exported[name] {
				continue
			}
			if r, _, ok := parser.PureRef(a.Value); ok && r == name && parser.EngineEnvVar(r) {
				continue // export VLLM_X=$VLLM_X: forwarded as it is
			}
			add(a.Value, a.Start, a.Modes)
		}
	}
	// An engine variable forwarded under its own name (docker -e
	// VLLM_USE_V1="$VLLM_USE_V1", env VLLM_X=$VLLM_X) hands on the
	// caller's value: no read the file must answer.
	for _, inv := range s.Invocations {
		if inv.Call == nil {
			continue
		}
		for _, w := range inv.Call.Args {
			if name, ok := parser.SelfForward(w); ok && parser.EngineEnvVar(name) && !otherRead(inv, w, name) {
				delete(out, name)
			}
		}
	}
	return out
}

// otherRead reports whether the invocation reads name in a word other than
// the forwarding word fw.
func otherRead(inv *parser.Invocation, fw *syntax.Word, name string) bool {
	found := false
	for _, w := range inv.Call.Args {
		if w == fw {
			continue
		}
		found = found || shwalk.Expands(w, name)
	}
	return found
}

// ownsShapeFlag reports whether an env key is named for a shape flag of
// some engine (…MAX_NUM_SEQS, …MAX_BATCH_SIZE, …CTX_SIZE).
func ownsShapeFlag(name string) bool {
	for _, p := range parser.Profiles {
		if _, ok := p.FlagForKey(name); ok {
			return true
		}
	}
	return false
}

// secretName reports whether a variable is named for a credential
// (HF_TOKEN, VLLM_API_KEY, WANDB_API_KEY, REGISTRY_PASSWORD): one the
// caller's environment supplies on purpose, kept out of an env file that is
// committed. Its read is no key the env file is missing, even beside
// HF_HOME and HF_HUB_ENABLE_HF_TRANSFER.
func secretName(name string) bool {
	for _, suf := range []string{"TOKEN", "API_KEY", "SECRET", "SECRET_KEY", "ACCESS_KEY", "ACCESS_KEY_ID", "PASSWORD", "PASSWD"} {
		if name == suf || strings.HasSuffix(name, "_"+suf) {
			return true
		}
	}
	return false
}

// shellMayLoad reports whether the shell of s may hold the keys of the env
// file e though no source or loader the linker understands reads it: a
// sourced path not known statically, a sourced shell library that sources
// e (or that cannot be looked at), or a word of s that names e (or a
// variable holding its path) outside its --env-file and env-loader words,
// tests and messages: a loader not understood (source /dev/stdin
// <<<"$(grep -v '^#' .env)", for kv in $(grep … .env); do export "$kv";
// done, eval "export $(… .env …)").
func shellMayLoad(u *parser.Unit, s *parser.Script, e *parser.EnvFile, depth int) bool {
	if s == nil || s.File == nil || depth > 3 {
		return true
	}
	for _, ref := range s.Sources {
		if ref.Kind != parser.SourceBash {
			continue
		}
		if ref.Path == "" {
			return true // a path not known statically may be the file
		}
		if ref.Path == e.Path || ref.Path == s.Path || slices.ContainsFunc(u.Owning[s.Path], func(o *parser.EnvFile) bool { return o.Path == ref.Path }) {
			continue
		}
		if filepath.Base(ref.Path) == "activate" {
			continue
		}
		if fi, err := os.Lstat(ref.Path); err != nil || fi.IsDir() {
			continue // an optional file that is absent
		}
		if shellMayLoad(u, u.ScriptAt(ref.Path), e, depth+1) {
			return true
		}
		if lib := u.ScriptAt(ref.Path); lib != nil && slices.ContainsFunc(lib.Sources, func(r *parser.SourceRef) bool {
			return r.Path == e.Path && (r.Kind == parser.SourceBash || r.Kind == parser.SourceLoader)
		}) {
			return true
		}
	}
	return namesFileElsewhere(s, e)
}

// namesFileElsewhere reports whether a word of s names the env file e (by
// its base name, or through a variable assigned a word that does) outside
// the words that hand it to a container or to env, an assignment, a test
// and echo/printf: somewhere the shell may read it.
func namesFileElsewhere(s *parser.Script, e *parser.EnvFile) bool {
	base := filepath.Base(e.Path)
	inRef := func(off int) bool {
		for _, r := range s.Sources {
			if r.Kind != parser.SourceBash && r.Kind != parser.SourceLoader && off >= r.Start && off < r.End {
				return true
			}
		}
		return false
	}
	holders := map[string]bool{}
	// where classifies a node by its ancestors: 'm' a mention the shell may
	// read, 'a' an assignment's value (a holder), 'i' ignored.
	where := func(stack []syntax.Node) (byte, string) {
		for i := len(stack) - 1; i >= 0; i-- {
			switch x := stack[i].(type) {
			case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.Redirect:
				return 'm', ""
			case *syntax.TestClause:
				return 'i', ""
			case *syntax.Assign:
				if x.Name != nil {
					return 'a', x.Name.Value
				}
			case *syntax.CallExpr:
				if len(x.Args) > 0 {
					switch v, _ := parser.LitValue(x.Args[0]); v {
					case "test", "[", "echo", "printf", "log", "info", "warn", "die":
						return 'i', ""
					}
				}
				return 'm', ""
			}
		}
		return 'm', ""
	}
	scan := func(match func(syntax.Node) bool) bool {
		found := false
		var stack []syntax.Node
		shwalk.Walk(s.File, func(n syntax.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if found {
				return false
			}
			if match(n) && !inRef(s.Off(n.Pos())) {
				switch k, name := where(stack); k {
				case 'm':
					found = true
				case 'a':
					holders[name] = true
				}
			}
			stack = append(stack, n)
			return true
		})
		return found
	}
	if scan(func(n syntax.Node) bool {
		l, ok := n.(*syntax.Lit)
		return ok && strings.Contains(l.Value, base)
	}) {
		return true
	}
	if len(holders) == 0 {
		return false
	}
	return scan(func(n syntax.Node) bool {
		pe, ok := n.(*syntax.ParamExp)
		return ok && pe.Param != nil && holders[pe.Param.Value]
	})
}

// indirectGlobs returns, for an indirect expansion ${!name}, a glob of the
// names each assignment of name may give it: its literal parts, with `*`
// for each expansion (seqs_var=${P}_MAX_NUM_SEQS reads *_MAX_NUM_SEQS). It
// fails when name has no plain assignment in the script (the caller's, a
// loop's, a read's), or a command or a library writes it besides: then it
// may name any variable.
func indirectGlobs(s *parser.Script, name string) ([]string, bool) {
	as := s.Assigns[name]
	if len(as) == 0 || s.WrittenOutside(name, "") {
		// No assignment, or a command writes it too (printf -v key
		// '%s_MAX_NUM_SEQS' "$FAMILY", read -r key, a for loop over it).
		return nil, false
	}
	var out []string
	for _, a := range as {
		if a.Value == nil || a.Append {
			return nil, false
		}
		var b strings.Builder
		if !globOf(&b, a.Value.Parts) {
			return nil, false
		}
		out = append(out, b.String())
	}
	return out, true
}

func globOf(b *strings.Builder, parts []syntax.WordPart) bool {
	esc := func(v string) {
		for _, r := range v {
			if strings.ContainsRune(`*?[\`, r) {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
	}
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			esc(p.Value)
		case *syntax.SglQuoted:
			esc(p.Value)
		case *syntax.DblQuoted:
			if !globOf(b, p.Parts) {
				return false
			}
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
			b.WriteByte('*')
		default:
			return false
		}
	}
	return true
}
