package rules

// Shared machinery of the calibration-tap rules (phasegate, tapmarker): a
// walkable syntax tree with parent links, the commands the window laws talk
// about (probes, requests, liveness checks, banking copies, `set -e`), health
// waits, an execution-order trace through function calls, and where the exit
// status of a statement goes.

import (
	"bytes"
	"fmt"
	"maps"
	"path"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/internal/warm"
	"github.com/servelint/servelint/parser"
)

// Limits that keep the walks bounded on any input.
const (
	maxChain     = 8      // nested function calls followed by a trace
	maxDescents  = 8      // times a trace enters the same function
	traceBudget  = 100000 // nodes a trace or region walk visits
	maxInnerTree = 2      // nesting of `bash -c '…'` strings parsed
	maxWalkUp    = 400    // steps of a walk up the tree
)

// shTree is one shell syntax tree (a script, or the string of a `bash -c`)
// with parent links and what the window rules look up in it.
type shTree struct {
	s    *parser.Script
	file *syntax.File
	// base is the byte offset in s.Src of the tree's position 0.
	base   int
	parent map[syntax.Node]syntax.Node
	funcs  map[string]*syntax.FuncDecl
	// errexit and pipefail are the `set` toggles of each option.
	errexit, pipefail []toggle
	errexitInit       bool
	// timed is true for the string of `timeout N bash -c '…'`.
	timed bool
	// clampLo/clampHi bound the offsets of a string glued from several
	// parts, whose positions are approximate (clampHi 0: exact).
	clampLo, clampHi int
	// inner are the trees of `bash -c` strings, by the call that runs them.
	inner map[*syntax.CallExpr]*shTree
	// invs are the engine invocations of the script, by call.
	invs map[*syntax.CallExpr]*parser.Invocation
	// tapVars hold a tap dir or a path under it; clockVars a time (date
	// +%s, $SECONDS); listVars a listing of the tap.
	tapVars, clockVars, listVars map[string]bool
	// subVars hold a path under the tap, with the path's base name ("" when
	// it is not literal).
	subVars map[string]string
	// tapFuncs are the functions some call passes a tap dir to.
	tapFuncs map[*syntax.FuncDecl]bool
	// funcStops, loops and fnOpt memoize isStop, healthLoopOf and the
	// state of set options at a function's call sites.
	funcStops map[*syntax.FuncDecl]bool
	loops     map[syntax.Node]*healthLoop
	fnOpt     map[optKey]bool
	depth     int
	// assigns are the tree's named assignments, in source order.
	assigns []*syntax.Assign
}

// toggle is one `set -e`/`set +e` (or pipefail) statement.
type toggle struct {
	off int
	on  bool
	fn  *syntax.FuncDecl
}

// newTree builds the tree of a parsed script; nil when it did not parse.
func newTree(s *parser.Script) *shTree {
	if s == nil || s.File == nil {
		return nil
	}
	base := 0
	if s.BOM {
		base = 3
	}
	t := buildTree(s, s.File, base, 0, false, nil)
	t.invs = map[*syntax.CallExpr]*parser.Invocation{}
	for _, inv := range s.Invocations {
		if inv != nil && inv.Call != nil {
			t.invs[inv.Call] = inv
		}
	}
	t.errexitInit = shebangErrexit(s.Src)
	return t
}

func buildTree(s *parser.Script, f *syntax.File, base, depth int, timed bool, outer *shTree) *shTree {
	// About one node per 5 bytes of script (median of the test cases):
	// sized once, the parent map is not grown and rehashed node by node.
	t := &shTree{s: s, file: f, base: base, parent: make(map[syntax.Node]syntax.Node, nodesHint(f)), funcs: map[string]*syntax.FuncDecl{},
		inner: map[*syntax.CallExpr]*shTree{}, timed: timed, depth: depth,
		funcStops: map[*syntax.FuncDecl]bool{}, loops: map[syntax.Node]*healthLoop{}, fnOpt: map[optKey]bool{},
		tapVars: map[string]bool{}, subVars: map[string]string{}, clockVars: map[string]bool{}, listVars: map[string]bool{}}
	var stack []syntax.Node
	var calls []*syntax.CallExpr
	shwalk.Walk(f, func(n syntax.Node) bool {
		if n == nil {
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			return true
		}
		if len(stack) > 0 {
			t.parent[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *syntax.FuncDecl:
			if n.Name != nil && n.Body != nil {
				t.funcs[n.Name.Value] = n
			}
		case *syntax.CallExpr:
			calls = append(calls, n)
		case *syntax.Assign:
			if n.Name != nil {
				t.assigns = append(t.assigns, n)
			}
		}
		return true
	})
	if outer != nil {
		for _, m := range []struct{ dst, src map[string]bool }{{t.tapVars, outer.tapVars}, {t.clockVars, outer.clockVars}, {t.listVars, outer.listVars}} {
			for k := range m.src {
				m.dst[k] = true
			}
		}
		for k, v := range outer.subVars {
			t.subVars[k] = v
		}
	}
	t.tapFuncs = map[*syntax.FuncDecl]bool{}
	t.varKinds()
	for _, c := range calls {
		if fd := t.funcFor(c); fd != nil {
			for _, w := range c.Args[1:] {
				if t.refsTap(w, t.frameAt(c)) {
					t.tapFuncs[fd] = true
				}
			}
		}
	}
	if len(t.tapFuncs) > 0 {
		t.varKinds() // again, with $1… of those functions naming the tap
	}
	for _, c := range calls {
		cm := cmdOf(c)
		switch cm.name {
		case "set":
			t.setToggles(c, cm.args)
		case "bash", "sh", "dash", "zsh", "ksh":
			if depth < maxInnerTree {
				if it := t.innerTree(cm, depth, timed || cm.timed); it != nil {
					t.inner[c] = it
				}
			}
		}
	}
	return t
}

// shebangErrexit reports whether the shebang line passes -e.
func shebangErrexit(src []byte) bool {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	if !bytes.HasPrefix(src, []byte("#!")) {
		return false
	}
	line := src
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	fields := strings.Fields(string(line[2:]))
	if len(fields) < 2 {
		return false
	}
	for _, f := range fields[1:] {
		if strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "--") && strings.Contains(f, "e") && f != "-S" {
			return true
		}
	}
	return false
}

// setToggles records what one `set` call does to errexit and pipefail.
func (t *shTree) setToggles(c *syntax.CallExpr, args []*syntax.Word) {
	off := t.off(c.Pos())
	fn := t.funcOf(c)
	for i := 0; i < len(args); i++ {
		a, ok := parser.LitValue(args[i])
		if !ok || len(a) < 2 || (a[0] != '-' && a[0] != '+') || a == "--" {
			continue
		}
		on := a[0] == '-'
		if a[1:] == "o" {
			if i+1 < len(args) {
				if v, ok := parser.LitValue(args[i+1]); ok {
					switch v {
					case "errexit":
						t.errexit = append(t.errexit, toggle{off, on, fn})
					case "pipefail":
						t.pipefail = append(t.pipefail, toggle{off, on, fn})
					}
				}
				i++
			}
			continue
		}
		letters := a[1:]
		if strings.ContainsRune(letters, 'e') {
			t.errexit = append(t.errexit, toggle{off, on, fn})
		}
		if strings.HasSuffix(letters, "o") && i+1 < len(args) {
			if v, ok := parser.LitValue(args[i+1]); ok && v == "pipefail" {
				t.pipefail = append(t.pipefail, toggle{off, on, fn})
				i++
			}
		}
	}
}

// innerTree parses the string of `bash -c STRING`. A string written as one
// quoted literal keeps exact byte offsets into the script; one glued from
// several quoted parts ('until curl …:'"$PORT"'/health; …') is parsed from
// its parts' source text and its positions are kept inside the word.
func (t *shTree) innerTree(cm cmd, depth int, timed bool) *shTree {
	for i := 0; i+1 < len(cm.args); i++ {
		if v, ok := parser.LitValue(cm.args[i]); !ok || v != "-c" {
			continue
		}
		w := cm.args[i+1]
		if w == nil || len(w.Parts) == 0 {
			return nil
		}
		var body []byte
		start, end := -1, -1
		if len(w.Parts) == 1 {
			switch p := w.Parts[0].(type) {
			case *syntax.SglQuoted:
				if !p.Dollar {
					start, end = t.off(p.Pos())+1, t.off(p.End())-1
				}
			case *syntax.DblQuoted:
				if !p.Dollar {
					start, end = t.off(p.Pos())+1, t.off(p.End())-1
				}
			case *syntax.Lit:
				start, end = t.off(p.Pos()), t.off(p.End())
			}
			if start < 0 || end < start || end > len(t.s.Src) {
				return nil
			}
			body = t.s.Src[start:end]
		} else {
			for _, p := range w.Parts {
				ps, pe := t.off(p.Pos()), t.off(p.End())
				switch p := p.(type) {
				case *syntax.SglQuoted:
					body = append(body, p.Value...)
				case *syntax.DblQuoted:
					if pe-ps >= 2 && pe <= len(t.s.Src) {
						body = append(body, t.s.Src[ps+1:pe-1]...)
					}
				default:
					if pe <= len(t.s.Src) && ps <= pe {
						body = append(body, t.s.Src[ps:pe]...)
					}
				}
			}
			start, end = t.off(w.Pos()), t.off(w.End())
		}
		f := parseInner(bytes.ReplaceAll(body, []byte("\r\n"), []byte(" \n")))
		if f == nil {
			return nil
		}
		it := buildTree(t.s, f, start, depth+1, timed, t)
		if len(w.Parts) > 1 {
			it.clampLo, it.clampHi = start, end
		}
		return it
	}
	return nil
}

