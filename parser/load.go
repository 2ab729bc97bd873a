package parser

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/fsread"
	"github.com/servelint/servelint/internal/warm"
)

// DefaultMaxFileSize is the largest file servelint analyses by default.
const DefaultMaxFileSize = 2 << 20

// DefaultMaxTotalSize bounds the bytes of the scripts and env files one run
// analyses by default: a script dense with words costs about a hundred
// times its size in memory once parsed and modelled (a 2 MiB file of short
// commands: 263 MB allocated), and the model of every file is held until
// the findings are printed, so fifty such files (96 MB) took 7.4 GB and
// 207 s (at 32 MiB, sixteen of them still took 2.4 GB). 16 MiB is
// hundreds of times a serve repository's scripts.
const DefaultMaxTotalSize = 16 << 20

// LoadOptions says what to load and how.
type LoadOptions struct {
	// Paths are the files and directories to lint (default ".").
	Paths []string
	// Covered names env files (absolute) all of whose readers are among
	// Paths (Unit.Covered).
	Covered []string
	// ReadFile reads a file; it lets editors lint unsaved text. Default
	// os.ReadFile (fsread.ReadFile: the same, in fewer system calls).
	ReadFile func(path string) ([]byte, error)
	readDisk bool // ReadFile is the default
	// Jobs bounds the parsing workers (default 4).
	Jobs int
	// Walked, when set, is told the bytes of the files the walk and the
	// paths named found to analyse (those MaxTotalSize keeps), once,
	// before any is read: what the model will grow from (cmd/servelint
	// sizes the heap's huge pages from it).
	Walked func(bytes int64)
	// MaxFileSize is the size past which a file is reported, not parsed.
	MaxFileSize int64
	// MaxTotalSize bounds the bytes of the files the walk and the command
	// line name (scripts, then env files, each in walk order); the files
	// past it are reported, not parsed. Default DefaultMaxTotalSize.
	MaxTotalSize int64
	// overTotal holds the files past MaxTotalSize, with their sizes.
	overTotal map[string]int64
	// named counts, against MaxTotalSize after the walked files, the
	// files the scripts name that the walk did not count (sourced env
	// files and libraries, scripts a mode runs): see readNamed.
	named *namedTotal
	// Roles overrides how modes get their roles.
	Roles RoleMatcher
	// Exclude skips paths matching these globs (matched against the path
	// and its base name).
	Exclude []string
	// Owners names the owner key of flags the key names cannot tell.
	Owners map[string]string
	// Engine forces an engine profile by name: every invocation uses it, and
	// an unknown program passed its shape flags counts as the engine.
	Engine string
}

// Unit is everything servelint knows about the linted files: the scripts,
// the env files, and who reads which.
type Unit struct {
	Scripts []*Script
	Envs    []*EnvFile
	envs    map[string]*EnvFile
	// envsReal indexes the loaded env files by real path (see sameFile);
	// nil until a script names an env file the walk did not.
	envsReal map[string]*EnvFile
	// ComposeRefs are, for each `.env` with a compose file beside it, the
	// keys that compose file interpolates ("*": all of them; readCompose).
	ComposeRefs map[string]map[string]bool
	// Readers says which programs read each env file, by path.
	Readers map[string]Reader
	// CRStripped holds the env files every bash reading of which deletes
	// each line's '\r' first (SourceRef.StripsCR): their CRLF line
	// endings reach no bash value.
	CRStripped map[string]bool
	// Owning lists, per script path, the env files that own its numbers.
	Owning map[string][]*EnvFile
	// NamedOnly holds the scripts whose owning env file is only the one
	// named as the script is (serve.sh's serve.env): the script neither
	// sources it nor hands it to docker, so how the file is read (inside a
	// container, by a service manager) is not seen.
	NamedOnly map[string]bool
	// Errors are files that could not be read (exit 3).
	Errors []error
	// TooBig are files skipped for their size.
	TooBig []string
	// EnvTooBig are the env files among TooBig, each with the problem to
	// report at its start (a script's is its Err).
	EnvTooBig []EnvProblem
	// OwnerKeys are owners named by the config, flag → key.
	OwnerKeys map[string]string
	// walked are the directories whose scripts were all loaded (walked, or
	// looked through for an env file given alone): Covered.
	walked []string
	// walkedAbs is walked made absolute, once (Covered).
	walkedAbs     []string
	walkedAbsOnce sync.Once
	covered       map[string]bool // LoadOptions.Covered
	// Roots are the directories (or files' directories) that were linted;
	// the evaluator may read only inside them.
	Roots []string

	mu     sync.Mutex
	owners map[ownerKey]map[string]Owner
	// models caches modelIn by mode (OtherModel, asked per flag).
	models map[*Mode]modelVal
	// sidecars caches SidecarModel by invocation (asked per flag).
	sidecars map[*Invocation]bool
	// provens caches each script's proven mode (OtherModel, asked per
	// mode: a scan of the modes each time was quadratic in a mode table
	// of 50,000 keys, 9 s of privateshape).
	provens map[*Script]*Mode

	indexOnce sync.Once
	readers   map[*EnvFile][]*Script
	byDir     map[dirBase][]*Script // by (directory, base name)
	byGrand   map[dirBase][]*Script // by (the directory's parent, base name)
	order     map[*Script]int
	bases     map[string]bool
	byPath    map[string]*Script

	realRootsOnce sync.Once
	realRoots     []string           // Roots with symlinks resolved
	readable      map[string]bool    // readableInRoots, by path (link is sequential)
	symlinks      resolver           // the directories checkReadable resolved
	pending       map[string]envRead // env files prefetchSources read, for loadEnv
	// assignSh are the sourced shell files made only of assignments
	// (assignFiles): owning env files, not libraries.
	assignSh map[string]bool
	// libRefs holds, for a script that sources a shell library which
	// sources env files, its sources with the library's (sourcesOf).
	libRefs map[string]map[string][]*SourceRef // script → library → its sources
	// libScripts holds the scripts and libraries withLibRunners read, by
	// path, until withLibSources reads them again.
	libScripts map[string]*Script

	// children are the scripts of the tree other scripts run
	// (withChildScripts), by path, those the walk did not meet included.
	children map[string]*Script
	// childOwned are, by script path, the owning env files that reach the
	// script's engine only through a script it runs (withChildOwners):
	// the script's own shell has none of their keys (ShellReads).
	childOwned map[string]map[*EnvFile]bool

	// wd is the working directory Load started in ("" when unknown): Abs
	// makes relative paths absolute against it.
	wd string

	// Which script outside the walked directories reads each env file
	// asked about ("" none: readOutside).
	outsideMu   sync.Mutex
	outsideRead map[string]string
	workTrees   map[string]string // WorkTree by directory (workTree)

	// hasGit remembers, by directory, its .git entry (gitEntry):
	// the parents of every script were looked at once per script (strace
	// on 1,600 repos: 2,681 lstats of each directory above the tree).
	hasGit sync.Map // string → gitEntry
}

// ScriptAt returns the loaded script at path.
func (u *Unit) ScriptAt(path string) *Script {
	u.indexOnce.Do(u.buildIndex)
	return u.byPath[path]
}

// FileKind says whether a path is something servelint lints.
type FileKind int

// The kinds of file servelint lints.
const (
	KindNone FileKind = iota
	KindScript
	KindEnv
)

// IsEnvName reports whether a base name is an env file's.
func IsEnvName(base string) bool {
	return strings.HasSuffix(base, ".env") || base == ".env" || strings.HasPrefix(base, ".env.")
}

// Classify says what a path is, the one way the loader, the walk and the CI
// gate all decide it: env files by name, scripts by extension (.sh, .bash)
// or, for a name without an extension (or ending in .in), by a sh/bash
// shebang in its first bytes.
func Classify(path string) FileKind {
	return classify(path, func() []byte { return readHead(path) })
}

// ClassifyText is Classify for a file whose text is given (an editor's
// buffer): the shebang is looked for in text, not on disk.
func ClassifyText(path string, text []byte) FileKind {
	return classify(path, func() []byte { return text[:min(len(text), headSize)] })
}

func classify(path string, readHead func() []byte) FileKind {
	base := filepath.Base(path)
	switch {
	case IsEnvName(base):
		return KindEnv
	case strings.HasSuffix(base, ".sh") || strings.HasSuffix(base, ".bash"):
		return KindScript
	}
	// Slurm job files (serve.sbatch, job.slurm) are scripts when their
	// shebang says so, like a name with no extension.
	if strings.Contains(base, ".") && !strings.HasSuffix(base, ".in") && !strings.HasSuffix(base, ".sbatch") && !strings.HasSuffix(base, ".slurm") {
		return KindNone
	}
	head := readHead()
	if len(head) > 2 && head[0] == '#' && head[1] == '!' {
		if _, ok := ShebangVariant(head); ok {
			return KindScript
		}
	}
	return KindNone
}

func (o *LoadOptions) excluded(path string) bool { return Excluded(o.Exclude, path) }

// Excluded reports whether a path matches one of the exclude globs: the path
// or its base name, or a directory prefix for a glob ending in "/**".
func Excluded(globs []string, path string) bool {
	for _, g := range globs {
		if ok, _ := filepath.Match(g, path); ok {
			return true
		}
		if ok, _ := filepath.Match(g, filepath.Base(path)); ok {
			return true
		}
		if strings.HasSuffix(g, "/**") && strings.HasPrefix(path, strings.TrimSuffix(g, "**")) {
			return true
		}
	}
	return false
}

