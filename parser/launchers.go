package parser

import (
	"path"
	"slices"
	"strings"
)

// Launchers that run a command given as their trailing words: profilers
// (nsys profile, ncu, py-spy record), session managers (screen, tmux) and
// process wrappers (systemd-run, runuser -u, flock, prlimit, chpst,
// cgexec, sshpass). Each is read by its own option grammar, from its manual and
// source; an option a grammar does not know, or a form that runs no
// command given (nsys stats, tmux attach, screen -r, prlimit --pid,
// flock FILE -c STRING, read as a shell string instead), makes it no
// launcher: what follows is then no engine, never a guessed one.

// optSpec is the option grammar of a command that reads its options as
// getopt_long(3) with a leading '+' does: short letters clustered (-nx),
// a letter that takes a value taking the rest of its word (-w10) or else
// the next word (-w 10), one whose value is optional taking only the rest
// of its word (prlimit's -n65536), long options as --name=V or --name V
// (an optional value only as --name=V), `--` ending them, and the first
// word that is no option (nor a value) ending them.
type optSpec struct {
	bare, valued, optional string         // short option letters
	long                   map[string]int // --name: optBare, optValued or optOptional
}

const (
	optBare = iota
	optValued
	optOptional
)

// opt is an option read: its name (-x for a letter, --name for a long
// option) and its value, when it takes one ("" when the value is missing).
type opt struct{ name, value string }

// read reads the options from argv[j] on. It returns the index of the
// first word after them (the command's), the options met, in order, and
// ok false at an option the grammar does not know. A word not statically
// known where an option may stand ends them: it is then the command,
// which is no engine.
func (o optSpec) read(argv []string, j int) (int, []opt, bool) {
	var seen []opt
	value := func() string { // a separate value: the next word
		if j < len(argv) {
			return argv[j]
		}
		return ""
	}
	for j < len(argv) {
		a := argv[j]
		if a == Unknown || a == forwardAll || len(a) < 2 || a[0] != '-' {
			return j, seen, true
		}
		j++
		if a == "--" {
			return j, seen, true
		}
		if strings.HasPrefix(a, "--") {
			name, v, eq := strings.Cut(a, "=")
			kind, known := o.long[name]
			if !known || kind == optBare && eq {
				return j, seen, false
			}
			if kind == optValued && !eq {
				v = value() // --unit NAME
				j++
			}
			seen = append(seen, opt{name, v})
			continue
		}
	letters:
		for k := 1; k < len(a); k++ {
			c := a[k]
			name := "-" + string(c)
			switch {
			case strings.IndexByte(o.bare, c) >= 0:
				seen = append(seen, opt{name: name})
			case strings.IndexByte(o.valued, c) >= 0:
				v := a[k+1:] // -w10
				if v == "" {
					v = value() // -w 10
					j++
				}
				seen = append(seen, opt{name, v})
				break letters
			case strings.IndexByte(o.optional, c) >= 0:
				seen = append(seen, opt{name, a[k+1:]})
				break letters
			default:
				return j, seen, false
			}
		}
	}
	return min(j, len(argv)), seen, true
}

// longs builds an optSpec's long options from space-separated names,
// those that take a value, and those whose value is optional.
func longs(bare, valued, optional string) map[string]int {
	m := map[string]int{}
	for _, n := range strings.Fields(bare) {
		m[n] = optBare
	}
	for _, n := range strings.Fields(valued) {
		m[n] = optValued
	}
	for _, n := range strings.Fields(optional) {
		m[n] = optOptional
	}
	return m
}

// met reports whether one of names is among the options read.
func met(seen []opt, names ...string) bool {
	for _, s := range seen {
		for _, n := range names {
			if s.name == n {
				return true
			}
		}
	}
	return false
}