func parseInner(body []byte) (f *syntax.File) {
	defer func() {
		if recover() != nil {
			f = nil
		}
	}()
	if parser.CheckDepth(body) != nil {
		return nil
	}
	f, err := parser.ParseShell(bytes.NewReader(body), "", false, syntax.LangBash)
	if err != nil {
		return nil
	}
	return f
}

// off converts a position of the tree to a byte offset into the script.
func (t *shTree) off(p syntax.Pos) int {
	o := t.base + int(p.Offset())
	if t.clampHi > 0 {
		o = min(max(o, t.clampLo), t.clampHi)
	}
	return o
}

// text returns the source of a node.
func (t *shTree) text(n syntax.Node) string {
	if n == nil {
		return ""
	}
	return t.s.Text(t.off(n.Pos()), t.off(n.End()))
}

// line returns the 1-based line of a node.
func (t *shTree) line(n syntax.Node) int { return t.s.Line(t.off(n.Pos())) }

// summary is a short quote of a node's source for messages.
func (t *shTree) summary(n syntax.Node) string {
	s := t.text(n)
	s = strings.ReplaceAll(s, "\\\n", " ")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 48 {
		s = string(r[:47]) + "…"
	}
	return s
}

// stmtOf returns the statement holding a node.
func (t *shTree) stmtOf(n syntax.Node) *syntax.Stmt {
	for i := 0; n != nil && i < maxWalkUp; i++ {
		if st, ok := n.(*syntax.Stmt); ok {
			return st
		}
		n = t.parent[n]
	}
	return nil
}

// funcOf returns the function whose body holds a node, nil at top level.
func (t *shTree) funcOf(n syntax.Node) *syntax.FuncDecl {
	for i := 0; n != nil && i < maxWalkUp; i++ {
		n = t.parent[n]
		if fd, ok := n.(*syntax.FuncDecl); ok {
			return fd
		}
	}
	return nil
}

// frameAt returns the frame of the function holding a node: whether
// some call of it passes a tap dir, so that $1… may name the tap.
func (t *shTree) frameAt(n syntax.Node) *frame {
	return &frame{tapArgs: t.tapFuncs[t.funcOf(n)]}
}

// funcFor returns the script function a call runs, nil when none.
func (t *shTree) funcFor(c *syntax.CallExpr) *syntax.FuncDecl {
	if c == nil || len(c.Args) == 0 {
		return nil
	}
	name, ok := parser.LitValue(c.Args[0])
	if !ok {
		return nil
	}
	return t.funcs[name]
}

// cmd is a simple command seen through its wrappers.
type cmd struct {
	call *syntax.CallExpr
	// name is the base name of the program ("" when not static); for a
	// word such as "$here/push.sh" it is the literal tail's base name.
	name string
	args []*syntax.Word
	// timed and exec report a `timeout` or `exec` wrapper.
	timed, exec bool
	// script is the base name of the script an interpreter runs (bash x.sh,
	// python3 push.py), "" otherwise.
	script string
}

// lits returns the literal values of words, parser.Unknown where unknown.
func lits(ws []*syntax.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		if v, ok := parser.LitValue(w); ok {
			out[i] = v
		} else {
			out[i] = parser.Unknown
		}
	}
	return out
}

// wordName is the program name a word spells: its literal value, or the
// literal tail of a path such as "$here/push.sh".
func wordName(w *syntax.Word) string {
	if w == nil {
		return ""
	}
	if v, ok := parser.LitValue(w); ok {
		return path.Base(v)
	}
	var tail string
	for _, p := range flatParts(w.Parts) {
		switch p := p.(type) {
		case *syntax.Lit:
			tail += p.Value
		case *syntax.SglQuoted:
			tail += p.Value
		default:
			tail = ""
		}
	}
	if !strings.HasPrefix(tail, "/") || len(tail) < 2 {
		return ""
	}
	return path.Base(tail)
}

// flatParts flattens double quotes.
func flatParts(ps []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for _, p := range ps {
		if dq, ok := p.(*syntax.DblQuoted); ok {
			out = append(out, flatParts(dq.Parts)...)
			continue
		}
		out = append(out, p)
	}
	return out
}

// cmdOf sees a call through exec, env, nohup, timeout and similar wrappers.
func cmdOf(c *syntax.CallExpr) cmd {
	out := cmd{call: c}
	if c == nil {
		return out
	}
	args := c.Args
	ls := lits(args)
	i := 0
	skipOpts := func(valued string) {
		for i < len(ls) && strings.HasPrefix(ls[i], "-") && ls[i] != parser.Unknown {
			if ls[i] == "--" {
				i++
				return
			}
			if !strings.Contains(ls[i], "=") && strings.Contains(" "+valued+" ", " "+ls[i]+" ") {
				i++
			}
			i++
		}
	}
wrappers:
	for guard := 0; i < len(ls) && guard < 16; guard++ {
		if ls[i] == parser.Unknown {
			break
		}
		switch path.Base(ls[i]) {
		case "exec":
			out.exec = true
			i++
			skipOpts("-a")
		case "command", "builtin", "nohup", "setsid", "time", "caffeinate":
			if i+1 < len(ls) && (ls[i+1] == "-v" || ls[i+1] == "-V") {
				break wrappers // command -v curl looks a program up
			}
			i++
			skipOpts("")
		case "sudo":
			i++
			skipOpts("-u -g -C -D -h -p -r -t -U")
		case "env":
			i++
			skipOpts("-u -C -S --unset --chdir --split-string")
			for i < len(ls) && strings.Contains(ls[i], "=") && !strings.HasPrefix(ls[i], "-") {
				i++
			}
		case "timeout":
			out.timed = true
			i++
			skipOpts("-s -k --signal --kill-after")
			i++ // the duration
		case "nice":
			i++
			skipOpts("-n --adjustment")
		case "ionice":
			i++
			skipOpts("-c -n -t --class --classdata")
		case "stdbuf":
			i++
			skipOpts("-i -o -e")
		case "numactl":
			i++
			skipOpts("-N -m -C -p -i --cpunodebind --membind --physcpubind --preferred --interleave")
		case "taskset":
			i++
			skipOpts("")
			i++ // the mask
		default:
			break wrappers
		}
	}
	if i >= len(args) {
		return out
	}
	out.name = wordName(args[i])
	out.args = args[i+1:]
	switch {
	case out.name == "bash" || out.name == "sh" || out.name == "dash" || strings.HasPrefix(out.name, "python") || out.name == "node" || out.name == "uv":
		rest := lits(out.args)
		for j, a := range rest {
			if out.name == "uv" && a == "run" {
				continue
			}
			if strings.HasPrefix(a, "-") {
				if a == "-c" || a == "-m" {
					break
				}
				continue
			}
			out.script = wordName(out.args[j])
			break
		}
	}
	return out
}

// argLits returns the literal values of a command's arguments.
func (c cmd) argLits() []string { return lits(c.args) }

// has reports whether a command has one of these literal arguments.
func (c cmd) has(opts ...string) bool {
	for _, a := range c.argLits() {
		for _, o := range opts {
			if a == o {
				return true
			}
		}
	}
	return false
}

// sub returns the first non-option argument (a sub-command), "" if none.
func (c cmd) sub() string {
	for _, a := range c.argLits() {
		if !strings.HasPrefix(a, "-") {
			if a == parser.Unknown {
				return ""
			}
			return a
		}
	}
	return ""
}

// isProbe reports whether a command probes an endpoint (curl, wget, nc, …);
// a download from a public host (wget https://huggingface.co/…) is not one.
func (c cmd) isProbe() bool {
	switch c.name {
	case "curl", "wget", "http", "https", "xh", "curlie":
		return !c.external()
	case "nc", "ncat", "netcat", "socat", "grpcurl", "grpc_health_probe":
		return true
	}
	if strings.HasPrefix(c.name, "python") {
		for i, a := range c.argLits() {
			if a == "-c" && i+1 < len(c.args) {
				code := wordSource(c.args[i+1])
				return probeCodeRE.MatchString(code)
			}
		}
	}
	return false
}

var probeCodeRE = lazy(`urllib|requests|http\.client|httpx|socket|aiohttp`)

// requestCodeRE matches Python code that sends a request with a body.
var requestCodeRE = lazy(`requests\.post|httpx\.post|session\.post|\.post\(|urlopen\([^)]*data|aiohttp|openai|completions\.create`)

// isRequest reports whether a command sends a request with a body (a POST
// of a document), as a pusher does; heredoc is the text of a here-document
// fed to it.
func (c cmd) isRequest(heredoc string) bool {
	if c.external() {
		return false
	}
	return c.postsBody(heredoc)
}

