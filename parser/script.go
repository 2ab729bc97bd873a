package parser

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// MaxDepth bounds how deeply nested a script may be before servelint refuses
// it (it would otherwise risk the parser's or the walker's stack).
const MaxDepth = 400

// Problem is why a file could not be read as what it claims to be.
type Problem struct {
	Offset, End int
	Line, Col   int
	Msg         string
}

// CallerArg stands, in the positional parameters of a dry run
// (Script.EvalSelectors), for a word the caller gives that the script does
// not make a mode of: the model of serve.sh MODEL MODE. The dry run reads it
// as not statically known.
const CallerArg = "\x00caller-arg"

// Script is one parsed shell file.
type Script struct {
	Path string
	// Src is the file as read, BOM and CRLF included.
	Src []byte
	// File is the syntax tree; nil when the file does not parse.
	File    *syntax.File
	Variant syntax.LangVariant
	// Err says why the file could not be parsed (syntax error, binary).
	Err  *Problem
	BOM  bool
	CRLF bool

	// Engine, when set before Analyze, forces the engine profile.
	Engine *Profile

	// Selectors are the variable names holding the mode ("1", "mode").
	Selectors []string
	// ArgPos is 2 when the script's second word picks the mode, its first
	// being the caller's (serve.sh MODEL MODE, modeInArg2); 0 otherwise,
	// when $1 does (or no word does).
	ArgPos int
	// arg1Word is, when the second word picks the mode inside one branch of
	// a dispatch on the first (run.sh start kl), that branch's word: the
	// first word the dry run passes. "" for the caller's (CallerArg).
	arg1Word string
	// entryCalls are the functions the script's top level calls once, and
	// only there, with its own words ("$@" alone, main "$@"), by the
	// offset of that call: their $1 and $2 are the script's (topFunc).
	entryCalls map[string]int
	// EnvSelectors are the environment variables that pick the mode
	// (MODE=${MODE:-serve}; case "$MODE" in serve) …): the dry run sets
	// each to the mode it evaluates.
	EnvSelectors []string
	// Option is the option that picks the mode (--mode kl) when one does
	// (optionSelector), nil otherwise.
	Option *Option
	// optSelectors are the selectors holding the option's value.
	optSelectors map[string]bool
	// optLoops and optAssigns are the loops reading the script's options
	// and the assignments of option values in them (collect,
	// findOptionAssigns).
	optLoops   []optLoop
	optAssigns []optAssign
	// optArms span the case items of option loops that handle options
	// only (`-m|--mode)`, `--mode=*)`): no $1 mode is assigned there.
	optArms [][2]int
	// provenName is the proven mode's name findSelectors was given (serve
	// unless the config names another).
	provenName string
	// provenSet: the config named the proven mode (provenName is not
	// merely the default serve).
	provenSet bool
	// argSelectors are the selectors holding $1 (findSelectors, before the
	// environment's are added).
	argSelectors map[string]bool
	// arrSelectors are the selectors holding an element of the array a
	// Slurm array job picks its mode from (arraySelectors), arrSel that
	// pick; nil when there is none.
	arrSelectors map[string]bool
	arrSel       *arraySel
	// selSelectors are the selectors holding a select menu's pick
	// (selectSelectors), selMenu that menu; nil when there is none.
	selSelectors map[string]bool
	selMenu      *selectMenu
	Modes        []*Mode
	// Invocations are the engine invocations found statically.
	Invocations []*Invocation
	// Sources are the source/. statements and --env-file arguments.
	Sources []*SourceRef
	// Assigns are all variable assignments, by name, in source order.
	Assigns map[string][]*Assign
	// Declared holds the names given an attribute without a value
	// (`export X`, `readonly X`): the script names them, but their value
	// is whatever it was.
	Declared map[string]bool
	// Exported holds the names a naked `export X` (or `declare -x X`)
	// hands to every child process: envsubst, or an engine that reads its
	// environment, may read them though the script never expands them.
	Exported map[string]bool
	// Funcs are the function declarations by name.
	Funcs map[string]*syntax.FuncDecl
	// LibFuncs are the function declarations of the shell libraries the
	// script sources (lib/common.sh, inside the linted roots), by name,
	// those the script does not define itself; a later library's replaces
	// an earlier one's. Their bodies are the library's text.
	LibFuncs map[string]*syntax.FuncDecl
	// libFuncLib is, by name, the library whose declaration LibFuncs
	// holds; libFuncAmbig names the functions more than one sourced
	// library defines (set by Load, see withLibRunners).
	libFuncLib   map[string]*Script
	libFuncAmbig map[string]bool
	// nameDispatches are the calls that run a function by a name built
	// around the mode's selector ("mode_${1:-serve}"), found by
	// findModes: a library's functions may be the modes (libDispatch).
	nameDispatches []nameDispatch
	// subSpans are the spans of the script's subshells and substitutions
	// (inSubshell; built on first use).
	subSpans [][2]int
	// Comments are all comments with the modes they sit in.
	Comments []Comment

	// callWords caches each command's expanded words (callArgs).
	callWords map[*syntax.CallExpr][]ArgWord

	// names are the literal command names (CommandNames).
	namesOnce sync.Once
	names     map[string]bool

	// uses indexes the expansions of each variable (ParamUses).
	usesOnce sync.Once
	uses     map[string][]Range

	// calls lists every simple command with its position.
	calls []*syntax.CallExpr
	// libRunners are runner functions a sourced shell library defines
	// (run() { echo "+ $*"; "$@"; } in lib/common.sh), by name, with the
	// words each shifts off before its "$@": `run vllm serve …` in the
	// script reaches the engine through them (set by Load, see
	// withLibRunners).
	libRunners map[string]int
	// funcIdx indexes the bodies of Funcs for funcAt (built on first use,
	// again when Funcs has grown: funcIdxOf is its size then).
	funcIdx   []funcBody
	funcIdxOf int
	// libLaunchers are functions a sourced shell library defines that hand
	// their words to an engine's launch (in_docker() { docker run … IMAGE
	// "$@"; }, launch_vllm() { exec vllm serve … "$@"; } in lib/run.sh), by
	// name: each command of theirs that holds "$@", its words detached from
	// the library (no span, no word: findings and fixes never point into
	// it), tried at every call as the script's own wrappers are (set by
	// Load, see withLibRunners).
	libLaunchers map[string][]*Invocation
	// childLaunchers are, by path, the engine commands of the scripts of
	// the tree the script runs (withChildScripts), detached from the
	// child: a call running one hands its words to the child's "$@".
	childLaunchers map[string]*Invocation
	// libLauncherCands are the launchers of the libraries the script
	// sources when no call of one was seen to reach an engine before the
	// env files were read: withEnvValues tries them again.
	libLauncherCands map[string][]*Invocation
	// libRunnerCands are the runners of the libraries the script sources
	// when no call of one was seen to reach an engine before the env files
	// were read (withLibRunners): withEnvValues tries them again.
	libRunnerCands map[string]int
	// libClientReads are, by function name, the variables a function of a
	// sourced shell library hands another program than the engine (a
	// benchmark client: run_bench() { vllm bench serve --max-concurrency
	// "$MAX_NUM_SEQS"; }), that the library never assigns: a call of it in
	// the script reads them (OtherProgramRead; set by Load, see
	// withLibRunners).
	libClientReads map[string][]string
	// libAssigns are the variables the shell libraries the script sources
	// assign (set by Load, see withLibRunners): a value the script's own
	// assignments do not give such a variable may be the library's.
	libAssigns map[string]bool
	// libVals are the variables a sourced library assigns once at its top
	// level (set by Load, see withLibRunners and libValsOf).
	libVals map[string]libVal
	// libSourcers are the functions the sourced shell libraries define
	// that source the file an argument names (lib/common.sh's load_env),
	// by name (set by Load, see withLibRunners).
	libSourcers map[string]sourcer
	// sourcers caches the script's own sourcer functions (sourcerOf).
	sourcersOnce sync.Once
	sourcers     map[string]sourcer
	// envValues are literal values of keys the owning env files give the
	// script's shell, for the words that name a program or an image
	// (withEnvValues): "$VLLM_IMAGE" read as vllm/vllm-openai:v0.9.1.
	envValues map[string]string
	// envSet names the variables an env file the script's shell reads
	// sets (withEnvFlags): no boolean environment flag of the caller's.
	envSet map[string]bool
	// envDefaults are the literal off defaults an env file the script's
	// shell reads gives the variables the script never assigns
	// (USE_SPEC=${USE_SPEC:-0} in serve.env, withEnvFlags): a flag's
	// written default, as the script's own V=${V:-0} is.
	envDefaults map[string]string
	// modeNodes are the case, if and call nodes collect met, in walk
	// order, for findModes (which then drops them).
	modeNodes []syntax.Node
	// overlays are the sources of a per-mode env file named by the mode
	// (findOverlays).
	overlays     []overlay
	overlaysDone bool
	// assocs are the top-level declare -A assignments of an array
	// (tableModes).
	assocs []*syntax.Assign
	// assocNames are the names a naked top-level declare -A made
	// associative so far (the walk's): a later T=(…) of one is in assocs.
	assocNames map[string]bool
	// intNames are the variables a declaration gave the integer
	// attribute (declare -i, local -i, typeset -i) before the statement
	// collect is at: their assignments are arithmetic (intValue).
	intNames map[string]bool
	// assocDecls are the script's declare -A clauses, functions' too
	// (AssocDecls).
	assocDecls []*syntax.DeclClause
	// listTail is set when a branch of an if or a case ends in an && or
	// || list (BranchEndsInList).
	listTail bool
	// highFd is set when a redirection names a descriptor past 2.
	highFd bool
	// params are the parameter expansions, in walk order (Params).
	params []*syntax.ParamExp
	// arithNames are the variables arithmetic reads by bare name.
	arithNames []*syntax.Lit
	// arithWords are the operand words of (( … )) and $(( … )) (walkArithm),
	// for flagmodes' reads of a flag by bare name.
	arithWords []*syntax.Word
	// What Analyze's walk met for the dry run's checks: ProcSubsts,
	// FileOwnerTests, TildeWords.
	procSubsts []*syntax.ProcSubst
	// exports are the export/declare -x clauses with a word that is not an
	// assignment (`export $(grep -v '^#' .env | xargs)`): env loaders.
	exports []*syntax.DeclClause
	// loopVars are the variables of for and select loops (collect).
	loopVars map[string]bool
	// exprWrites are the variables a word or arithmetic assigns (collect):
	// : "${SEQS:=256}", let SEQS=256, (( SEQS = 2 * CONC )), ((SEQS++)).
	// Each write is the variable whose value it gives (CONC for
	// ${SEQS:=$CONC}), or "" for any other value.
	exprWrites map[string][]string
	// cmdAssigns are the statements that set a variable to one value
	// without an assignment word (collectCmdWrite); cmdUnmodeled the
	// variables read or printf -v also write in another way.
	cmdAssigns   map[string][]*Assign
	cmdUnmodeled map[string]bool
	// arithSets are the variables an arithmetic `=` assigns, (( i = 0 )),
	// for ((i = 0; …)), let i=0 (collect): a value of the script's, which
	// reads nothing of the variable first (callerOnly).
	arithSets map[string]bool
	// forLoops are the for loops (for NAME in WORDS, for ((…))), in source
	// order (SweepLoop).
	forLoops []*syntax.ForClause
	// lineLoops are the while loops whose condition reads a line into
	// variables (while read -r s; do …; done < list), with the statement
	// that holds each, for its redirections (SweepLoop).
	lineLoops []*syntax.Stmt
	// nameWriters are, by name, the commands a call of which names it as
	// an argument (writtenBy).
	nameWriters     map[string]map[string]bool
	nameWritersOnce sync.Once
	// readLoops are the while loops with a redirection (while read -r l;
	// do export "$l"; done < .env): env loaders.
	readLoops  []*syntax.Stmt
	ownerTests []*syntax.UnaryTest
	tildeWords []*syntax.Word
	// jobs: a statement runs in the background (StartsJobs); collected:
	// Analyze's walk has run.
	jobs, collected bool
	// bgSpans are the byte spans of the statements run in the background.
	bgSpans [][2]int
	// shellStrs are the shell strings (bash -c STRING) whose engine the
	// model reads (shellStringInvocation).
	shellStrs []ShellString
	// sessions are the detached sessions running a shell the script
	// starts (SessionShell), by name, with where: the first typed line's
	// reading (typedLineRun) finds them, once.
	sessions     map[string]int
	sessionsRead bool
	// sendKeys are the script's tmux send-keys calls in source order, for
	// the Enter that may end a line typed without one (enteredLater),
	// found once.
	sendKeys     []*syntax.CallExpr
	sendKeysRead bool
	// setCalls are the script's `set -- …` calls in source order
	// (setWords), found once: a library of 20,000 functions each
	// forwarding "$@" scanned every call per "$@".
	setCalls []*syntax.CallExpr
	// setStmts are the statements `set -- …` calls are all of, when a fix
	// may delete them (noteSetStmt).
	setStmts     map[*syntax.CallExpr]StmtSpan
	setCallsOnce sync.Once
	// scriptArgFns are the functions handed the script's own arguments
	// (takesScriptArgs), found once.
	scriptArgFns   map[string]bool
	scriptArgsOnce sync.Once
	// echoSpans are the echo and printf lines that only print (echoLines),
	// found once.
	echoSpans    []Range
	echoSpansOne sync.Once
	// flowOnce guards ends and keys, the script's terminators and the
	// branches of its commands (walkFlow).
	flowOnce sync.Once
	// armsOnce guards arms, the branches of each if and case (apartArms).
	armsOnce sync.Once
	arms     [][][2]int
	ends     []terminator
	keys     map[*syntax.CallExpr][]branchKey
	// funcSpanList spans every function declaration, nested ones too
	// (collect): what funcSpans' walk finds, for inSpans.
	funcSpanList [][2]uint
	// declF: a declare -F or typeset -F was met (DeclaresF).
	declF bool
	// printsF: a declaration that may print a function (PrintsFuncs).
	printsF bool
	// declAssoc: a declare -A (local -A, typeset -gA) anywhere (DeclaresAssoc).
	declAssoc bool
	// exportedFuncs are the functions export -f (declare -fx) hands to
	// child shells: bash -c fn, xargs … bash -c 'fn {}' call them by name.
	exportedFuncs map[string]bool
	// funcDefs counts the definitions of each function name in the file
	// (logCall: a name defined twice is no known log function).
	funcDefs map[string]int
	// bgEngine: an engine invocation runs in the background.
	bgEngine bool
	// several holds SeveralEngines' answer per mode, computed once.
	several   map[*Mode][]*Invocation
	severalMu sync.Mutex
	// modeIdx indexes the modes' ranges once they are final (ModesAt).
	modeIdx *modeIndex
	// namerefParamsBy holds each function's namerefs to its positional
	// parameters (namerefParams), found once.
	namerefParamsBy   map[string][]namerefParam
	namerefParamsOnce sync.Once
	// namerefCallsBy holds, for each literal name, the calls (in source
	// order) that pass it where the callee binds a nameref to it
	// (namerefCalls).
	namerefCallsBy   map[string][]*syntax.CallExpr
	namerefCallsOnce sync.Once
	// funcNameref is the first nameref declared in a function (FuncNameref).
	funcNameref *syntax.DeclClause
	// topNameref is the first nameref declared outside every function
	// (TopNameref).
	topNameref *syntax.DeclClause
	// funcGlobal: a function declares a global (FuncGlobal).
	funcGlobal bool
	// nakedExports are the offsets of each name's `export K` (declare -x
	// K) that sets the attribute alone, with no value.
	nakedExports map[string][]int
	// isoSpans are the spans of subshells, substitutions, pipeline stages,
	// jobs and commands with prefix assignments: assignments in them do not
	// reach the script's own variables.
	isoSpans [][2]int
	// exitSpans are the top-level branches of a mode test that end the
	// script (`dry) seqs=8; echo …; exit 0 ;;`), a mode's or not (a
	// subcommand): what they assign never reaches code after them.
	exitSpans []Range
	// prefixSpans are those of isoSpans that a command's prefix
	// assignments make (seqs=8 cmd): cmd itself, a function among them,
	// runs in the script's shell (callReaches).
	prefixSpans map[[2]int]bool
	// funcDecls are every function declaration, in order, a name defined
	// again included (Funcs keeps the last).
	funcDecls []*syntax.FuncDecl
	// byValue caches mayCallByValue; rules ask it concurrently (Origins).
	byValue   map[string]bool
	byValueMu sync.Mutex
	// tableKeys indexes each mode table's entries by key (tableEntries);
	// rules ask it concurrently (Origins).
	tableKeys   map[*Assign]map[string]*syntax.Word
	tableKeysMu sync.Mutex
	// cwds are the working directories after each top-level cd, pushd
	// and popd, in order (findCwds, once).
	cwds    []cwdAt
	cwdOnce sync.Once
	// GitTop is, when set before Analyze, the git work tree's top as a
	// path relative to the script's directory ("." or "..", "../.."):
	// what `git rev-parse --show-toplevel` prints, statically (Load sets
	// it from the nearest directory holding a .git entry, inside the
	// linted tree only). "" when not known.
	GitTop string
	// TreeFiles, when set before Analyze, lists the names of the regular
	// files of a directory when it lies inside the linted tree (nil
	// otherwise): the files an overlay source may name are a mode's
	// (fileCandidates). Load sets it; nil reads no directory.
	TreeFiles func(dir string) []string
	// callOffs are where each command named by a literal word starts
	// (callReaches); loopSpans are the spans of for and while loops
	// (inLoop). Both built by collect.
	callOffs  map[string][]int
	loopSpans [][2]int
	// deadSpans are statements after an exit, return, break or continue
	// in the same list (noteDead).
	deadSpans [][2]int
	// pipes: the script holds a pipeline (Pipelines).
	pipes bool
	// pipeOps counts the pipe operators (PipeOps).
	pipeOps int
	// exprWriteAt are where each write of exprWrites is (writeOffsets).
	exprWriteAt map[string][]int
	// caseArms are the spans of the statements of every case item
	// (Branched).
	caseArms [][2]int
	// litArms are the case items on one variable whose patterns are all
	// plain words (docker|podman): in their statements the variable holds
	// one of them (armValues).
	litArms []litArm
	// strFields remembers the fields of string variables of flags
	// (stringFields), nil for one that gives none.
	strFields map[string][]ArgWord
	// lines are the offsets at which the script's lines start.
	lines []int
}

