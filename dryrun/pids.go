package dryrun

import (
	"bytes"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// The shell's process IDs.
//
// interp answers $$ and $PPID itself, from the process running servelint
// (os.Getpid, os.Getppid), before it looks at the environment it was
// given: a script's LOG=/tmp/serve.$$ or --port $((20000 + $$ % 1000))
// booted with a number of the host's, different run to run. The sandbox's
// shell has fixed ones instead (sandboxPID, sandboxPPID; BASHPID is $$):
// each read of $$ or $PPID (${$}, ${PPID:-…}) reads a variable of the
// sandbox's that holds it (fakePids), in the script's tree, a child
// script's, a sourced file's text, a shell string's (bash -c) and the code
// eval and trap run. So does a bare PPID that arithmetic reads ($((20000 +
// PPID % 1000)), (( PPID > 1 )), let), which interp answers by the same
// lookup (pidArithWords).

const (
	sandboxPID  = "4242"
	sandboxPPID = "4241"
	// pidVar and ppidVar hold sandboxPID and sandboxPPID for the reads
	// fakePids renames.
	pidVar  = "__servelint_pid"
	ppidVar = "__servelint_ppid"
)

// pidVars are the variables the sandbox gives every shell it runs for the
// process IDs, read-only and not exported.
func pidVars() map[string]expand.Variable {
	return map[string]expand.Variable{pidVar: pidValue(sandboxPID), ppidVar: pidValue(sandboxPPID)}
}

// pidValue is a process ID's variable.
func pidValue(id string) expand.Variable {
	vr := strVar(id, false)
	vr.ReadOnly = true
	return vr
}

// mayReadPids reports whether src may read $$ or $PPID: its text holds
// $$, ${$ or PPID.
func mayReadPids(src []byte) bool {
	return bytes.Contains(src, []byte("$$")) || bytes.Contains(src, []byte("${$")) || bytes.Contains(src, []byte("PPID"))
}

// hostPids reports whether the script may read $$ or $PPID (mayReadPids),
// its text asked once per Prepared.
func (p *Prepared) hostPids(src []byte) bool {
	p.readText(src)
	return p.pidText
}

// pidParam returns the variable the sandbox reads pe's parameter from
// instead, when it is $ or PPID; "" otherwise, and for ${!PPID*}, which
// lists names.
func pidParam(pe *syntax.ParamExp) string {
	if pe.Param == nil || pe.Names != 0 {
		return ""
	}
	switch pe.Param.Value {
	case "$":
		return pidVar
	case "PPID":
		return ppidVar
	}
	return ""
}

// pidArithWords returns the bare PPID words n's arithmetic reads.
func pidArithWords(n syntax.Node) []*syntax.Word {
	return arithNames(n, func(name string) bool { return name == "PPID" })
}

// fakePids makes each read of $$ and $PPID in f one of the variable
// holding the sandbox's (pidParam, pidArithWords); it reports whether it
// changed any.
func fakePids(f syntax.Node) bool {
	changed := false
	for _, w := range pidArithWords(f) {
		lit := w.Parts[0].(*syntax.Lit)
		w.Parts = []syntax.WordPart{&syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: ppidVar}}
		changed = true
	}
	shwalk.Walk(f, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok {
			if name := pidParam(pe); name != "" {
				pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: name}
				changed = true
			}
		}
		return true
	})
	return changed
}

// fakePidEdits are fakePids' changes as edits of the text f was parsed
// from: $$ is ${__servelint_pid}, ${PPID:-x} ${__servelint_ppid:-x}.
func fakePidEdits(f *syntax.File) []textEdit {
	var edits []textEdit
	for _, w := range pidArithWords(f) {
		edits = append(edits, textEdit{int(w.Pos().Offset()), int(w.End().Offset()), ppidVar})
	}
	shwalk.Walk(f, func(n syntax.Node) bool {
		pe, ok := n.(*syntax.ParamExp)
		if !ok {
			return true
		}
		name := pidParam(pe)
		if name == "" {
			return true
		}
		if pe.Short {
			// $$x is $$ then x: braced, the name does not take the x.
			edits = append(edits, textEdit{int(pe.Pos().Offset()), int(pe.End().Offset()), "${" + name + "}"})
		} else {
			edits = append(edits, textEdit{int(pe.Param.Pos().Offset()), int(pe.Param.End().Offset()), name})
		}
		return true
	})
	return edits
}

// fakePidsText is code (eval's, trap's) with fakePidEdits made; code
// itself when it reads neither or does not parse.
func fakePidsText(code string) string {
	if !mayReadPids([]byte(code)) {
		return code
	}
	data := []byte(code)
	out := editText(data, fakePidEdits)
	return string(out)
}

// pidNames maps the variables fakePids reads back to the parameters the
// script wrote, for a note printing its code (nodeText).
var pidNames = map[string]string{pidVar: "$", ppidVar: "PPID"}