// external reports whether every URL a command names is on a public host
// (hooks.slack.com, api.github.com): a notification, not the engine. A URL
// built from variables ($URL, http://$HOST:$PORT) may be the engine.
func (c cmd) external() bool {
	urls := 0
	for _, w := range c.args {
		if pe := soleParam(w); pe != nil && notifyVarRE.MatchString(pe.Param.Value) {
			urls++ // "$SLACK_WEBHOOK": a chat hook, named so
			continue
		}
		src := wordSource(w)
		i := strings.Index(src, "://")
		if i < 0 {
			continue
		}
		urls++
		if _, ok := parser.LitValue(w); !ok {
			return false // built from variables
		}
		host := src[i+3:]
		if j := strings.IndexAny(host, "/:?#"); j >= 0 {
			host = host[:j]
		}
		if host == "" || host == "localhost" || host == "0.0.0.0" || strings.HasPrefix(host, "[") || !strings.Contains(host, ".") || ipv4RE.MatchString(host) {
			return false
		}
	}
	return urls > 0
}

// notifyVarRE matches the names of variables that hold a chat or paging
// hook's URL ($SLACK_WEBHOOK, $DISCORD_HOOK_URL): a notification, not the
// engine.
var notifyVarRE = lazy(`(?i)(web_?hook|slack|discord|mattermost|teams_|msteams|pagerduty|opsgenie|ntfy|pushover|telegram|hook_url)`)

// soleParam returns the parameter expansion a word is made of alone
// ($X, "${X}"), nil otherwise.
func soleParam(w *syntax.Word) *syntax.ParamExp {
	ps := flatParts(w.Parts)
	if len(ps) != 1 {
		return nil
	}
	pe, ok := ps[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Exp != nil || pe.Repl != nil || pe.Slice != nil || pe.Index != nil {
		return nil
	}
	return pe
}

var ipv4RE = lazy(`^[0-9]+(\.[0-9]+){3}$`)

// postsBody reports whether a command sends a body, whatever the host.
func (c cmd) postsBody(heredoc string) bool {
	ls := c.argLits()
	switch c.name {
	case "curl", "curlie":
		for i, a := range ls {
			switch {
			case a == "-d" || a == "-F" || a == "-T" || a == "--json" || a == "--form" || a == "--upload-file" || strings.HasPrefix(a, "--data") || strings.HasPrefix(a, "--json="):
				return true
			case a == "-X" || a == "--request":
				if i+1 < len(ls) && (ls[i+1] == "POST" || ls[i+1] == "PUT") {
					return true
				}
			case a == "-XPOST" || a == "-XPUT" || a == "--request=POST":
				return true
			case len(a) > 2 && a[0] == '-' && a[1] != '-' && strings.HasSuffix(a, "d") && !strings.ContainsAny(a, "=/"):
				return true // -sSd
			}
		}
	case "wget":
		for _, a := range ls {
			if strings.HasPrefix(a, "--post-") || strings.HasPrefix(a, "--body-") || a == "--method=POST" {
				return true
			}
		}
	case "http", "https", "xh":
		for _, a := range ls {
			if a == "POST" || a == "PUT" {
				return true
			}
		}
	}
	if strings.HasPrefix(c.name, "python") {
		code := heredoc
		for i, a := range ls {
			if a == "-c" && i+1 < len(c.args) {
				code += wordSource(c.args[i+1])
			}
		}
		return requestCodeRE.MatchString(code)
	}
	return false
}

// wordSource returns the text a literal word holds, or its parts' literal
// text when it is not wholly literal.
func wordSource(w *syntax.Word) string {
	if v, ok := parser.LitValue(w); ok {
		return v
	}
	var sb strings.Builder
	if w != nil {
		for _, p := range flatParts(w.Parts) {
			switch p := p.(type) {
			case *syntax.Lit:
				sb.WriteString(p.Value)
			case *syntax.SglQuoted:
				sb.WriteString(p.Value)
			}
		}
	}
	return sb.String()
}

// isLiveness reports whether a command checks that a process or container
// is alive: kill -0, ps -p, pgrep, wait -n, docker inspect/ps/top, ….
func (c cmd) isLiveness() bool {
	ls := c.argLits()
	switch c.name {
	case "kill":
		for i, a := range ls {
			if a == "-0" || (a == "-s" && i+1 < len(ls) && ls[i+1] == "0") {
				return true
			}
		}
	case "ps":
		return c.has("-p", "--pid", "-q") || len(ls) > 0 && ls[len(ls)-1] == parser.Unknown
	case "pgrep", "pidof", "jobs":
		return true
	case "wait":
		return c.has("-n")
	case "docker", "podman", "nerdctl":
		switch c.sub() {
		case "inspect", "ps", "top", "container", "wait":
			return true
		}
	case "systemctl":
		return c.has("is-active", "status")
	}
	return false
}

// isRunningCheck is a liveness check a pusher can make on the rig.
func (c cmd) isRunningCheck() bool {
	if c.name == "jobs" || c.name == "wait" {
		return false
	}
	return c.isLiveness()
}

// isStop reports whether a command ends the script: exit, a die-style
// helper, or a function whose body exits.
func (t *shTree) isStop(c cmd, seen map[*syntax.FuncDecl]bool) bool {
	switch c.name {
	case "exit":
		return true
	case "kill":
		for _, w := range c.args {
			if strings.Contains(t.text(w), "$$") {
				return true
			}
		}
		return false
	}
	if fd := t.funcs[c.name]; fd != nil && c.call != nil && len(c.call.Args) > 0 && wordName(c.call.Args[0]) == c.name {
		if v, ok := t.funcStops[fd]; ok {
			return v
		}
		if seen[fd] {
			return false
		}
		seen[fd] = true
		found := false
		defer func() { t.funcStops[fd] = found }()
		shwalk.Walk(fd.Body, func(n syntax.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *syntax.FuncDecl:
				return false
			case *syntax.CallExpr:
				if t.isStop(cmdOf(n), seen) {
					found = true
				}
			}
			return true
		})
		return found
	}
	return dieRE.MatchString(c.name)
}

// dieRE matches helpers that, by name, end the script.
var dieRE = lazy(`^(die|fatal|abort|bail|panic|error_exit|err_exit|fail)(_.*)?$|_(die|fatal|abort)$`)

// outcome is what a branch does when it runs.
type outcome int

const (
	outNone   outcome = iota
	outReturn         // returns from the function
	outStop           // ends the script
)

// branchOutcome reports whether statements end the script or return.
func (t *shTree) branchOutcome(nodes ...syntax.Node) outcome {
	out := outNone
	for _, root := range nodes {
		if root == nil {
			continue
		}
		shwalk.Walk(root, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.FuncDecl, *syntax.Subshell, *syntax.CmdSubst:
				return false
			case *syntax.CallExpr:
				c := cmdOf(n)
				if t.isStop(c, map[*syntax.FuncDecl]bool{}) {
					out = outStop
				} else if c.name == "return" && out < outReturn {
					out = outReturn
				}
			}
			return true
		})
	}
	return out
}

// hasBreak reports whether statements break out of a loop or return.
func hasBreak(nodes ...syntax.Node) bool {
	found := false
	for _, root := range nodes {
		if root == nil {
			continue
		}
		shwalk.Walk(root, func(n syntax.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *syntax.FuncDecl:
				return false
			case *syntax.CallExpr:
				switch cmdOf(n).name {
				case "break", "return", "exit":
					found = true
				}
			}
			return true
		})
	}
	return found
}

func stmtNodes(sts []*syntax.Stmt) []syntax.Node {
	out := make([]syntax.Node, 0, len(sts))
	for _, st := range sts {
		if st != nil {
			out = append(out, st)
		}
	}
	return out
}

// frame is the function a region walk is in: whether its call passed a
// tap dir, so that $1… name the tap.
type frame struct {
	tapArgs bool
}

// walkRegion walks the roots and the bodies of the functions they call
// (each once), telling fn which frame each node is in.
func (t *shTree) walkRegion(roots []syntax.Node, fn func(n syntax.Node, fr *frame) bool) {
	seen := map[*syntax.FuncDecl]bool{}
	budget := traceBudget
	var run func(root syntax.Node, fr *frame)
	run = func(root syntax.Node, fr *frame) {
		shwalk.Walk(root, func(n syntax.Node) bool {
			if n == nil {
				return true
			}
			budget--
			if budget < 0 {
				return false
			}
			if _, ok := n.(*syntax.FuncDecl); ok {
				return false
			}
			if !fn(n, fr) {
				return false
			}
			if c, ok := n.(*syntax.CallExpr); ok {
				if fd := t.funcFor(c); fd != nil && !seen[fd] {
					seen[fd] = true
					nf := &frame{}
					for _, w := range c.Args[1:] {
						if t.refsTap(w, fr) {
							nf.tapArgs = true
						}
					}
					run(fd.Body, nf)
				}
			}
			return true
		})
	}
	for _, r := range roots {
		if r != nil {
			run(r, &frame{})
		}
	}
}

// regionHas reports whether a region holds a node for which pred holds.
func (t *shTree) regionHas(roots []syntax.Node, pred func(n syntax.Node, fr *frame) bool) bool {
	found := false
	t.walkRegion(roots, func(n syntax.Node, fr *frame) bool {
		if found {
			return false
		}
		if pred(n, fr) {
			found = true
			return false
		}
		return true
	})
	return found
}