// Comment is one comment of a script.
type Comment struct {
	Start, End int // byte span, from the '#'
	Text       string
	Modes      []*Mode
}

// SourceKind says how a script reads an env file.
type SourceKind int

// How a script reads an env file.
const (
	SourceBash SourceKind = iota
	SourceDockerEnvFile
	// SourceLoader is `export $(grep -v '^#' F | xargs)`: the file's words
	// are exported to every child. Its reading (xargs quoting, word
	// splitting) is none of the dialects envdialect compares, so it adds no
	// Reader.
	SourceLoader
	// SourceEnvLoader is `env $(cat F | xargs) cmd`: like SourceLoader,
	// but only the command env runs gets the keys; the shell itself has
	// none of them.
	SourceEnvLoader
	// SourceComposeEnvFile is `docker compose --env-file F`: compose reads
	// the file with its own dotenv parser (export prefixes, quotes and
	// ${VAR} interpolation, unlike docker run's), for the compose file's
	// interpolation. None of the dialects envdialect compares: no Reader.
	SourceComposeEnvFile
)

// SourceRef is a reference from a script to an env file.
type SourceRef struct {
	Kind       SourceKind
	Start, End int    // span of the path word
	Word       string // the word as written
	Path       string // resolved path, "" when it could not be resolved
	Modes      []*Mode
	// StripsCR: a bash loader whose pipeline deletes each line's '\r'
	// (source <(tr -d '\r' < .env), eval "$(sed 's/\r$//' .env)"), so the
	// shell never sees CRLF line endings.
	StripsCR bool
	// Rewrites: a bash loader whose pipeline rewrites the text of the
	// lines it passes (source <(sed -E 's/ *= */=/' serve.conf), envsubst,
	// tr -d '"'): bash runs that output, not the file's text, so no bash
	// reading of the file's lines is what bash does (no ReaderBash).
	Rewrites bool
	// AllExport: the source is a call of a function that turns allexport
	// on around it (load_env() { set -a; . "$1"; set +a; }).
	AllExport bool
	// static is the path as staticWord (and inCwd) computed it, the
	// script's directory written scriptDirMark; from says what that
	// directory was computed from. A library's source resolves through
	// them again for each script that sources it (libEnvRefs): $0 there
	// is the script's path, BASH_SOURCE the library's.
	static string
	from   pathFrom
}

