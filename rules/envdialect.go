package rules

import (
	"fmt"
	"math/bits"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/parser"
)

// EnvDialect finds env-file lines that their readers read differently.
var EnvDialect = &analysis.Analyzer{
	Name: "envdialect",
	Doc: `an env-file line that the programs reading the file read differently

An env file is often both sourced by bash and handed to docker --env-file
(or read by godotenv). They disagree on quotes, export, inline comments,
${VAR} expansion, spaces around '=', CRLF and a BOM: bash expands
X=${OWNER}, docker passes the text verbatim, so the container and the
script see different numbers. Only lines whose readings differ among the
readers that actually read the file are findings.

Fix: the line is rewritten to the plain KEY=value form all readers agree
on, when one exists (an inline comment moves to its own line above; not
an export line whose key only a child process
reads: dropping export would hide it from the engine; not a shim of an
owned key, X=${OWNER}: writing the owner's value there would make a second
owner of the number, so shapealias deletes the shim instead).`,
	Requires: []*analysis.Analyzer{Model},
	Run:      runEnvDialect,
}

func runEnvDialect(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	u := c.Unit
	for _, e := range u.Envs {
		readers := u.Readers[e.Path]
		if bits.OnesCount8(uint8(readers)) < 2 {
			continue
		}
		for _, fi := range e.FileDisagreements(readers, u.CRStripped[e.Path]) {
			c.report(pass, diag{sev: Error, path: e.Path, start: fi.Start, end: fi.End,
				msg: fmt.Sprintf("%s (read by %s)", fi.Msg, readers)})
		}
		for _, en := range e.Entries {
			differ, why := en.DisagreementCR(readers, u.CRStripped[e.Path])
			if !differ {
				continue
			}
			d := diag{sev: Error, path: e.Path, start: en.Start, end: en.End,
				msg: fmt.Sprintf("%s: %s", en.Key, why)}
			if line, ok := en.Portable(e); ok && !exportForChildren(u, e, en) && !ownerShim(u, e, en) {
				d.fixMsg = "write " + line
				if c := en.InlineComment(); c != "" {
					// The comment says why: kept, on its own line above.
					line = c + "\n" + line
				}
				d.edits = []edit{{e.Path, en.Start, en.End, line}}
			}
			c.report(pass, d)
		}
	}
	return nil, nil
}

// exportForChildren reports whether dropping an entry's `export` would
// change what a child of a sourcing script sees: the key is exported, and
// a script that reads the file neither expands it (so it is there for the
// engine or another child: VLLM_ATTENTION_BACKEND) nor turns allexport on.
// Every reader is asked: one script's set -a does not export the key in
// another that sources the file plainly, nor a set -a undone before the
// source; so is a file whose readers were not all linted (Unit.Covered).
// Such a line keeps its finding but gets no fix.
func exportForChildren(u *parser.Unit, e *parser.EnvFile, en *parser.EnvEntry) bool {
	if !en.Export {
		return false
	}
	if !u.Covered(e.Path) {
		// Not all its readers were linted (a changed script given alone,
		// an editor's file): one not read may start an engine that
		// inherits the key.
		return true
	}
	for _, s := range u.ScriptsReading(e) {
		if u.SourcesAllExported(s, e) {
			continue
		}
		if len(s.ParamUses(en.Key)) > 0 || s.Declared[en.Key] {
			continue
		}
		return true
	}
	return false
}

// ownerShim reports whether an entry is a shim of a key that owns a shape
// flag of a script reading the file (X=${OWNER}, X="$OWNER",
// X=${X:-$OWNER}). Its portable form would write the owner's value, a
// second copy of the number that follows the owner no more and that no rule
// flags afterwards; shapealias's fix (delete the shim, read the owner) is
// the one that keeps one owner.
func ownerShim(u *parser.Unit, e *parser.EnvFile, en *parser.EnvEntry) bool {
	if en.Word == nil {
		return false
	}
	ref, _, ok := parser.PureRef(en.Word)
	if !ok || ref == en.Key {
		return false
	}
	for _, s := range u.ScriptsReading(e) {
		owners := u.Owners(s)
		if _, isOwner := owners[en.Key]; isOwner {
			continue
		}
		if o, ok := owners[ref]; ok && !namesOtherFlag(s, en.Key, o) {
			return true
		}
	}
	return false
}