// Load walks the paths, parses every script and env file, follows the env
// files the scripts read, and builds the model.
func Load(opts LoadOptions) *Unit {
	if opts.ReadFile == nil {
		opts.ReadFile = fsread.ReadFile
		opts.readDisk = true
	}
	if opts.Jobs <= 0 {
		opts.Jobs = 4
	}
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = DefaultMaxFileSize
	}
	if opts.MaxTotalSize <= 0 {
		opts.MaxTotalSize = DefaultMaxTotalSize
	}
	opts.named = &namedTotal{}
	if len(opts.Paths) == 0 {
		opts.Paths = []string{"."}
	}
	u := &Unit{envs: map[string]*EnvFile{}, Readers: map[string]Reader{}, Owning: map[string][]*EnvFile{}, OwnerKeys: opts.Owners}
	u.covered = map[string]bool{}
	for _, c := range opts.Covered {
		u.covered[c] = true
	}
	var scripts, envs []string
	var explicitEnvs, links []string
	sizes := map[string]int64{} // on disk, as the walk or a stat met them
	// seen holds the files taken, by absolute name with the directory's
	// symlinks resolved: one named as a relative and as an absolute path,
	// inside a directory also named, or through a symlinked directory (or
	// working directory) is one file, linted once. (A symlink's own name
	// stays its own: run through it, $0 and the files beside it differ.)
	seen := map[string]bool{}
	wd, _ := os.Getwd()
	u.wd = wd
	dirs := map[string]string{} // directory → its real path
	key := func(p string) string {
		if wd != "" && !filepath.IsAbs(p) {
			p = filepath.Join(wd, p)
		}
		dir, base := filepath.Split(p)
		real, ok := dirs[dir]
		if !ok {
			var err error
			if real, err = u.symlinks.realDir(dir); err != nil { // RealPath(dir)
				real = filepath.Clean(dir) // a buffer's directory need not exist
			}
			dirs[dir] = real
		}
		return filepath.Join(real, base)
	}
	for _, p := range opts.Paths {
		p = filepath.Clean(p)
		st, err := os.Stat(p)
		link := false
		if fi, lerr := os.Lstat(p); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 && inWorkingDir(p) && (err != nil || !st.IsDir()) {
			// Decided below, once every root is known, and whether the
			// target exists or not (a dangling link gives no other answer:
			// no oracle of the runner's files).
			link, err, st = true, nil, nil
		}
		if err != nil {
			// An editor buffer (standard input) may not exist on disk; one
			// over the size limit is reported as a file on disk is.
			if _, rerr := opts.ReadFile(p); rerr == nil || errors.As(rerr, new(*fsread.TooBigError)) {
				st = nil
			} else {
				u.Errors = append(u.Errors, err)
				continue
			}
		}
		if st != nil && st.IsDir() {
			u.Roots = append(u.Roots, p)
			u.walked = append(u.walked, p)
			u.addWorkingRoot(p)
			walkKey := walkedKey(p, wd, &u.symlinks, key)
			walkDir(p, &opts, u, func(path string, k FileKind, size int64) {
				pk := walkKey(path)
				if seen[pk] {
					return
				}
				seen[pk] = true
				sizes[path] = size
				if k == KindScript {
					scripts = append(scripts, path)
				} else {
					envs = append(envs, path)
				}
			})
			continue
		}
		u.Roots = append(u.Roots, filepath.Dir(p))
		u.addWorkingRoot(p)
		if seen[key(p)] {
			continue
		}
		seen[key(p)] = true
		if st != nil && st.Mode().IsRegular() {
			sizes[p] = st.Size()
		}
		if link {
			links = append(links, p)
		}
		if IsEnvName(filepath.Base(p)) {
			envs = append(envs, p)
			explicitEnvs = append(explicitEnvs, p)
		} else {
			scripts = append(scripts, p)
		}
	}
	// A file of the working tree named on the command line through a
	// symlink is read only when the link leads inside the linted tree: a
	// shell glob or a pre-commit hook hands servelint the pull request's
	// file names, and a link there (x.sh -> /home/runner/.ssh/…) would have
	// its target read and quoted. (A path outside the working directory,
	// such as <(git show …)'s /dev/fd/N, is the caller's own.)
	if len(links) > 0 {
		out := map[string]bool{}
		for _, p := range links {
			if !u.readableInRoots(p) && !inOwnRepo(p) {
				out[p] = true
				u.Errors = append(u.Errors, fmt.Errorf("%s: not read: a symlink leading out of the linted tree", p))
			}
		}
		scripts = slices.DeleteFunc(scripts, func(p string) bool { return out[p] })
		envs = slices.DeleteFunc(envs, func(p string) bool { return out[p] })
		explicitEnvs = slices.DeleteFunc(explicitEnvs, func(p string) bool { return out[p] })
	}
	// Scripts that may read an env file given alone: those beside it and
	// one directory up (one level each, not a walk of the tree); the ones
	// that do not read it are linted too, which is cheap and harmless.
	for _, e := range explicitEnvs {
		for _, dir := range []string{filepath.Dir(e), filepath.Dir(filepath.Dir(e))} {
			entries, err := os.ReadDir(dir)
			if err != nil {
				continue
			}
			for _, d := range entries {
				path := filepath.Join(dir, d.Name())
				if !d.Type().IsRegular() || seen[key(path)] || opts.excluded(path) {
					continue
				}
				if Classify(path) == KindScript {
					seen[key(path)] = true
					scripts = append(scripts, path)
					if fi, err := d.Info(); err == nil {
						sizes[path] = fi.Size()
					}
				}
			}
		}
	}
	opts.overTotal = pastTotal(slices.Concat(scripts, envs), sizes, &opts)
	if opts.Walked != nil {
		opts.Walked(min(opts.named.walkedBytes(), opts.MaxTotalSize))
	}
	u.Scripts = parseAll(scripts, &opts, u)
	// The walked env files are read and parsed on the other cores while
	// this one links the scripts to their libraries and the scripts they
	// run (a runtime trace of 1,600 repos: those two steps were 25 ms on
	// one core, the env files 18 ms on two after them). readEnv touches
	// nothing of the unit; what it read is added in the walk's order.
	envReads := make([]envRead, len(envs))
	waitEnvs := warm.Start(len(envs), max(opts.Jobs-1, 1), func(i int) { envReads[i] = readEnv(envs[i], &opts) })
	u.withLibRunners(&opts)
	u.withChildScripts(&opts)
	sort.Slice(u.Scripts, func(i, j int) bool { return u.Scripts[i].Path < u.Scripts[j].Path })
	waitEnvs()
	u.addEnvs(envs, envReads)
	u.withLibSources(&opts)
	u.link(&opts)
	u.readCompose(&opts)
	u.withEnvValues(&opts)
	u.withEnvFlags(&opts)
	u.coverLooked(explicitEnvs)
	return u
}

// walkedKey returns key for the files a walk of root meets: the walk
// follows no symlink, so every directory it meets below the root is the
// root's real path joined with the rest, and only the root is resolved
// (pprof on 1,600 repos: an lstat per directory, one after the other, was
// a third of the walk's wall time).
func walkedKey(root, wd string, r *resolver, key func(string) string) func(string) string {
	abs := root
	if wd != "" && !filepath.IsAbs(abs) {
		abs = filepath.Join(wd, abs)
	}
	real, err := r.realDir(filepath.Clean(abs) + string(filepath.Separator))
	if err != nil {
		return key
	}
	prefix := root + string(filepath.Separator)
	if root == "." {
		prefix = "" // the walk's paths are filepath.Join(".", name): name
	}
	return func(path string) string {
		if rest, ok := strings.CutPrefix(path, prefix); ok && rest != "" {
			return filepath.Join(real, rest)
		}
		return key(path)
	}
}

// pastTotal returns the files (with their sizes) that come after the
// first MaxTotalSize bytes of files, in order. A file over MaxFileSize is
// not read, and does not count.
func pastTotal(paths []string, sizes map[string]int64, opts *LoadOptions) map[string]int64 {
	var total int64
	var past map[string]int64
	for _, p := range paths {
		n := sizes[p]
		if n > opts.MaxFileSize {
			continue
		}
		if total += n; total > opts.MaxTotalSize {
			if past == nil {
				past = map[string]int64{}
			}
			past[p] = n
		}
	}
	opts.named.start(paths, total)
	return past
}

// namedTotal is the running count of the bytes one load reads: the walked
// files (pastTotal), then each file a script names, once. A script that
// sources a hundred 2 MiB files of assignments the walk does not take
// (lib0.txt … lib99.txt) was bounded file by file only: twelve of them
// took 1.3 GB and 13 s.
type namedTotal struct {
	mu      sync.Mutex
	total   int64
	counted map[string]bool  // paths counted (walked ones included)
	past    map[string]int64 // named files past the bound, with their sizes
}

// start counts the walked files, whose bytes pastTotal added up.
func (t *namedTotal) start(walked []string, total int64) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.total = total
	t.counted = make(map[string]bool, len(walked))
	for _, p := range walked {
		t.counted[p] = true
	}
}

// walkedBytes is the total start was given (files past MaxTotalSize
// included).
func (t *namedTotal) walkedBytes() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.total
}

// has reports whether p was counted already (walked, named or
// reserved).
func (t *namedTotal) has(p string) bool {
	if t == nil {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.counted[p]
}

// add counts a named file of n bytes the first time it is met, and reports
// whether it comes past the bound (the answer stays the same for it).
func (t *namedTotal) add(p string, n, limit int64) (size int64, past bool) {
	if t == nil {
		return n, false // options not made by Load: no running count
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.counted[p] {
		size, past = t.past[p]
		return size, past
	}
	if t.counted == nil {
		t.counted = map[string]bool{}
	}
	t.counted[p] = true
	if t.total += n; t.total > limit {
		if t.past == nil {
			t.past = map[string]int64{}
		}
		t.past[p] = n
		return n, true
	}
	return n, false
}

// reserveNamed counts, in order, the named files about to be read
// concurrently (by their size on disk), so that which of them pass the
// bound does not depend on which read finishes first. Only when reading
// from disk; an editor's or a revision's text is counted as it is read.
func (opts *LoadOptions) reserveNamed(paths []string) {
	if !opts.readDisk {
		return
	}
	for _, p := range paths {
		if opts.named.has(p) {
			continue // walked: counted with the walk's size
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Size() <= opts.MaxFileSize {
			opts.named.add(p, fi.Size(), opts.MaxTotalSize)
		}
	}
}

// coverLooked marks the env files given alone that a script beside them or
// one directory up reads as covered: their readers are taken to be those.
// That look is one level each, not a walk: it covers neither the other env
// files those scripts read nor an env file no script there reads (conf/x.env
// read by bin/run.sh as ../conf/x.env), whose readers were not loaded; a
// suppression there would be judged unused for want of its readers' findings.
func (u *Unit) coverLooked(explicitEnvs []string) {
	for _, p := range explicitEnvs {
		e := u.envs[p]
		if e == nil {
			continue
		}
		read := false
		for _, s := range u.Scripts {
			if slices.Contains(u.Owning[s.Path], e) {
				read = true
				break
			}
		}
		if !read {
			continue
		}
		if ap, err := u.Abs(e.Path); err == nil {
			u.covered[ap] = true
		}
	}
}

// walkDir walks a directory for scripts and env files, skipping .git, vendor
// and node_modules, never following symlinked directories.
func walkDir(root string, opts *LoadOptions, u *Unit, add func(string, FileKind, int64)) {
	// The root's subdirectories are walked on every worker (a runtime
	// trace on 1,600 repos: the walk was the first 15 ms of the run, on one
	// core); what each walk finds is handed over in the order one walk of
	// the whole tree would have met it.
	entries, err := os.ReadDir(root)
	if err != nil {
		u.Errors = append(u.Errors, err)
		return
	}
	found := make([]walkFound, len(entries))
	var subdirs []int
	for i, d := range entries {
		path := filepath.Join(root, d.Name())
		if d.IsDir() {
			if !skipDir(d.Name(), path, opts) {
				subdirs = append(subdirs, i)
			}
			continue
		}
		found[i].file(path, d, opts)
	}
	warm.Each(len(subdirs), opts.Jobs, func(j int) {
		i := subdirs[j]
		found[i].tree(filepath.Join(root, entries[i].Name()), opts)
	})
	for _, f := range found {
		u.Errors = append(u.Errors, f.errs...)
		for _, p := range f.paths {
			add(p.path, p.kind, p.size)
		}
	}
}

// skipDir reports whether the walk leaves out a directory below its root.
func skipDir(name, path string, opts *LoadOptions) bool {
	return name == ".git" || name == "vendor" || name == "node_modules" || opts.excluded(path)
}

// walkFound is what the walk met below one entry of its root, in order.
type walkFound struct {
	paths []foundFile
	errs  []error
}

type foundFile struct {
	path string
	kind FileKind
	size int64 // lstat's, for MaxTotalSize
}

// file records a file the walk meets, if the linter reads it.
func (f *walkFound) file(path string, d fs.DirEntry, opts *LoadOptions) {
	if !d.Type().IsRegular() || opts.excluded(path) {
		return // symlinks and devices are not followed
	}
	if k := Classify(path); k != KindNone {
		var size int64
		if fi, err := d.Info(); err == nil {
			size = fi.Size()
		}
		f.paths = append(f.paths, foundFile{path, k, size})
	}
}

// tree walks a subdirectory of the root, never following symlinks.
func (f *walkFound) tree(dir string, opts *LoadOptions) {
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			f.errs = append(f.errs, err)
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if path != dir && skipDir(d.Name(), path, opts) {
				return fs.SkipDir
			}
			return nil
		}
		f.file(path, d, opts)
		return nil
	})
}

