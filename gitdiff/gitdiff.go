// Package gitdiff finds what changed in a git work tree since a revision and
// lints only that: `servelint --changed-from=REV`.
//
// The files linted are the scripts and env files changed since REV
// (committed, staged, unstaged and untracked; deleted files are not linted),
// the scripts that read a changed env file, and the env files those scripts
// read. A finding is reported when it is on a changed line, or when it is
// new: the same file, rule and line gave no finding at REV. REV's side is
// linted from REV's contents, read with `git show` through
// lint.Options.ReadFile under the same paths, so the work tree is never
// touched. Lines are mapped through the diff: a finding on an unchanged
// line that merely moved (lines were added or removed above it) matches the
// finding at its old line and is not new.
//
// REV is compared through its merge base with HEAD (what `git diff REV...`
// shows, and what a pull request's "Files changed" shows), so commits on the
// base branch that this branch does not have are not taken for changes.
package gitdiff

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// UsageError is an error the user can fix by invoking servelint
// differently: not a git work tree, an unknown revision.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Status says how a file changed.
type Status int

// How a file changed since the base.
const (
	Modified Status = iota
	Added
	Renamed
	Untracked
)

func (s Status) String() string {
	switch s {
	case Added:
		return "added"
	case Renamed:
		return "renamed"
	case Untracked:
		return "untracked"
	}
	return "modified"
}

// Hunk is one hunk of a zero-context diff: lines OldStart.. (OldCount of
// them) of the old file became lines NewStart.. (NewCount) of the new one.
// A count of 0 means the start is the line before the hunk.
type Hunk struct {
	OldStart, OldCount int
	NewStart, NewCount int
}

// File is one changed file.
type File struct {
	// Path is the absolute path in the work tree.
	Path string
	// OldPath is the path at the base, relative to the repository root;
	// "" when the file did not exist there.
	OldPath string
	Status  Status
	// Hunks are the diff's hunks, in order (none for an added or untracked
	// file: every line is changed).
	Hunks []Hunk
}

// New reports whether the file did not exist at the base.
func (f *File) New() bool { return f.Status == Added || f.Status == Untracked }

// Changed reports whether a line (1-based, of the work-tree file) is added
// or modified since the base.
func (f *File) Changed(line int) bool {
	if f == nil {
		return false
	}
	if f.New() {
		return true
	}
	for _, h := range f.Hunks {
		if h.NewCount > 0 && line >= h.NewStart && line < h.NewStart+h.NewCount {
			return true
		}
	}
	return false
}

// OldLine maps an unchanged line of the work-tree file to its line at the
// base; ok is false for a changed line or a new file.
func (f *File) OldLine(line int) (old int, ok bool) {
	if f == nil {
		return line, true
	}
	if f.New() || f.Changed(line) {
		return 0, false
	}
	delta := 0
	for _, h := range f.Hunks {
		end := h.NewStart + h.NewCount // first line after the hunk
		if h.NewCount == 0 {
			end = h.NewStart + 1
		}
		if line >= end {
			delta += h.NewCount - h.OldCount
		}
	}
	return line - delta, true
}

// Changes is what changed in a work tree since a revision.
type Changes struct {
	// Root is the work tree's top directory (absolute, symlinks resolved).
	Root string
	// Rev is the revision as given; Base the commit compared against.
	Rev, Base string
	// Files are the changed files that still exist, by absolute path.
	Files map[string]*File

	git func(args ...string) ([]byte, error)
}

// File returns the change of an absolute path, nil when it is unchanged.
func (c *Changes) File(abs string) *File { return c.Files[abs] }

// Paths returns the changed files' absolute paths, sorted.
func (c *Changes) Paths() []string {
	var out []string
	for p := range c.Files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// runner runs git in dir.
func runner(dir string) func(args ...string) ([]byte, error) {
	return func(args ...string) ([]byte, error) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "core.quotePath=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				return out, fmt.Errorf("git %s: %s", strings.Join(args, " "), strings.TrimSpace(stderr.String()))
			}
			return out, fmt.Errorf("git: %w", err)
		}
		return out, nil
	}
}