// isProbeNode is a probe command or a /dev/tcp redirect.
func isProbeNode(n syntax.Node, _ *frame) bool {
	switch n := n.(type) {
	case *syntax.CallExpr:
		return cmdOf(n).isProbe()
	case *syntax.Redirect:
		return n.Word != nil && strings.Contains(wordSource(n.Word), "/dev/tcp/")
	}
	return false
}

// isHealthProbeNode is a probe that sends no document.
func isHealthProbeNode(n syntax.Node, fr *frame) bool {
	if c, ok := n.(*syntax.CallExpr); ok {
		cm := cmdOf(c)
		return cm.isProbe() && !cm.isRequest("")
	}
	return isProbeNode(n, fr)
}

// ---- variables --------------------------------------------------------

// tapNameRE matches the names of variables that hold a calibration tap dir.
var tapNameRE = lazy(`(?i)^(radiance_calib_dir|calib_?dir|[a-z0-9_]*_calib_?dir|taps?|taps?_?(dir|path|root)|[a-z0-9_]*_taps?|[a-z0-9_]*_taps?_?(dir|path|root))$`)

// varKinds finds which variables hold a tap dir, a path in it, a time or a
// listing of the tap, from their assignments (to a fixed point).
func (t *shTree) varKinds() {
	assigns := t.assigns
	for round := 0; round < 6; round++ {
		changed := false
		mark := func(m map[string]bool, name string) {
			if !m[name] {
				m[name] = true
				changed = true
			}
		}
		for _, a := range assigns {
			name := a.Name.Value
			var words []*syntax.Word
			if a.Value != nil {
				words = append(words, a.Value)
			}
			if a.Array != nil {
				for _, el := range a.Array.Elems {
					if el != nil && el.Value != nil {
						words = append(words, el.Value)
					}
				}
			}
			fr := t.frameAt(a)
			for _, w := range words {
				if a.Array != nil && t.refsTap(w, fr) {
					mark(t.listVars, name) // files=("$TAP"/*)
					continue
				}
				if _, ok := t.subVars[name]; !ok && t.isSubpath(w, fr) {
					t.subVars[name] = t.baseName(w)
					changed = true
				}
				if t.refsTap(w, fr) && hasOnlyPath(w) {
					mark(t.tapVars, name)
				}
				if t.listsTap(w) {
					mark(t.listVars, name)
				}
				if t.isClock(w) {
					mark(t.clockVars, name)
				}
			}
		}
		if !changed {
			return
		}
	}
}

// hasOnlyPath reports whether a word is a path (no command substitution).
func hasOnlyPath(w *syntax.Word) bool {
	ok := true
	shwalk.Walk(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
			ok = false
		}
		return ok
	})
	return ok
}

// isTapName reports whether a variable holds a tap dir or a path in it.
func (t *shTree) isTapName(name string) bool {
	_, sub := t.subVars[name]
	return t.tapVars[name] || sub || tapNames.is(name)
}

// refsTap reports whether a word expands a tap dir (or, in a function
// called with one, a positional parameter).
func (t *shTree) refsTap(w syntax.Node, fr *frame) bool {
	if w == nil {
		return false
	}
	found := false
	shwalk.Walk(w, func(n syntax.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ArithmExp:
			return false
		case *syntax.Word:
			if litTapPath(n) {
				found = true
			}
		case *syntax.ParamExp:
			if n.Param != nil && !n.Length {
				v := n.Param.Value
				if t.isTapName(v) || fr != nil && fr.tapArgs && (v == "@" || v == "*" || len(v) == 1 && v[0] >= '1' && v[0] <= '9') {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// tapDirRE matches a literal path component that names a tap dir.
var tapDirRE = lazy(`(?i)^(taps?|taps?[-_].+|.+[-_]taps?)$`)

// litTapPath reports whether a word's literal text is a path through a tap
// dir (/taps/qwen38, /data/calib-tap/grams).
func litTapPath(w *syntax.Word) bool {
	src := wordSource(w)
	return strings.Contains(src, "/") && tapPaths.is(src)
}

// tapNames and tapPaths remember, per variable name and per path, the
// regexps' answers (pprof: a fifth of the window trace on 1,600 repos went
// to varKinds asking them again for each word, in each round).
var (
	tapNames = newNamePred(tapNameRE.MatchString)
	tapPaths = newNamePred(func(src string) bool {
		for comp := range strings.SplitSeq(src, "/") {
			if tapDirRE.MatchString(comp) {
				return true
			}
		}
		return false
	})
)

// isSubpath reports whether a word names a path inside the tap dir:
// "$TAP/.rig", "${RADIANCE_CALIB_DIR}/marker", or a variable holding one.
func (t *shTree) isSubpath(w *syntax.Word, fr *frame) bool {
	if w == nil {
		return false
	}
	if litTapPath(w) {
		src := strings.TrimSuffix(wordSource(w), "/")
		comps := strings.Split(src, "/")
		for i, comp := range comps {
			if tapDirRE.MatchString(comp) && i+1 < len(comps) {
				return true
			}
		}
	}
	parts := flatParts(w.Parts)
	for i, p := range parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || pe.Param == nil {
			continue
		}
		if _, ok := t.subVars[pe.Param.Value]; ok {
			return true
		}
		if !t.refsTap(&syntax.Word{Parts: []syntax.WordPart{pe}}, fr) || i+1 >= len(parts) {
			continue
		}
		var next string
		switch q := parts[i+1].(type) {
		case *syntax.Lit:
			next = q.Value
		case *syntax.SglQuoted:
			next = q.Value
		default:
			continue
		}
		if strings.HasPrefix(next, "/") && (len(next) > 1 || i+2 < len(parts)) {
			return true
		}
	}
	return false
}

// baseName returns the literal base name a path word ends with, or the
// one of the tap path variable it expands; "" when unknown.
func (t *shTree) baseName(w *syntax.Word) string {
	if w == nil || len(w.Parts) == 0 {
		return ""
	}
	parts := flatParts(w.Parts)
	if pe, ok := parts[len(parts)-1].(*syntax.ParamExp); ok && pe.Param != nil {
		return t.subVars[pe.Param.Value]
	}
	tail := ""
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			tail += p.Value
		case *syntax.SglQuoted:
			tail += p.Value
		default:
			tail = ""
		}
	}
	if i := strings.LastIndexByte(tail, '/'); i >= 0 {
		return tail[i+1:]
	}
	return ""
}

// markerLike reports whether a path in the tap may name the rig's marker
// rather than the tap's output: a dot file, a name with marker, rig, lock,
// pid or owner in it, a name with no extension, or a name not known.
func (t *shTree) markerLike(w *syntax.Word) bool {
	name := strings.ToLower(t.baseName(w))
	if name == "" || strings.HasPrefix(name, ".") || !strings.Contains(name, ".") {
		return true
	}
	for _, k := range []string{"marker", "rig", "lock", "pid", "owner"} {
		if strings.Contains(name, k) {
			return true
		}
	}
	return false
}

// outputLike reports whether a path in the tap names the tap's output (a
// file with an extension that is not the marker's).
func (t *shTree) outputLike(w *syntax.Word) bool {
	name := strings.ToLower(t.baseName(w))
	return name != "" && !t.markerLike(w)
}

// listsTap reports whether a word runs a listing of the tap ($(ls -A "$TAP"),
// $(find "$TAP" -type f | wc -l), $(du -sb "$TAP")).
func (t *shTree) listsTap(w *syntax.Word) bool {
	found := false
	shwalk.Walk(w, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && t.isListing(cmdOf(c), nil) {
			found = true
		}
		return !found
	})
	return found
}

// isListing is ls/find/compgen/du/stat of the tap dir.
func (t *shTree) isListing(c cmd, fr *frame) bool {
	switch c.name {
	case "ls", "find", "compgen", "du", "stat", "tree":
		for _, w := range c.args {
			if t.refsTap(w, fr) {
				return true
			}
		}
	}
	return false
}

// isClock reports whether a word holds a time: $(date …), $SECONDS,
// $EPOCHSECONDS or arithmetic on a clock variable.
func (t *shTree) isClock(w syntax.Node) bool {
	found := false
	shwalk.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			if cmdOf(n).name == "date" {
				found = true
			}
		case *syntax.ParamExp:
			if n.Param != nil && t.isClockName(n.Param.Value) {
				found = true
			}
		case *syntax.Word:
			if v, ok := parser.LitValue(n); ok && t.isClockName(v) && t.inArithm(n) {
				found = true
			}
		}
		return !found
	})
	return found
}

func (t *shTree) isClockName(v string) bool {
	return v == "SECONDS" || v == "EPOCHSECONDS" || v == "EPOCHREALTIME" || t.clockVars[v]
}

// inArithm reports whether a word sits in an arithmetic expression.
func (t *shTree) inArithm(w *syntax.Word) bool {
	switch t.parent[w].(type) {
	case *syntax.BinaryArithm, *syntax.UnaryArithm, *syntax.ParenArithm, *syntax.ArithmCmd, *syntax.ArithmExp, *syntax.LetClause, *syntax.CStyleLoop:
		return true
	}
	return false
}

// ---- set -e -----------------------------------------------------------