var (
	// ncu [options] PROGRAM [ARGS]: Nsight Compute's options (--opt V or
	// --opt=V); -i/--import reads a report, --mode attach attaches to a
	// process already running, and the list and query options print:
	// none runs a program (launcherSkip).
	ncuSpec = optSpec{
		bare: "fhv", valued: "ocskip",
		long: longs(`--force-overwrite --help --version --quiet --csv --nvtx --call-stack
			--disable-extra-suffixes --list-sets --list-sections --list-rules --query-metrics
			--list-metrics --open-in-ui --verbose`,
			`--export --launch-count --launch-skip --kernel-name --kernel-id --kernel-name-base
			--kernel-regex-base --import --set --section --section-folder --section-folder-recursive
			--metrics --target-processes --target-processes-filter --replay-mode --app-replay-buffer
			--app-replay-match --app-replay-mode --range-replay-options --graph-profiling --nvtx-include
			--nvtx-exclude --devices --mode --hostname --port --max-connections --page --print-summary
			--log-file --config-file --config-file-path --cache-control --clock-control
			--profile-from-start --import-source --check-exit-code --apply-rules --filter-mode
			--launch-skip-before-match --rule --print-units --print-details --print-metric-name
			--print-kernel-base --print-nvtx-rename --pm-sampling-interval --pm-sampling-buffer-size
			--warp-sampling-interval --warp-sampling-max-passes --warp-sampling-buffer-size
			--sampling-interval --sampling-max-passes --sampling-buffer-size
			--preload-library --call-stack-type --injection-path-32 --injection-path-64 --lockstep-kernel-launch`, ""),
	}
	// systemd-run [OPTIONS] COMMAND [ARGS] (systemd-run(1), src/run/run.c:
	// getopt_long "+hrC:H:M:E:p:tPqGdSu:"). -S/--shell runs a shell, not
	// a command; the timer, path and socket options defer the command to
	// a trigger (launcherSkip refuses them).
	systemdRunSpec = optSpec{
		bare: "hrtPqGdS", valued: "CHMEpu",
		long: longs(`--help --version --user --system --scope --remain-after-exit --send-sighup --pty
			--pty-late --pipe --quiet --wait --collect --no-block --no-ask-password --same-dir --shell
			--slice-inherit --ignore-failure --on-clock-change --on-timezone-change`,
			`--unit --property --description --slice --uid --gid --nice --working-directory --setenv
			--service-type --host --machine --capsule --expand-environment --json --job-mode
			--background --root-directory --on-active --on-boot --on-startup --on-unit-active
			--on-unit-inactive --on-calendar --timer-property --path-property --socket-property`, ""),
	}
	// runuser [options] -u USER [[--] COMMAND [ARGS]] (util-linux
	// su-common.c: "+c:fg:G:lmpPs:u:hVw:"). Without -u, or with the
	// options -u excludes (-c, -f, -l, -s), it runs USER's shell, not a
	// command.
	runuserSpec = optSpec{
		bare: "flmpPhV", valued: "cgGsuw",
		long: longs(`--fast --login --preserve-environment --pty --help --version`,
			`--command --session-command --group --supp-group --shell --user --whitelist-environment`, ""),
	}
	// flock [options] FILE COMMAND [ARGS] (util-linux flock.c:
	// "+sexnoFuw:E:hV?"); FILE -c STRING runs a shell string.
	flockSpec = optSpec{
		bare: "sexnoFuhV", valued: "wE",
		long: longs(`--shared --exclusive --unlock --nonblock --nb --close --no-fork --verbose --fcntl
			--help --version`, `--timeout --wait --conflict-exit-code`, ""),
	}
	// prlimit [options] [--RESOURCE[=LIMITS]] COMMAND [ARGS] (util-linux
	// prlimit.c: "+c::d::e::f::i::l::m::n::q::r::s::t::u::v::x::y::p:o:vVh"):
	// a resource's limits are an optional value, given only attached
	// (--nofile=65536, -n65536); `--nofile 65536 CMD` runs 65536.
	prlimitSpec = optSpec{
		bare: "hV", valued: "po", optional: "cdefilmnqrstuvxy",
		long: longs(`--help --version --noheadings --raw --verbose`, `--pid --output`,
			`--as --core --cpu --data --fsize --locks --memlock --msgqueue --nice --nofile --nproc
			--rss --rtprio --rttime --sigpending --stack`),
	}
	// chpst [-vP012] [-u USER] [-U USER] [-b ARGV0] [-e DIR] [-/ ROOT]
	// [-C PWD] [-n INC] [-l|-L LOCK] [-m|-d|-o|-p|-f|-c|-r|-t N] PROG
	// (runit chpst.8).
	chpstSpec = optSpec{bare: "vP012", valued: "uUbe/CnlLmdopfcrt"}
	// cgexec [-h] [-g CONTROLLERS:PATH] [--sticky] COMMAND [ARGS]
	// (libcgroup cgexec.c: getopt_long "+g:sh").
	cgexecSpec = optSpec{bare: "s", valued: "g", long: longs(`--sticky`, "", "")}
	// tmux [-2CDlNquUv] [-f FILE] [-L NAME] [-S PATH] [-T FEATURES] COMMAND
	// (tmux.c; -c SHELL-COMMAND runs that instead of a tmux command).
	tmuxSpec = optSpec{bare: "2CDdlNquUvV", valued: "cfLST"}
	// sshpass [-f FILE|-d FD|-p PASS|-e[VAR]] [-P PROMPT] [-v] [-hV]
	// COMMAND [ARGS] (sshpass(1), main.c: getopt "+f:d:p:P:he::Vv"; -e
	// took no value before 1.10, its optional VAR is read only attached).
	// -h and -V print and exit: no command runs.
	sshpassSpec = optSpec{bare: "hVv", valued: "fdpP", optional: "e"}
	// tmux new-session [-AdDEPX] [-c DIR] [-e ENV] [-f FLAGS] [-F FMT]
	// [-n NAME] [-s NAME] [-t GROUP] [-x W] [-y H] [SHELL-COMMAND [ARG…]],
	// new-window [-abdkPS] [-c DIR] [-e ENV] [-F FMT] [-n NAME] [-t TARGET]
	// [SHELL-COMMAND [ARG…]] (cmd-new-session.c, cmd-new-window.c).
	// sbatch [OPTIONS] --wrap STRING (Slurm's sbatch opt.c, getopt_long
	// "+ba:A:B:c:C:d:D:e:F:G:hHi:J:k::L:m:M:n:N:o:Op:q:QsS:t:uvVw:Wx:",
	// and its long options in slurm_opt.c: those sbatch takes, by
	// has_arg).
	sbatchSpec = optSpec{
		bare: "hHOQsuvVW", valued: "aAbBcCdDeFGiJLmMnNopqStwx", optional: "k",
		long: longs(`--contiguous --help --hold --ignore-pbs --no-requeue --overcommit --oversubscribe
			--parsable --quiet --reboot --requeue --spread-job --test-only --usage --use-min-nodes
			--verbose --version --wait --stepmgr`,
			`--account --acctg-freq --array --batch --bb --bbf --begin --chdir --cluster-constraint
			--clusters --comment --constraint --container --container-id --core-spec --cores-per-socket
			--cpu-freq --cpus-per-gpu --cpus-per-task --deadline --delay-boot --dependency
			--distribution --error --exclude --export --export-file --extra --extra-node-info --gid
			--gpu-bind --gpu-freq --gpus --gpus-per-node --gpus-per-socket --gpus-per-task --gres
			--gres-flags --hint --input --job-name --kill-on-invalid-dep --licenses --mail-type
			--mail-user --mcs-label --mem --mem-bind --mem-per-cpu --mem-per-gpu --mincpus --network
			--nodefile --nodelist --nodes --ntasks --ntasks-per-core --ntasks-per-gpu
			--ntasks-per-node --ntasks-per-socket --open-mode --output --partition --power --prefer
			--priority --profile --qos --reservation --segment --signal --sockets-per-node --switches
			--thread-spec --threads-per-core --time --time-min --tmp --tres-bind --tres-per-task --uid
			--wckey --wrap`,
			`--exclusive --get-user-env --nice --no-kill --propagate --oom-kill-step`),
	}
	tmuxNewSession = optSpec{bare: "AdDEPX", valued: "cefFnstxy"}
	tmuxNewWindow  = optSpec{bare: "abdkPS", valued: "ceFnt"}
)

