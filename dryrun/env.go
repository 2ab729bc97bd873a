package dryrun

import (
	"bufio"
	"bytes"
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"

	"github.com/servelint/servelint/parser"
)

// The fixed identity the sandbox shows a script. Nothing of the host's
// environment, user or machine is ever copied in.
const (
	sandboxPath     = "/nonexistent-servelint/bin"
	sandboxHome     = "/nonexistent-servelint/home"
	sandboxUser     = "servelint"
	sandboxUID      = "1000"
	sandboxHostname = "localhost"
	// sandboxBashVersion is the bash the sandbox says it is.
	sandboxBashVersion = "5.2.21(1)-release"
)

// sandboxBashVersinfo is BASH_VERSINFO for sandboxBashVersion.
var sandboxBashVersinfo = []string{"5", "2", "21", "1", "release", "x86_64-pc-linux-gnu"}

// sandboxEnv is the interpreter's initial environment: a fixed map, the
// script's BASH_SOURCE, plus an answer for every "HOME <user>" lookup so
// that `~user` never makes the expander consult the host's user database.
type sandboxEnv struct {
	// vars is only read: with no extra variables and the shared TMPDIR it
	// is one map for every script of the process (fixedVars).
	vars   map[string]expand.Variable
	source string // BASH_SOURCE's element: the script
}

var _ expand.Environ = (*sandboxEnv)(nil)

// Get implements expand.Environ. A list is handed out as a copy: the modes
// of a script share one sandboxEnv, and interp appends to an indexed
// variable's first element in place (BASH_SOURCE+=x).
func (e *sandboxEnv) Get(name string) expand.Variable {
	if name == "BASH_SOURCE" {
		return e.bashSource()
	}
	if vr, ok := e.vars[name]; ok {
		vr.List = slices.Clone(vr.List)
		return vr
	}
	if user, ok := strings.CutPrefix(name, "HOME "); ok {
		return strVar(path.Join(sandboxHome, "..", path.Base("/"+user)), false)
	}
	return expand.Variable{}
}

func (e *sandboxEnv) bashSource() expand.Variable {
	return expand.Variable{Set: true, Kind: expand.Indexed, List: []string{e.source}}
}

// Each implements expand.Environ (lists copied, as by Get).
func (e *sandboxEnv) Each(f func(name string, vr expand.Variable) bool) {
	for name, vr := range e.vars {
		vr.List = slices.Clone(vr.List)
		if !f(name, vr) {
			return
		}
	}
	f("BASH_SOURCE", e.bashSource())
}

// modeEnv is a script's shared environment with the variables that pick
// the mode set to the one evaluated. Its names never include a variable
// the sandbox itself fixes (sandboxOwned): a selector named TMPDIR would
// hand interp a host directory for the temp files and FIFOs it creates
// without a handler (the mode, a case pattern of the script, is any text).
type modeEnv struct {
	*sandboxEnv
	names []string
	mode  string
}

var _ expand.Environ = (*modeEnv)(nil)

// Get implements expand.Environ.
func (e *modeEnv) Get(name string) expand.Variable {
	if slices.Contains(e.names, name) {
		return strVar(e.mode, true)
	}
	return e.sandboxEnv.Get(name)
}

// Each implements expand.Environ: the selectors first, then the rest.
func (e *modeEnv) Each(f func(name string, vr expand.Variable) bool) {
	for _, n := range e.names {
		if !f(n, strVar(e.mode, true)) {
			return
		}
	}
	e.sandboxEnv.Each(func(name string, vr expand.Variable) bool {
		return slices.Contains(e.names, name) || f(name, vr)
	})
}

// submitDirEnv is an environment with the batch scheduler's submit
// directory variables (parser.SubmitDirVar) it lacks set to dir.
type submitDirEnv struct {
	expand.Environ
	dir string
}