// optAt reports whether an option toggled by `set` is on at a node, given
// the call chain that reached it (for code in functions).
func (t *shTree) optAt(opt string, n syntax.Node, chain []*syntax.Stmt) bool {
	return t.optAtDepth(opt, n, chain, 0)
}

// option returns the toggles of an option and its state at the start.
func (t *shTree) option(opt string) ([]toggle, bool) {
	if opt == "errexit" {
		return t.errexit, t.errexitInit
	}
	return t.pipefail, false
}

func (t *shTree) optAtDepth(opt string, n syntax.Node, chain []*syntax.Stmt, depth int) bool {
	toggles, init := t.option(opt)
	if n == nil || depth > maxChain {
		return init
	}
	off := t.off(n.Pos())
	fn := t.funcOf(n)
	state, found := init, false
	for _, tg := range toggles {
		if tg.fn == fn && tg.off < off {
			state, found = tg.on, true
		}
	}
	if found || fn == nil {
		return state
	}
	if len(chain) > 0 {
		return t.optAtDepth(opt, chain[len(chain)-1], chain[:len(chain)-1], depth+1)
	}
	// No call chain: on only if it is on at every call site.
	key := optKey{opt, fn}
	if v, ok := t.fnOpt[key]; ok {
		return v
	}
	t.fnOpt[key] = init // while computing: recursion sees the default
	v := t.optAtCallers(opt, fn, depth)
	t.fnOpt[key] = v
	return v
}

// optKey names the state of one option at the call sites of a function.
type optKey struct {
	opt string
	fn  *syntax.FuncDecl
}

// optAtCallers reports whether an option is on at every call site of a
// function (at its declaration when it has none).
func (t *shTree) optAtCallers(opt string, fn *syntax.FuncDecl, depth int) bool {
	calls := 0
	all := true
	shwalk.Walk(t.file, func(m syntax.Node) bool {
		c, ok := m.(*syntax.CallExpr)
		if !ok || t.funcFor(c) != fn || t.funcOf(c) == fn {
			return true
		}
		calls++
		if !t.optAtDepth(opt, c, nil, depth+1) {
			all = false
		}
		return true
	})
	if calls == 0 {
		return t.optAtDepth(opt, fn, nil, depth+1)
	}
	return all
}

func (t *shTree) errexitAt(n syntax.Node, chain []*syntax.Stmt) bool {
	return t.optAt("errexit", n, chain)
}

// errexitIgnored reports whether set -e is suspended at a statement
// because it, or a call that led to it, runs in an if or while condition,
// on the left of && or ||, or negated with !.
func (t *shTree) errexitIgnored(st *syntax.Stmt, chain []*syntax.Stmt) bool {
	if st == nil {
		return false
	}
	if st.Negated {
		return true
	}
	var child syntax.Node = st
	level := len(chain)
	for i := 0; i < maxWalkUp; i++ {
		switch p := t.parent[child].(type) {
		case nil, *syntax.File:
			return false
		case *syntax.FuncDecl:
			if level == 0 {
				return false
			}
			level--
			if chain[level].Negated {
				return true
			}
			child = chain[level]
			continue
		case *syntax.BinaryCmd:
			if (p.Op == syntax.AndStmt || p.Op == syntax.OrStmt) && p.X == child {
				return true
			}
		case *syntax.IfClause:
			if cs, ok := child.(*syntax.Stmt); ok && inList(p.Cond, cs) {
				return true
			}
		case *syntax.WhileClause:
			if cs, ok := child.(*syntax.Stmt); ok && inList(p.Cond, cs) {
				return true
			}
		case *syntax.Stmt:
			if p.Negated {
				return true
			}
		}
		child = t.parent[child]
	}
	return false
}

func (t *shTree) pipefailAt(n syntax.Node, chain []*syntax.Stmt) bool {
	return t.optAt("pipefail", n, chain)
}

// ---- trace ------------------------------------------------------------

// trace walks the script in execution order: top-level code in source
// order, descending into the body of a script function at each call (up
// to maxChain deep, no recursion). fn gets every node with the chain of
// call statements that reached it; returning false for a call keeps the
// trace out of the function it calls. Function bodies are not walked
// where they are declared, and trap handlers are not walked. A function is
// entered at most maxDescents times, so the trace stays linear.
func (t *shTree) trace(fn func(n syntax.Node, chain []*syntax.Stmt) bool) {
	onStack := map[*syntax.FuncDecl]bool{}
	descents := map[*syntax.FuncDecl]int{}
	budget := traceBudget
	var run func(root syntax.Node, chain []*syntax.Stmt)
	run = func(root syntax.Node, chain []*syntax.Stmt) {
		shwalk.Walk(root, func(n syntax.Node) bool {
			if n == nil {
				return true
			}
			budget--
			if budget < 0 {
				return false
			}
			switch n := n.(type) {
			case *syntax.FuncDecl:
				return false
			case *syntax.CallExpr:
				if !fn(n, chain) {
					return true
				}
				fd := t.funcFor(n)
				if fd == nil || onStack[fd] || len(chain) >= maxChain || descents[fd] >= maxDescents {
					return true
				}
				if st := t.stmtOf(n); st != nil {
					descents[fd]++
					onStack[fd] = true
					run(fd.Body, append(chain[:len(chain):len(chain)], st))
					onStack[fd] = false
				}
				return true
			}
			fn(n, chain)
			return true
		})
	}
	run(t.file, nil)
}

// inLoop reports whether a node, or a call that led to it, runs in a loop
// (or under xargs/parallel).
func (t *shTree) inLoop(n syntax.Node, chain []*syntax.Stmt) bool {
	nodes := append([]syntax.Node{n}, stmtNodes(chain)...)
	for _, m := range nodes {
		for i := 0; m != nil && i < maxWalkUp; i++ {
			switch p := t.parent[m].(type) {
			case *syntax.WhileClause, *syntax.ForClause:
				return true
			case *syntax.CallExpr:
				switch cmdOf(p).name {
				case "xargs", "parallel":
					return true
				}
			}
			m = t.parent[m]
		}
	}
	return false
}

// ---- health waits -----------------------------------------------------

// healthLoop is a loop that waits for an endpoint to answer.
type healthLoop struct {
	t    *shTree
	node syntax.Node // *syntax.WhileClause or *syntax.ForClause
	// bounded is true when the wait has a hard timeout; how says which.
	bounded bool
	how     string
	// liveness is true when the loop checks that the boot is still alive.
	liveness bool
	// onTimeout is what the loop does when its deadline passes: end the
	// script, return from its function, or just leave the loop.
	onTimeout outcome
}

// healthLoopOf returns the health wait a loop is, nil when it is none.
//
// A loop is a health wait when its condition probes an endpoint (`until
// curl …`, `while ! nc -z …`, `while [ "$(curl …)" != 200 ]`, or a function
// that does), or when its body breaks out of the loop on a probe's success
// (`while true; do curl … && break; …`). Probes are curl, wget, httpie, nc,
// socat, grpcurl, python -c with urllib/requests/socket, and /dev/tcp
// redirects; a curl that posts a document is a request, not a probe.
func (t *shTree) healthLoopOf(n syntax.Node) *healthLoop {
	if h, ok := t.loops[n]; ok {
		return h
	}
	h := t.healthLoopNoMemo(n)
	t.loops[n] = h
	return h
}

func (t *shTree) healthLoopNoMemo(n syntax.Node) *healthLoop {
	var cond, body []*syntax.Stmt
	forBounded := false
	switch l := n.(type) {
	case *syntax.WhileClause:
		cond, body = l.Cond, l.Do
		if t.regionHas(stmtNodes(cond), isHealthProbeNode) {
			if !l.Until && !t.negatedProbe(cond) {
				return nil // while curl …: runs while healthy, a monitor
			}
			break
		}
		if t.regionHas(stmtNodes(cond), func(m syntax.Node, _ *frame) bool {
			c, ok := m.(*syntax.CallExpr)
			return ok && (cmdOf(c).name == "read" || cmdOf(c).name == "mapfile")
		}) || !t.probeBreaks(body) {
			return nil
		}
	case *syntax.ForClause:
		body = l.Do
		if cl, ok := l.Loop.(*syntax.CStyleLoop); !ok || cl.Cond != nil {
			forBounded = true
		}
		if !t.probeBreaks(body) {
			return nil
		}
	default:
		return nil
	}
	h := &healthLoop{t: t, node: n}
	region := append(stmtNodes(cond), stmtNodes(body)...)
	h.liveness = t.regionHas(region, func(m syntax.Node, _ *frame) bool {
		switch m := m.(type) {
		case *syntax.CallExpr:
			cm := cmdOf(m)
			if cm.isLiveness() {
				return true
			}
			if cm.name == "[" || cm.name == "test" {
				for _, w := range cm.args {
					if strings.Contains(wordSource(w), "/proc/") {
						return true
					}
				}
			}
		case *syntax.UnaryTest:
			if w, ok := m.X.(*syntax.Word); ok && strings.Contains(wordSource(w), "/proc/") {
				return true
			}
		}
		return false
	})
	switch {
	case forBounded:
		h.bounded, h.how = true, "a bounded for loop"
	case t.timed:
		h.bounded, h.how = true, "timeout wraps it"
	default:
		h.bounded, h.how, h.onTimeout = t.deadline(cond, body)
	}
	if fd := t.funcOf(n); !h.bounded && fd != nil && fd.Name != nil && t.runsUnderTimeout(fd.Name.Value) {
		h.bounded, h.how = true, "timeout wraps the function that holds it"
	}
	return h
}

