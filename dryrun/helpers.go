package dryrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"mvdan.cc/sh/v3/interp"
)

// helperFunc emulates a pure program in Go: it computes its output from its
// arguments (and files of the tree) and has no side effect.
type helperFunc func(ev *evaluator, ctx context.Context, hc interp.HandlerContext, args []string) error

// helpers are the programs serve scripts use to compute paths and values.
// They are emulated, never run; any other program is skipped.
var helpers = map[string]helperFunc{
	"dirname":  helperDirname,
	"basename": helperBasename,
	"readlink": helperReadlink,
	"realpath": helperRealpath,
	"pwd":      helperPwd,
	"true":     helperStatus(0),
	":":        helperStatus(0),
	"false":    helperStatus(1),
	"sleep":    helperStatus(0),
	"echo":     helperBuiltin,
	"printf":   helperBuiltin,
	"test":     helperBuiltin,
	"[":        helperBuiltin,
	"id":       helperID,
	"whoami":   helperWhoami,
	"hostname": helperHostname,
	"nproc":    helperConst("1"),
	"uname":    helperUname,
	"date":     helperDate,
	"cat":      helperCat,
	"which":    helperWhich,
	"grep":     helperGrep,
	"sed":      helperSed,
	"tr":       helperTr,
	"xargs":    helperXargs,
	"git":      helperGit,
	"getopt":   helperGetopt,
}

// stdBinDirs are the directories from which a program named by path is
// still taken to be the standard helper.
var stdBinDirs = map[string]bool{"/bin": true, "/usr/bin": true, "/usr/local/bin": true, "/sbin": true, "/usr/sbin": true}

// helperFor returns the emulation of a program, or nil.
func helperFor(name string) helperFunc {
	dir, base := path.Split(name)
	if dir != "" && !stdBinDirs[path.Clean(dir)] {
		return nil // e.g. ./scripts/dirname: the tree's own program
	}
	return helpers[base]
}

func out(ev *evaluator, hc interp.HandlerContext, lines ...string) {
	if len(lines) == 0 {
		return
	}
	ev.write(hc.Stdout, strings.Join(lines, "\n")+"\n")
}

func errOut(ev *evaluator, hc interp.HandlerContext, format string, args ...any) error {
	ev.write(hc.Stderr, fmt.Sprintf(format, args...)+"\n")
	return interp.ExitStatus(1)
}

func helperStatus(code uint8) helperFunc {
	return func(*evaluator, context.Context, interp.HandlerContext, []string) error {
		if code == 0 {
			return nil // interp.ExitStatus(0) panics in interp v3.14.1
		}
		return interp.ExitStatus(code)
	}
}

func helperConst(s string) helperFunc {
	return func(ev *evaluator, _ context.Context, hc interp.HandlerContext, _ []string) error {
		out(ev, hc, s)
		return nil
	}
}

// helperBuiltin runs /usr/bin/printf and friends as the shell builtin.
// test and [ reach it without the call handler's look at their operators
// (/usr/bin/test -O f, exec [ -G f ], builtin exec test …): -O and -G are
// refused here too, before interp asks the host's user database.
func helperBuiltin(ev *evaluator, ctx context.Context, hc interp.HandlerContext, args []string) error {
	name := path.Base(args[0])
	if err := ev.refuseOwnerTest(name, args[1:]); err != nil {
		return err
	}
	return hc.Builtin(ctx, append([]string{name}, args[1:]...))
}

// operands splits args[1:] into short option letters and operands.
func operands(args []string) (flags string, ops []string, long []string) {
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			return flags, append(ops, rest[i+1:]...), long
		case strings.HasPrefix(a, "--"):
			long = append(long, a)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			flags += a[1:]
		default:
			ops = append(ops, a)
		}
	}
	return flags, ops, long
}

// dirname is POSIX dirname(1).
func dirname(p string) string {
	if p == "" {
		return "."
	}
	p = trimSlashes(p)
	if p == "/" {
		return "/"
	}
	j := strings.LastIndexByte(p, '/')
	if j < 0 {
		return "."
	}
	p = p[:j]
	for len(p) > 1 && p[len(p)-1] == '/' {
		p = p[:len(p)-1]
	}
	if p == "" {
		return "/"
	}
	return p
}