// Load finds what changed in the work tree holding dir since rev.
func Load(dir, rev string) (*Changes, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, fmt.Errorf("--changed-from needs git: %w", err)
	}
	git := runner(dir)
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, &UsageError{Msg: fmt.Sprintf("--changed-from: %s is not in a git work tree", dir)}
	}
	root := strings.TrimSpace(string(top))
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	if strings.HasPrefix(rev, "-") {
		return nil, &UsageError{Msg: fmt.Sprintf("--changed-from: %q is not a revision", rev)}
	}
	sha, err := git("rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		shallow, _ := git("rev-parse", "--is-shallow-repository")
		hint := ""
		if strings.TrimSpace(string(shallow)) == "true" {
			hint = " (this is a shallow clone: fetch the history, e.g. actions/checkout with fetch-depth: 0)"
		}
		return nil, &UsageError{Msg: fmt.Sprintf("--changed-from: unknown revision %q%s", rev, hint)}
	}
	base := strings.TrimSpace(string(sha))
	if mb, err := git("merge-base", base, "HEAD"); err == nil && len(bytes.TrimSpace(mb)) > 0 {
		base = strings.TrimSpace(string(mb))
	}
	c := &Changes{Root: root, Rev: rev, Base: base, Files: map[string]*File{}, git: runner(root)}
	if err := c.load(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Changes) load() error {
	// --text: a pull request's .gitattributes ('*.sh -diff', 'binary')
	// must not turn a script's hunks into "Binary files differ", which has
	// none, and so hide its changed lines.
	diffArgs := []string{"diff", "--no-color", "--no-ext-diff", "--no-textconv", "--text", "-M", "--src-prefix=a/", "--dst-prefix=b/"}
	ns, err := c.git(append(append([]string{}, diffArgs...), "--name-status", "-z", c.Base, "--")...)
	if err != nil {
		return err
	}
	fields := strings.Split(string(ns), "\x00")
	for i := 0; i < len(fields); {
		st := fields[i]
		if st == "" {
			i++
			continue
		}
		switch st[0] {
		case 'R', 'C':
			if i+2 >= len(fields) {
				return fmt.Errorf("git diff --name-status: truncated output")
			}
			old, nw := fields[i+1], fields[i+2]
			f := &File{Path: c.abs(nw), OldPath: old, Status: Renamed}
			if st[0] == 'C' {
				f.Status = Modified // a copy: compare with its source
			}
			c.Files[f.Path] = f
			i += 3
		case 'D':
			i += 2
		case 'A':
			if i+1 < len(fields) {
				c.Files[c.abs(fields[i+1])] = &File{Path: c.abs(fields[i+1]), Status: Added}
			}
			i += 2
		default: // M, T, U (unmerged), X
			if i+1 < len(fields) {
				c.Files[c.abs(fields[i+1])] = &File{Path: c.abs(fields[i+1]), OldPath: fields[i+1], Status: Modified}
			}
			i += 2
		}
	}
	un, err := c.git("ls-files", "--others", "--exclude-standard", "--full-name", "-z")
	if err != nil {
		return err
	}
	for _, p := range strings.Split(string(un), "\x00") {
		if p != "" {
			c.Files[c.abs(p)] = &File{Path: c.abs(p), Status: Untracked}
		}
	}
	patch, err := c.git(append(append([]string{}, diffArgs...), "-U0", c.Base, "--")...)
	if err != nil {
		return err
	}
	return c.parseHunks(patch)
}

func (c *Changes) abs(rel string) string { return filepath.Join(c.Root, filepath.FromSlash(rel)) }

var hunkRE = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

// parseHunks reads a zero-context unified diff. A hunk's lines are counted
// off its header, so an added line that reads like a header ("++ b/x"
// added is "+++ b/x") is content, never a new file: taken for one, it
// dropped the rest of the file's hunks and let --changed-from pass a
// change that adds findings.
func (c *Changes) parseHunks(patch []byte) error {
	var cur *File
	oldLeft, newLeft := 0, 0
	for _, line := range strings.Split(string(patch), "\n") {
		if oldLeft > 0 || newLeft > 0 {
			switch {
			case strings.HasPrefix(line, "-"):
				oldLeft--
				continue
			case strings.HasPrefix(line, "+"):
				newLeft--
				continue
			case strings.HasPrefix(line, " "):
				oldLeft--
				newLeft--
				continue
			case strings.HasPrefix(line, "\\"): // \ No newline at end of file
				continue
			}
			oldLeft, newLeft = 0, 0 // a short hunk: read on as headers
		}
		switch {
		case strings.HasPrefix(line, "diff --git "):
			cur = nil
		case strings.HasPrefix(line, "+++ "):
			// git ends a path holding a space with a tab ("+++ b/a b.sh\t").
			p := strings.TrimSuffix(strings.TrimPrefix(line, "+++ "), "\t")
			if p == "/dev/null" {
				cur = nil
				continue
			}
			if strings.HasPrefix(p, `"`) {
				if u, err := strconv.Unquote(p); err == nil {
					p = u
				}
			}
			p = strings.TrimPrefix(p, "b/")
			cur = c.Files[c.abs(p)]
		case strings.HasPrefix(line, "@@ "):
			m := hunkRE.FindStringSubmatch(line)
			if m == nil {
				return fmt.Errorf("git diff: cannot read hunk header %q", line)
			}
			num := func(s string, def int) int {
				if s == "" {
					return def
				}
				n, _ := strconv.Atoi(s)
				return n
			}
			h := Hunk{OldStart: num(m[1], 0), OldCount: num(m[2], 1), NewStart: num(m[3], 0), NewCount: num(m[4], 1)}
			oldLeft, newLeft = h.OldCount, h.NewCount
			if cur != nil {
				cur.Hunks = append(cur.Hunks, h)
			}
		}
	}
	return nil
}

// ReadOld returns a file's contents at the base, by its work-tree path
// (absolute or relative to the working directory). A file that did not
// exist at the base is fs.ErrNotExist; an unchanged file (or one outside
// the work tree) is read from disk, where it is the same.
func (c *Changes) ReadOld(path string) ([]byte, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	abs = c.real(abs)
	f := c.Files[abs]
	if f == nil {
		return os.ReadFile(path)
	}
	if f.OldPath == "" {
		return nil, &fs.PathError{Op: "read at " + c.Rev, Path: path, Err: fs.ErrNotExist}
	}
	b, err := c.git("show", c.Base+":"+f.OldPath)
	if err != nil {
		return nil, &fs.PathError{Op: "read at " + c.Rev, Path: path, Err: err}
	}
	return b, nil
}

// real resolves symlinks in the directory part of an absolute path, so that
// it compares with Root (which git reports resolved).
func (c *Changes) real(abs string) string {
	if r, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(r, filepath.Base(abs))
	}
	return abs
}