// runsUnderTimeout reports whether a function is run by `timeout N bash -c
// '… name …'` (after export -f name).
func (t *shTree) runsUnderTimeout(name string) bool {
	for _, it := range t.inner {
		if !it.timed {
			continue
		}
		found := false
		shwalk.Walk(it.file, func(n syntax.Node) bool {
			if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
				if v, ok := parser.LitValue(c.Args[0]); ok && v == name {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// negatedProbe reports whether a while condition waits for a probe to
// succeed: `while ! curl …` or a test on a probe's output.
func (t *shTree) negatedProbe(cond []*syntax.Stmt) bool {
	if len(cond) == 0 {
		return false
	}
	last := cond[len(cond)-1]
	if last.Negated {
		return true
	}
	return t.regionHas([]syntax.Node{last}, func(m syntax.Node, _ *frame) bool {
		switch m := m.(type) {
		case *syntax.TestClause:
			return t.regionHas([]syntax.Node{m}, isHealthProbeNode)
		case *syntax.CallExpr:
			name := cmdOf(m).name
			return (name == "[" || name == "test") && t.regionHas([]syntax.Node{m}, isHealthProbeNode)
		}
		return false
	})
}

// probeBreaks reports whether a loop body leaves the loop when a probe
// succeeds (`if curl …; then break; fi`, `curl … && break`).
func (t *shTree) probeBreaks(body []*syntax.Stmt) bool {
	found := false
	for _, st := range body {
		shwalk.Walk(st, func(n syntax.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *syntax.FuncDecl, *syntax.WhileClause, *syntax.ForClause:
				return false
			case *syntax.IfClause:
				if t.regionHas(stmtNodes(n.Cond), isHealthProbeNode) && (hasBreak(stmtNodes(n.Then)...) || n.Else != nil && hasBreak(n.Else)) {
					found = true
				}
			case *syntax.BinaryCmd:
				if (n.Op == syntax.AndStmt || n.Op == syntax.OrStmt) && t.regionHas([]syntax.Node{n.X}, isHealthProbeNode) && hasBreak(n.Y) {
					found = true
				}
			}
			return true
		})
	}
	return found
}

// deadline reports whether a loop checks a counter or a clock and leaves
// (break, exit, return) when it runs out: in its condition, or in an if or
// && / || of its body (or of a function the body calls).
func (t *shTree) deadline(cond, body []*syntax.Stmt) (bool, string, outcome) {
	region := append(stmtNodes(cond), stmtNodes(body)...)
	counters := t.modified(region)
	limits := func(roots ...syntax.Node) bool {
		return t.regionHas(roots, func(n syntax.Node, _ *frame) bool {
			return t.isLimitTest(n, counters)
		})
	}
	if limits(stmtNodes(cond)...) {
		return true, "its condition checks a deadline", outNone
	}
	found := false
	out := outNone
	t.walkRegion(stmtNodes(body), func(n syntax.Node, _ *frame) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *syntax.IfClause:
			for ic := n; ic != nil; ic = ic.Else {
				if len(ic.Cond) > 0 && limits(stmtNodes(ic.Cond)...) && (t.leaves(stmtNodes(ic.Then)...) || ic.Else != nil && t.leaves(ic.Else)) {
					found = true
					out = t.branchOutcome(stmtNodes(ic.Then)...)
				}
			}
		case *syntax.BinaryCmd:
			if (n.Op == syntax.AndStmt || n.Op == syntax.OrStmt) && limits(n.X) && t.leaves(n.Y) {
				found = true
				out = t.branchOutcome(n.Y)
			}
		}
		return !found
	})
	if found {
		return true, "its body checks a deadline", out
	}
	return false, "", outNone
}

// leaves reports whether statements leave a loop: break, exit, return or
// a helper that ends the script.
func (t *shTree) leaves(nodes ...syntax.Node) bool {
	return hasBreak(nodes...) || t.branchOutcome(nodes...) != outNone
}

// modified returns the counters of a region: the variables it increments
// or assigns from arithmetic or from themselves.
func (t *shTree) modified(region []syntax.Node) map[string]bool {
	out := map[string]bool{}
	name := func(e syntax.ArithmExpr) {
		if w, ok := e.(*syntax.Word); ok {
			if v, ok := parser.LitValue(w); ok {
				out[v] = true
			}
		}
	}
	t.walkRegion(region, func(n syntax.Node, _ *frame) bool {
		switch n := n.(type) {
		case *syntax.Assign:
			if n.Name != nil && n.Value != nil && (hasArithm(n.Value) || refsName(n.Value, n.Name.Value)) {
				out[n.Name.Value] = true // n=$((n+1)), n=$(expr $n + 1)
			}
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				name(n.X)
			}
		case *syntax.BinaryArithm:
			if n.Op >= syntax.Assgn && n.Op <= syntax.PowAssgn {
				name(n.X)
			}
		}
		return true
	})
	return out
}

// hasArithm reports whether a word holds $(( )).
func hasArithm(w *syntax.Word) bool {
	found := false
	shwalk.Walk(w, func(n syntax.Node) bool {
		if _, ok := n.(*syntax.ArithmExp); ok {
			found = true
		}
		return !found
	})
	return found
}

// refsName reports whether a word expands the variable name.
func refsName(w *syntax.Word, name string) bool { return shwalk.Expands(w, name) }

// isLimitTest reports whether a node is a test ([ ], [[ ]], (( )), test)
// on a counter the loop changes or on a clock.
func (t *shTree) isLimitTest(n syntax.Node, counters map[string]bool) bool {
	switch n := n.(type) {
	case *syntax.TestClause, *syntax.ArithmCmd:
	case *syntax.CallExpr:
		if name := cmdOf(n).name; name != "[" && name != "test" {
			return false
		}
	default:
		return false
	}
	hit := false
	shwalk.Walk(n, func(m syntax.Node) bool {
		switch m := m.(type) {
		case *syntax.ParamExp:
			if m.Param != nil && (counters[m.Param.Value] || t.isClockName(m.Param.Value)) {
				hit = true
			}
		case *syntax.Word:
			if v, ok := parser.LitValue(m); ok && t.inArithm(m) && (counters[v] || t.isClockName(v)) {
				hit = true
			}
		case *syntax.UnaryArithm:
			if m.Op == syntax.Inc || m.Op == syntax.Dec {
				hit = true
			}
		case *syntax.CallExpr:
			if cmdOf(m).name == "date" {
				hit = true
			}
		}
		return !hit
	})
	return hit
}

// healthLoops returns every health wait of a tree and of the `bash -c`
// strings it runs.
func (t *shTree) healthLoops() []*healthLoop {
	var out []*healthLoop
	shwalk.Walk(t.file, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.WhileClause, *syntax.ForClause:
			if h := t.healthLoopOf(n); h != nil {
				out = append(out, h)
			}
		}
		return true
	})
	for _, it := range t.innerTrees() {
		out = append(out, it.healthLoops()...)
	}
	return out
}

// innerTrees returns the `bash -c` trees in source order.
func (t *shTree) innerTrees() []*shTree {
	var out []*shTree
	shwalk.Walk(t.file, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok {
			if it := t.inner[c]; it != nil {
				out = append(out, it)
			}
		}
		return true
	})
	return out
}

// ---- where a status goes ----------------------------------------------

type fateKind int

const (
	fateChecked    fateKind = iota // examined (if, &&, ||, $?)
	fateStops                      // a failure ends the script (set -e, || exit)
	fateLost                       // a failure falls through
	fateBackground                 // started with &
)

// fate says what happens to a statement's exit status.
type fate struct {
	kind fateKind
	// at is where the status is lost or sent to the background.
	at  *syntax.Stmt
	why string
	// vars keep the status (rc=$?, || rc=1, if …; then ok=1).
	vars map[string]bool
	// examiners are the compound commands that examine it (if, && list).
	examiners []syntax.Node
	// path are the statements the status flowed through.
	path []*syntax.Stmt
}

// examined records that n examines the status, which is kept in the
// variables statusVars(of, any) finds.
func (f *fate) examined(n, of syntax.Node, any bool) {
	f.examiners = append(f.examiners, n)
	maps.Copy(f.vars, statusVars(of, any))
}

// stmtList returns the statement list that holds st and the node that
// owns the list.
func (t *shTree) stmtList(st *syntax.Stmt) ([]*syntax.Stmt, syntax.Node) {
	p := t.parent[st]
	switch p := p.(type) {
	case *syntax.File:
		return p.Stmts, p
	case *syntax.Block:
		return p.Stmts, p
	case *syntax.Subshell:
		return p.Stmts, p
	case *syntax.IfClause:
		if inList(p.Then, st) {
			return p.Then, p
		}
		return p.Cond, p
	case *syntax.WhileClause:
		if inList(p.Do, st) {
			return p.Do, p
		}
		return p.Cond, p
	case *syntax.ForClause:
		return p.Do, p
	case *syntax.CaseItem:
		return p.Stmts, p
	case *syntax.CmdSubst:
		return p.Stmts, p
	case *syntax.ProcSubst:
		return p.Stmts, p
	}
	return nil, p
}