// launcherSkip is wrapperSkip for the launchers of this file: how many
// words the one at argv[i] takes, itself included, before the command it
// runs; 0 when argv[i] is none of them or runs no command given.
func launcherSkip(argv []string, i int) int {
	j := i + 1
	var seen []opt
	ok := true
	switch path.Base(argv[i]) {
	case "nsys":
		// nsys profile|launch [switches] APP [ARGS]: Nsight Systems' every
		// switch takes a value, after a space for a short one (-o FILE,
		// -t cuda,nvtx) and after '=' for a long one (--trace=cuda); a
		// long one given its value after a space is read so too. Its
		// other commands (stats, export, analyze, start, stop …) run no
		// application.
		if j >= len(argv) || argv[j] != "profile" && argv[j] != "launch" {
			return 0
		}
		j++
		for j < len(argv) && len(argv[j]) > 1 && argv[j][0] == '-' && argv[j] != Unknown && argv[j] != forwardAll {
			a := argv[j]
			j++
			switch {
			case a == "--" || a == "-h" || a == "--help" || a == "-v" || a == "--version":
				return 0
			case strings.HasPrefix(a, "--") && strings.Contains(a, "="):
			default:
				j++
			}
		}
	case "ncu", "nv-nsight-cu-cli":
		j, seen, ok = ncuSpec.read(argv, j)
		if met(seen, "-h", "--help", "-v", "--version", "-i", "--import", "--list-sets", "--list-sections",
			"--list-rules", "--query-metrics", "--list-metrics") {
			return 0
		}
		for k := i + 1; k+1 < j; k++ {
			if argv[k] == "--mode" && argv[k+1] == "attach" || argv[k] == "--mode=attach" {
				return 0 // attaches to a process launched before
			}
		}
	case "py-spy":
		// py-spy record|top [options] -- PROGRAM [ARGS]: the program after
		// `--` (its own options would be py-spy's without it); -p/--pid
		// spies on a process running instead.
		if j >= len(argv) || argv[j] != "record" && argv[j] != "top" {
			return 0
		}
		k := j + 1
		for ; k < len(argv) && argv[k] != "--"; k++ {
			a := argv[k]
			if a == Unknown || a == forwardAll || a == "-p" || a == "--pid" || strings.HasPrefix(a, "--pid=") {
				return 0
			}
		}
		if k >= len(argv) {
			return 0
		}
		j = k + 1
	case "screen":
		return screenSkip(argv, i)
	case "tmux":
		s, ok := tmuxCommand(argv, i)
		if !ok || s >= len(argv) || s == len(argv)-1 && strings.ContainsAny(argv[s], " \t\n") {
			// One word with blanks is a shell string (ownShellString).
			return 0
		}
		j = s
	case "systemd-run":
		j, seen, ok = systemdRunSpec.read(argv, j)
		for _, op := range seen {
			if o := op.name; o == "-S" || o == "--shell" || o == "-h" || o == "--help" || o == "--version" ||
				strings.HasPrefix(o, "--on-") || strings.HasSuffix(o, "-property") && o != "--property" {
				return 0
			}
		}
	case "runuser":
		j, seen, ok = runuserSpec.read(argv, j)
		if !met(seen, "-u", "--user") || met(seen, "-c", "--command", "--session-command", "-f", "--fast",
			"-l", "--login", "-s", "--shell", "-h", "--help", "-V", "--version") {
			return 0
		}
	case "flock":
		if j, ok = flockCommand(argv, i); !ok {
			return 0
		}
		if j < len(argv) && (argv[j] == "-c" || argv[j] == "--command") {
			return 0 // a shell string (ownShellString)
		}
	case "prlimit":
		j, seen, ok = prlimitSpec.read(argv, j)
		if met(seen, "-p", "--pid", "-h", "--help", "-V", "--version") {
			return 0
		}
	case "chpst":
		j, _, ok = chpstSpec.read(argv, j)
	case "cgexec":
		j, _, ok = cgexecSpec.read(argv, j)
	case "sshpass":
		// sshpass -p "$PW" ssh HOST vllm serve …: sshpass runs its
		// command (ssh, read then as ssh is) with the password fed to
		// its prompt.
		j, seen, ok = sshpassSpec.read(argv, j)
		if met(seen, "-h", "-V") {
			return 0
		}
	default:
		return 0
	}
	if !ok || j >= len(argv) {
		return 0
	}
	return j - i
}

