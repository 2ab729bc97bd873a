package gitdiff

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/parser"
)

// Gate is the outcome of a --changed-from run.
type Gate struct {
	Changes *Changes
	// Linted are the paths linted (relative to the working directory when
	// under it).
	Linted []string
	// Result holds the reported findings only; Dropped counts the findings
	// that were neither on a changed line nor new.
	Result  *lint.Result
	Dropped int
}

// EvaluatorFor builds the dry-run evaluator that reads files through
// readFile, so that REV's side is evaluated from REV's contents.
type EvaluatorFor func(readFile func(string) ([]byte, error)) lint.Evaluator

// Run lints what changed since rev in the work tree holding the working
// directory, within opts.Paths (default "."), and keeps the findings that
// are on changed lines or new since rev. evalFor builds REV's evaluator;
// nil reuses opts.Evaluator (which then reads sourced files from disk).
func Run(opts lint.Options, rev string, evalFor EvaluatorFor) (*Gate, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	ch, err := Load(wd, rev)
	if err != nil {
		return nil, err
	}
	return RunChanges(opts, ch, wd, evalFor)
}

// RunChanges is Run with the changes already loaded; wd is the working
// directory paths are relative to.
func RunChanges(opts lint.Options, ch *Changes, wd string, evalFor EvaluatorFor) (*Gate, error) {
	if len(opts.Paths) == 0 {
		opts.Paths = []string{"."}
	}
	rwd := wd
	if r, err := filepath.EvalSymlinks(wd); err == nil {
		rwd = r
	}
	rel := func(abs string) string {
		if r, ok := parser.RelWithin(rwd, abs); ok {
			return r
		}
		return abs
	}
	var roots []string
	for _, p := range opts.Paths {
		a, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		roots = append(roots, ch.real(a))
	}
	under := func(abs string) bool {
		for _, r := range roots {
			if abs == r || strings.HasPrefix(abs, r+string(filepath.Separator)) {
				return true
			}
		}
		return false
	}

	// The changed scripts and env files.
	var targets []string
	changedEnv := map[string]bool{}
	seen := map[string]bool{}
	for _, abs := range ch.Paths() {
		if !under(abs) {
			continue
		}
		p := rel(abs)
		if Excluded(opts.Exclude, p) || Excluded(opts.Exclude, abs) {
			continue
		}
		switch Kind(abs) {
		case KindEnv:
			changedEnv[abs] = true
		case KindScript:
		default:
			continue
		}
		targets = append(targets, p)
		seen[abs] = true
	}
	// The scripts that read a changed env file, or an env file a changed
	// script reads (so that what the env file owns is judged with all its
	// readers: a key the changed script stopped using may be another's).
	var covered []string
	if len(changedEnv) > 0 || len(targets) > 0 {
		changedScripts := map[string]bool{}
		for _, t := range targets {
			if a, err := filepath.Abs(t); err == nil && Kind(a) == KindScript {
				changedScripts[ch.real(a)] = true
			}
		}
		var readers []string
		readers, covered = related(opts, opts.Paths, changedEnv, changedScripts, ch.real)
		// Only a walk of directories finds every reader: with files named,
		// an env file's other readers may lie elsewhere; and an env file
		// outside the directories walked (conf/ beside scripts/) may have
		// readers that were not searched.
		for _, p := range opts.Paths {
			if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
				covered = nil
				break
			}
		}
		covered = slices.DeleteFunc(covered, func(e string) bool { return !under(e) })
		for _, s := range readers {
			a, err := filepath.Abs(s)
			if err != nil {
				continue
			}
			a = ch.real(a)
			if !seen[a] {
				seen[a] = true
				targets = append(targets, rel(a))
			}
		}
	}
	g := &Gate{Changes: ch, Linted: targets}
	if len(targets) == 0 {
		g.Result = &lint.Result{Contents: map[string][]byte{}}
		return g, nil
	}

	newOpts := opts
	newOpts.Paths = targets
	newOpts.Covered = covered
	cur, err := lint.Run(newOpts)
	if err != nil {
		return nil, err
	}

	// The same paths at the base, read from git.
	var oldPaths []string
	for _, p := range targets {
		a, _ := filepath.Abs(p)
		if f := ch.File(ch.real(a)); f == nil || !f.New() {
			oldPaths = append(oldPaths, p)
		}
	}
	type key struct {
		file, rule string
		line       int
	}
	old := map[key]bool{}
	if len(oldPaths) > 0 {
		oldOpts := opts
		oldOpts.Paths = oldPaths
		oldOpts.Covered = covered // judged alike at the base: an old unused key stays old
		oldOpts.ReadFile = ch.ReadOld
		if evalFor != nil && opts.Evaluator != nil {
			oldOpts.Evaluator = evalFor(ch.ReadOld)
		}
		prev, err := lint.Run(oldOpts)
		if err != nil {
			return nil, fmt.Errorf("linting %s: %w", ch.Rev, err)
		}
		// Files that cannot be read at the base are simply absent there:
		// their findings count as new.
		for _, f := range prev.Findings {
			old[key{f.File, f.Rule, f.Line}] = true
		}
	}

	kept := cur.Findings[:0]
	for _, f := range cur.Findings {
		a, _ := filepath.Abs(f.File)
		fc := ch.File(ch.real(a))
		onChanged := false
		for l := f.Line; l <= max(f.EndLine, f.Line); l++ {
			if fc.Changed(l) {
				onChanged = true
				break
			}
		}
		if !onChanged {
			if ol, ok := fc.OldLine(f.Line); ok && old[key{f.File, f.Rule, ol}] {
				g.Dropped++
				continue
			}
		}
		kept = append(kept, f)
	}
	cur.Findings = kept
	g.Result = cur
	return g, nil
}