func inList(l []*syntax.Stmt, st *syntax.Stmt) bool {
	for _, x := range l {
		if x == st {
			return true
		}
	}
	return false
}

func indexOf(l []*syntax.Stmt, st *syntax.Stmt) int {
	for i, x := range l {
		if x == st {
			return i
		}
	}
	return -1
}

// container returns the statement a compound node (the owner of a list)
// stands in.
func (t *shTree) container(n syntax.Node) *syntax.Stmt {
	for i := 0; n != nil && i < maxWalkUp; i++ {
		n = t.parent[n]
		switch m := n.(type) {
		case *syntax.Stmt:
			return m
		case *syntax.FuncDecl, *syntax.File:
			return nil
		}
	}
	return nil
}

// statusVars returns the variables a statement assigns from $? (or, with
// any=true, all it assigns).
func statusVars(n syntax.Node, any bool) map[string]bool {
	out := map[string]bool{}
	if n == nil {
		return out
	}
	shwalk.Walk(n, func(m syntax.Node) bool {
		switch m := m.(type) {
		case *syntax.FuncDecl:
			return false
		case *syntax.Assign:
			if m.Name != nil && (any || usesStatus(m)) {
				out[m.Name.Value] = true
			}
		}
		return true
	})
	return out
}

// usesStatus reports whether a node reads $? or PIPESTATUS.
func usesStatus(n syntax.Node) bool {
	found := false
	shwalk.Walk(n, func(m syntax.Node) bool {
		if pe, ok := m.(*syntax.ParamExp); ok && pe.Param != nil && (pe.Param.Value == "?" || pe.Param.Value == "PIPESTATUS") {
			found = true
		}
		return !found
	})
	return found
}

// swallows reports whether the right side of `P || …` only carries on:
// true, :, echo, printf or a script function that neither exits nor
// returns nor assigns.
func (t *shTree) swallows(y *syntax.Stmt) bool {
	if y == nil || len(statusVars(y, true)) > 0 || t.branchOutcome(y) != outNone {
		return false
	}
	ok := true
	calls := 0
	shwalk.Walk(y, func(n syntax.Node) bool {
		c, is := n.(*syntax.CallExpr)
		if !is || len(c.Args) == 0 {
			return ok
		}
		calls++
		cm := cmdOf(c)
		switch cm.name {
		case "true", ":", "echo", "printf", "logger", "sleep":
			return ok
		}
		if t.funcFor(c) != nil {
			return ok
		}
		ok = false
		return false
	})
	return ok && calls > 0
}

// fateOf follows a statement's exit status up the tree and through the
// call chain to where it is examined, ends the script or is lost.
func (t *shTree) fateOf(st *syntax.Stmt, chain []*syntax.Stmt) fate {
	f := fate{vars: map[string]bool{}}
	cur := st
	level := len(chain)
	// up moves to the call site of the function the status left by
	// return or by falling off its end; false at the top of the chain.
	up := func() bool {
		if level == 0 {
			return false
		}
		level--
		cur = chain[level]
		return true
	}
	// captured are the variables that took the phase's output; masked is
	// set when a declaration (local v=$(P)) replaced its status.
	captured := map[string]bool{}
	masked := false
	for step := 0; cur != nil && step < maxWalkUp; step++ {
		f.path = append(f.path, cur)
		if cur.Background {
			f.kind, f.at = fateBackground, cur
			return f
		}
		if cm, ok := cur.Cmd.(*syntax.CallExpr); ok && cmdOf(cm).exec {
			f.kind = fateStops
			return f
		}
		p := t.parent[cur]
		switch p := p.(type) {
		case *syntax.BinaryCmd:
			outer := t.stmtOf(p)
			if p.X == cur {
				switch p.Op {
				case syntax.AndStmt:
					f.examined(p, p.Y, true)
					f.kind = fateChecked
					return f
				case syntax.OrStmt:
					f.examined(p, p.Y, true)
					switch t.branchOutcome(p.Y) {
					case outStop:
						f.kind = fateStops
						return f
					case outReturn:
						if up() {
							continue
						}
						f.kind = fateStops
						return f
					}
					if t.swallows(p.Y) {
						f.kind, f.at = fateLost, cur
						f.why = fmt.Sprintf("`|| %s` swallows it", t.summary(p.Y))
						return f
					}
					f.kind = fateChecked
					return f
				default: // a pipe
					if t.pipefailAt(cur, chain[:level]) {
						cur = outer
						continue
					}
					if next := t.nextStmt(outer); next != nil && usesStatus(next) {
						f.kind = fateChecked
						f.examined(next, next, false)
						return f
					}
					f.kind, f.at = fateLost, cur
					f.why = fmt.Sprintf("it is piped into `%s` without pipefail, which hides its status", t.summary(p.Y))
					return f
				}
			}
			cur = outer
			continue
		case *syntax.IfClause:
			if inList(p.Cond, cur) {
				f.examined(t.topIf(p), p, true)
				f.kind = fateChecked
				var onFail []*syntax.Stmt
				if cur.Negated {
					onFail = p.Then
				} else if p.Else != nil && len(p.Else.Cond) == 0 {
					onFail = p.Else.Then
				}
				if len(onFail) > 0 {
					switch t.branchOutcome(stmtNodes(onFail)...) {
					case outStop:
						f.kind = fateStops
					case outReturn:
						if up() {
							continue
						}
						f.kind = fateStops
					}
				}
				return f
			}
		case *syntax.WhileClause:
			if inList(p.Cond, cur) {
				f.examiners = append(f.examiners, p)
				f.kind = fateChecked
				return f
			}
		case *syntax.FuncDecl:
			if up() {
				continue
			}
			f.kind = fateChecked // a call we did not follow
			return f
		case *syntax.TimeClause, *syntax.CoprocClause:
			cur = t.stmtOf(p)
			continue
		}
		list, owner := t.stmtList(cur)
		if list == nil {
			f.kind = fateChecked
			return f
		}
		i := indexOf(list, cur)
		if i+1 < len(list) && len(captured) > 0 && t.isCondition(list[i+1], chain[:level]) && t.refsAny([]syntax.Node{list[i+1]}, captured) {
			// cid=$(docker run -d …); [ -n "$cid" ] || die: the output is
			// the status.
			f.examiners = append(f.examiners, list[i+1])
			for k := range captured {
				f.vars[k] = true
			}
			f.kind = fateChecked
			if t.gateOutcome(list[i+1]) == outStop {
				f.kind = fateStops
			}
			return f
		}
		if i+1 < len(list) && usesStatus(list[i+1]) && !masked {
			next := list[i+1]
			f.examined(next, next, false)
			f.kind = fateChecked
			if t.gateOutcome(next) == outStop {
				f.kind = fateStops
			}
			return f
		}
		if masked {
			f.kind, f.at, f.why = fateLost, cur, "`local` (or declare, export) masks its status"
			return f
		}
		if t.errexitAt(cur, chain[:level]) && !t.errexitIgnored(cur, chain[:level]) {
			f.kind = fateStops
			return f
		}
		if i < len(list)-1 {
			f.kind, f.at, f.why = fateLost, cur, "its status is discarded by the next statement"
			return f
		}
		// The last statement: its status is its owner's.
		switch owner := owner.(type) {
		case *syntax.File:
			f.kind = fateChecked // the script's exit status
			return f
		case *syntax.CmdSubst:
			outer := t.stmtOf(owner)
			if outer == nil {
				f.kind = fateChecked
				return f
			}
			switch oc := outer.Cmd.(type) {
			case *syntax.CallExpr:
				if len(oc.Args) == 0 {
					for _, a := range oc.Assigns {
						if a.Name != nil {
							captured[a.Name.Value] = true
						}
					}
					cur = outer // v=$(P): the assignment's status is P's
					continue
				}
			case *syntax.DeclClause:
				for _, a := range oc.Args {
					if a.Name != nil {
						captured[a.Name.Value] = true
					}
				}
				masked = true // local v=$(P): the status is local's
				cur = outer
				continue
			}
			f.kind = fateChecked
			return f
		case *syntax.WhileClause, *syntax.ForClause:
			f.kind = fateChecked // one iteration of a loop: not a phase's status
			return f
		}
		cur = t.container(owner)
		if cur == nil {
			if fd, ok := t.parent[owner].(*syntax.Stmt); ok {
				cur = fd
				continue
			}
			if up() {
				continue
			}
			f.kind = fateChecked
			return f
		}
	}
	f.kind = fateChecked
	return f
}

// isCondition reports whether a statement tests something and acts on it:
// an if, a while, an && or || list, or a bare test under set -e.
func (t *shTree) isCondition(st *syntax.Stmt, chain []*syntax.Stmt) bool {
	switch c := st.Cmd.(type) {
	case *syntax.IfClause, *syntax.WhileClause:
		return true
	case *syntax.BinaryCmd:
		return c.Op == syntax.AndStmt || c.Op == syntax.OrStmt
	case *syntax.TestClause, *syntax.ArithmCmd:
		return t.errexitAt(st, chain)
	case *syntax.CallExpr:
		name := cmdOf(c).name
		return (name == "[" || name == "test") && t.errexitAt(st, chain)
	}
	return false
}