// headSize is how much of a file Classify reads for a shebang.
const headSize = 128

func readHead(path string) []byte {
	// A regular file only, never through a symlink: a link in the tree to
	// /dev/stdout or a FIFO would block the read (--changed-from classifies
	// the pull request's extension-less files with it), and one leading
	// out of the tree is not the tree's.
	if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer func() { _ = f.Close() }()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil // swapped for something else since the Lstat
	}
	b := make([]byte, headSize)
	n, _ := io.ReadFull(f, b)
	return b[:n]
}

// read reads a file through opts.ReadFile, unless it is over
// MaxFileSize: then big says so. Reading from disk (no ReadFile given), the
// size comes from the open file's fstat and nothing is read. A given
// ReadFile (an editor's text, a file at a git revision) is checked by the
// size of what it returns, which need not be the disk file's; it may refuse
// a big file itself with an *fsread.TooBigError (fsread.Read).
func (opts *LoadOptions) read(p string) (src []byte, big *fsread.TooBigError, err error) {
	if n, past := opts.overTotal[p]; past {
		return nil, &fsread.TooBigError{Path: p, Size: n, Limit: opts.MaxTotalSize, Total: true}, nil
	}
	if opts.readDisk {
		src, err = fsread.Read(p, opts.MaxFileSize)
	} else {
		src, err = opts.ReadFile(p)
		if err == nil && int64(len(src)) > opts.MaxFileSize {
			return nil, &fsread.TooBigError{Path: p, Size: int64(len(src)), Limit: opts.MaxFileSize}, nil
		}
	}
	if errors.As(err, &big) {
		return nil, big, nil
	}
	return src, nil, err
}

// readNamed is read for a file a script names (a sourced env file or
// library, a script it runs), which the walk did not pick: on disk, a
// regular file only, through symlinks (readableInRoots vetted where they
// lead). A FIFO in the tree that a writer held open kept such a read, and
// the whole run, waiting forever (`. "$here/x.env"`, `exec
// "$here/launch.sh"`, an overlay's `. "$here/$mode.env"`); a file given on
// the command line may still be a pipe (<(git show REV:run.sh)).
//
// The bytes of every named file count against MaxTotalSize, after the
// walked files (namedTotal): one past it is not read (from disk, its size
// is known first) or is dropped, and said to be past the bound.
func (opts *LoadOptions) readNamed(p string) (src []byte, big *fsread.TooBigError, err error) {
	if opts.readDisk {
		if opts.named.has(p) {
			// Walked (or reserved): its count is the one the walk or
			// reserveNamed made, no stat needed (strace of 1,600 repos: a
			// stat of every sourced env file, twice, one after the other).
			if n, past := opts.named.add(p, 0, opts.MaxTotalSize); past {
				return nil, &fsread.TooBigError{Path: p, Size: n, Limit: opts.MaxTotalSize, Total: true}, nil
			}
		} else if fi, serr := os.Stat(p); serr == nil && fi.Mode().IsRegular() && fi.Size() <= opts.MaxFileSize {
			if n, past := opts.named.add(p, fi.Size(), opts.MaxTotalSize); past {
				return nil, &fsread.TooBigError{Path: p, Size: n, Limit: opts.MaxTotalSize, Total: true}, nil
			}
		}
		src, err = fsread.ReadRegularFollow(p, opts.MaxFileSize)
		if errors.As(err, &big) {
			return nil, big, nil
		}
		return src, nil, err
	}
	src, big, err = opts.read(p)
	if err == nil && big == nil {
		if n, past := opts.named.add(p, int64(len(src)), opts.MaxTotalSize); past {
			return nil, &fsread.TooBigError{Path: p, Size: n, Limit: opts.MaxTotalSize, Total: true}, nil
		}
	}
	return src, big, err
}

// tooBigMsg is the problem reported for a script over the size limit.
func tooBigMsg(p string, big *fsread.TooBigError) string {
	if big.Total && big.Size > big.Limit {
		return fmt.Sprintf("not analysed: %s is %d bytes, over the %d-byte limit on all the files together (--max-total-size)", filepath.Base(p), big.Size, big.Limit)
	}
	if big.Total {
		return fmt.Sprintf("not analysed: %s comes after the first %d bytes of the files linted together (--max-total-size): lint fewer paths at a time, or raise the limit", filepath.Base(p), big.Limit)
	}
	if big.Size < 0 {
		// A pipe or standard input (-, /dev/fd/63): its name says little.
		return fmt.Sprintf("not analysed: the input is over the %d-byte limit (--max-file-size)", big.Limit)
	}
	return fmt.Sprintf("not analysed: %s is %d bytes, over the %d-byte limit (--max-file-size)", filepath.Base(p), big.Size, big.Limit)
}

// analyzeScript builds a parsed script's model; a variable so that a test
// can make it fail.
var analyzeScript = func(s *Script, roles RoleMatcher) { s.Analyze(roles) }

func parseAll(paths []string, opts *LoadOptions, u *Unit) []*Script {
	out := make([]*Script, len(paths))
	errs := make([]error, len(paths))
	big := make([]bool, len(paths))
	warm.Each(len(paths), opts.Jobs, func(i int) {
		p := paths[i]
		src, tooBig, err := opts.read(p)
		if tooBig != nil {
			big[i] = true
			s := &Script{Path: p, Assigns: map[string][]*Assign{}, Funcs: map[string]*syntax.FuncDecl{}}
			s.Err = &Problem{Line: 1, Col: 1, Msg: tooBigMsg(p, tooBig)}
			out[i] = s
			return
		}
		if err != nil {
			errs[i] = err
			return
		}
		defer func() {
			// A bug of the model on one script fails that file (exit 3,
			// said with its path), not the whole run: the other files are
			// still linted and their findings printed.
			if r := recover(); r != nil {
				out[i], errs[i] = nil, fmt.Errorf("%s: internal error while modelling the script (please report it): %v", p, r)
			}
		}()
		s := ParseScript(p, src)
		s.Engine = Profiles[opts.Engine]
		s.GitTop = u.gitTop(p)
		s.TreeFiles = func(dir string) []string { return u.treeFiles(dir, opts) }
		analyzeScript(s, opts.Roles)
		out[i] = s
	})
	var kept []*Script
	for i, s := range out {
		if errs[i] != nil {
			u.Errors = append(u.Errors, errs[i])
			continue
		}
		if big[i] {
			u.TooBig = append(u.TooBig, paths[i])
		}
		if s != nil {
			kept = append(kept, s)
		}
	}
	return kept
}

func (u *Unit) loadEnv(path string, opts *LoadOptions) *EnvFile {
	if e, ok := u.envs[path]; ok {
		return e
	}
	// A name not seen yet may still be a file already loaded, by another
	// spelling (an absolute path, a symlink): one file is one EnvFile, or
	// its fixes would be written twice.
	if e := u.sameFile(path); e != nil {
		u.envs[path] = e
		return e
	}
	if r, ok := u.pending[path]; ok {
		delete(u.pending, path)
		return u.addEnv(path, r)
	}
	return u.addEnv(path, readNamedEnv(path, opts))
}

// EnvProblem is a problem of an env file that could not be parsed.
type EnvProblem struct {
	Path string
	Msg  string
}

// envRead is an env file read and parsed, or why not.
type envRead struct {
	e      *EnvFile
	tooBig *fsread.TooBigError
	err    error
}

// readEnv reads and parses one env file; it touches no Unit state, so
// many run at once.
func readEnv(path string, opts *LoadOptions) envRead {
	return readEnvWith(path, opts.read)
}

// readNamedEnv is readEnv for an env file a script names (readNamed).
func readNamedEnv(path string, opts *LoadOptions) envRead {
	return readEnvWith(path, opts.readNamed)
}

func readEnvWith(path string, read func(string) ([]byte, *fsread.TooBigError, error)) envRead {
	src, tooBig, err := read(path)
	if tooBig != nil {
		return envRead{tooBig: tooBig}
	}
	if err != nil {
		return envRead{err: err}
	}
	return envRead{e: ParseEnv(path, src)}
}

// addEnv records what readEnv returned for path.
func (u *Unit) addEnv(path string, r envRead) *EnvFile {
	switch {
	case r.tooBig != nil:
		u.TooBig = append(u.TooBig, path)
		u.EnvTooBig = append(u.EnvTooBig, EnvProblem{Path: path, Msg: tooBigMsg(path, r.tooBig)})
	case r.err != nil:
		if !errors.Is(r.err, fs.ErrNotExist) {
			u.Errors = append(u.Errors, r.err)
		}
	default:
		u.Envs = append(u.Envs, r.e)
	}
	u.envs[path] = r.e
	if u.envsReal != nil && r.e != nil {
		if k := u.realKey(path); k != "" {
			if _, dup := u.envsReal[k]; !dup {
				u.envsReal[k] = r.e
			}
		}
	}
	return r.e
}

// sameFile returns the env file already loaded that path names by another
// spelling, or nil. The index of loaded files by real path is built on the
// first call: most scripts name their env file as the walk found it.
func (u *Unit) sameFile(path string) *EnvFile {
	if u.envsReal == nil {
		u.envsReal = map[string]*EnvFile{}
		for _, e := range u.Envs {
			if k := u.realKey(e.Path); k != "" {
				if _, dup := u.envsReal[k]; !dup {
					u.envsReal[k] = e
				}
			}
		}
	}
	k := u.realKey(path)
	if k == "" {
		return nil
	}
	return u.envsReal[k]
}

// realKey is path with symlinks resolved, absolute; "" when it cannot be
// resolved (not on disk).
func (u *Unit) realKey(path string) string {
	real, err := u.symlinks.evalFile(path)
	if err != nil {
		return ""
	}
	if abs, err := u.Abs(real); err == nil {
		return abs
	}
	return real
}

