package dryrun

import (
	"bytes"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// funcStack reports whether a script reads bash's call stack variables
// (rewriteFuncStack): its text names FUNCNAME or BASH_LINENO.
func (p *Prepared) funcStack(src []byte) bool {
	p.readText(src)
	return p.stackText
}

// readText reads the script's source once for the words funcStack,
// jobZero, prefixNames and hostPids look for.
func (p *Prepared) readText(src []byte) {
	p.textOnce.Do(func() {
		p.stackText = bytes.Contains(src, []byte("FUNCNAME")) || bytes.Contains(src, []byte("BASH_LINENO"))
		p.zeroText = bytes.Contains(src, []byte("$0")) || bytes.Contains(src, []byte("${0"))
		p.prefixText = bytes.Contains(src, []byte("${!"))
		p.longOptText = bytes.Contains(src, []byte("getopts")) && bytes.Contains(src, []byte("-:"))
		p.stdinText = bytes.Contains(src, []byte("/dev/stdin"))
		p.pidText = mayReadPids(src)
	})
}

// funcStackVar holds the caller's FUNCNAME while a function's own is made.
const funcStackVar = "__servelint_funcname"

// rewriteFuncStack gives each function of f whose body is a { } block
// bash's FUNCNAME and BASH_LINENO, which interp lacks: a logging or die
// helper reading "${FUNCNAME[1]}" or "${BASH_LINENO[0]}" under set -u
// stopped the run ("FUNCNAME: unbound variable") before any engine, and
// without it printed nothing there. The body starts by making them local
// arrays: FUNCNAME the function's name before the caller's stack (main at
// the bottom, as bash's), BASH_LINENO a 0 for each entry (the lines calls
// are made at are not tracked; they only reach messages). Outside a
// function both stay unset, as in bash. A function whose first statement
// reads $? (a trap handler's local rc=$?) is left as it was: the lines
// put before it would make its status 0. It reports whether it changed
// any.
func rewriteFuncStack(f *syntax.File) bool {
	changed := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		fd, ok := n.(*syntax.FuncDecl)
		if !ok || fd.Name == nil || fd.Body == nil {
			return true
		}
		b, ok := fd.Body.Cmd.(*syntax.Block)
		if !ok || !syntax.ValidName(fd.Name.Value) {
			return true
		}
		q, err := syntax.Quote(fd.Name.Value, syntax.LangBash)
		if err != nil {
			return true
		}
		if len(b.Stmts) > 0 && readsStatus(b.Stmts[0]) {
			return true // cleanup() { local rc=$?; …: the caller's status, kept
		}
		v := funcStackVar
		src := `if [[ ${FUNCNAME+set} ]]; then ` + v + `=("${FUNCNAME[@]}"); else ` + v + `=(main); fi; local -a FUNCNAME=(` + q + ` "${` + v + `[@]}") BASH_LINENO=(0 "${` + v + `[@]/*/0}")` + "\n"
		pre, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil || len(pre.Stmts) != 2 {
			return true
		}
		b.Stmts = append(pre.Stmts, b.Stmts...)
		changed = true
		return true
	})
	return changed
}

// longOpts reports whether a script may read long options through
// getopts (rewriteLongGetopts).
func (p *Prepared) longOpts(src []byte) bool {
	p.readText(src)
	return p.longOptText
}

// stdinSource reports whether a script may source /dev/stdin
// (sourcedStdin).
func (p *Prepared) stdinSource(src []byte) bool {
	p.readText(src)
	return p.stdinText
}

// prefixNames reports whether a script may expand the names of the
// variables with a prefix, ${!PREFIX@} or ${!PREFIX*} (prefixNamesSet).
func (p *Prepared) prefixNames(src []byte) bool {
	p.readText(src)
	return p.prefixText
}

// prefixNamesSet makes each ${!PREFIX@} and ${!PREFIX*} of f pass set -u:
// interp checks that a variable named PREFIX is set before it lists the
// names (bash does not), so `for v in "${!VLLM_@}"; do echo "$v=${!v}";
// done` under set -u stopped the run ("VLLM_: unbound variable") before
// any engine. A default operator, which interp ignores for a names
// expansion but which exempts it from the check, is put on each.
func prefixNamesSet(f *syntax.File) {
	shwalk.Walk(f, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Excl && pe.Names != 0 && pe.Exp == nil {
			pe.Exp = &syntax.Expansion{Op: syntax.DefaultUnset, Word: &syntax.Word{}}
		}
		return true
	})
}