// pathFrom says what a static path's directory was computed from.
type pathFrom uint8

const (
	fromArg0 pathFrom = 1 << iota // $0: the script bash runs
	fromSelf                      // BASH_SOURCE: the file the word is in
	fromCwd                       // $PWD, pwd, git's top, a relative path: the working directory
)

// Assign is one assignment to a variable.
type Assign struct {
	Name       string
	Start, End int // the whole assignment
	// StmtStart/StmtEnd span the statement when the assignment is all of it
	// (so it can be deleted); -1 otherwise.
	StmtStart, StmtEnd int
	// StmtSole is set when that statement is all of an if branch, a { }
	// block (a function's body), a subshell or a loop's body: deleted, it
	// would leave `then fi` (`{ }`, `do done`), which does not parse; a fix writes `:`
	// (StmtEnd then stops before the statement's `;`, which stays).
	StmtSole bool
	Value    *syntax.Word
	Array    *syntax.ArrayExpr
	Append   bool
	Local    bool
	Modes    []*Mode
	// Conditional is set for a default: an assignment run only when a test
	// of the same variable lets it ([[ -z $X ]] && X=256, if [ -z "$X" ];
	// then X=16; fi): whether it runs depends on the value, which the dry
	// run knows.
	Conditional bool
	// Guarded is set for an assignment behind && or || or in an if branch
	// on something else than the mode (if [[ $GPU == h100 ]]; then
	// SEQS=256; fi): it runs only under that test.
	Guarded bool
	// InFunc is the enclosing function name, "" at top level.
	InFunc string
	// Global: declare -g (typeset -g) in a function, which writes the
	// global even where a caller's local of the name is in scope.
	Global bool
	// Exported: written by export (or declare -x, local -x): every child
	// process, the engine among them, gets the value.
	Exported bool
	// Prefix is the command the assignment is a prefix of (K=256 exec
	// text-generation-launcher …), nil for an assignment of its own. Bash
	// exports it to that command alone: the shell's K is not changed,
	// unless the command is a function (whose body sees K, exported, for
	// the call) or a special builtin in POSIX mode.
	Prefix *syntax.CallExpr
	// Decl: written by a declaration (declare, typeset, local, export,
	// readonly, POSIX sh's export/readonly/local words), not a plain
	// assignment statement: the statement also sets attributes.
	Decl bool
	// Cmd: set by a statement that is no assignment word (collectCmdWrite):
	// (( X = 256 )), let X=256, printf -v X %d 256, read -r X <<< 256,
	// : "${X:=256}". Value is the word that gives the value (the
	// argument, the here-string, the default), or Arith the right side of
	// the arithmetic, whose nodes' offsets are ArithOff off where a let
	// string ("X = 256") was parsed on its own. IfUnset: the value is
	// given only where X is unset or empty (${X:=W}).
	Cmd      bool
	Arith    syntax.ArithmExpr
	ArithOff int
	IfUnset  bool
	// writeAt is where Script.exprWriteAt notes a Cmd write (Cmd only).
	writeAt int
}