// FileKind says whether a path is something servelint lints.
type FileKind = parser.FileKind

// The kinds of file servelint lints.
const (
	KindNone   = parser.KindNone
	KindScript = parser.KindScript
	KindEnv    = parser.KindEnv
)

// Kind classifies a path the way servelint's loader does (parser.Classify).
func Kind(path string) FileKind { return parser.Classify(path) }

// Excluded reports whether a path matches one of the exclude globs, as
// parser.LoadOptions.Exclude matches them.
func Excluded(globs []string, path string) bool { return parser.Excluded(globs, path) }

// related loads the scripts under roots once and returns the scripts that
// read a changed env file or an env file a changed script reads, and those
// env files (absolute, resolved): all their readers are then linted.
func related(opts lint.Options, roots []string, changedEnv, changedScripts map[string]bool, real func(string) string) (readers, envs []string) {
	u := parser.Load(parser.LoadOptions{Paths: roots, ReadFile: opts.ReadFile, Jobs: opts.Jobs,
		MaxFileSize: opts.MaxFileSize, MaxTotalSize: opts.MaxTotalSize, Roles: opts.Roles, Exclude: opts.Exclude, Owners: opts.Owners})
	set := map[string]bool{}
	for e := range changedEnv {
		set[e] = true
	}
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			return p
		}
		return real(a)
	}
	in := func(m map[string]bool, p string) bool { // as written, or resolved
		a, err := filepath.Abs(p)
		return err == nil && (m[a] || m[real(a)])
	}
	for _, s := range u.Scripts {
		if in(changedScripts, s.Path) {
			for _, e := range u.Owning[s.Path] {
				set[abs(e.Path)] = true
			}
		}
	}
	for _, s := range u.Scripts {
		for _, e := range u.Owning[s.Path] {
			if in(set, e.Path) {
				readers = append(readers, s.Path)
				break
			}
		}
	}
	for e := range set {
		envs = append(envs, e)
	}
	sort.Strings(envs)
	return readers, envs
}

// Readers returns the scripts under roots that read one of the env files
// (absolute paths): it parses the scripts (no rule runs) to resolve what
// they source or hand to docker --env-file.
func Readers(opts lint.Options, roots []string, envs map[string]bool) []string {
	readers, _ := related(opts, roots, envs, nil, realPath)
	return readers
}

// ExplicitEnvReaders returns, for the env files named on the command line
// (pre-commit passes the changed files), the scripts under the working
// directory that read them and are not already named. It searches only
// inside a git work tree (pre-commit runs at its root), never a whole home
// directory.
func ExplicitEnvReaders(opts lint.Options) []string {
	envs := map[string]bool{}
	named := map[string]bool{}
	for _, p := range opts.Paths {
		a, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		named[realPath(a)] = true
		if st, err := os.Stat(p); err == nil && !st.IsDir() && parser.IsEnvName(filepath.Base(p)) {
			envs[realPath(a)] = true
		}
	}
	if len(envs) == 0 || parser.WorkTree(".") == "" {
		return nil
	}
	var out []string
	for _, s := range Readers(opts, []string{"."}, envs) {
		a, err := filepath.Abs(s)
		if err != nil || named[realPath(a)] {
			continue
		}
		out = append(out, s)
	}
	return out
}

func realPath(abs string) string {
	if r, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(r, filepath.Base(abs))
	}
	return abs
}