// addEnvs adds the env files the walk found (each once: the walk dedups),
// with what readEnv read of each, in order; a path already loaded (a
// library or a script the unit links sourced it first) keeps that.
func (u *Unit) addEnvs(paths []string, reads []envRead) {
	for i, p := range paths {
		if _, ok := u.envs[p]; !ok {
			u.addEnv(p, reads[i])
		}
	}
}

// link resolves which env files each script reads and how.
func (u *Unit) link(opts *LoadOptions) {
	u.prefetchSources(opts)
	crStrip, crKeep := map[string]bool{}, map[string]bool{}
	defer func() {
		for p := range crStrip {
			if !crKeep[p] {
				if u.CRStripped == nil {
					u.CRStripped = map[string]bool{}
				}
				u.CRStripped[p] = true
			}
		}
	}()
	for _, s := range u.Scripts {
		owning, named := u.owningOf(s, opts, crStrip, crKeep)
		u.Owning[s.Path] = sharedLast(u.sourcesOf(s), owning)
		if named {
			if u.NamedOnly == nil {
				u.NamedOnly = map[string]bool{}
			}
			u.NamedOnly[s.Path] = true
		}
	}
	u.withChildOwners(opts, crStrip, crKeep)
	sort.Slice(u.Envs, func(i, j int) bool { return u.Envs[i].Path < u.Envs[j].Path })
}

// owningOf returns the env files that own script s's numbers: those it
// sources or hands docker, else the one named as the script is (named).
func (u *Unit) owningOf(s *Script, opts *LoadOptions, crStrip, crKeep map[string]bool) (_ []*EnvFile, named bool) {
	var owning []*EnvFile
	add := func(e *EnvFile) {
		for _, o := range owning {
			if o == e {
				return
			}
		}
		owning = append(owning, e)
	}
	for _, ref := range u.sourcesOf(s) {
		if ref.Path == "" || ref.Kind == SourceBash && isScriptName(ref.Path) && !u.assignSh[ref.Path] {
			continue // a sourced shell library is code, not an env file
		}
		if !u.readableInRoots(ref.Path) {
			// Never read what a script points at outside the linted tree,
			// by its path or through a symlink: a hostile script could
			// make findings quote /root/.aws/….
			continue
		}
		e := u.loadEnv(ref.Path, opts)
		if e == nil {
			continue
		}
		if ref.Kind == SourceBash && !IsEnvName(filepath.Base(e.Path)) && isCode(e) {
			continue // a sourced library without a suffix: code, not an env file
		}
		switch ref.Kind {
		case SourceBash:
			if ref.Rewrites {
				break // bash runs what the pipeline made of the file's text
			}
			u.Readers[e.Path] |= ReaderBash
			if ref.StripsCR {
				crStrip[e.Path] = true
			} else {
				crKeep[e.Path] = true
			}
		case SourceDockerEnvFile:
			u.Readers[e.Path] |= ReaderDocker
		}
		add(e)
	}
	if len(owning) == 0 {
		stem := strings.TrimSuffix(s.Path, filepath.Ext(s.Path))
		if u.readableInRoots(stem + ".env") {
			if e := u.loadEnv(stem+".env", opts); e != nil {
				add(e)
				named = true
			}
		}
	}
	return owning, named
}

// sharedLast orders a script's owning env files so that those only some
// modes source (`kl) . "$here/kl.env" ;;`) come before those shared code
// sources: a key both define is owned by the shared file's definition (the
// one every other mode sees), and the mode's own value is a difference
// from it.
func sharedLast(sources []*SourceRef, owning []*EnvFile) []*EnvFile {
	shared := map[string]bool{}
	for _, ref := range sources {
		if len(ref.Modes) == 0 {
			shared[ref.Path] = true
		}
	}
	var modeOnly, rest []*EnvFile
	for _, e := range owning {
		if shared[e.Path] || len(sources) == 0 {
			rest = append(rest, e)
		} else {
			modeOnly = append(modeOnly, e)
		}
	}
	if len(modeOnly) == 0 || len(rest) == 0 {
		return owning
	}
	return append(modeOnly, rest...)
}

