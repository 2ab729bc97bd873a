// Package bench measures servelint: go test -bench for the model, each
// rule, the evaluator per mode, the fix applier and whole trees, and (with
// compare.sh) the side-by-side timing against shellcheck and shfmt.
//
// This file builds the synthetic trees both use: N serve repos, each a
// renamed variant of one of the repository's own cases (testdata/src/* and
// examples/frank-archon), so that the files differ byte for byte (env keys
// prefixed, non-proven modes suffixed, a header line) while keeping the
// shapes, modes, env files and findings of the case they come from.
package bench

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/servelint/servelint/parser"
)

// Case is one source case: a directory whose files make one serve repo.
type Case struct {
	Name string
	Dir  string
	// Files maps a path relative to Dir to its bytes (goldens and want.txt
	// sidecars left out).
	Files map[string][]byte
}

// RepoRoot finds the module root (the directory holding go.mod) from dir up.
func RepoRoot(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
		d = up
	}
}

// Cases reads the cases under the module root: every testdata/src/<case>
// and examples/frank-archon, sorted by name.
func Cases(root string) ([]Case, error) {
	var dirs []string
	ents, err := os.ReadDir(filepath.Join(root, "testdata", "src"))
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		if e.IsDir() {
			dirs = append(dirs, filepath.Join(root, "testdata", "src", e.Name()))
		}
	}
	dirs = append(dirs, filepath.Join(root, "examples", "frank-archon"))
	var out []Case
	for _, d := range dirs {
		c := Case{Name: filepath.Base(d), Dir: d, Files: map[string][]byte{}}
		if strings.HasPrefix(d, filepath.Join(root, "examples")) {
			c.Name = "example-" + c.Name
		}
		fsys := os.DirFS(d)
		err := fs.WalkDir(fsys, ".", func(rel string, de fs.DirEntry, err error) error {
			if err != nil || de.IsDir() {
				return err
			}
			name := de.Name()
			if strings.HasSuffix(name, ".golden") || name == "want.txt" {
				return nil
			}
			b, err := fs.ReadFile(fsys, rel)
			if err != nil {
				return err
			}
			c.Files[filepath.FromSlash(rel)] = b
			return nil
		})
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// wantRE matches the test harness's expectations (`# want "re"` at the end
// of a line): real scripts do not carry them.
var wantRE = regexp.MustCompile(`(?m)[ \t]*# want(?:[+@][0-9]+)? ".*$`)

var envKeyRE = regexp.MustCompile(`(?m)^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*=`)

// shellWords are names that may be both a mode and a command: for those
// only the span that declares the mode is renamed.
var shellWords = map[string]bool{"eval": true, "exec": true, "test": true, "source": true, "echo": true,
	"printf": true, "set": true, "export": true, "read": true, "wait": true, "kill": true, "time": true,
	"true": true, "false": true, "serve": true, "run": true, "start": true,
	"docker": true, "podman": true, "vllm": true, "python": true, "python3": true, "bash": true, "sh": true, "native": true}

// Variant returns the files of repo number i made from case c: the test
// harness's `# want` annotations are dropped, every env key K defined by the
// case's env files (and every key sharing its prefix) becomes R<i>_K
// everywhere, every non-proven mode declared by a plain name m becomes
// m-r<i> (M-R<i> when m is upper-case), and each text file gets a header
// comment naming the repo.
func Variant(c Case, i int) map[string][]byte {
	tag := fmt.Sprintf("R%04d", i)
	keys := map[string]bool{}
	for rel, b := range c.Files {
		if parser.IsEnvName(filepath.Base(rel)) {
			for _, m := range envKeyRE.FindAllSubmatch(b, -1) {
				keys[string(m[1])] = true
			}
		}
	}
	// Keys sharing a defined key's prefix (ACME_PORT beside ACME_MODEL) are
	// renamed too, so that "read but not defined" findings survive.
	var keyList []string
	prefixes := map[string]bool{}
	for k := range keys {
		keyList = append(keyList, regexp.QuoteMeta(k))
		if p, _, ok := strings.Cut(k, "_"); ok && p != "" {
			prefixes[p] = true
		}
	}
	for p := range prefixes {
		keyList = append(keyList, regexp.QuoteMeta(p)+`_[A-Za-z0-9_]+`)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(keyList)))
	var keyRE *regexp.Regexp
	if len(keyList) > 0 {
		// A key also follows docker's -e with its value attached (-eK=V).
		keyRE = regexp.MustCompile(`(?:\b|[\s(]-e)(` + strings.Join(keyList, "|") + `)\b`)
	}
	out := map[string][]byte{}
	for rel, b := range c.Files {
		if parser.IsBinary(b) {
			out[rel] = append([]byte(nil), b...)
			continue
		}
		src := wantRE.ReplaceAll(b, nil)
		if !parser.IsEnvName(filepath.Base(rel)) {
			src = renameModes(rel, src, strings.ToLower(tag))
		}
		if keyRE != nil {
			src = keyRE.ReplaceAllFunc(src, func(whole []byte) []byte {
				m := whole
				var pre []byte
				if len(m) > 3 && m[1] == '-' && m[2] == 'e' && !keyByte(m[0]) {
					pre, m = m[:3], m[3:] // " -eK": the option stays
				}
				keep := func(b []byte) []byte { return append(append([]byte(nil), pre...), b...) }
				if parser.ShapeEnvVar(string(m)) {
					// a name the engine itself reads its shape from (TGI's
					// MAX_CONCURRENT_REQUESTS): renamed, the container's
					// -e would size nothing
					return keep(m)
				}
				if !keys[string(m)] && parser.CallerEnvVar(string(m)) {
					// the caller's environment (HF_HOME beside HF_TOKEN): not
					// a key of the case
					return keep(m)
				}
				if !keys[string(m)] && parser.EngineEnvVar(string(m)) && (parser.KnownEngineEnv(string(m)) || selfForwarded(src, string(m))) {
					// the engine's own environment (VLLM_HOST_IP, or one
					// forwarded as -e VLLM_X="$VLLM_X"): not a key of the case
					return keep(m)
				}
				return keep(append([]byte(tag+"_"), m...))
			})
		}
		out[rel] = addHeader(src, fmt.Sprintf("# synthetic serve repo %s (variant of %s)", strings.ToLower(tag), c.Name))
	}
	return out
}

