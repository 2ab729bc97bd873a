package parser

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/servelint/servelint/internal/fsread"
	"github.com/servelint/servelint/internal/warm"
)

// outsideLimit bounds the files the look for outside readers visits in a
// work tree; past it every env file there counts as read outside (not
// covered), the safe answer for a fix that deletes a key.
const outsideLimit = 50000

// outsideBytes bounds the bytes of the scripts the look for outside
// readers holds for a work tree (a variable: a test lowers it). The file
// count alone let a pull request's 400 scripts of 2 MiB (comments) make
// 800 MB of heap, 5,000 of them 10 GB, while the linted directory beside
// them was one small script; past it every env file there counts as read
// outside, as past outsideLimit.
var outsideBytes = 256 << 20

// outsideTTL is how long a work tree's scripts, once read, answer for it:
// the tests lint hundreds of directories of one repository, and the
// language server re-lints an env file as it is typed.
const outsideTTL = 10 * time.Second

// outsideTree is a git work tree's shell scripts (walked with the walk's
// rules: .git, vendor and node_modules skipped, symlinks not followed),
// and which env files each reads, asked when needed.
type outsideTree struct {
	once    sync.Once
	at      time.Time
	scripts []outsideScript
	tooMany bool

	mu    sync.Mutex
	reads map[string][]string // script path → the absolute env files it reads
}

// unresolvedRead, then the base name of its word, stands for a source
// whose path the model cannot resolve.
const unresolvedRead = "?"

type outsideScript struct {
	path string // absolute
	src  []byte
}

var outsideTrees = struct {
	sync.Mutex
	m map[string]*outsideTree
}{m: map[string]*outsideTree{}}

// treeOf returns the work tree top's scripts, read at most once a TTL.
func treeOf(top string) *outsideTree {
	outsideTrees.Lock()
	t := outsideTrees.m[top]
	if t == nil || time.Since(t.at) > outsideTTL {
		// A long-lived process (the language server) asks for many trees
		// over a session: drop the expired ones, which hold up to
		// outsideBytes of scripts each, when a tree is read again.
		for k, o := range outsideTrees.m {
			if time.Since(o.at) > outsideTTL {
				delete(outsideTrees.m, k)
			}
		}
		t = &outsideTree{at: time.Now()}
		outsideTrees.m[top] = t
	}
	outsideTrees.Unlock()
	t.once.Do(func() { t.collect(top) })
	return t
}

// OutsideReader returns a shell script of the git work tree around the env
// file at path, outside the walked directories, that sources it (see
// readOutside); "" when there is none or the file was not walked.
func (u *Unit) OutsideReader(path string) string {
	ap, err := u.Abs(path)
	if err != nil {
		return ""
	}
	u.Covered(path) // asks readOutside when the file was walked
	u.outsideMu.Lock()
	defer u.outsideMu.Unlock()
	return u.outsideRead[ap]
}

// readOutside returns a shell script of the git work tree around the env
// file at ap (absolute), outside every walked directory, that sources it:
// `servelint --fix scripts/` walks scripts/, and tools/calib.sh, which
// sources ../scripts/serve.env, would lose a key a fix deletes. A script
// is asked only when it names the file's base name, and is then read by
// the model (Load), so a copy of the repository elsewhere in the tree,
// which sources its own copy of the file, is no reader. "" when the file
// is in no git work tree, the walk covered the whole tree, or no script
// outside reads it.
func (u *Unit) readOutside(ap string) string {
	top := u.workTree(filepath.Dir(ap))
	if top == "" {
		return ""
	}
	for _, ad := range u.walkedAbs {
		if Within(ad, top) {
			return "" // the whole work tree was walked
		}
	}
	u.outsideMu.Lock()
	r, ok := u.outsideRead[ap]
	u.outsideMu.Unlock()
	if ok {
		return r
	}
	t := treeOf(top)
	r = t.readerOf(ap, u.walkedAbs)
	if r == "" && t.tooMany {
		r = top + " (too many files to look through)"
	}
	u.outsideMu.Lock()
	if u.outsideRead == nil {
		u.outsideRead = map[string]string{}
	}
	u.outsideRead[ap] = r
	u.outsideMu.Unlock()
	return r
}

// workTree is WorkTree of an absolute, clean directory, once per directory
// of the unit and its parents: asked for every
// env file (pprof on 1,600 repos outside git: its Lstat up to / for each
// was 2% of a static lint).
func (u *Unit) workTree(dir string) string {
	u.outsideMu.Lock()
	top, ok := u.workTrees[dir]
	u.outsideMu.Unlock()
	if ok {
		return top
	}
	top = ""
	if _, ok := u.gitEntry(dir); ok {
		top = dir
	} else if up := filepath.Dir(dir); up != dir {
		top = u.workTree(up) // the parents' answers are shared by their children
	}
	u.outsideMu.Lock()
	if u.workTrees == nil {
		u.workTrees = map[string]string{}
	}
	u.workTrees[dir] = top
	u.outsideMu.Unlock()
	return top
}