// base is the offset the parser's positions are relative to (3 after a BOM).
func (s *Script) base() int {
	if s.BOM {
		return 3
	}
	return 0
}

// Off converts a syntax position to a byte offset into Src.
func (s *Script) Off(p syntax.Pos) int { return int(p.Offset()) + s.base() }

// Line returns the 1-based line of a byte offset.
func (s *Script) Line(off int) int {
	return lineOf(s.lines, off)
}

// Text returns Src[start:end].
func (s *Script) Text(start, end int) string {
	if start < 0 || end > len(s.Src) || start > end {
		return ""
	}
	return string(s.Src[start:end])
}

func lineStarts(src []byte) []int {
	ls := []int{0}
	for i, b := range src {
		if b == '\n' {
			ls = append(ls, i+1)
		}
	}
	return ls
}

func lineOf(ls []int, off int) int {
	lo, hi := 0, len(ls)
	for lo < hi {
		m := (lo + hi) / 2
		if ls[m] <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// IsBinary reports whether src looks like a binary file rather than text.
func IsBinary(src []byte) bool {
	head := src
	if len(head) > 8000 {
		head = head[:8000]
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	if !utf8.Valid(head) {
		// Count control bytes outside whitespace: text in another encoding
		// is still text.
		bad := 0
		for _, b := range head {
			if b < 0x20 && b != '\n' && b != '\r' && b != '\t' && b != '\f' {
				bad++
			}
		}
		return bad*20 > len(head)
	}
	return false
}

// ShebangVariant returns the shell dialect a script declares.
func ShebangVariant(src []byte) (syntax.LangVariant, bool) {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	if !bytes.HasPrefix(src, []byte("#!")) {
		return syntax.LangBash, false
	}
	line := src
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	fields := strings.Fields(strings.TrimSpace(string(line[2:])))
	if len(fields) == 0 {
		return syntax.LangBash, false
	}
	prog := fields[0]
	if strings.HasSuffix(prog, "/env") && len(fields) > 1 {
		prog = fields[1]
		if prog == "-S" && len(fields) > 2 {
			prog = fields[2]
		}
	}
	if i := strings.LastIndexByte(prog, '/'); i >= 0 {
		prog = prog[i+1:]
	}
	switch prog {
	case "sh", "dash", "ash", "ksh", "posh":
		return syntax.LangPOSIX, true
	case "bash":
		return syntax.LangBash, true
	}
	return syntax.LangBash, false
}

// EvalCalls are the script's eval commands (eval WORD…, by a literal
// name), from the model's walk: their text is code run at run time.
func (s *Script) EvalCalls() []*syntax.CallExpr {
	var out []*syntax.CallExpr
	for _, c := range s.calls {
		if v, ok := LitValue(c.Args[0]); ok && v == "eval" {
			out = append(out, c)
		}
	}
	return out
}

// ParseScript parses src as a shell script. It never panics and never
// returns nil; Err is set when the file cannot be parsed.
func ParseScript(path string, src []byte) *Script {
	s := &Script{Path: path, Src: src, Assigns: map[string][]*Assign{}, Funcs: map[string]*syntax.FuncDecl{}}
	s.lines = lineStarts(src)
	if IsBinary(src) {
		s.Err = &Problem{Line: 1, Col: 1, End: 0, Msg: "not a shell script: the file is binary"}
		return s
	}
	body := src
	if bytes.HasPrefix(body, []byte("\xef\xbb\xbf")) {
		s.BOM = true
		body = body[3:]
	}
	if bytes.Contains(body, []byte("\r\n")) {
		s.CRLF = true
		// Keep offsets: a space stands where bash would see a stray \r.
		body = bytes.ReplaceAll(body, []byte("\r\n"), []byte(" \n"))
	}
	s.Variant, _ = ShebangVariant(src)
	if err := CheckDepth(body); err != nil {
		s.Err = &Problem{Line: 1, Col: 1, Msg: "not analysed: " + err.Error()}
		var de *DepthError
		if errors.As(err, &de) {
			// Where it crossed the limit, not the top of the file.
			off := min(de.Offset+s.base(), len(src))
			s.Err.Offset, s.Err.End = off, off
			s.Err.Line = s.Line(off)
			s.Err.Col = off - s.lines[s.Err.Line-1] + 1
		}
		return s
	}
	body = BashComments(body)
	f, err := parseSafe(body, path, s.Variant)
	if err != nil {
		s.Err = problemOf(err, s)
		return s
	}
	s.File = f
	return s
}

// parseSafe parses body keeping comments, with a pooled parser.
func parseSafe(body []byte, path string, variant syntax.LangVariant) (f *syntax.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("parser failed: %v", r)
		}
	}()
	return ParseShell(bytes.NewReader(body), path, true, variant)
}

func problemOf(err error, s *Script) *Problem {
	pr := &Problem{Line: 1, Col: 1, Msg: err.Error()}
	var pe syntax.ParseError
	var le syntax.LangError
	if errors.As(err, &pe) {
		pr.Line, pr.Col = int(pe.Pos.Line()), int(pe.Pos.Col())
		pr.Offset = s.Off(pe.Pos)
		pr.Msg = pe.Text
		if pe.Incomplete {
			pr.Msg += " (the file ends too early)"
		}
	} else if errors.As(err, &le) {
		pr.Line, pr.Col = int(le.Pos.Line()), int(le.Pos.Col())
		pr.Offset = s.Off(le.Pos)
		pr.Msg = le.Error()
		if i := strings.Index(pr.Msg, ": "); i >= 0 && strings.Contains(pr.Msg[:i], ":") {
			pr.Msg = pr.Msg[i+2:]
		}
	}
	if pr.Offset > len(s.Src) {
		pr.Offset = len(s.Src)
	}
	pr.End = pr.Offset
	return pr
}

// CheckDepth refuses shell text that nests deeper than MaxDepth, before
// the recursive parser sees it: a stack overflow cannot be recovered in
// Go. Every parse of text servelint did not write goes through it (scripts,
// env files, sourced files, eval strings).
func CheckDepth(b []byte) error {
	if at := depthPast(b, MaxDepth); at >= 0 {
		return &DepthError{Offset: at}
	}
	return nil
}

// DepthError is CheckDepth's refusal. Offset is where the text first
// nests past MaxDepth: the bracket, keyword or operator that crossed it.
type DepthError struct{ Offset int }

func (e *DepthError) Error() string {
	// The depth is weighed (a keyword or a chained operator counts a
	// tenth), so the message says what the limit means, not a count that
	// would read as the number of blocks.
	return fmt.Sprintf("nesting past the limit of %d levels (about %d brackets or substitutions deep, or %d if/while/until/for/case/select blocks)", MaxDepth, MaxDepth, 10*MaxDepth)
}

// depthPast estimates the nesting of shell text cheaply and never below
// what the parser will meet: the depth of brackets and backquotes and,
// weighed at a tenth, of compound-command keywords (if … fi, while … done,
// case … esac) and of each line's chained operators, counted everywhere,
// comments included (a '#' may open a
// comment or sit in a string or ${#x}, which only a full lexer can tell:
// skipping what looked like comments let a crafted script overflow the
// parser's stack).
//
// depthPast returns the offset at which that depth first passes limit, or
// -1 when it never does.
func depthPast(b []byte, limit int) int {
	if depthBound(b) <= limit {
		return -1
	}
	return depthScan(b, limit)
}

// depthBound is a bound depthScan's depth never passes in b, counted
// without reading words (bytes.Count and IndexByte run a word at a time):
// every bracket and backquote b holds; a keyword for each three bytes (a
// keyword is two bytes at least, and words are apart); every byte of the
// longest line as an operator. Most scripts are far below MaxDepth: pprof
// of a 100-repo lint put depthScan at 1.8% of the CPU, run on every script
// parsed, rewritten or evaluated.
func depthBound(b []byte) int {
	open := bytes.Count(b, []byte("(")) + bytes.Count(b, []byte("{")) + bytes.Count(b, []byte("[")) + bytes.Count(b, []byte("`"))
	longest := 0
	for rest := b; len(rest) > 0; {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			longest = max(longest, len(rest))
			break
		}
		longest = max(longest, i)
		rest = rest[i+1:]
	}
	return open + (len(b)+1)/3/10 + longest/10
}