// keyByte reports whether b may be part of a shell variable name.
func keyByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z'
}

// dispatched reports whether one of the script's functions carries the
// mode's name in its own (mode_bench for bench, run_kl_long for kl-long):
// "mode_$mode" runs it, and renamed in the guard naming it (serve|bench) ;;
// *) exit 2) the mode would run no function, the guard refusing the old name.
func dispatched(s *parser.Script, mode string) bool {
	n := strings.ReplaceAll(mode, "-", "_")
	for fn := range s.Funcs {
		if fn != n && (strings.HasSuffix(fn, "_"+n) || strings.HasPrefix(fn, n+"_")) {
			return true
		}
	}
	return false
}

// renameModes suffixes the non-proven modes a script declares by name.
func renameModes(path string, src []byte, tag string) []byte {
	s := parser.ParseScript(path, src)
	if s.File == nil {
		return src
	}
	s.Analyze(parser.RoleMatcher{})
	type edit struct {
		start, end int
		text       string
	}
	// A mode whose name is part of the variables the script reads
	// (QWEN_TP for qwen) keeps it: renamed, it would lose its keys.
	read := map[string]bool{}
	for _, pe := range s.Params() {
		read["_"+strings.ToUpper(pe.Param.Value)+"_"] = true
	}
	tied := func(m *parser.Mode) bool {
		tok := "_" + strings.ToUpper(strings.NewReplacer("-", "_", ".", "_").Replace(m.Name)) + "_"
		for name := range read {
			if strings.Contains(name, tok) {
				return true
			}
		}
		return false
	}
	var edits []edit
	for _, m := range s.Modes {
		// (one whose name names its file, . "$here/$mode.env": renamed, it
		// would read no file)
		if m.Role == parser.RoleProven || tied(m) || s.Funcs[m.Name] != nil || s.NamesFiles() || dispatched(s, m.Name) {
			continue // (a function of its name: "$1" runs it, renamed it would not)
		}
		decl := s.Text(m.Start, m.End)
		if decl != m.Name && decl != `"`+m.Name+`"` && decl != `'`+m.Name+`'` {
			continue // a dispatch function: leave it alone
		}
		suffix := tag
		if strings.ToUpper(m.Name) == m.Name && strings.ToLower(m.Name) != m.Name {
			// KL) beside MODE=${1^^}: an upper-case name keeps an
			// upper-case suffix, or no word the script folds reaches it.
			suffix = strings.ToUpper(tag)
		}
		q := regexp.QuoteMeta(m.Name)
		res := []*regexp.Regexp{regexp.MustCompile(`(^|[\s|("'=])` + q + `([\s|)"';]|$)`)}
		if shellWords[m.Name] {
			// Only where it is a mode: a case pattern or a test's operand.
			res = []*regexp.Regexp{
				regexp.MustCompile(`(^|[\s|(])` + q + `(\s*[|)])`),
				regexp.MustCompile(`(==?\s*["']?)` + q + `(["']?\s)`),
			}
		}
		for _, re := range res {
			for _, loc := range re.FindAllSubmatchIndex(src, -1) {
				// loc[3] is where the name starts, loc[4] where the suffix group starts.
				edits = append(edits, edit{loc[3], loc[4], m.Name + "-" + suffix})
			}
		}
	}
	if len(edits) == 0 {
		return src
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b []byte
	last := 0
	for _, e := range edits {
		if e.start < last {
			continue
		}
		b = append(b, src[last:e.start]...)
		b = append(b, e.text...)
		last = e.end
	}
	return append(b, src[last:]...)
}

// addHeader puts a comment line after the shebang (or first).
func addHeader(src []byte, line string) []byte {
	if len(src) == 0 {
		return []byte(line + "\n")
	}
	nl := "\n"
	if strings.Contains(string(src), "\r\n") {
		nl = "\r\n"
	}
	if strings.HasPrefix(string(src), "#!") {
		i := strings.IndexByte(string(src), '\n')
		if i < 0 {
			return []byte(string(src) + nl + line + nl)
		}
		return []byte(string(src[:i+1]) + line + nl + string(src[i+1:]))
	}
	if strings.HasPrefix(string(src), "\xef\xbb\xbf") {
		return src // a BOM stays first; the file differs by its directory
	}
	return []byte(line + nl + string(src))
}

// Tree is a generated tree.
type Tree struct {
	Root    string
	Repos   int
	Scripts []string // every shell script, sorted
	Envs    []string // every env file, sorted
	Bytes   int64
	Lines   int
}

// Generate writes n repos under dst (dst/repo-0000-<case>/…), taking the
// cases in turn, and returns the tree's scripts and env files.
func Generate(dst string, n int, cases []Case) (*Tree, error) {
	if len(cases) == 0 {
		return nil, fmt.Errorf("no cases")
	}
	t := &Tree{Root: dst, Repos: n}
	for i := 0; i < n; i++ {
		c := cases[i%len(cases)]
		dir := filepath.Join(dst, fmt.Sprintf("repo-%04d-%s", i, c.Name))
		files := Variant(c, i)
		rels := make([]string, 0, len(files))
		for rel := range files {
			rels = append(rels, rel)
		}
		sort.Strings(rels)
		for _, rel := range rels {
			p := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
				return nil, err
			}
			mode := os.FileMode(0o644)
			if st, err := os.Stat(filepath.Join(c.Dir, rel)); err == nil && st.Mode()&0o111 != 0 {
				mode = 0o755
			}
			b := files[rel]
			if err := os.WriteFile(p, b, mode); err != nil {
				return nil, err
			}
			t.Bytes += int64(len(b))
			t.Lines += strings.Count(string(b), "\n")
			if parser.IsEnvName(filepath.Base(rel)) {
				t.Envs = append(t.Envs, p)
			} else {
				t.Scripts = append(t.Scripts, p)
			}
		}
	}
	sort.Strings(t.Scripts)
	sort.Strings(t.Envs)
	return t, nil
}