// screenSkip reads screen [options] [COMMAND [ARGS]] (screen(1),
// screen.c): letters clustered, a valued one (-S NAME, -c FILE, -e XY,
// -h N, -p W, -s SHELL, -t TITLE, -T TERM) taking the rest of its word or
// the next word, -Logfile FILE. -d/-D without -m, -r, -R, -x, -X, -Q,
// -ls, -wipe and -v act on sessions or print: no command runs.
func screenSkip(argv []string, i int) int {
	j := i + 1
	detach, create := false, false
	for j < len(argv) && len(argv[j]) > 1 && argv[j][0] == '-' && argv[j] != Unknown && argv[j] != forwardAll {
		a := argv[j]
		j++
		switch a {
		case "-Logfile":
			j++
			continue
		case "-ls", "-list", "-wipe", "-version", "--version", "--help":
			return 0
		}
		for k := 1; k < len(a); k++ {
			c := a[k]
			switch {
			case c == 'd' || c == 'D':
				detach = true
			case c == 'm':
				create = true
			case c == 'f' && k+1 < len(a) && (a[k+1] == 'n' || a[k+1] == 'a'),
				c == 'l' && k+1 < len(a) && a[k+1] == 'n':
				k++ // -fn, -fa, -ln
			case strings.IndexByte("aAfilLOqU", c) >= 0:
			case strings.IndexByte("cehpsStT", c) >= 0:
				if k == len(a)-1 {
					j++
				}
				k = len(a)
			default:
				return 0 // r R x X Q v w, or a letter not known
			}
		}
	}
	if detach && !create || j >= len(argv) {
		return 0
	}
	return j - i
}