// InTree reports whether p is a file that exists inside the linted roots
// (through symlinks too).
func (u *Unit) InTree(p string) bool {
	if fi, err := os.Stat(p); err != nil || fi.IsDir() {
		return false
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.readableInRoots(p)
}

// WorkTree returns the git work tree that holds dir (dir itself or the
// nearest directory above it with a .git entry), "" when there is none.
func WorkTree(dir string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

// gitTop returns, relative to script p's directory, the nearest directory
// at or above it that holds a .git entry (a directory, or a worktree's or
// submodule's file): the work tree `git rev-parse --show-toplevel` names
// when the script is run from inside its repository. Only directories
// inside a linted root are looked at (the outermost root holding the
// script bounds the walk); "" when none holds one.
func (u *Unit) gitTop(p string) string {
	dir, err := u.Abs(filepath.Dir(p))
	if err != nil {
		return ""
	}
	dir = filepath.Clean(dir)
	top := ""
	for _, r := range u.Roots {
		ra, err := u.Abs(r)
		if err != nil {
			continue
		}
		ra = filepath.Clean(ra)
		if Within(ra, dir) && (top == "" || len(ra) < len(top)) {
			top = ra
		}
	}
	if top == "" {
		return ""
	}
	for d := dir; ; d = filepath.Dir(d) {
		if u.gitIn(d) {
			rel, err := filepath.Rel(dir, d)
			if err != nil {
				return ""
			}
			return filepath.ToSlash(rel)
		}
		if d == top || filepath.Dir(d) == d {
			return ""
		}
	}
}

// gitIn reports whether directory d holds a .git directory or file.
func (u *Unit) gitIn(d string) bool {
	mode, ok := u.gitEntry(d)
	return ok && (mode.IsDir() || mode.IsRegular())
}

// gitEntry is the type of d's .git entry, ok false when it has none; one
// lstat per directory for the unit, shared by gitTop, the outside-reader
// look and WorkTreeOf (strace of 1,600 repos: 4,300 of the run's 19,900
// stats were the three looking for the same .git entries).
func (u *Unit) gitEntry(d string) (fs.FileMode, bool) {
	if v, ok := u.hasGit.Load(d); ok {
		e := v.(gitEntry)
		return e.mode, e.ok
	}
	fi, err := os.Lstat(filepath.Join(d, ".git"))
	e := gitEntry{ok: err == nil}
	if err == nil {
		e.mode = fi.Mode()
	}
	u.hasGit.Store(d, e)
	return e.mode, e.ok
}

type gitEntry struct {
	mode fs.FileMode
	ok   bool
}

// WorkTreeOf is WorkTree(dir), remembered per directory for the unit.
func (u *Unit) WorkTreeOf(dir string) string {
	d, err := u.Abs(dir)
	if err != nil {
		return ""
	}
	return u.workTree(filepath.Clean(d))
}

// inOwnRepo reports whether the symlink p resolves inside the git work
// tree that holds it (scripts/x.sh -> ../deploy/x.sh, named from scripts/).
func inOwnRepo(p string) bool {
	top := WorkTree(filepath.Dir(p))
	if top == "" {
		return false
	}
	real, err := RealPath(p)
	rd, derr := RealPath(top)
	return err == nil && derr == nil && Within(rd, real)
}

// inWorkingDir reports whether p lies, as written, in the working
// directory.
func inWorkingDir(p string) bool {
	wd, err := os.Getwd()
	if err != nil {
		return false
	}
	ap, err := filepath.Abs(p)
	if err != nil || strings.HasPrefix(ap, "/dev/") || strings.HasPrefix(ap, "/proc/") {
		return false // /dev/stdin, <(…)'s /dev/fd/N: the caller's own, even from /
	}
	return Within(wd, ap)
}

// Covered reports whether every script that could read a file under path
// was loaded: path lies in a directory that was walked, and no shell
// script of its git work tree outside the walked directories sources it
// (readOutside). Linting one script (a pre-commit hook given the changed
// files) covers no env file it sources: its other readers were not read.
func (u *Unit) Covered(path string) bool {
	ap, err := u.Abs(path)
	if err != nil {
		return false
	}
	if u.covered[ap] {
		return true
	}
	u.walkedAbsOnce.Do(func() {
		for _, d := range u.walked {
			if ad, err := u.Abs(d); err == nil {
				u.walkedAbs = append(u.walkedAbs, ad)
			}
		}
	})
	for _, ad := range u.walkedAbs {
		if Within(ad, ap) {
			// Walked, but a script of the repository outside the walked
			// directories may source it (servelint scripts/ beside
			// tools/calib.sh reading ../scripts/serve.env).
			return u.readOutside(ap) == ""
		}
	}
	// Named by its real path among the covered files (a symlinked env
	// file): asked last, a syscall per component (pprof: 3% of a tree's
	// lint when asked first, for every env file).
	if len(u.covered) > 0 {
		if rp, err := RealPath(ap); err == nil && u.covered[rp] {
			return true
		}
	}
	return false
}

// EnvDef is a key's definition in an owning env file.
type EnvDef struct {
	File  *EnvFile
	Entry *EnvEntry
}

// EnvLookup returns the winning definition of key in the script's owning
// env files (the last file that defines it wins, as sourcing in order does).
func (u *Unit) EnvLookup(s *Script, key string) (EnvDef, bool) {
	var d EnvDef
	ok := false
	for _, e := range u.Owning[s.Path] {
		if en := e.Lookup(key); en != nil {
			d, ok = EnvDef{File: e, Entry: en}, true
		}
	}
	return d, ok
}

// EnvKeysOf returns the EnvKeys predicate for a script.
func (u *Unit) EnvKeysOf(s *Script) EnvKeys {
	return func(name string) bool {
		_, ok := u.EnvLookup(s, name)
		return ok
	}
}

// ScriptsReading returns the scripts that read an env file.
func (u *Unit) ScriptsReading(e *EnvFile) []*Script {
	u.indexOnce.Do(u.buildIndex)
	return u.readers[e]
}

type dirBase struct{ dir, base string }

// ScriptNear finds the linted script another script runs by base name: in
// the caller's directory first, else the first (in path order) in a
// directory next to it: its parent, a child or a sibling; never further, so
// never in another repository of a larger tree. nil when there is none.
// It looks up the three places, not every script of that name (pprof on
// 1,600 repos that all hold a push.sh: the scan was 8% of the window
// trace, and grew with the tree).
func (u *Unit) ScriptNear(from *Script, base string) *Script {
	u.indexOnce.Do(u.buildIndex)
	if !u.bases[base] {
		return nil // most commands (echo, curl) are no script's name
	}
	dir := filepath.Dir(from.Path)
	up := filepath.Dir(dir)
	for _, s := range u.byDir[dirBase{dir, base}] {
		if s != from {
			return s
		}
	}
	var near *Script
	for _, l := range [][]*Script{u.byGrand[dirBase{up, base}], u.byDir[dirBase{up, base}], u.byGrand[dirBase{dir, base}]} {
		for _, s := range l {
			if s != from && (near == nil || u.order[s] < u.order[near]) {
				near = s
				break // the lists are in path order
			}
		}
	}
	return near
}

func (u *Unit) buildIndex() {
	u.readers = map[*EnvFile][]*Script{}
	u.byPath = make(map[string]*Script, len(u.Scripts))
	u.byDir = make(map[dirBase][]*Script, len(u.Scripts))
	u.byGrand = make(map[dirBase][]*Script, len(u.Scripts))
	u.order = make(map[*Script]int, len(u.Scripts))
	u.bases = map[string]bool{}
	for i, s := range u.Scripts {
		u.byPath[s.Path] = s
		u.order[s] = i
		d, base := filepath.Dir(s.Path), filepath.Base(s.Path)
		u.bases[base] = true
		u.byDir[dirBase{d, base}] = append(u.byDir[dirBase{d, base}], s)
		u.byGrand[dirBase{filepath.Dir(d), base}] = append(u.byGrand[dirBase{filepath.Dir(d), base}], s)
		for _, o := range u.Owning[s.Path] {
			u.readers[o] = append(u.readers[o], s)
		}
	}
}

// addWorkingRoot adds the working directory to the roots when p lies inside
// it: a file or directory named alone (pre-commit, an editor, `servelint
// scripts/`) may source env files elsewhere in the repository. The
// filesystem root is never added: run from / (a container's default
// working directory, an editor started from a desktop launcher), it would
// make every file of the machine part of the tree (a pull request's script
// could have findings quote any env file on the runner) and the dry run,
// which refuses / as a tree, would evaluate no mode at all.
func (u *Unit) addWorkingRoot(p string) {
	wd, err := os.Getwd()
	if err != nil || filepath.Dir(wd) == wd {
		return
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return
	}
	// Through a symlink that leaves it (`servelint sub/link` from the
	// directory holding sub), p is not inside the working directory: made
	// the tree, the working directory would have the dry run refuse the
	// linked directory's own files, which lie outside it.
	if real, rerr := RealPath(abs); rerr == nil {
		if realWd, werr := RealPath(wd); werr == nil && !Within(realWd, real) {
			return
		}
	}
	if Within(wd, abs) {
		for _, r := range u.Roots {
			if r == wd {
				return
			}
		}
		u.Roots = append(u.Roots, wd)
	}
}

// prefetchSources checks, on every worker, the env files the scripts point
// at (the paths they source, and the same-stem sibling of a script that
// sources nothing) and reads the readable ones not read yet, so that link,
// which goes through the scripts in order, finds them all answered (the
// trace of a run on 1,600 repos: one core idle while link resolved each
// path's symlinks in turn).
func (u *Unit) prefetchSources(opts *LoadOptions) {
	seen := map[string]bool{}
	var paths []string
	add := func(p string) {
		if _, done := u.readable[p]; !done && !seen[p] {
			seen[p] = true
			paths = append(paths, p)
		}
	}
	shSeen, modeSh := map[string]bool{}, map[string]bool{}
	var shPaths []string // sourced shell files (env.sh): maybe files of assignments
	for _, s := range u.Scripts {
		n := 0
		for _, ref := range u.sourcesOf(s) {
			if ref.Path == "" {
				continue
			}
			if ref.Kind == SourceBash && isScriptName(ref.Path) {
				if len(ref.Modes) > 0 {
					modeSh[ref.Path] = true // a mode's own settings (kl) . conf/kl.sh): a library
				} else if !shSeen[ref.Path] {
					shSeen[ref.Path] = true
					shPaths = append(shPaths, ref.Path)
				}
				continue
			}
			add(ref.Path)
			n++
		}
		if n == 0 {
			add(strings.TrimSuffix(s.Path, filepath.Ext(s.Path)) + ".env")
		}
	}
	nEnv := len(paths)
	shPaths = slices.DeleteFunc(shPaths, func(p string) bool { return modeSh[p] })
	for _, p := range shPaths {
		add(p)
	}
	ok := make([]bool, len(paths))
	warm.Each(len(paths), opts.Jobs, func(i int) { ok[i] = u.checkReadable(paths[i]) })
	if u.readable == nil {
		u.readable = make(map[string]bool, len(paths))
	}
	var load []string
	for i, p := range paths {
		u.readable[p] = ok[i]
		if _, loaded := u.envs[p]; ok[i] && !loaded && i < nEnv {
			load = append(load, p)
		}
	}
	// Read now, recorded when link meets them (loadEnv): the unit's env
	// files, errors and too-big files keep link's order.
	reads := make([]envRead, len(load))
	opts.reserveNamed(load)
	warm.Each(len(load), opts.Jobs, func(i int) { reads[i] = readNamedEnv(load[i], opts) })
	u.pending = make(map[string]envRead, len(load))
	for i, p := range load {
		u.pending[p] = reads[i]
	}
	u.assignFiles(shPaths, opts)
}

// assignFiles finds, among the shell files (by name: env.sh, config.sh)
// the scripts source in code every mode runs, those made only of plain assignments (assignsOnly)
// that no script of the tree runs: SGLang's and TensorRT-LLM's launchers
// keep their numbers in such a file, `. "$(dirname "$0")/env.sh"`. Each is
// an owning env file of the scripts that source it (owningOf), read by
// bash alone; its parse waits in pending for loadEnv. Any other sourced
// shell file stays a library.
func (u *Unit) assignFiles(paths []string, opts *LoadOptions) {
	var cands []string
	for _, p := range paths {
		if u.readable[p] {
			cands = append(cands, p)
		}
	}
	if len(cands) == 0 {
		return
	}
	reads := make([]envRead, len(cands))
	keep := make([]bool, len(cands))
	opts.reserveNamed(cands)
	warm.Each(len(cands), opts.Jobs, func(i int) {
		src, big, err := opts.readNamed(cands[i])
		if err != nil || big != nil || !assignsOnly(src) {
			return
		}
		reads[i] = envRead{e: ParseEnv(cands[i], src)}
		keep[i] = envAssignsOnly(reads[i].e)
	})
	var run, other map[string]bool // the files the tree's scripts run, and hand a reader other than bash
	for i, p := range cands {
		if !keep[i] {
			continue
		}
		if run == nil {
			run, other = u.runPaths(), u.otherReaders()
		}
		if run[p] {
			continue // run as a script too: a script, whatever it holds
		}
		if other[p] {
			continue // handed docker too: bash is not its only reader
		}
		if u.assignSh == nil {
			u.assignSh = map[string]bool{}
		}
		u.assignSh[p] = true
		if _, loaded := u.envs[p]; !loaded {
			u.pending[p] = reads[i]
		}
	}
}

// otherReaders returns the paths of the files the loaded scripts hand to
// a reader other than bash (docker --env-file, compose): found once, not
// by a scan of every script's sources for each candidate file.
func (u *Unit) otherReaders() map[string]bool {
	other := map[string]bool{}
	for _, s := range u.Scripts {
		for _, ref := range s.Sources {
			if ref.Kind != SourceBash {
				other[ref.Path] = true
			}
		}
	}
	return other
}

// runPaths returns the paths of the files the loaded scripts run as
// commands (bash x.sh, ./x.sh, exec "$here/x.sh").
func (u *Unit) runPaths() map[string]bool {
	run := map[string]bool{}
	for _, s := range u.Scripts {
		if s.File == nil {
			continue
		}
		for _, c := range s.calls {
			if !mayRunScript(c) {
				continue
			}
			if p, _, ok := s.childCall(s.callArgs(c)); ok {
				run[p] = true
			}
		}
	}
	return run
}

// envAssignsOnly reports whether ParseEnv read every line of a file that
// assignsOnly passed as an assignment (or a comment, a blank line, a
// quoted value's later line), with nothing bash may set elsewhere: its
// entries are then the file's whole meaning, spans exact.
func envAssignsOnly(e *EnvFile) bool {
	if e.BashErr != nil || len(e.ShellSets) > 0 || len(e.Entries) == 0 {
		return false
	}
	for _, l := range e.Lines {
		if l.Kind == LineOther {
			return false
		}
	}
	return true
}

// assignsOnly reports whether shell source is made only of plain
// assignments at its top level: `K=V`, `export K=V`, `declare -x K=V`,
// `readonly K=V`, one or more to a statement, whose values are literal
// text or plain `$X`/`${X}` expansions, quoted or not. Comments and blank
// lines may come between them; nothing else: no command, conditional,
// function, redirection, arithmetic, command substitution, array, append
// or expansion with an operator (`${X:-d}`).
func assignsOnly(src []byte) bool {
	if CheckDepth(src) != nil {
		return false // the parser's recursion is not bounded: never a file of assignments
	}
	f, err := ParseShell(bytes.NewReader(src), "", false, syntax.LangBash)
	if err != nil || len(f.Stmts) == 0 {
		return false
	}
	for _, st := range f.Stmts {
		if st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
			return false
		}
		var as []*syntax.Assign
		switch x := st.Cmd.(type) {
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				return false
			}
			as = x.Assigns
		case *syntax.DeclClause:
			// export and readonly; declare only with -x (at a function's
			// top, a sourcing function's, it makes a local).
			ok := x.Variant.Value == "export" || x.Variant.Value == "readonly"
			if !ok && x.Variant.Value != "declare" && x.Variant.Value != "typeset" {
				return false // local, nameref
			}
			args := x.Args
			for len(args) > 0 && args[0].Naked && args[0].Value != nil {
				lit := args[0].Value.Lit()
				if len(lit) < 2 || lit[0] != '-' || strings.Trim(lit[1:], "xr") != "" {
					return false // declare -a, export -n, a name
				}
				ok = ok || strings.Contains(lit, "x")
				args = args[1:]
			}
			if !ok {
				return false
			}
			as = args
		default:
			return false
		}
		if len(as) == 0 {
			return false
		}
		for _, a := range as {
			if a.Naked || a.Append || a.Array != nil || a.Index != nil || a.Name == nil {
				return false // export K (no value), K+=V, K=(…), K[i]=V
			}
			if a.Value != nil && !plainWord(a.Value.Parts) {
				return false
			}
		}
	}
	return true
}

// plainWord reports whether word parts are literal text, single-quoted
// text or plain $X/${X} expansions, double-quoted or not (wordPartsOnly).
func plainWord(parts []syntax.WordPart) bool {
	return wordPartsOnly(parts, func(pe *syntax.ParamExp) bool { return !pe.Width && pe.Names == 0 })
}

// readableInRoots reports whether an env file a script points at may be
// read: its path lies inside a linted root and, when it exists on disk, so
// does the file it resolves to once symlinks are followed (x.env ->
// /root/.aws/credentials is refused). A path that is not on disk (an
// editor's unsaved buffer, a missing file) has nothing to follow.
func (u *Unit) readableInRoots(p string) bool {
	if ok, seen := u.readable[p]; seen {
		return ok // scripts that source the same env file
	}
	ok := u.checkReadable(p)
	if u.readable == nil {
		u.readable = map[string]bool{}
	}
	u.readable[p] = ok
	return ok
}