// trimSlashes drops trailing slashes, keeping a lone "/".
func trimSlashes(p string) string {
	i := len(p)
	for i > 1 && p[i-1] == '/' {
		i--
	}
	return p[:i]
}

// basename is POSIX basename(1).
func basename(p, suffix string) string {
	if p == "" {
		return ""
	}
	p = trimSlashes(p)
	if p == "/" {
		return "/"
	}
	p = p[strings.LastIndexByte(p, '/')+1:]
	if suffix != "" && suffix != p && strings.HasSuffix(p, suffix) {
		p = p[:len(p)-len(suffix)]
	}
	return p
}

func helperDirname(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	flags, ops, long := operands(args)
	if strings.Trim(flags, "z") != "" || len(long) > 0 {
		return ev.skip(hc, args)
	}
	if len(ops) == 0 {
		return errOut(ev, hc, "dirname: missing operand")
	}
	res := make([]string, len(ops))
	for i, o := range ops {
		res[i] = dirname(o)
	}
	out(ev, hc, res...)
	return nil
}

func helperBasename(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	rest := args[1:]
	multi, suffix := false, ""
	var ops []string
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			ops = append(ops, rest[i+1:]...)
			i = len(rest)
		case a == "-a" || a == "--multiple":
			multi = true
		case a == "-s" || a == "--suffix":
			if i+1 >= len(rest) {
				return errOut(ev, hc, "basename: option requires an argument -- 's'")
			}
			i++
			suffix, multi = rest[i], true
		case strings.HasPrefix(a, "--suffix="):
			suffix, multi = strings.TrimPrefix(a, "--suffix="), true
		case a == "-z" || a == "--zero":
			return ev.skip(hc, args)
		case strings.HasPrefix(a, "-") && len(a) > 1 && len(ops) == 0:
			return ev.skip(hc, args)
		default:
			ops = append(ops, a)
		}
	}
	switch {
	case len(ops) == 0:
		return errOut(ev, hc, "basename: missing operand")
	case !multi && len(ops) == 2:
		suffix, ops = ops[1], ops[:1]
	case !multi && len(ops) > 2:
		return errOut(ev, hc, "basename: extra operand %q", ops[2])
	}
	res := make([]string, len(ops))
	for i, o := range ops {
		res[i] = basename(o, suffix)
	}
	out(ev, hc, res...)
	return nil
}

// canonical resolves p as readlink -f / realpath do. Inside the tree,
// symlinks are followed without leaving it; outside, the path is only
// cleaned (nothing outside the tree is looked at). ok is false when the
// answer cannot be known (a symlink leading out of the tree). exists
// reports whether the file exists, when inside the tree.
func (ev *evaluator) canonical(dir, p string, follow bool) (res string, exists, ok bool) {
	abs := absPath(dir, p)
	if !within(ev.root, abs) {
		return abs, true, true
	}
	if !follow {
		// realpath -s answers abs itself, but whether it exists is asked of
		// the file abs names: its directories resolved in the tree first, so
		// an in-tree link to / never makes this an oracle of host files.
		real, err := ev.fs.resolve(ev.root, abs, false)
		if err != nil {
			return "", false, false
		}
		_, err = ev.fs.lstat(real)
		return abs, err == nil, true
	}
	real, err := ev.fs.resolve(ev.root, abs, true)
	if err != nil {
		return "", false, false
	}
	_, err = ev.fs.lstat(real)
	exists = err == nil
	if !exists && ev.custom {
		_, rerr := ev.readFile(abs)
		exists = rerr == nil
	}
	return real, exists, true
}