// tmuxCommand reads `tmux [options] new-session|new|new-window|neww
// [options]` at argv[i]: the index of the shell command's first word.
// ok is false for any other tmux command (attach, kill-session,
// send-keys …), for -c (a shell command instead of a tmux one), for an
// option not known, and for a command sequence (a word ending in ';'
// starts the next command).
func tmuxCommand(argv []string, i int) (int, bool) {
	j, ok := tmuxSub(argv, i)
	if !ok {
		return 0, false
	}
	var spec optSpec
	switch argv[j] {
	case "new-session", "new":
		spec = tmuxNewSession
	case "new-window", "neww":
		spec = tmuxNewWindow
	default:
		return 0, false
	}
	j, _, ok = spec.read(argv, j+1)
	if !ok {
		return 0, false
	}
	for _, a := range argv[j:] {
		if strings.HasSuffix(a, ";") {
			return 0, false
		}
	}
	return j, true
}

// flockCommand reads flock's options after the flock at argv[i] and
// passes the lock's file or directory: the index of the word after it
// (the command's, or -c STRING's). ok is false for an option not known
// and for -h/-V (flock prints).
func flockCommand(argv []string, i int) (int, bool) {
	j, seen, ok := flockSpec.read(argv, i+1)
	if !ok || met(seen, "-h", "--help", "-V", "--version") {
		return 0, false
	}
	return j + 1, true
}