// withSubmitDir returns env with SLURM_SUBMIT_DIR and PBS_O_WORKDIR, where
// it has none, set (exported, as the scheduler does) to dir, the script's
// directory: the job is taken to be submitted from there (sbatch job.sh),
// where the model reads `source "$SLURM_SUBMIT_DIR/job.env"` and `cd
// "$PBS_O_WORKDIR"; . ./job.env` too. Left unset, the path was the
// caller's placeholder, and every mode of such a job was "could not be
// evaluated".
func withSubmitDir(env expand.Environ, dir string) expand.Environ {
	return &submitDirEnv{Environ: env, dir: dir}
}

// Get implements expand.Environ.
func (e *submitDirEnv) Get(name string) expand.Variable {
	vr := e.Environ.Get(name)
	if !vr.IsSet() && parser.SubmitDirVar(name) {
		return strVar(e.dir, true)
	}
	return vr
}

// Each implements expand.Environ: the inner variables, then the submit
// directories it lacks.
func (e *submitDirEnv) Each(f func(name string, vr expand.Variable) bool) {
	seen := map[string]bool{}
	stopped := false
	e.Environ.Each(func(name string, vr expand.Variable) bool {
		if parser.SubmitDirVar(name) && vr.IsSet() {
			seen[name] = true
		}
		stopped = !f(name, vr)
		return !stopped
	})
	for _, n := range parser.SubmitDirVars {
		if stopped || seen[n] {
			continue
		}
		stopped = !f(n, strVar(e.dir, true))
	}
}

// newModeEnv returns env with the selectors (modeSelectors) set to mode;
// env itself when there are none.
func newModeEnv(env *sandboxEnv, selectors []string, mode string) expand.Environ {
	if len(selectors) == 0 {
		return env
	}
	return &modeEnv{sandboxEnv: env, names: selectors, mode: mode}
}

// callerNames returns the caller's variables (Options.Caller) the script's
// guards stand a placeholder in for, in the order given, without the
// sandbox's own: the i-th one's placeholder is sentinel(i), every mode's
// first skipped entries (Eval).
func callerNames(names []string) []string { return notOwned(names) }

// modeSelectors returns the selectors the sandbox sets to the mode: those
// it does not own.
func modeSelectors(selectors []string) []string { return notOwned(selectors) }