func helperReadlink(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	flags, ops, long := operands(args)
	canon := strings.ContainsAny(flags, "fem") || len(long) > 0
	if strings.Trim(flags, "femnqsvz") != "" || strings.Contains(flags, "z") {
		return ev.skip(hc, args)
	}
	for _, l := range long {
		switch l {
		case "--canonicalize", "--canonicalize-existing", "--canonicalize-missing":
		default:
			return ev.skip(hc, args)
		}
	}
	if len(ops) == 0 {
		return errOut(ev, hc, "readlink: missing operand")
	}
	mustExist := strings.Contains(flags, "e") || slices.Contains(long, "--canonicalize-existing")
	var res []string
	status := 0
	for _, o := range ops {
		if canon {
			r, exists, ok := ev.canonical(hc.Dir, o, true)
			if !ok {
				return ev.skip(hc, args)
			}
			if mustExist && !exists {
				status = 1
				continue
			}
			res = append(res, r)
			continue
		}
		abs := absPath(hc.Dir, o)
		// The link itself, reached through the tree's own directories: a
		// path through an in-tree link to / (r/proc/self/exe) is refused
		// before anything outside the tree is looked at.
		real, err := ev.fs.resolve(ev.root, abs, false)
		if err != nil {
			return ev.skip(hc, args)
		}
		t, err := os.Readlink(real)
		if err != nil {
			status = 1
			continue
		}
		res = append(res, t)
	}
	if strings.Contains(flags, "n") && len(res) > 0 {
		ev.write(hc.Stdout, strings.Join(res, "\n"))
	} else {
		out(ev, hc, res...)
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

func helperRealpath(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	flags, ops, long := operands(args)
	if strings.Trim(flags, "emsqLP") != "" {
		return ev.skip(hc, args)
	}
	follow := !strings.Contains(flags, "s")
	mustExist := strings.Contains(flags, "e")
	for _, l := range long {
		switch l {
		case "--canonicalize-existing":
			mustExist = true
		case "--canonicalize-missing", "--quiet", "--logical", "--physical":
		case "--no-symlinks", "--strip":
			follow = false
		default:
			return ev.skip(hc, args) // --relative-to and the like
		}
	}
	if len(ops) == 0 {
		return errOut(ev, hc, "realpath: missing operand")
	}
	var res []string
	status := 0
	for _, o := range ops {
		r, exists, ok := ev.canonical(hc.Dir, o, follow)
		if !ok {
			return ev.skip(hc, args)
		}
		if mustExist && !exists {
			status = 1
			continue
		}
		res = append(res, r)
	}
	out(ev, hc, res...)
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

func helperPwd(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	flags, _, _ := operands(args)
	if strings.Contains(flags, "P") {
		out(ev, hc, ev.physical(hc.Dir))
	} else {
		out(ev, hc, hc.Dir)
	}
	return nil
}

// helperGit answers `git rev-parse --show-toplevel` (and --show-cdup,
// --show-prefix), optionally after -C DIR, without running git: the work
// tree is the nearest directory at or above the working directory that
// holds a .git entry (a directory, or a worktree's or submodule's file),
// looked for inside the tree only. The sandbox starts in the tree's root,
// which stands for the caller's working directory: a script is run from
// inside its repository, so until it changes directory the search starts
// from the script's own directory, as the static model's does (parser's
// Script.GitTop).
// Any other git command, or no work tree found inside the tree, is
// skipped: its output is not known.
func helperGit(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	dir := hc.Dir
	if dir == ev.root && !hc.Env.Get("OLDPWD").IsSet() {
		dir = filepath.Dir(ev.script) // no cd yet (cd sets OLDPWD)
	}
	rest := args[1:]
	if len(rest) > 1 && rest[0] == "-C" {
		dir, rest = absPath(hc.Dir, rest[1]), rest[2:]
	}
	if len(rest) != 2 || rest[0] != "rev-parse" {
		return ev.skip(hc, args)
	}
	top, ok := ev.workTree(dir)
	if !ok {
		return ev.skip(hc, args)
	}
	rel, err := filepath.Rel(top, dir)
	if err != nil {
		return ev.skip(hc, args)
	}
	switch rest[1] {
	case "--show-toplevel":
		out(ev, hc, top)
	case "--show-prefix":
		if rel == "." {
			out(ev, hc, "")
		} else {
			out(ev, hc, filepath.ToSlash(rel)+"/")
		}
	case "--show-cdup":
		if rel == "." {
			out(ev, hc, "")
		} else {
			out(ev, hc, strings.Repeat("../", strings.Count(filepath.ToSlash(rel), "/")+1))
		}
	default:
		return ev.skip(hc, args)
	}
	return nil
}

// workTree returns the nearest directory at or above dir, inside the
// tree, that holds a .git directory or file; ok is false when dir lies
// outside the tree or none inside does. Each .git is looked at through
// the tree's own directories (Files.resolve), so an in-tree link to /
// never makes this an oracle of host files.
func (ev *evaluator) workTree(dir string) (string, bool) {
	dir = filepath.Clean(dir)
	if !within(ev.root, dir) || hasSentinel(dir) {
		return "", false
	}
	for d := dir; within(ev.root, d); d = filepath.Dir(d) {
		if real, err := ev.fs.resolve(ev.root, filepath.Join(d, ".git"), false); err == nil {
			if fi, err := ev.fs.lstat(real); err == nil && (fi.IsDir() || fi.Mode().IsRegular()) {
				return d, true
			}
		}
		if d == ev.root {
			break
		}
	}
	return "", false
}

func helperID(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	flags, ops, long := operands(args)
	if len(ops) > 0 || len(long) > 0 || strings.Trim(flags, "ugGnr") != "" {
		return ev.skip(hc, args)
	}
	uid, user := sandboxIdentity(hc)
	switch {
	case flags == "":
		out(ev, hc, fmt.Sprintf("uid=%s(%s) gid=%s(%s) groups=%s(%s)", uid, user, uid, user, uid, user))
	case strings.Contains(flags, "n"):
		out(ev, hc, user)
	default:
		out(ev, hc, uid)
	}
	return nil
}

func helperWhoami(ev *evaluator, _ context.Context, hc interp.HandlerContext, _ []string) error {
	_, user := sandboxIdentity(hc)
	out(ev, hc, user)
	return nil
}

func helperHostname(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	for _, a := range args[1:] {
		switch a {
		case "-s", "--short", "-f", "--fqdn", "--long", "-A", "--all-fqdns":
		default:
			return ev.skip(hc, args) // -I and the like ask the network
		}
	}
	out(ev, hc, sandboxHostname)
	return nil
}

func helperUname(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	flags, ops, long := operands(args)
	if len(ops) > 0 || len(long) > 0 {
		return ev.skip(hc, args)
	}
	if flags == "" {
		flags = "s"
	}
	if strings.Contains(flags, "a") {
		flags = "snrvmo"
	}
	var parts []string
	for _, c := range "snrvmpio" {
		if !strings.ContainsRune(flags, c) {
			continue
		}
		switch c {
		case 's':
			parts = append(parts, "Linux")
		case 'n':
			parts = append(parts, sandboxHostname)
		case 'r':
			parts = append(parts, "6.0.0")
		case 'v':
			parts = append(parts, "#1 SMP")
		case 'm', 'p', 'i':
			parts = append(parts, "x86_64")
		case 'o':
			parts = append(parts, "GNU/Linux")
		}
	}
	if strings.Trim(flags, "snrvmpio") != "" {
		return ev.skip(hc, args)
	}
	out(ev, hc, strings.Join(parts, " "))
	return nil
}

// helperDate prints the sandbox's fixed clock; anything but -u and +FORMAT
// (-d, -r FILE, ...) is skipped.
func helperDate(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	format := "%a %b %e %H:%M:%S %Z %Y"
	for _, a := range args[1:] {
		switch {
		case a == "-u" || a == "--utc" || a == "--universal":
		case strings.HasPrefix(a, "+"):
			format = a[1:]
		default:
			return ev.skip(hc, args)
		}
	}
	s, ok := strftime(fixedTime, format)
	if !ok {
		return ev.skip(hc, args)
	}
	out(ev, hc, s)
	return nil
}

// strftime formats t with the common date(1) conversions.
func strftime(t time.Time, f string) (string, bool) {
	var sb strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 == len(f) {
			sb.WriteByte(f[i])
			continue
		}
		i++
		switch f[i] {
		case 'Y':
			fmt.Fprintf(&sb, "%04d", t.Year())
		case 'y':
			fmt.Fprintf(&sb, "%02d", t.Year()%100)
		case 'm':
			fmt.Fprintf(&sb, "%02d", int(t.Month()))
		case 'd':
			fmt.Fprintf(&sb, "%02d", t.Day())
		case 'e':
			fmt.Fprintf(&sb, "%2d", t.Day())
		case 'H':
			fmt.Fprintf(&sb, "%02d", t.Hour())
		case 'M':
			fmt.Fprintf(&sb, "%02d", t.Minute())
		case 'S':
			fmt.Fprintf(&sb, "%02d", t.Second())
		case 'N':
			sb.WriteString("000000000")
		case 's':
			fmt.Fprintf(&sb, "%d", t.Unix())
		case 'j':
			fmt.Fprintf(&sb, "%03d", t.YearDay())
		case 'F':
			sb.WriteString(t.Format("2006-01-02"))
		case 'T':
			sb.WriteString(t.Format("15:04:05"))
		case 'R':
			sb.WriteString(t.Format("15:04"))
		case 'D':
			sb.WriteString(t.Format("01/02/06"))
		case 'a':
			sb.WriteString(t.Format("Mon"))
		case 'A':
			sb.WriteString(t.Format("Monday"))
		case 'b', 'h':
			sb.WriteString(t.Format("Jan"))
		case 'B':
			sb.WriteString(t.Format("January"))
		case 'u':
			fmt.Fprintf(&sb, "%d", (int(t.Weekday())+6)%7+1)
		case 'w':
			fmt.Fprintf(&sb, "%d", int(t.Weekday()))
		case 'Z':
			sb.WriteString("UTC")
		case 'z':
			sb.WriteString("+0000")
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case '%':
			sb.WriteByte('%')
		default:
			return "", false
		}
	}
	return sb.String(), true
}

// helperCat prints files of the tree and its standard input. A file outside
// the tree makes the whole command skipped (its output unresolved).
func helperCat(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	files := args[1:]
	for _, a := range files {
		if strings.HasPrefix(a, "-") && a != "-" {
			return ev.skip(hc, args) // options such as -n change the output
		}
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	var buf bytes.Buffer
	status := 0
	for _, f := range files {
		if f == "-" {
			if err := ev.readStdin(hc, &buf); err != nil {
				return err
			}
			continue
		}
		data, err := ev.readFile(absPath(hc.Dir, f))
		if errors.Is(err, errOutsideTree) {
			return ev.skip(hc, args)
		}
		if err != nil {
			ev.write(hc.Stderr, fmt.Sprintf("cat: %s: No such file or directory\n", f))
			status = 1
			continue
		}
		buf.Write(data)
	}
	ev.write(hc.Stdout, buf.String())
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// readStdin copies a command's standard input into buf, bounded in size and
// by the run's deadline.
func (ev *evaluator) readStdin(hc interp.HandlerContext, buf *bytes.Buffer) error {
	if hc.Stdin == nil {
		return nil
	}
	if f, ok := hc.Stdin.(*os.File); ok {
		if f == nil {
			return nil
		}
		_ = f.SetReadDeadline(ev.deadline)
	}
	// A broken input just ends the copy, as for cat; a deadline means the
	// run is over.
	if _, err := io.Copy(buf, io.LimitReader(hc.Stdin, maxFileSize)); errors.Is(err, os.ErrDeadlineExceeded) {
		return ev.alive()
	}
	return nil
}

func helperWhich(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	_, ops, _ := operands(args)
	res := make([]string, 0, len(ops))
	for _, o := range ops {
		res = append(res, fakePath(o))
	}
	out(ev, hc, res...)
	return nil
}