// depthScan is depthPast without the bound.
func depthScan(b []byte, limit int) int {
	// ops counts, on each line (or between two ';'), the operators the
	// parser chains into nested nodes (`:|:|…` pipelines, `&&` lists,
	// `$((!!!…1))`, `a=b=c…`): weighed at a tenth, as a line of real code
	// holds few.
	brackets, kw, ops, at := 0, 0, 0, -1
	note := func(i int) {
		if at < 0 && brackets+kw/10+ops/10 > limit {
			at = i
		}
	}
	word, inWord, backquote := 0, false, false
	flush := func(end int) {
		if !inWord {
			return
		}
		inWord = false
		switch string(b[word:end]) {
		case "if", "while", "until", "for", "case", "select":
			kw++
			note(word)
		case "fi", "done", "esac":
			if kw > 0 {
				kw--
			}
		}
	}
	for i := 0; i < len(b) && at < 0; i++ {
		switch c := b[i]; c {
		case '`':
			flush(i)
			if backquote = !backquote; backquote {
				brackets++
				note(i)
			} else if brackets > 0 {
				brackets--
			}
			continue
		case '(', '{', '[':
			flush(i)
			brackets++
			note(i)
			continue
		case ')', '}', ']':
			flush(i)
			if brackets > 0 {
				brackets--
			}
			continue
		case '\n', ';':
			// A list ends (a ';' as a newline does): the chain of
			// operators the parser nests ends with it. Not within
			// $(( )) or [[ ]], which hold no ';'. (A line of 5,000
			// `aN=N;` assignments was refused as nested 400 deep.)
			flush(i)
			ops = 0
			continue
		case '&', '|':
			flush(i)
			ops++
			note(i)
			continue
		case ' ', '\t', '\r':
			flush(i)
			continue
		case '!', '=', '?', '*', '+', '<', '>', '^', '%', '~':
			ops++
			note(i)
		}
		if !inWord {
			inWord, word = true, i
		}
	}
	if at < 0 {
		flush(len(b))
	}
	return at
}

// AssocDecls returns the script's declare -A (typeset -A, local -A)
// clauses, in functions too: the dry run rewrites their keys and the
// compound assignments of the names they declare (dryrun's assockeys).
func (s *Script) AssocDecls() []*syntax.DeclClause { return s.assocDecls }