// BigScript returns a launch script of about lines lines with modes modes
// (and the env file it sources), the kind a long-lived serving repo grows:
// a shared preamble, helper functions, one case branch per mode. Every mode
// is evaluable; some modes differ from the proven one so that rules report.
func BigScript(lines, modes int) (script, env []byte) {
	var e strings.Builder
	e.WriteString("# big.env: the proven shape\n")
	for _, kv := range [][2]string{{"BIG_MODEL", "/models/qwen38-a3b-bf16"}, {"BIG_MAX_MODEL_LEN", "32768"},
		{"BIG_TP", "2"}, {"BIG_MAX_SEQS", "8"}, {"BIG_MAX_BATCHED_TOKENS", "1024"}, {"BIG_PORT", "7770"},
		{"BIG_IMAGE", "radiance:2026.11.3"}, {"BIG_HOST_POOL_MIB", "98304"}} {
		fmt.Fprintf(&e, "%s=%s\n", kv[0], kv[1])
	}
	var b strings.Builder
	n := 0
	w := func(format string, args ...any) {
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
		n++
	}
	w("#!/usr/bin/env bash")
	w("# big.sh MODE: boot radiance in one of %d modes.", modes)
	w("set -euo pipefail")
	w(`here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)`)
	w(`. "$here/big.env"`)
	w(`mode=${1:?usage: big.sh MODE}`)
	w("args=(")
	w(`  serve "$BIG_MODEL"`)
	w(`  --max-model-len "$BIG_MAX_MODEL_LEN"`)
	w(`  --tp "$BIG_TP"`)
	w(`  --host-pool-mib "$BIG_HOST_POOL_MIB"`)
	w(`  --port "$BIG_PORT"`)
	w(")")
	// The mode dispatch: about 8 lines per mode.
	perMode := 8
	helpers := (lines - n - modes*perMode - 12) / 12
	for h := 0; h < helpers; h++ {
		w("")
		w("# helper %d: log rotation and health probing for the operator", h)
		w("helper_%d() {", h)
		w(`  local dir="/var/log/radiance/h%d"`, h)
		w(`  local keep=%d`, 3+h%5)
		w(`  if [[ -d "$dir" ]]; then`)
		w(`    find "$dir" -name '*.log' -mtime +"$keep" -print`)
		w("  fi")
		w(`  for i in 1 2 3; do`)
		w(`    curl -fsS "http://127.0.0.1:${BIG_PORT}/health" >/dev/null && return 0`)
		w("  done")
		w("}")
	}
	w(`case "$mode" in`)
	for m := 0; m < modes; m++ {
		name := "serve"
		switch {
		case m == 0:
		case m%4 == 1:
			name = fmt.Sprintf("kl%d", m)
		case m%4 == 2:
			name = fmt.Sprintf("bench%d", m)
		case m%4 == 3:
			name = fmt.Sprintf("calib%d", m)
		default:
			name = fmt.Sprintf("canary%d", m)
		}
		seqs, step := `"$BIG_MAX_SEQS"`, `"$BIG_MAX_BATCHED_TOKENS"`
		if m%7 == 3 {
			step = "4096"
		}
		if m%11 == 5 {
			seqs = "16"
		}
		w("  %s)", name)
		w("    # mode %d", m)
		w(`    args+=(--max-num-seqs %s`, seqs)
		w(`           --max-num-batched-tokens %s`, step)
		w(`           --ngram-placement disk)`)
		w(`    log=/var/log/radiance/%s.log`, name)
		w("    ;;")
		w("")
	}
	w("  *)")
	w(`    echo "unknown mode: $mode" >&2`)
	w("    exit 2")
	w("    ;;")
	w("esac")
	w(`exec docker run --rm --gpus all --network host \`)
	w(`  --env-file "$here/big.env" \`)
	w(`  "$BIG_IMAGE" radiance "${args[@]}" >>"$log" 2>&1`)
	w("# end of big.sh, keystroke 0")
	for n < lines {
		w("# end of big.sh, keystroke 0")
	}
	return []byte(b.String()), []byte(e.String())
}

// selfForwarded reports whether src hands the variable on under its own
// name (NAME="$NAME", NAME=${NAME}), as envowner reads such a word.
func selfForwarded(src []byte, name string) bool {
	q := regexp.QuoteMeta(name)
	return regexp.MustCompile(`\b` + q + `="?\$\{?` + q + `\b`).Match(src)
}

// ManyModes returns a launch script of n modes besides serve, each setting
// the value a shared launch line passes --max-num-seqs (or launching the
// engine itself), in one of the layouts "arms" (case arms), "funcs" (a
// function per mode, run as "mode_$1"), "elifs" (an if/elif chain on
// [[ $mode == … ]]) and "execs" (an exec per case arm), or "engines"
// (two modes, n engines started in the background), and the env file it
// sources. No real launcher has a thousand modes; a stranger's pull
// request may, and the lint must stay near linear in them.
func ManyModes(layout string, n int) (script, env []byte) {
	var b strings.Builder
	b.WriteString("#!/bin/bash\n. \"$(dirname \"$0\")/serve.env\"\n")
	launch := "exec vllm serve /m --max-num-seqs \"$s\"\n"
	switch layout {
	case "arms":
		b.WriteString("case \"${1:-serve}\" in\n  serve) s=$MAX_NUM_SEQS ;;\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "  m%d) s=%d ;;\n", i, i)
		}
		b.WriteString("  *) exit 2 ;;\nesac\n" + launch)
	case "funcs":
		b.WriteString("mode_serve() { s=$MAX_NUM_SEQS; }\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "mode_m%d() { s=%d; }\n", i, i)
		}
		b.WriteString("\"mode_${1:-serve}\"\n" + launch)
	case "elifs":
		b.WriteString("mode=${1:-serve}\nif [[ $mode == serve ]]; then s=$MAX_NUM_SEQS\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "elif [[ $mode == m%d ]]; then s=%d\n", i, i)
		}
		b.WriteString("else exit 2; fi\n" + launch)
	case "engines":
		// Not modes: n engines started in the background by both modes.
		b.WriteString("case \"${1:-serve}\" in serve) s=$MAX_NUM_SEQS ;; kl) s=4 ;; esac\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "vllm serve /m%d --max-num-seqs \"$s\" &\n", i)
		}
		b.WriteString("wait\n")
	case "execs":
		b.WriteString("case \"${1:-serve}\" in\n  serve) exec vllm serve /m --max-num-seqs \"$MAX_NUM_SEQS\" ;;\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "  m%d) exec vllm serve /m --max-num-seqs %d ;;\n", i, i)
		}
		b.WriteString("esac\n")
	default:
		panic("ManyModes: unknown layout " + layout)
	}
	return []byte(b.String()), []byte("MAX_NUM_SEQS=8\n")
}
