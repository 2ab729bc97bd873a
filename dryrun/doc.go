// Package dryrun obtains, for one serve script and one mode, the argv the
// script would hand the inference engine, without ever executing anything.
//
// servelint runs in CI on pull requests from strangers, so the script is
// hostile input. [Eval] interprets it with mvdan.cc/sh/v3/interp inside a
// sandbox built from interp's handlers, once per mode, with $0 and
// BASH_SOURCE set to the script's path (or the name it runs as, Options.Self)
// and $1 set to the mode alone (so the
// real launch path runs, not the script's own --dry-run branch), or the
// option that picks the mode (Options.Params: --mode kl), or no argument
// and the mode's environment variable (Options.Selectors, NoArg); the
// variables the script demands of its caller (${HF_TOKEN:?}) take, at the
// guard, a placeholder the argv reads as not statically known
// (Options.Caller). The first
// engine invocation reached (found by parser.DetectEngine through exec, env,
// nohup, timeout, numactl, taskset, docker run … IMAGE and the like) is
// recorded and the run stops there. The working directory starts at the
// root of the linted tree.
//
// # The boundary
//
// What the evaluator may read: files inside the linted tree
// (Options.Root), and nothing else. Paths are checked after cleaning, and
// symlinks inside the tree are resolved component by component without ever
// looking at a target outside it: a link that leads out of the tree is
// refused before it is followed. Reads go through Options.ReadFile when set
// (editor buffers), which is only called for such paths. /dev/null reads as
// empty. Files are read at most 8 MiB, regular files only (never a FIFO or
// a device). A read outside the tree (< file, $(<file), cat file) is not
// performed: the content is unknown, like a skipped command's output, so
// the values it feeds are reported unresolved and the read is listed in
// Skipped as ["<", file]; `source` of such a file fails (see below).
//
// What it can never do:
//
//   - Execute. Every command that is not a shell builtin or a function of
//     the script reaches the sandbox's exec handler, which never calls the
//     next handler: interp's default handler, the only code that starts a
//     process, is unreachable (a guard stands in its place and refuses).
//     The engine invocation is recorded; pure helpers (dirname, basename,
//     readlink, realpath, pwd, true, false, sleep, id, whoami, hostname,
//     nproc, uname, date, which, cat of files in the tree, the subset of
//     grep, sed (s and /re/d, never -i), tr and xargs that loads an env file,
//     git rev-parse --show-toplevel, --show-cdup and --show-prefix from the
//     nearest .git inside the tree, util-linux getopt, and echo, printf and
//     test by path) are
//     emulated in Go; every other command is recorded
//     in Result.Skipped and behaves as a command that succeeded and printed
//     a sentinel, so that any value computed from its output is reported
//     unresolved, never guessed. Two kinds of command are interpreted
//     instead, by a runner with the same handlers, the exported variables
//     as its environment, and the run's deadline and command budget: a
//     shell string with an engine command (bash -c "… vllm serve …"; eight
//     nested at most: a deeper one fails the mode with ErrBudget), and
//     a shell script of the tree that may start an engine, run by its path
//     or through bash or sh (exec "$here/launch.sh" --max-num-seqs 32: the
//     words its "$@", its path its $0; read through the sandbox, never
//     outside the tree; four deep at most; a script already running, as
//     one running itself, is skipped).
//   - Write. Every redirection that writes (>, >>, &>, exec >file,
//     including /dev/tcp/… paths) gets a sink that discards. No handler
//     creates, truncates or removes a file, and the evaluator itself puts
//     nothing on disk.
//   - Connect. Nothing the sandbox runs opens a socket: network programs
//     (curl, wget, nc, ssh, …) are skipped, /dev/tcp is a discarding sink,
//     and the user-database lookups interp could make (which can reach
//     NSS/LDAP) are refused, see below.
//   - Read the host's environment. The interpreter's environment is built
//     from scratch: PATH=/nonexistent-servelint/bin,
//     HOME=/nonexistent-servelint/home, USER=LOGNAME=servelint,
//     HOSTNAME=localhost, UID=EUID=GID=1000, TMPDIR (below), BASH_SOURCE,
//     SHLVL=1, the values bash gives itself when the environment lacks
//     them (TERM=dumb, SHELL=/bin/bash, BASH_SUBSHELL=0, BASHPID as $$:
//     the sandbox's fixed one),
//     and Options.Env. The host's variables are never copied (nor its
//     uid: a child script's UID, EUID and GID are the sandbox's too). A
//     script's re-run of itself as root when it is not ([[ $EUID -eq 0 ]]
//     || exec sudo -E "$0" "$@") is evaluated as that re-run: from the
//     top, with sudo's words, UID=EUID=GID=0, USER=LOGNAME=root, id and
//     whoami answering root. Standard input is closed.
//
// # Escape routes and how each is closed
//
//   - exec and its wrappers (exec, command, builtin, env, nohup, timeout,
//     sudo, …): all arrive at the exec handler as above. `exec` with only
//     redirections keeps them on the shell: they are sinks. `exec 3>file`
//     and other file descriptors above 2 are rejected by interp.
//   - eval, trap, alias: the code runs in the same interpreter, under the
//     same handlers. It is parsed and checked for the refused constructs
//     below before it is registered or run.
//   - Command substitution $(…) and `…`: runs in a subshell of the same
//     interpreter, under the same handlers.
//   - Process substitution <(…) and >(…): interp creates a FIFO with a
//     direct mkfifo(2) in its temp dir and opens it without any handler. An
//     output substitution >(…) (the logging idiom exec > >(tee -a log)) is
//     evaluated as the discarding sink /dev/null, in a copy of the tree
//     parsed again from the source (the shared tree is never changed); its
//     commands never run, as they would not in the sandbox anyway, and a
//     note says so. `source <(CMD)` and `. <(CMD)` (an env-file loader:
//     source <(grep -v '^#' .env)) are evaluated in that copy as
//     eval "$(CMD)", a command substitution, and a note says so. Input
//     redirected from one, `mapfile -t A < <(CMD)` or `done < <(CMD)`, is
//     read from CMD's output, run first in a subshell into a variable of
//     that copy (procsubst.go), and a note says so. Any other
//     input substitution <(…) is refused with ErrProcSubst: before running, in the code the mode can
//     reach (other branches of a case or if on the mode are not considered);
//     at run time, in code parsed by eval, trap, alias or source. As a last
//     layer, TMPDIR names a directory in which nothing can be created:
//     /dev/null/servelint-tmp (ENOTDIR for every user, root included; where
//     /dev/null is not a device, a never-created child of a private 0700
//     temp dir, removed afterwards). mkfifo fails there, nothing runs, and
//     interp's report of that failure also stops the mode with ErrProcSubst.
//   - Redirections into the interpreter's temp dir: interp opens
//     "$TMPDIR/sh-interp-*" with os.OpenFile directly, bypassing the open
//     handler. Nothing can be created in that directory, so such an open
//     fails.
//   - source and . of a path outside the tree: interp would search PATH and
//     stat the host's files. The call handler resolves the path itself (in
//     the current directory only; the sandbox has no PATH) and refuses one
//     outside the tree: the command fails with status 1 as a missing file
//     would, and is listed in Skipped. A sourced file that does not parse
//     stops the mode with ErrSource. Even a path inside the tree is never
//     stat'ed on the host by interp: the builtin gets it behind a NUL byte
//     (sourceMark), which os.Stat refuses before any system call, and opens
//     it through the open handler, from the Files snapshot.
//   - Background jobs: when no code reached (the script, a sourced file,
//     eval, trap or alias text) holds a background statement, the run that
//     joins jobs after the script ends is skipped.
//   - Background jobs (cmd &) and pipelines: they run on goroutines under
//     the same handlers, context and deadline. When the main script ends,
//     its background jobs go on (one of them may launch the engine, as in
//     `nohup radiance … &`) and are joined with `wait`; reaching the engine
//     or a bound cancels the context, which stops them at their next
//     statement (interp's wait ignores contexts, the jobs do not). A job
//     that has not stopped a quarter second past the deadline fails the
//     mode with ErrTimeout, and any handler call it makes after Eval
//     returned changes nothing.
//   - command -v, command -V, type, type -p, which, hash: interp would stat
//     every PATH entry on the host. They are answered without a search:
//     keywords, builtins and the script's functions as such, any other name
//     as a program in /usr/bin. `hash` does nothing.
//   - pwd -P: interp would resolve symlinks on the host; it is answered
//     with in-tree resolution only.
//   - cd, pushd, test -e/-f/-d/-r/-w/-x, globbing: they use the stat,
//     access and read-dir handlers, which answer inside the tree only and
//     say "not found" outside it, with one exception: a directory the
//     script cd's into outside the tree is remembered (without being looked
//     at) so that the cd succeeds and the script's working directory
//     changes, as it would on the machine it is written for.
//   - ~user, test -O and test -G: interp asks os/user, which reads the
//     host's user database (possibly over the network). They are refused
//     with ErrUnsupported wherever they appear in code parsed at run time,
//     and in the script whatever the mode: [[ -O … ]] in any branch, ~user
//     in any background job, coprocess, left side of a pipe or function
//     (the mode's own branches are not trusted for these, as $1 can be
//     changed where the pruner does not look: eval 'set -- x'); test and [
//     are checked for -O and -G when called by name, by path
//     (/usr/bin/test) and through exec. Every "HOME <user>" lookup is also
//     answered by the sandbox's environment in the main shell.
//   - Unsupported builtins (ulimit, umask, kill, jobs, …) are listed in
//     Skipped instead of failing; trap on a signal other than EXIT and ERR
//     is accepted and never fires.
//
// # Bounds
//
// Each mode has a deadline (Options.Timeout, 2 s by default) and a budget of
// simple commands (Options.MaxCommands, counted over builtins, functions and
// programs alike); hitting one fails the mode with ErrTimeout or ErrBudget.
// Eval returns at the latest a quarter second after the deadline, even if
// the interpreter has not yet stopped.
//
// # Known limits
//
//   - Memory is not bounded: a script that doubles a string in a loop can
//     exhaust memory before the deadline. Run the linter under a memory
//     limit (cgroup, ulimit -v) in CI.
//   - $$ (and BASHPID) is 4242 and $PPID 4241, not the host's (pids.go),
//     except a bare PPID in arithmetic ($(( PPID + 1 ))), which interp
//     answers from the linter's process; RANDOM is seeded with a fixed
//     value so that argvs are reproducible; date shows a fixed clock.
//   - A dynamic declaration whose value starts with ~user (v='x=~root';
//     export $v) evaluated in a background job or on the left of a pipe
//     makes interp look the user up in the host's user database; the
//     sandbox cannot see that value before interp expands it.
//   - Inside a sourced file (and the functions it defines), only the first
//     element of BASH_SOURCE names that file (ownBashSource): the other
//     elements, and the array as a whole, still name the main script.
//   - Values computed by arithmetic or string operations from a skipped
//     command's output lose the sentinel and are not marked unresolved
//     (a count of a split array, a string length, and an arithmetic
//     expansion without side effects that reads one keep it: counts.go).
//   - A script function named like an intercepted builtin (type, source,
//     command) is shadowed by the sandbox's answer.
//   - interp (mvdan.cc/sh v3.14.1) does not anchor a replacement:
//     ${x/#-/--} and ${x/%b/B} (and their array forms, "${a[@]/#/--}")
//     leave the value as it is where bash replaces its head or tail. None
//     of the public launch scripts or test cases uses them.
package dryrun