func (u *Unit) checkReadable(p string) bool {
	if !u.inRoots(p) {
		return false
	}
	real, err := u.symlinks.evalFile(p) // RealPath, each directory resolved once
	if err == nil {
		real, err = u.Abs(real)
	}
	if err != nil {
		// Not on disk (an editor's unsaved buffer): nothing to follow. A
		// link that resolves to nothing (x.env -> /dev/stdout, through
		// /proc/self/fd/1 to a pipe), a loop, a directory that cannot be
		// read: not read.
		if errors.Is(err, fs.ErrNotExist) {
			_, lerr := os.Lstat(p)
			return errors.Is(lerr, fs.ErrNotExist)
		}
		return false
	}
	return slices.ContainsFunc(u.realRootList(), func(ra string) bool { return Within(ra, real) })
}

// realRootList returns the linted roots with symlinks resolved (those
// that resolve), computed once.
func (u *Unit) realRootList() []string {
	u.realRootsOnce.Do(func() {
		for _, r := range u.Roots {
			if ra, err := RealPath(r); err == nil {
				u.realRoots = append(u.realRoots, ra)
			}
		}
	})
	return u.realRoots
}

// Abs is filepath.Abs(p) against the working directory Load started in:
// filepath.Abs asks os.Getwd, two stat calls, for each relative path
// (strace of \`servelint tree\` on 1,600 repos: 16,000 calls, 32,000 of the
// run's 82,000 stats), and servelint never changes its directory. A unit
// Load did not make, or whose directory was unknown, asks filepath.Abs.
func (u *Unit) Abs(p string) (string, error) {
	if filepath.IsAbs(p) || u.wd == "" {
		return filepath.Abs(p)
	}
	return filepath.Join(u.wd, p), nil
}

// RealPath is the absolute path p resolves to, symlinks followed.
func RealPath(p string) (string, error) {
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", err
	}
	return filepath.Abs(r)
}

// Within reports whether path is root or lies below it; both are absolute
// and clean.
func Within(root, path string) bool {
	_, ok := RelWithin(root, path)
	return ok
}