// topIf returns the outermost if of an elif chain.
func (t *shTree) topIf(ic *syntax.IfClause) *syntax.IfClause {
	for i := 0; i < maxWalkUp; i++ {
		p, ok := t.parent[ic].(*syntax.IfClause)
		if !ok {
			return ic
		}
		ic = p
	}
	return ic
}

// nextStmt returns the statement after st in its list.
func (t *shTree) nextStmt(st *syntax.Stmt) *syntax.Stmt {
	if st == nil {
		return nil
	}
	list, _ := t.stmtList(st)
	i := indexOf(list, st)
	if i >= 0 && i+1 < len(list) {
		return list[i+1]
	}
	return nil
}

// gateOutcome says what a statement does when its condition fails:
// `if COND; then exit; fi`, `COND || exit`, `COND && return`.
func (t *shTree) gateOutcome(st *syntax.Stmt) outcome {
	switch c := st.Cmd.(type) {
	case *syntax.IfClause:
		out := outNone
		for ic := c; ic != nil; ic = ic.Else {
			if o := t.branchOutcome(stmtNodes(ic.Then)...); o > out {
				out = o
			}
		}
		return out
	case *syntax.BinaryCmd:
		if c.Op == syntax.AndStmt || c.Op == syntax.OrStmt {
			return t.branchOutcome(c.Y)
		}
	}
	return outNone
}

// gateConds returns the conditions of a gate statement (one that ends the
// script or returns unless its condition holds), nil when it is none.
func (t *shTree) gateConds(st *syntax.Stmt, chain []*syntax.Stmt) []syntax.Node {
	switch c := st.Cmd.(type) {
	case *syntax.IfClause:
		if t.gateOutcome(st) == outNone {
			return nil
		}
		var out []syntax.Node
		for ic := c; ic != nil; ic = ic.Else {
			out = append(out, stmtNodes(ic.Cond)...)
		}
		return out
	case *syntax.BinaryCmd:
		if (c.Op == syntax.AndStmt || c.Op == syntax.OrStmt) && t.branchOutcome(c.Y) != outNone {
			return []syntax.Node{c.X}
		}
	case *syntax.TestClause, *syntax.ArithmCmd:
		if t.errexitAt(st, chain) {
			return []syntax.Node{st}
		}
	case *syntax.CallExpr:
		cm := cmdOf(c)
		switch cm.name {
		case "[", "test", "compgen", "grep":
			if t.errexitAt(st, chain) {
				return []syntax.Node{st}
			}
		}
		if fd := t.funcFor(c); fd != nil {
			// A helper whose own gates end the script guards what follows.
			var out []syntax.Node
			if b, ok := fd.Body.Cmd.(*syntax.Block); ok {
				for _, g := range b.Stmts {
					if t.gateOutcome(g) == outStop {
						out = append(out, t.gateConds(g, append(chain[:len(chain):len(chain)], st))...)
					}
				}
			}
			return out
		}
	}
	return nil
}

// guardsOf returns the conditions that must hold for a statement to run:
// the ifs and && lists around it and the gates before it in every list
// that holds it, up through the call chain.
func (t *shTree) guardsOf(st *syntax.Stmt, chain []*syntax.Stmt) []syntax.Node {
	var out []syntax.Node
	cur := st
	level := len(chain)
	for step := 0; cur != nil && step < maxWalkUp; step++ {
		if b, ok := t.parent[cur].(*syntax.BinaryCmd); ok {
			if b.Y == cur && (b.Op == syntax.AndStmt || b.Op == syntax.OrStmt) {
				out = append(out, b.X)
			}
			cur = t.stmtOf(b)
			continue
		}
		if fd, ok := t.parent[cur].(*syntax.FuncDecl); ok && fd != nil {
			if level == 0 {
				return out
			}
			level--
			cur = chain[level]
			continue
		}
		list, owner := t.stmtList(cur)
		if i := indexOf(list, cur); i > 0 {
			for _, g := range list[:i] {
				out = append(out, t.gateConds(g, chain[:level])...)
			}
		}
		switch o := owner.(type) {
		case *syntax.IfClause:
			if inList(o.Then, cur) {
				for ic := o; ic != nil; {
					out = append(out, stmtNodes(ic.Cond)...)
					p, ok := t.parent[ic].(*syntax.IfClause)
					if !ok {
						break
					}
					ic = p
				}
			}
		case *syntax.CaseItem:
			if cc, ok := t.parent[o].(*syntax.CaseClause); ok && cc.Word != nil {
				out = append(out, cc.Word)
			}
		case *syntax.File:
			return out
		}
		next := t.container(owner)
		if next == nil {
			if body, ok := t.parent[owner].(*syntax.Stmt); ok {
				next = body
			} else if level > 0 {
				level--
				next = chain[level]
			}
		}
		cur = next
	}
	return out
}

// spanHas reports whether a node's span holds an offset.
func (t *shTree) spanHas(n syntax.Node, off int) bool {
	return n != nil && off >= t.off(n.Pos()) && off < t.off(n.End())
}

// refsAny reports whether a region reads one of the variables.
func (t *shTree) refsAny(region []syntax.Node, vars map[string]bool) bool {
	if len(vars) == 0 {
		return false
	}
	return t.regionHas(region, func(n syntax.Node, _ *frame) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			return n.Param != nil && vars[n.Param.Value]
		case *syntax.Word:
			v, ok := parser.LitValue(n)
			return ok && vars[v] && t.inArithm(n)
		}
		return false
	})
}

// checksTapFiles reports whether a region checks that the tap holds
// files: a listing of the tap (ls, find, compgen, du, stat), a -s/-f/-e test
// of a file in the tap other than the marker, or a variable holding a
// listing or a glob of it.
func (t *shTree) checksTapFiles(region []syntax.Node) bool {
	return t.regionHas(region, func(n syntax.Node, fr *frame) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			cm := cmdOf(n)
			if t.isListing(cm, fr) {
				return true
			}
			if cm.name == "[" || cm.name == "test" {
				ls := cm.argLits()
				for i := 0; i+1 < len(ls); i++ {
					switch ls[i] {
					case "-s", "-f", "-e":
						if w := cm.args[i+1]; t.isSubpath(w, fr) && t.outputLike(w) || ls[i] == "-s" && t.refsTap(w, fr) {
							return true
						}
					}
				}
			}
		case *syntax.UnaryTest:
			if w, ok := n.X.(*syntax.Word); ok {
				switch n.Op {
				case syntax.TsNoEmpty, syntax.TsRegFile, syntax.TsExists:
					if t.isSubpath(w, fr) && t.outputLike(w) || n.Op == syntax.TsNoEmpty && t.refsTap(w, fr) {
						return true
					}
				}
			}
		case *syntax.ParamExp:
			return n.Param != nil && t.listVars[n.Param.Value]
		case *syntax.Word:
			// (( nfiles > 0 )): a listing variable read bare in arithmetic.
			v, ok := parser.LitValue(n)
			return ok && t.listVars[v] && t.inArithm(n)
		}
		return false
	})
}

// ---- scripts of the unit ----------------------------------------------

// scriptNamed finds a linted script by base name: in the caller's directory
// first, else in a directory next to it (its parent, a child or a sibling),
// never in another repository of a larger tree.
func scriptNamed(u *parser.Unit, from *parser.Script, base string) *parser.Script {
	if u == nil || base == "" {
		return nil
	}
	return u.ScriptNear(from, base)
}

// calibArgRE matches a mode name with the calib role
// (parser.DefaultCalibGlobs: calib*, tap but not inside a word).
var calibArgRE = lazy(`^(calib.*|tap.*|.*tap|.*[^a-zA-Z]tap.*|.*tap[^a-zA-Z].*)$`)

// isScriptWord reports whether a command word is a path to a script.
func isScriptWord(w *syntax.Word) bool {
	src := wordSource(w)
	return strings.Contains(src, "/") || strings.HasSuffix(src, ".sh") || strings.HasSuffix(src, ".bash")
}

// Windows traces every script once for the window-script rules (phasegate,
// tapmarker), which share the result.
var Windows = &analysis.Analyzer{
	Name:       "windows",
	Doc:        "traces each script in execution order and classifies its boots, health waits, pushes and banking, for phasegate and tapmarker",
	Requires:   []*analysis.Analyzer{Model},
	Run:        runWindows,
	ResultType: reflect.TypeOf(map[*parser.Script]*window(nil)),
}

func runWindows(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	scripts := c.Unit.Scripts
	ws := make([]*window, len(scripts))
	warm.Each(len(scripts), c.Jobs, func(i int) { ws[i] = analyzeWindow(c.Unit, scripts[i]) })
	out := make(map[*parser.Script]*window, len(scripts))
	for i, s := range scripts {
		out[s] = ws[i]
	}
	return out, nil
}

// nodesHint estimates the number of syntax nodes of a tree from the bytes
// it spans.
func nodesHint(f *syntax.File) int {
	if f == nil || len(f.Stmts) == 0 {
		return 0
	}
	return int(f.End().Offset()-f.Pos().Offset()) / 5
}