// sbatchWrap reads the options of the sbatch at argv[i]: the index of the
// word holding its --wrap STRING, and how many bytes of it come before the
// string (7 for --wrap=STRING, 0 for the word after --wrap). sbatch runs
// the string as the job's script, with /bin/sh. ok is false for an option
// not known, for a --wrap not given once, for a word after the options (a
// batch script: sbatch refuses one with --wrap), for an option that
// submits nothing (--help, --usage, --version, --test-only), and for one
// that hands the job an environment other than the caller's (--export,
// --export-file, --get-user-env).
func sbatchWrap(argv []string, i int) (str, cut int, ok bool) {
	if path.Base(argv[i]) != "sbatch" {
		return 0, 0, false
	}
	j, seen, ok := sbatchSpec.read(argv, i+1)
	if !ok || j != len(argv) || met(seen, "-h", "--help", "--usage", "-V", "--version", "--test-only",
		"--export", "--export-file", "--get-user-env") {
		return 0, 0, false
	}
	n := 0
	for _, o := range seen {
		if o.name == "--wrap" {
			n++
		}
	}
	// The word of the one --wrap read: one word spelled so among the
	// options, or a value of another (--comment --wrap) would be taken
	// for it.
	str = -1
	for k := i + 1; k < j; k++ {
		switch {
		case argv[k] == "--wrap":
			str, cut = k+1, 0
		case strings.HasPrefix(argv[k], "--wrap="):
			str, cut = k, len("--wrap=")
		default:
			continue
		}
		n--
	}
	if n != 0 || str < 0 || str >= len(argv) {
		return 0, 0, false
	}
	return str, cut, true
}

// tmuxSub reads tmux's own options after the tmux at argv[i]: the index
// of the tmux command's word (new-session, send-keys …). ok is false for
// an option not known, for -c (a shell command instead of a tmux one), -V
// (prints its version) and when no command follows.
func tmuxSub(argv []string, i int) (int, bool) {
	j, seen, ok := tmuxSpec.read(argv, i+1)
	if !ok || met(seen, "-c", "-V") || j >= len(argv) {
		return 0, false
	}
	return j, true
}

// SystemdRunEnv reads the options of the systemd-run at argv[i]: scope is
// set with --scope, whose command systemd-run forks itself with the
// caller's environment; without it the command runs as a transient
// service in the service manager's clean environment, which holds none of
// the caller's variables but those -E/--setenv NAME[=VALUE] hand it (NAME
// alone: the caller's value). setenv are those options' values, in
// order. ok is false when argv[i] is no systemd-run or an option is not
// known.
func SystemdRunEnv(argv []string, i int) (setenv []string, scope bool, ok bool) {
	if path.Base(argv[i]) != "systemd-run" {
		return nil, false, false
	}
	_, seen, ok := systemdRunSpec.read(argv, i+1)
	if !ok {
		return nil, false, false
	}
	for _, o := range seen {
		switch o.name {
		case "--scope":
			scope = true
		case "-E", "--setenv":
			setenv = append(setenv, o.value)
		}
	}
	return setenv, scope, true
}

// tmux send-keys [-FHKlMRX] [-c CLIENT] [-N COUNT] [-t TARGET] [KEY …]
// (cmd-send-keys.c). Only -t is read: the others send the keys otherwise
// (-l literally, -H as hex, -N repeated, -X as copy-mode commands, -F
// expanded as formats) or elsewhere.
var tmuxSendKeys = optSpec{bare: "FHKlMRX", valued: "cNt"}

// The kinds of TypedLine.
const (
	TypedTmux   = 't' // tmux send-keys STRING Enter
	TypedScreen = 's' // screen -X stuff "STRING\n"
)