// collect reads the shell scripts of the work tree top.
func (t *outsideTree) collect(top string) {
	visited, held := 0, 0
	_ = filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if visited++; visited > outsideLimit {
			t.tooMany = true
			return fs.SkipAll
		}
		if d.IsDir() {
			if path != top && skipDir(d.Name(), path, &LoadOptions{}) {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || Classify(path) != KindScript {
			return nil
		}
		if src, err := fsread.ReadRegular(path, DefaultMaxFileSize); err == nil {
			if held += len(src); held > outsideBytes {
				t.tooMany, t.scripts = true, nil
				return fs.SkipAll
			}
			t.scripts = append(t.scripts, outsideScript{path, src})
		}
		return nil
	})
}

// readerOf returns a script of the tree outside the walked directories
// that reads the env file at ap, as the model resolves its paths.
func (t *outsideTree) readerOf(ap string, walked []string) string {
	base := []byte(filepath.Base(ap))
	real, err := RealPath(ap)
	if err != nil {
		real = ap
	}
	var cands []string
	for _, s := range t.scripts {
		if bytes.Contains(s.src, base) && !inAny(walked, s.path) {
			cands = append(cands, s.path)
		}
	}
	// The candidates are loaded on every worker, a few at a time, and
	// answered in order: the first reader is the one a walk of them one
	// by one finds. (An env file named serve.env in a repository of many
	// serve repos had hundreds of candidates, each a Load: 140 ms of a
	// 300 ms lint of one directory, on one core.)
	jobs := runtime.GOMAXPROCS(0)
	reads := make([][]string, len(cands))
	for start := 0; start < len(cands); start += 4 * jobs {
		end := min(start+4*jobs, len(cands))
		warm.Each(end-start, jobs, func(i int) { reads[start+i] = t.readsOf(cands[start+i]) })
		for i := start; i < end; i++ {
			for _, e := range reads[i] {
				if e == ap || e == real || e == unresolvedRead+filepath.Base(ap) || e == anyRead {
					return cands[i]
				}
			}
		}
	}
	return ""
}

// readsOf returns the files a script of the tree reads by the paths the
// model resolves (sources, docker --env-file, loaders), absolute and with
// their real paths, computed once.
func (t *outsideTree) readsOf(path string) []string {
	t.mu.Lock()
	if r, ok := t.reads[path]; ok {
		t.mu.Unlock()
		return r
	}
	t.mu.Unlock()
	var out []string
	one := loadOutside(path)
	if one == nil {
		out = []string{anyRead}
	}
	for _, s := range oneScripts(one) {
		for _, ref := range s.Sources {
			if ref.Path == "" {
				// source "$ROOT/serve.env" with a ROOT the model cannot
				// resolve: it may be this file (one whose word does not
				// name it, source "$CONF", is not asked).
				out = append(out, unresolvedRead+strings.Trim(filepath.Base(ref.Word), `"'`))
				continue
			}
			abs, err := one.Abs(ref.Path)
			if err != nil {
				continue
			}
			out = append(out, abs)
			if r, err := RealPath(abs); err == nil && r != abs {
				out = append(out, r)
			}
		}
	}
	t.mu.Lock()
	if t.reads == nil {
		t.reads = map[string][]string{}
	}
	t.reads[path] = out
	t.mu.Unlock()
	return out
}

// anyRead stands for the reads of a script the model failed on: it may
// read any file it names.
const anyRead = "\x00any"

// loadOutside loads one script of the tree outside the walked
// directories; nil when the model panics on it: a script no one asked to
// lint must not take a rule down with it (an internal error in its model
// was envowner's, and the unit's findings of that rule were lost).
func loadOutside(path string) (u *Unit) {
	defer func() {
		if recover() != nil {
			u = nil
		}
	}()
	return outsideLoad(path)
}

// outsideLoad is Load for one script (a test makes it panic).
var outsideLoad = func(path string) *Unit { return Load(LoadOptions{Paths: []string{path}, Jobs: 1}) }

// oneScripts returns u's scripts, none for nil.
func oneScripts(u *Unit) []*Script {
	if u == nil {
		return nil
	}
	return u.Scripts
}

// inAny reports whether path lies in one of the directories.
func inAny(dirs []string, path string) bool {
	for _, d := range dirs {
		if Within(d, path) {
			return true
		}
	}
	return false
}