// notOwned returns names without the sandbox's own and without repeats,
// in the order given.
func notOwned(names []string) []string {
	var out []string
	for _, n := range names {
		if !sandboxOwned(n) && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// sandboxOwned reports whether the sandbox fixes the variable name, or
// interp reads it for its own work: no selector may set it.
func sandboxOwned(name string) bool {
	switch name {
	case "PATH", "HOME", "TMPDIR", "USER", "LOGNAME", "SHLVL": // sandboxDefaults
		return true
	case "HOSTNAME", "UID", "EUID", "GID", "BASH_SOURCE", "IFS", "PWD", "OLDPWD", "OPTIND", "PPID",
		"BASHPID", "BASH_SUBSHELL", "SHELL", "TERM":
		return true
	}
	return false
}

func strVar(s string, exported bool) expand.Variable {
	return expand.Variable{Set: true, Kind: expand.String, Str: s, Exported: exported}
}

// sandboxDefaults are the exported variables the sandbox itself provides; a
// non-docker launch's Env leaves them out unless the script changed them.
func sandboxDefaults(tmpDir string) map[string]string {
	return map[string]string{
		"PATH":    sandboxPath,
		"HOME":    sandboxHome,
		"TMPDIR":  tmpDir,
		"USER":    sandboxUser,
		"LOGNAME": sandboxUser,
		"SHLVL":   "1",
	}
}

// newSandboxEnv builds the interpreter's whole starting environment.
func newSandboxEnv(script, tmpDir string, extra map[string]string) *sandboxEnv {
	if len(extra) == 0 && tmpDir == sharedTmpDir {
		return &sandboxEnv{vars: sharedFixedVars(), source: script}
	}
	return &sandboxEnv{vars: fixedVars(tmpDir, extra), source: script}
}

// sharedFixedVars is fixedVars(sharedTmpDir, nil), built once: per script
// it was 2% of the bytes a lint run allocates (pprof alloc_space on 1,600
// repos, newSandboxEnv), for the same 11 variables.
var sharedFixedVars = sync.OnceValue(func() map[string]expand.Variable { return fixedVars(sharedTmpDir, nil) })

// fixedVars is the starting environment but BASH_SOURCE.
func fixedVars(tmpDir string, extra map[string]string) map[string]expand.Variable {
	vars := make(map[string]expand.Variable, 16+len(extra))
	for k, v := range extra {
		vars[k] = strVar(v, true)
	}
	for k, v := range sandboxDefaults(tmpDir) {
		if _, ok := extra[k]; !ok || k == "TMPDIR" {
			vars[k] = strVar(v, true)
		}
	}
	vars["HOSTNAME"] = strVar(sandboxHostname, false)
	// bash's own variables the interpreter does not set, read by version
	// checks and timers (deadline=$(( SECONDS + 600 )) under set -u was
	// "SECONDS: unbound variable"): a fixed bash, the fixed clock, and a
	// shell that started at it.
	for k, v := range map[string]string{"BASH_VERSION": sandboxBashVersion, "SECONDS": "0",
		"EPOCHSECONDS": strconv.FormatInt(fixedTime.Unix(), 10), "EPOCHREALTIME": strconv.FormatInt(fixedTime.Unix(), 10) + ".000000"} {
		vars[k] = strVar(v, false)
	}
	vars["BASH_VERSINFO"] = expand.Variable{Set: true, Kind: expand.Indexed, ReadOnly: true, List: sandboxBashVersinfo}
	// What bash sets itself when the environment lacks it (env -i bash -c
	// 'declare -p TERM SHELL'), read under set -u by colour and log
	// helpers (`[[ $TERM != dumb ]]`, "[$BASHPID]"): unset, each ended the
	// run with "unbound variable". BASHPID is the shell's $$, the
	// sandbox's (pids.go).
	vars["TERM"] = strVar("dumb", false)
	vars["SHELL"] = strVar("/bin/bash", false)
	vars["BASH_SUBSHELL"] = strVar("0", false)
	vars["BASHPID"] = strVar(sandboxPID, false) // not the host's (pids.go)
	maps.Copy(vars, pidVars())
	for _, k := range []string{"UID", "EUID", "GID"} {
		vr := strVar(sandboxUID, false)
		vr.ReadOnly = true
		vars[k] = vr
	}
	delete(vars, "BASH_SOURCE") // the script's (sandboxEnv.bashSource)
	return vars
}

// snapshotEnv is a frozen copy of the interpreter's variables at the moment
// the engine was invoked.
type snapshotEnv struct {
	vars map[string]expand.Variable
}

var _ expand.Environ = (*snapshotEnv)(nil)

func takeSnapshot(env expand.Environ) *snapshotEnv {
	s := &snapshotEnv{vars: make(map[string]expand.Variable, 64)}
	env.Each(func(name string, vr expand.Variable) bool {
		if vr.Declared() {
			vr.List = append([]string(nil), vr.List...)
			vr.Indexes = append([]int(nil), vr.Indexes...)
			vr.Map = maps.Clone(vr.Map)
			s.vars[name] = vr
		} else {
			delete(s.vars, name)
		}
		return true
	})
	return s
}

// Get implements expand.Environ.
func (s *snapshotEnv) Get(name string) expand.Variable {
	if vr, ok := s.vars[name]; ok {
		return vr
	}
	if user, ok := strings.CutPrefix(name, "HOME "); ok {
		return strVar(path.Join(sandboxHome, "..", path.Base("/"+user)), false)
	}
	return expand.Variable{}
}

// Each implements expand.Environ.
func (s *snapshotEnv) Each(f func(name string, vr expand.Variable) bool) {
	for name, vr := range s.vars {
		if !f(name, vr) {
			return
		}
	}
}

// exportedOf is takeSnapshot(env).exported() without the snapshot: a
// child shell's runner, an env wrapper and a re-run take only the exported
// strings, and the snapshot cloned every array and map of the run first
// (pprof: 1 MiB of the 26 MiB a 100-repo lint allocates, each byte a page
// fault in a run that does not collect). The last entry Each gives for a
// name decides, as in takeSnapshot: a later unset hides an earlier value.
func exportedOf(env expand.Environ) map[string]string {
	out := make(map[string]string)
	env.Each(func(name string, vr expand.Variable) bool {
		if vr.Declared() && exportedString(vr) {
			out[name] = vr.Str
		} else {
			delete(out, name)
		}
		return true
	})
	return out
}

// exported returns the exported, set string variables.
func (s *snapshotEnv) exported() map[string]string {
	out := make(map[string]string)
	for name, vr := range s.vars {
		if exportedString(vr) {
			out[name] = vr.Str
		}
	}
	return out
}

// exportedString reports whether vr is an exported, set string: what a
// child process gets in its environment.
func exportedString(vr expand.Variable) bool {
	return vr.Exported && vr.IsSet() && vr.Kind == expand.String
}

// envWrapperAssigns applies the `env` wrappers found in a launcher (argv
// before the engine program) to base: `env -i` clears, `-u NAME` unsets,
// NAME=VALUE sets; and `sudo` (sudoEnv). closed is set when a wrapper
// cleared the environment and none after it may add what is not known
// (env -i, srun --export without ALL): a variable out lacks is then
// certainly unset for the engine.
func envWrapperAssigns(launcher []string, base map[string]string) (out map[string]string, closed bool) {
	out = maps.Clone(base)
	for i := 0; i < len(launcher); i++ {
		if path.Base(launcher[i]) == "sudo" {
			i = sudoEnv(launcher, i, out) - 1
			closed = false // sudo's policy may keep or add variables
			continue
		}
		if path.Base(launcher[i]) == "srun" {
			// srun --export=…: what the job step gets of the caller's
			// variables (parser.SrunExportEnv). Not known (a skipped
			// command's output, an export srun refuses): as before.
			if v, ok := parser.SrunExport(launcher, i); ok && !hasSentinel(v) {
				if env, ok := parser.SrunExportEnv(v, out); ok {
					out = env
					closed = closed || !slices.ContainsFunc(strings.Split(v, ","), func(it string) bool { return strings.EqualFold(it, "ALL") })
				}
			}
			if parser.SrunContainer(launcher, i) {
				closed = false // pyxis' --container-image: the image's ENV may set what is cleared
			}
			continue
		}
		if setenv, scope, ok := parser.SystemdRunEnv(launcher, i); ok {
			if !scope {
				// A transient service starts in the service manager's
				// clean environment, with what -E/--setenv hands it (NAME
				// alone: the caller's value). The manager's own variables
				// are not known: not closed.
				caller := maps.Clone(out)
				clear(out)
				for _, v := range setenv {
					if k, val, eq := strings.Cut(v, "="); eq {
						out[k] = val
					} else if cv, ok := caller[k]; ok {
						out[k] = cv
					}
				}
				closed = false
			}
			continue
		}
		if b := path.Base(launcher[i]); b == "apptainer" || b == "singularity" {
			closed = false // the image's %environment may set what is cleared
			continue
		}
		if path.Base(launcher[i]) != "env" {
			continue
		}
		j := i + 1
	scan:
		for ; j < len(launcher); j++ {
			a := launcher[j]
			switch {
			case a == "-i" || a == "--ignore-environment" || a == "-":
				clear(out)
				closed = true
			case a == "-u" || a == "--unset":
				if j+1 < len(launcher) {
					j++
					delete(out, launcher[j])
				}
			case strings.HasPrefix(a, "--unset="):
				delete(out, strings.TrimPrefix(a, "--unset="))
			case strings.HasPrefix(a, "-u") && len(a) > 2:
				delete(out, a[2:])
			case a == "-C" || a == "--chdir" || a == "-S" || a == "--split-string":
				j++ // an option with a value that is not environment
			case strings.HasPrefix(a, "-"):
				// other env options: not environment
			case strings.Contains(a, "="):
				k, v, _ := strings.Cut(a, "=")
				out[k] = v
			default:
				break scan // the wrapped command
			}
		}
		i = j - 1
	}
	return out, closed
}

// sudoEnv applies the sudo at launcher[i] to env and returns the index of
// the word after its options and assignments. Without -E or
// --preserve-env, sudo's env_reset starts the command without the
// caller's variables (but those --preserve-env=LIST names): exec sudo
// text-generation-launcher … boots with none of the exported shape keys. A
// `sudo K=V` assignment is sudo's policy's to allow: K is left out, its
// value not known here (parser.Invocation.launcherClearsEnv, EnvSetFor).
func sudoEnv(launcher []string, i int, env map[string]string) int {
	keepAll := false
	var keep []string
	j := i + 1
opts:
	for ; j < len(launcher); j++ {
		a := launcher[j]
		switch {
		case a == "--":
			j++
			break opts
		case !strings.HasPrefix(a, "-") || a == "-":
			break opts
		case a == "--preserve-env":
			keepAll = true
		case strings.HasPrefix(a, "--preserve-env="):
			keep = append(keep, strings.Split(strings.TrimPrefix(a, "--preserve-env="), ",")...)
		case strings.HasPrefix(a, "--"):
			switch a {
			case "--user", "--group", "--close-from", "--chdir", "--host", "--prompt", "--role", "--type", "--other-user", "--command-timeout", "--chroot":
				j++ // the option's value
			}
		default:
			// A cluster of short options (-nE); the last may take a value.
			for k := 1; k < len(a); k++ {
				if a[k] == 'E' {
					keepAll = true
				}
				if strings.IndexByte("ugCDhprtUTR", a[k]) >= 0 {
					if k == len(a)-1 {
						j++ // -u tgi
					}
					break
				}
			}
		}
	}
	if !keepAll {
		kept := map[string]string{}
		for _, k := range keep {
			if v, ok := env[k]; ok {
				kept[k] = v
			}
		}
		clear(env)
		maps.Copy(env, kept)
	}
	for ; j < len(launcher); j++ {
		k, _, ok := strings.Cut(launcher[j], "=")
		if !ok || k == "" || strings.HasPrefix(k, "-") {
			break
		}
		delete(env, k)
	}
	return j
}

// parseDockerEnvFile reads an --env-file the way docker's CLI does
// (docker/cli opts/file.go): lines are left-trimmed, blank lines and lines
// starting with # are skipped, KEY=VALUE keeps VALUE verbatim (quotes,
// trailing spaces and all), a bare KEY takes the value from the docker
// CLI's own environment (lookup) and is dropped when unset there. A key with
// whitespace is an error that makes docker refuse to run; it is reported and
// the entries read so far are kept.
func parseDockerEnvFile(data []byte, lookup func(string) (string, bool)) (keys []string, vals map[string]string, problem error) {
	vals = make(map[string]string)
	sc := bufio.NewScanner(bytes.NewReader(data))
	// The buffer starts at bufio's 4 KiB and grows to the longest line: a
	// 64 KiB one made up for each file was 3% of what a lint of 100 repos
	// allocates (pprof -alloc_space).
	sc.Buffer(nil, maxFileSize)
	first := true
	for sc.Scan() {
		b := sc.Bytes()
		if !utf8.Valid(b) {
			return keys, vals, fmt.Errorf("invalid utf8 bytes in env file")
		}
		if first {
			b = bytes.TrimPrefix(b, []byte{0xEF, 0xBB, 0xBF})
			first = false
		}
		line := strings.TrimLeftFunc(string(b), unicode.IsSpace)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, hasValue := strings.Cut(line, "=")
		k = strings.TrimLeft(k, " \t")
		if strings.ContainsAny(k, " \t") {
			return keys, vals, fmt.Errorf("variable '%s' contains whitespaces", k)
		}
		if k == "" {
			return keys, vals, fmt.Errorf("no variable name on line '%s'", line)
		}
		if !hasValue {
			var ok bool
			if v, ok = lookup(k); !ok {
				continue
			}
		}
		if _, seen := vals[k]; !seen {
			keys = append(keys, k)
		}
		vals[k] = v
	}
	if err := sc.Err(); err != nil {
		return keys, vals, err
	}
	return keys, vals, nil
}