// RelWithin returns path relative to root when path is root or lies below
// it (both absolute and clean).
func RelWithin(root, path string) (string, bool) {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

// treeFiles returns the names of the regular files of dir (no symlink,
// none excluded) when dir lies inside a linted root, symlinks followed;
// nil otherwise. It reads only what the parse may read concurrently.
func (u *Unit) treeFiles(dir string, opts *LoadOptions) []string {
	if !u.inRoots(dir) {
		return nil
	}
	real, err := RealPath(dir)
	if err != nil {
		return nil
	}
	if !slices.ContainsFunc(u.realRootList(), func(ra string) bool { return Within(ra, real) }) {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, d := range entries {
		if d.Type().IsRegular() && !opts.excluded(filepath.Join(dir, d.Name())) {
			names = append(names, d.Name())
		}
	}
	return names
}

// inRoots reports whether a path lies inside one of the linted roots.
func (u *Unit) inRoots(p string) bool {
	abs, err := u.Abs(p)
	if err != nil {
		return false
	}
	for _, r := range u.Roots {
		ra, err := u.Abs(r)
		if err != nil {
			continue
		}
		if Within(ra, abs) {
			return true
		}
	}
	return false
}

// isCode reports whether a file read as an env file holds shell code:
// commands other than assignments (functions, if, set -a …) on more lines
// than assignments.
func isCode(e *EnvFile) bool {
	assign, other := 0, 0
	for _, l := range e.Lines {
		switch l.Kind {
		case LineAssign:
			assign++
		case LineOther:
			other++
		}
	}
	return other > assign
}

// isScriptName reports whether a path names a shell script by its suffix.
func isScriptName(p string) bool {
	return strings.HasSuffix(p, ".sh") || strings.HasSuffix(p, ".bash")
}

// readCompose fills ComposeRefs: for each env file named `.env` with a
// compose file beside it (compose.yaml, docker-compose.yml), the keys that
// compose file's values interpolate or its services' environment: takes
// bare (readComposeUse: the YAML's values, not its comments or keys).
// docker compose reads .env on its own to interpolate the compose file
// (`command: --max-num-batched-tokens ${VLLM_MAX_NUM_BATCHED_TOKENS}`), so
// a key no script expands may still boot the service. A compose file that
// hands a service the .env with env_file:, pulls in another compose file
// (include:, extends: file:), is not YAML, or is too big to read makes
// every key used ("*").
// Only a compose file inside the linted tree is read, through the
// loader's reader (an editor's buffer, the size bound).
func (u *Unit) readCompose(opts *LoadOptions) {
	for _, e := range u.Envs {
		if filepath.Base(e.Path) != ".env" {
			continue
		}
		dir, err := u.Abs(filepath.Dir(e.Path))
		if err != nil || !u.InTree(dir) && !u.InTree(e.Path) {
			continue
		}
		var refs map[string]bool
		for _, name := range []string{"compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml"} {
			p := filepath.Join(dir, name)
			if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() || !u.readableInRoots(p) {
				continue
			}
			if refs == nil {
				refs = map[string]bool{}
			}
			b, big, err := opts.readNamed(p)
			if err != nil || big != nil {
				refs["*"] = true // not read: every key may be used
				continue
			}
			use := readComposeUse(b, dir, filepath.Join(dir, ".env"))
			if use.all {
				refs["*"] = true // a service reads the file whole (or may)
			}
			for k := range use.refs {
				refs[k] = true
			}
		}
		if refs != nil {
			if u.ComposeRefs == nil {
				u.ComposeRefs = map[string]map[string]bool{}
			}
			u.ComposeRefs[e.Path] = refs
		}
	}
}

// withEnvValues re-analyses each script in which no engine invocation was
// found but whose owning env files give its shell a program or an image
// (VLLM_IMAGE=vllm/vllm-openai:v0.9.1 sourced, then docker run -d
// "$VLLM_IMAGE" …): with those keys' literal values, as the dry run reads
// them, its modes and engine calls are seen. Before the re-analysis nothing
// was found (a silent pass; found by a review). Only values that look like
// a program or an image (a word with '/' or ':', or a known engine's name)
// are used, and only for variables the script never assigns.
func (u *Unit) withEnvValues(opts *LoadOptions) {
	changed := false
	for i, s := range u.Scripts {
		if s.File == nil || len(s.Invocations) > 0 || len(s.calls) == 0 {
			continue
		}
		var vals map[string]string
		for _, e := range u.Owning[s.Path] {
			if !u.ShellReads(s, e) {
				continue
			}
			for _, en := range e.Entries {
				b := en.Bash
				v, ok := b.Value, b.Defined && b.Err == "" && !b.Dynamic && len(en.Refs) == 0
				if d, self := selfDefaultValue(en.Word, en.Key); self {
					v, ok = d, true // VLLM_IMAGE=${VLLM_IMAGE:-vllm/vllm-openai:v0.9.1}: its default
				}
				if !ok || len(s.Assigns[en.Key]) > 0 || !programLike(v) {
					continue
				}
				if vals == nil {
					vals = map[string]string{}
				}
				vals[en.Key] = v
			}
			for k, v := range e.ShellDefaults {
				// : "${VLLM_IMAGE:=vllm/vllm-openai:v0.9.1}" in the env file.
				if _, set := vals[k]; set || len(s.Assigns[k]) > 0 || !programLike(v) || len(e.byKey[k]) > 0 {
					continue
				}
				if vals == nil {
					vals = map[string]string{}
				}
				vals[k] = v
			}
		}
		if len(vals) == 0 {
			continue
		}
		runners := s.libRunners
		if runners == nil {
			runners = s.libRunnerCands // run docker run "$VLLM_IMAGE" … through a library's runner
		}
		launchers := s.libLaunchers
		if launchers == nil {
			launchers = s.libLauncherCands // in_docker() { docker run … "$VLLM_IMAGE" "$@"; }
		}
		ns := s.reanalysed(opts.Roles, runners, launchers, vals)
		if len(ns.Invocations) == 0 {
			continue
		}
		u.Scripts[i] = ns
		u.Owning[ns.Path] = sharedLast(u.sourcesOf(ns), u.Owning[s.Path])
		changed = true
	}
	if changed {
		u.indexOnce = sync.Once{} // the index holds the scripts replaced
	}
}

// withEnvFlags re-analyses each script with a boolean environment flag
// mode (EVAL_ONLY=1, flagmodes.go) whose variable an env file the script's
// shell reads sets (USE_FP8=1 in the sourced serve.env): the file's value,
// not the caller's, is what the script tests, so the script run with no
// flag set already takes that branch. Taken for a mode of its own, the
// branch's flags were called a mode's own and --fix dropped them from
// what serve boots with. A self-default in the file (V=${V:-0}, : "${V:=0}")
// leaves the caller's switch, and the flag a mode.
func (u *Unit) withEnvFlags(opts *LoadOptions) {
	// Each script is judged on its own, jobs at a time (a runtime trace of
	// 1,600 repos: this step was 8 ms on one core between two that use
	// both): what it reads of the unit is only read here, and each script
	// analysed again is its own; the unit takes the results in order.
	type result struct {
		s      *Script
		owning []*EnvFile
	}
	res := make([]result, len(u.Scripts))
	warm.Each(len(u.Scripts), opts.Jobs, func(i int) {
		s := u.Scripts[i]
		owning := u.Owning[s.Path]
		changed := false
		if d := u.envFlagDefaults(s); len(d) > 0 {
			// (( USE_SPEC == 1 )) after . serve.env defaulting USE_SPEC to
			// 0: the file's default is the one the test needs written.
			s.envDefaults = d
			s = s.reanalysed(opts.Roles, s.libRunners, s.libLaunchers, s.envValues)
			owning = sharedLast(u.sourcesOf(s), owning)
			changed = true
		}
		var set map[string]bool
		for _, m := range s.Modes {
			if m.flagVar == "" {
				continue
			}
			for _, e := range owning {
				if u.ShellReads(s, e) && (e.shellSetsPlain(m.flagVar) || !e.defaultsOff(s, m)) {
					if set == nil {
						set = map[string]bool{}
					}
					set[m.flagVar] = true
				}
			}
		}
		for _, name := range s.envDefaultSelectors() {
			// MODE=${MODE:-serve} after . serve.env setting MODE=bench:
			// the file's value picks the branch, no caller does.
			for _, e := range owning {
				if u.ShellReads(s, e) && e.shellSetsPlain(name) {
					if set == nil {
						set = map[string]bool{}
					}
					set[name] = true
				}
			}
		}
		if len(set) > 0 {
			s.envSet = set
			s = s.reanalysed(opts.Roles, s.libRunners, s.libLaunchers, s.envValues)
			owning = sharedLast(u.sourcesOf(s), owning)
			changed = true
		}
		if changed {
			res[i] = result{s, owning}
		}
	})
	changed := false
	for i, r := range res {
		if r.s != nil {
			u.Scripts[i] = r.s
			u.Owning[r.s.Path] = r.owning
			changed = true
		}
	}
	if changed {
		u.indexOnce = sync.Once{} // the index holds the scripts replaced
	}
}

// envFlagDefaults returns the off defaults (0, false, no, off, empty) the
// env files a script's shell reads give the variables its flag tests read
// and it never assigns, only defaulting them (V=${V:-0}, : "${V:=0}"):
// none when a file sets one outright or two files disagree. Nil when no
// such variable is a flag only with it (one already a flag mode is).
func (u *Unit) envFlagDefaults(s *Script) map[string]string {
	if s.File == nil || len(u.Owning[s.Path]) == 0 {
		return nil // not parsed, or no env file
	}
	var out map[string]string
	drop := map[string]bool{}
	modes := map[string]bool{}
	for _, m := range s.Modes {
		modes[m.flagVar] = true
	}
	for _, ft := range s.flagTests() {
		name := ft.name
		if modes[name] || drop[name] || len(s.Assigns[name]) > 0 {
			continue
		}
		if _, ok := out[name]; ok {
			continue
		}
		var d *string
		for _, e := range u.Owning[s.Path] {
			if !u.ShellReads(s, e) {
				continue
			}
			if e.shellSetsPlain(name) {
				drop[name] = true
				break
			}
			var vals []string
			for _, en := range e.byKey[name] {
				v, ok := selfDefaultValue(en.Word, name)
				if !ok {
					drop[name] = true // V=${V:-$OTHER}
				}
				vals = append(vals, v)
			}
			if v, ok := e.ShellDefaults[name]; ok {
				vals = append(vals, v)
			}
			for _, v := range vals {
				if !falsy(v) || d != nil && *d != v {
					drop[name] = true
				}
				d = &v
			}
		}
		if d != nil && !drop[name] {
			if out == nil {
				out = map[string]string{}
			}
			out[name] = *d
		}
	}
	return out
}

// shellSetsPlain reports whether bash, sourcing the file, sets variable k
// whatever the caller set: an entry that is no self-default (K=1, not
// K=${K:-0}), or a line of the shell's own that is no := default.
func (f *EnvFile) shellSetsPlain(k string) bool {
	for _, en := range f.byKey[k] {
		if selfDefault(en.Word) != k {
			return true
		}
	}
	_, dflt := f.ShellDefaults[k]
	return f.ShellSets[k] && !dflt
}

// defaultsOff reports whether every default the env file gives flag
// mode m's flag (FLAG=${FLAG:-0}) leaves its tests off (flagOffWith).
func (f *EnvFile) defaultsOff(s *Script, m *Mode) bool {
	for _, en := range f.byKey[m.flagVar] {
		if d, ok := selfDefaultValue(en.Word, m.flagVar); ok && !s.flagOffWith(m, d) {
			return false
		}
	}
	return true
}

// selfDefaultValue returns the literal default of an env value that
// defaults the key itself (KEY=${KEY:-literal}), and whether it is one.
func selfDefaultValue(w *syntax.Word, key string) (string, bool) {
	if w == nil || selfDefault(w) != key {
		return "", false
	}
	return LitValue(SingleParam(w).Exp.Word)
}

// programLike reports whether an env value may name a program or an image:
// one word with a '/' or a ':' (vllm/vllm-openai:v0.9.1, /opt/bin/vllm),
// or a known engine's program.
func programLike(v string) bool {
	if v == "" || strings.ContainsAny(v, " \t\n\r$`\"'") {
		return false
	}
	if strings.ContainsAny(v, "/:") || PythonName(v) {
		// PYTHON=python3 in the env file: "$PYTHON" -m vllm… (the -m
		// module still has to name the engine).
		return true
	}
	_, ok := DetectEngine([]string{v, "serve"})
	return ok
}

// withLibRunners re-analyses each script that calls a runner function a
// shell library it sources defines (`. "$here/lib/common.sh"`, where
// run() { echo "+ $*"; "$@"; }), so that `run vllm serve …` in the script
// reaches the engine as it does when run() is the script's own: its modes
// are seen. Only a library inside the linted roots is read, and only a
// runner whose command is its "$@" alone (after exec, command or nohup):
// the engine's words are then all the script's, so findings and fixes
// point into it. A launcher of the library (in_docker() { docker run …
// IMAGE "$@"; }, launch_vllm() { exec vllm serve … "$@"; }: ownLaunchers)
// is read too when a call of the script reaches an engine through it: the
// call's words are the script's, the launcher's own words the library's,
// with no span here.
func (u *Unit) withLibRunners(opts *LoadOptions) {
	byPath := map[string]*Script{}
	for _, s := range u.Scripts {
		byPath[s.Path] = s
	}
	u.libScripts = byPath // read again by withLibSources
	libs := map[string]*libFuncs{}
	for i, s := range u.Scripts {
		if s.File == nil || len(s.libRunners) > 0 || len(s.libLaunchers) > 0 {
			continue
		}
		var runners map[string]int
		var launchers map[string][]*Invocation
		var clients map[string][]string
		var assigns map[string]bool
		var sourcers map[string]sourcer
		var defs map[string]*syntax.FuncDecl
		sources := false
		var defLibs map[string]*Script
		var ambig map[string]bool
		paths := u.sourcedLibs(s, byPath, opts)
		for _, path := range paths {
			lf, seen := libs[path]
			if !seen {
				lf = u.libFuncsOf(path, byPath[path], opts)
				libs[path] = lf
			}
			if lf == nil {
				continue
			}
			for name := range lf.assigns {
				if assigns == nil {
					assigns = map[string]bool{}
				}
				assigns[name] = true
			}
			for name := range lf.exprWrites {
				if assigns == nil {
					assigns = map[string]bool{}
				}
				assigns[name] = true // lib/common.sh's : "${SEQS:=256}"
			}
			// A function this library defines replaces one of that name an
			// earlier library defined, whatever either is (lib/b.sh's
			// launch() { echo …; } after lib/a.sh's launch() { exec vllm
			// serve … "$@"; }; a runner after a launcher, or a launcher
			// after a runner).
			for name, fd := range lf.defined {
				if s.Funcs[name] == nil {
					if defs == nil {
						defs, defLibs = map[string]*syntax.FuncDecl{}, map[string]*Script{}
					}
					if defs[name] != nil {
						if ambig == nil {
							ambig = map[string]bool{}
						}
						ambig[name] = true
					}
					defs[name] = fd
					if lib := byPath[path]; lib != nil && lib.File != nil && lib.Funcs[name] == fd {
						defLibs[name] = lib
					} else {
						delete(defLibs, name)
					}
				}
				delete(runners, name)
				delete(launchers, name)
				delete(clients, name)
				delete(sourcers, name)
			}
			for name, sc := range lf.sourcers {
				if s.Funcs[name] != nil {
					continue
				}
				if sourcers == nil {
					sourcers = map[string]sourcer{}
				}
				sourcers[name] = sc
			}
			for name, reads := range lf.clientReads {
				if s.Funcs[name] != nil {
					continue
				}
				if clients == nil {
					clients = map[string][]string{}
				}
				clients[name] = reads
			}
			for name, n := range lf.runners {
				if s.Funcs[name] != nil {
					continue
				}
				if runners == nil {
					runners = map[string]int{}
				}
				runners[name] = n
			}
			for name, ws := range lf.launchers {
				if s.Funcs[name] != nil {
					continue
				}
				if launchers == nil {
					launchers = map[string][]*Invocation{}
				}
				launchers[name] = ws
			}
		}
		s.libClientReads, s.libAssigns, s.libSourcers, s.LibFuncs = clients, assigns, sourcers, defs
		s.libFuncLib, s.libFuncAmbig = defLibs, ambig
		if len(paths) > 0 && len(s.Invocations) > 0 {
			// _common.sh's ARGS=(--max-num-seqs "$MAX_NUM_SEQS"), then
			// exec vllm serve "$MODEL" "${ARGS[@]}": the words are read.
			s.libVals = libValsOf(s, paths, byPath)
			sources = sources || s.readsLibVal()
		}
		// mode_kl() { EXTRA=(…); } in lib/modes.sh, called from the kl
		// branch: the branch sets what the argv reads, a mode to find.
		sources = sources || s.callsLibWriter()
		if len(launchers) > 0 && !s.callsLauncherToEngine(launchers, runners) {
			// The image may be the env file's (docker run … "$VLLM_IMAGE"
			// "$@" in the library): tried again by withEnvValues.
			s.libLauncherCands, launchers = launchers, nil
		}
		// load_env "$here/env/sglang.env": the env file a library's
		// function sources is the script's, found by analysing it again.
		sources = sources || len(sourcers) > 0 && s.callsSourcer()
		if len(runners) == 0 && len(launchers) == 0 {
			if sources {
				u.Scripts[i] = s.reanalysedKeeping(opts.Roles)
			}
			continue
		}
		if len(launchers) == 0 && !s.callsRunnerToEngine(runners) {
			// No engine behind them yet: the image may be the env file's
			// (run docker run "$VLLM_IMAGE" …), read once the env files are
			// linked (withEnvValues).
			s.libRunnerCands = runners
			if sources {
				u.Scripts[i] = s.reanalysedKeeping(opts.Roles)
			}
			continue
		}
		u.Scripts[i] = s.reanalysed(opts.Roles, runners, launchers, nil)
	}
}

// sourcedLibs returns the shell libraries script s sources, and those they
// source in turn (serve.sh → lib/common.sh → lib/docker.sh; a library the
// walk analysed, at most three deep), in the order bash defines their
// functions: a library's own sources before the rest of it. A library the
// walk did not meet (serve.sh linted alone, by a pre-commit hook or the
// language server) is read here, so that what its own sources define
// counts as when the whole tree is linted; it joins byPath.
func (u *Unit) sourcedLibs(s *Script, byPath map[string]*Script, opts *LoadOptions) []string {
	var out []string
	seen := map[string]bool{s.Path: true}
	var visit func(x *Script, depth int)
	visit = func(x *Script, depth int) {
		for _, ref := range x.Sources {
			if ref.Kind != SourceBash || ref.Path == "" || !isScriptName(ref.Path) || seen[ref.Path] {
				continue
			}
			seen[ref.Path] = true
			if depth < 3 && u.readableInRoots(ref.Path) {
				lib := byPath[ref.Path]
				if lib == nil {
					lib = readLib(ref.Path, opts)
					byPath[ref.Path] = lib
				}
				if lib != nil && lib.File != nil {
					visit(lib, depth+1)
				}
			}
			out = append(out, ref.Path)
		}
	}
	visit(s, 0)
	return out
}

// readLib reads, parses and analyses a shell library the walk did not
// meet; nil when it cannot be read or is over the size limit.
func readLib(path string, opts *LoadOptions) *Script {
	src, big, err := opts.readNamed(path)
	if err != nil || big != nil {
		return nil
	}
	lib := ParseScript(path, src)
	if lib.File != nil {
		lib.Analyze(RoleMatcher{})
	}
	return lib
}

// reanalysed returns the script parsed and analysed again with what the
// unit learned after its first analysis: the runners and launchers of the
// libraries it sources, the program-like values of its env files.
func (s *Script) reanalysed(roles RoleMatcher, libRunners map[string]int, libLaunchers map[string][]*Invocation, envValues map[string]string) *Script {
	ns := ParseScript(s.Path, s.Src)
	ns.Engine, ns.libRunners, ns.libLaunchers, ns.envValues = s.Engine, libRunners, libLaunchers, envValues
	ns.envSet, ns.envDefaults = s.envSet, s.envDefaults
	ns.libClientReads, ns.libAssigns, ns.childLaunchers, ns.libSourcers, ns.LibFuncs = s.libClientReads, s.libAssigns, s.childLaunchers, s.libSourcers, s.LibFuncs
	ns.libFuncLib, ns.libFuncAmbig, ns.libVals = s.libFuncLib, s.libFuncAmbig, s.libVals
	ns.Analyze(roles)
	return ns
}

// libFuncs are the functions of a shell library a script may run the
// engine through: runners (name → words shifted before "$@") and
// launchers (ownLaunchers).
type libFuncs struct {
	runners   map[string]int
	launchers map[string][]*Invocation
	// clientReads are the variables each function hands another program
	// (Script.clientReads).
	clientReads map[string][]string
	// defined names every function the library defines, runner,
	// launcher or other.
	defined map[string]*syntax.FuncDecl
	// assigns are the variables the library assigns (Script.libAssigns).
	assigns map[string][]*Assign
	// exprWrites are the variables a word or arithmetic of the library
	// assigns (Script.exprWrites).
	exprWrites map[string][]string
	// sourcers are the functions that source an argument (funcSourcer).
	sourcers map[string]sourcer
}

// libFuncsOf returns the runner and launcher functions of the shell
// library at path (parsed already when the walk met it), nil when it is
// not read.
func (u *Unit) libFuncsOf(path string, lib *Script, opts *LoadOptions) *libFuncs {
	if !u.readableInRoots(path) {
		return nil
	}
	if lib == nil {
		src, big, err := opts.readNamed(path)
		if err != nil || big != nil {
			return nil
		}
		lib = ParseScript(path, src)
		if lib.File == nil {
			return nil
		}
		lib.collect()
	}
	if lib.File == nil {
		return nil
	}
	runners := lib.ownRunners()
	return &libFuncs{runners: runners, launchers: lib.ownLaunchers(runners), defined: lib.Funcs, clientReads: lib.clientReads(), assigns: lib.Assigns, exprWrites: lib.exprWrites, sourcers: plainSourcers(lib.ownSourcers())}
}

// clientReads returns, by function, the variables the library's functions
// hand another program than the engine (libClientReads): the words of a
// command in the function that reaches no engine and does not print or
// test (echo, printf, logger, [ ], test), read as expansions or bare names
// in arithmetic, that the library never assigns.
func (s *Script) clientReads() map[string][]string {
	var out map[string][]string
	for _, c := range s.calls {
		if quietCommand(c) {
			continue
		}
		fn := s.funcAt(s.Off(c.Pos()))
		if fn == "" {
			continue
		}
		if _, engine := s.detect(s.callArgs(c)); engine {
			continue
		}
		for _, a := range c.Args[1:] {
			for _, name := range ReadNames(a) {
				if len(s.Assigns[name]) > 0 || slices.Contains(out[fn], name) {
					continue
				}
				if out == nil {
					out = map[string][]string{}
				}
				out[fn] = append(out[fn], name)
			}
		}
	}
	return out
}

// callsLauncherToEngine reports whether the script calls one of launchers
// (maybe behind one of runners: run in_docker …) with words that, put in
// the launcher's "$@", reach an engine; or calls one from a function of its
// own handing it "$@" (launch() { in_docker --model /m "$@"; }).
func (s *Script) callsLauncherToEngine(launchers map[string][]*Invocation, runners map[string]int) bool {
	for _, c := range s.calls {
		name, ok := LitValue(c.Args[0])
		if !ok {
			continue
		}
		aws := s.callArgs(c)
		if _, isRunner := runners[name]; isRunner {
			peeled, ok := peelRunners(aws, runners)
			if !ok {
				continue
			}
			aws = peeled
			name = aws[0].Sketch
		}
		ws := launchers[name]
		if len(ws) == 0 {
			continue
		}
		call := aws[1:]
		if hasForward(call) && s.funcAt(s.Off(c.Pos())) != "" {
			return true
		}
		for _, w := range ws {
			if _, ok := s.detect(s.expandWrapper(w, call)); ok {
				return true
			}
		}
	}
	return false
}

// callsRunnerToEngine reports whether the script calls one of runners with
// words that, past the runner's shifts, reach an engine.
func (s *Script) callsRunnerToEngine(runners map[string]int) bool {
	for _, c := range s.calls {
		name, ok := LitValue(c.Args[0])
		if !ok {
			continue
		}
		n, ok := runners[name]
		if !ok {
			continue
		}
		aws := s.callArgs(c)[1:] // the name is one literal word
		if _, ok := s.detect(aws[min(n, len(aws)):]); ok {
			return true
		}
	}
	return false
}

// sourcesOf returns the env files and libraries script s reads in bash
// order: its own sources, each shell library's followed by the sources
// that library runs on every path (libSources).
func (u *Unit) sourcesOf(s *Script) []*SourceRef {
	libs := u.libRefs[s.Path]
	if len(libs) == 0 {
		return s.Sources
	}
	var out []*SourceRef
	for _, ref := range s.Sources {
		out = append(out, ref)
		if sharedLib(ref) {
			out = append(out, libs[ref.Path]...)
		}
	}
	return out
}

// sharedLib reports whether a script's source is of a shell library every
// mode sources.
func sharedLib(ref *SourceRef) bool {
	return ref.Kind == SourceBash && ref.Path != "" && isScriptName(ref.Path) && len(ref.Modes) == 0
}

// withLibSources records, for each script that sources a shell library,
// the sources that library runs (libSources), for sourcesOf:
// lib/common.sh's `. "$(dirname "${BASH_SOURCE[0]}")/../config/model.env"`
// is an owning env file of serve.sh, which sources lib/common.sh, as if
// serve.sh sourced it there; its numbers are the script's.
func (u *Unit) withLibSources(opts *LoadOptions) {
	byPath := u.libScripts // the scripts and libraries withLibRunners read
	if byPath == nil {
		byPath = map[string]*Script{}
	}
	for _, s := range u.Scripts {
		if byPath[s.Path] == nil {
			byPath[s.Path] = s
		}
	}
	u.libScripts = nil
	for _, s := range u.Scripts {
		if s.File == nil {
			continue
		}
		for _, ref := range s.Sources {
			if !sharedLib(ref) {
				continue
			}
			if lib := u.libSources(s, ref.Path, byPath, opts); len(lib) > 0 {
				if u.libRefs == nil {
					u.libRefs = map[string]map[string][]*SourceRef{}
				}
				if u.libRefs[s.Path] == nil {
					u.libRefs[s.Path] = map[string][]*SourceRef{}
				}
				u.libRefs[s.Path][ref.Path] = lib
			}
		}
	}
}

// libSources returns the sources the shell library at path runs on every
// path when script s sources it (alwaysSourced), in order, each followed
// by those of a library it sources in turn (at most three deep, as
// sourcedLibs reads). Each path is resolved for s: $0 in a library is the
// script's path, BASH_SOURCE the library's; a path from the working
// directory ($PWD, a relative path) is not followed, nor one that mixes
// them.
func (u *Unit) libSources(s *Script, path string, byPath map[string]*Script, opts *LoadOptions) []*SourceRef {
	var out []*SourceRef
	seen := map[string]bool{s.Path: true}
	topCalls := stmtCalls(s.File.Stmts)
	var visit func(path string, depth int)
	visit = func(path string, depth int) {
		if seen[path] || !u.readableInRoots(path) {
			return
		}
		seen[path] = true
		lib, ok := byPath[path]
		if !ok {
			lib = readLib(path, opts)
			byPath[path] = lib
		}
		if lib == nil || lib.File == nil {
			return
		}
		always := lib.alwaysSourced(s, topCalls)
		for _, ref := range lib.Sources {
			if ref.Kind != SourceBash || !always[ref.Start] {
				continue
			}
			p, ok := libSourcePath(s, ref)
			if !ok {
				continue
			}
			out = append(out, &SourceRef{Kind: SourceBash, Start: -1, End: -1, Word: ref.Word, Path: p,
				StripsCR: ref.StripsCR, Rewrites: ref.Rewrites, AllExport: ref.AllExport})
			if isScriptName(p) && depth < 3 {
				visit(p, depth+1)
			}
		}
	}
	visit(path, 1)
	return out
}

// libSourcePath returns the path a library's source names when script s
// sourced the library.
func libSourcePath(s *Script, ref *SourceRef) (string, bool) {
	v := ref.static
	switch {
	case ref.Path == "" || v == "" || ref.from&fromCwd != 0:
		return "", false
	case ref.from == fromArg0 && strings.Contains(v, scriptDirMark):
		i := strings.LastIndex(v, scriptDirMark)
		return filepath.Clean(filepath.Dir(s.Path) + v[i+len(scriptDirMark):]), true
	case ref.from == fromSelf && strings.Contains(v, scriptDirMark), ref.from == 0 && filepath.IsAbs(v):
		return ref.Path, true
	}
	return "", false
}

// alwaysSourced returns the offsets of the path words of the sources the
// library runs on every path when script s sources it: a source statement
// at its top level (on the left of && or ||, which runs), or one at the
// top level of a function's body that the library's or the script's top
// level calls the same way. A source inside an if, a case, a loop, a
// subshell, or a function the script may not call is not one.
func (lib *Script) alwaysSourced(s *Script, scriptCalls []*syntax.CallExpr) map[int]bool {
	out := map[int]bool{}
	add := func(calls []*syntax.CallExpr) {
		for _, c := range calls {
			if name, _ := LitValue(c.Args[0]); (name == "source" || name == ".") && len(c.Args) > 1 {
				out[lib.Off(c.Args[1].Pos())] = true
			}
		}
	}
	libCalls := stmtCalls(lib.File.Stmts)
	add(libCalls)
	called := map[string]bool{}
	for _, c := range libCalls {
		if name, ok := LitValue(c.Args[0]); ok {
			called[name] = true
		}
	}
	for _, c := range scriptCalls {
		if name, ok := LitValue(c.Args[0]); ok && s.Funcs[name] == nil {
			called[name] = true
		}
	}
	for name := range called {
		fd := lib.Funcs[name]
		if fd == nil || fd.Body == nil || fd.Body.Background || fd.Body.Negated {
			continue
		}
		if b, ok := fd.Body.Cmd.(*syntax.Block); ok {
			add(stmtCalls(b.Stmts))
		}
	}
	return out
}

// stmtCalls returns the commands of stmts that run in the current shell
// whenever the list runs: a statement's command, or the left side of its
// && or || (not a pipeline's stage, a background job, a compound command).
func stmtCalls(stmts []*syntax.Stmt) []*syntax.CallExpr {
	var out []*syntax.CallExpr
	for _, st := range stmts {
		for st != nil && !st.Background && !st.Coprocess {
			if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.AndStmt || b.Op == syntax.OrStmt) {
				st = b.X
				continue
			}
			if c, ok := st.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 0 {
				out = append(out, c)
			}
			break
		}
	}
	return out
}