// TypedLine reads a command that types one line into a session's shell:
// `tmux [options] send-keys|send -t TARGET STRING KEY` where KEY ends the
// line (Enter, C-m, KPEnter) and STRING is typed as it is (a word tmux
// knows as no key name), and `screen -S NAME [-p WINDOW] -X stuff
// STRING` whose STRING ends the line itself (StuffLine). It returns the
// target session's name (TARGET up to its window or pane, a leading '='
// dropped), the index of STRING and which of the two it is (TypedTmux,
// TypedScreen). ok is false for any other form: keys without a
// terminating one (C-c, q, a string not ended), other options (-l
// sends C-m as text), several strings (tmux types them with no blank
// between), no target (the current session, not known here).
func TypedLine(argv []string) (session string, str int, kind byte, ok bool) {
	if len(argv) == 0 {
		return "", 0, 0, false
	}
	switch path.Base(argv[0]) {
	case "tmux":
		_, name, j, ok := tmuxSendTo(argv)
		if !ok || j+2 != len(argv) || !endsLine(argv[j+1]) {
			return "", 0, 0, false
		}
		return name, j, TypedTmux, true
	case "screen":
		name := ""
		j := 1
		for j+1 < len(argv) {
			switch a := argv[j]; {
			case a == "-S" || a == "-p":
				if a == "-S" {
					name = argv[j+1]
				}
				j += 2
				continue
			case strings.HasPrefix(a, "-S") && len(a) > 2:
				name = a[2:]
			case strings.HasPrefix(a, "-p") && len(a) > 2:
			case a == "-X":
				if j+3 != len(argv) || argv[j+1] != "stuff" || name == "" || name == Unknown {
					return "", 0, 0, false
				}
				return name, j + 2, TypedScreen, true
			default:
				return "", 0, 0, false
			}
			j++
		}
	}
	return "", 0, 0, false
}

// tmuxSendTo reads `tmux [options] send-keys|send -t TARGET KEY…` with
// no other option of send-keys: its target, the target's session (TARGET
// up to its window or pane, a leading '=' dropped), and the index of its
// first key. ok is false for any other form.
func tmuxSendTo(argv []string) (target, session string, keys int, ok bool) {
	return tmuxSendToLit(argv, false)
}

// tmuxSendToLit is tmuxSendTo, taking send-keys' -l (the keys typed as
// literal text, no key names) too when literal is set.
func tmuxSendToLit(argv []string, literal bool) (target, session string, keys int, ok bool) {
	j, ok := tmuxSubIs(argv, "send-keys", "send")
	if !ok {
		return "", "", 0, false
	}
	j, seen, ok := tmuxSendKeys.read(argv, j+1)
	if literal {
		seen = slices.DeleteFunc(seen, func(o opt) bool { return o.name == "-l" })
	}
	if !ok || len(seen) != 1 || seen[0].name != "-t" {
		return "", "", 0, false
	}
	target = seen[0].value
	name := targetSession(target)
	if name == "" || name == Unknown {
		return "", "", 0, false
	}
	return target, name, j, true
}

// HasSession reads `tmux [options] has-session|has -t TARGET`: the
// session the target names (up to its window or pane, a leading '='
// dropped). ok is false for any other form, and for a target not known.
func HasSession(argv []string) (session string, ok bool) {
	j, ok := tmuxSubIs(argv, "has-session", "has")
	if !ok {
		return "", false
	}
	j, seen, ok := tmuxHasSession.read(argv, j+1)
	if !ok || j != len(argv) || len(seen) != 1 || seen[0].name != "-t" {
		return "", false
	}
	name := targetSession(seen[0].value)
	if name == "" || strings.Contains(name, Unknown) {
		return "", false
	}
	return name, true
}

// targetSession returns the session a tmux target names: the target up to
// its window or pane (':' or '.'), a leading '=' (exact match) dropped.
func targetSession(target string) string {
	name := strings.TrimPrefix(target, "=")
	if i := strings.IndexAny(name, ":."); i >= 0 {
		name = name[:i]
	}
	return name
}

var tmuxHasSession = optSpec{valued: "t"}

// endsLine reports whether a tmux key name is one that ends the line
// typed (Enter, C-m, KPEnter, ^M).
func endsLine(key string) bool {
	switch key {
	case "Enter", "C-m", "KPEnter", "^M":
		return true
	}
	return false
}

// SendsKeys reports whether argv is a tmux send-keys (send), in any form.
func SendsKeys(argv []string) bool {
	_, ok := tmuxSubIs(argv, "send-keys", "send")
	return ok
}

// tmuxSubIs reports whether argv is a tmux running the command name (or
// its alias), past tmux's own options (tmuxSub): the command word's index.
func tmuxSubIs(argv []string, name, alias string) (int, bool) {
	if len(argv) == 0 || path.Base(argv[0]) != "tmux" {
		return 0, false
	}
	j, ok := tmuxSub(argv, 0)
	if !ok || argv[j] != name && argv[j] != alias {
		return 0, false
	}
	return j, true
}

// TypedText reads `tmux [options] send-keys|send -t TARGET STRING`: one
// string typed with no key ending its line (TypedLine's form less its
// Enter). It returns the target as written, its session's name and the
// index of STRING. The line runs only when a send-keys of its own ends it
// later (TypedEnter, to the same target, nothing typed between).
func TypedText(argv []string) (target, session string, str int, ok bool) {
	// send-keys -l types its string as literal text: the same line.
	target, session, j, ok := tmuxSendToLit(argv, true)
	if !ok || j+1 != len(argv) || endsLine(argv[j]) || strings.Contains(target, Unknown) {
		return "", "", 0, false
	}
	return target, session, j, true
}

// TypedEnter reads `tmux [options] send-keys|send -t TARGET KEY` whose one
// key ends a line (Enter, C-m, KPEnter): the target as written.
func TypedEnter(argv []string) (target string, ok bool) {
	target, _, j, ok := tmuxSendTo(argv)
	if !ok || j+1 != len(argv) || !endsLine(argv[j]) || strings.Contains(target, Unknown) {
		return "", false
	}
	return target, true
}

// StuffLine returns the command line a screen stuff STRING types: the
// string without the end of line that ends it (a newline or carriage
// return, or screen's \n, \r, ^M, ^J), and ok false when no end of line
// ends it or the line holds one more or a character screen reads as an
// escape (\, ^): the line would not be the string's bytes.
func StuffLine(s string) (string, bool) {
	var line string
	switch {
	case strings.HasSuffix(s, "\n") || strings.HasSuffix(s, "\r"):
		line = s[:len(s)-1]
	case strings.HasSuffix(s, `\n`) || strings.HasSuffix(s, `\r`) || strings.HasSuffix(s, "^M") || strings.HasSuffix(s, "^J"):
		line = s[:len(s)-2]
	default:
		return "", false
	}
	if strings.ContainsAny(line, "\\^\n\r") {
		return "", false
	}
	return line, true
}

// SessionShell reads a command that starts a detached session running
// the user's shell, to type lines into: `tmux [options] new-session|new
// -d -s NAME` and `screen -dmS NAME` (-d -m -S NAME), with no command
// given (with one, the session runs that program, not a shell). It
// returns the session's name.
func SessionShell(argv []string) (string, bool) {
	if len(argv) == 0 {
		return "", false
	}
	name, detached := "", false
	switch path.Base(argv[0]) {
	case "tmux":
		j, ok := tmuxSub(argv, 0)
		if !ok || argv[j] != "new-session" && argv[j] != "new" {
			return "", false
		}
		j, seen, ok := tmuxNewSession.read(argv, j+1)
		if !ok || j != len(argv) {
			return "", false
		}
		for _, o := range seen {
			switch o.name {
			case "-d":
				detached = true
			case "-s":
				name = o.value
			}
		}
	case "screen":
		dm := 0
		for j := 1; j < len(argv); j++ {
			a := argv[j]
			if len(a) < 2 || a[0] != '-' {
				return "", false // a command: not a shell
			}
			for k := 1; k < len(a); k++ {
				switch c := a[k]; c {
				case 'd', 'm':
					dm |= map[byte]int{'d': 1, 'm': 2}[c]
				case 'S':
					name = a[k+1:]
					if name == "" && j+1 < len(argv) {
						j++
						name = argv[j]
					}
					k = len(a)
				default:
					return "", false
				}
			}
		}
		detached = dm == 3
	default:
		return "", false
	}
	if !detached || name == "" || name == Unknown {
		return "", false
	}
	return name, true
}
