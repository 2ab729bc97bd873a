package parser

import (
	"io"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// A syntax.Parser holds two 1 KiB buffers: NewParser per file was the
// largest single allocation site of a lint run (pprof alloc_space on 1,600
// repos: syntax.NewParser 8% of every byte, from ParseScript, the env
// scans and the sandbox's checks of sourced files). Parse resets a parser
// for reuse ("Parse can be called more than once, but not concurrently"),
// so the parsers are pooled per option set. A parser goes back to its pool
// only after a parse that returned no error and did not panic: nothing of a
// failed parse's state can reach the next one.

type poolKey struct {
	comments bool
	variant  syntax.LangVariant
}

var parserPools sync.Map // poolKey → *sync.Pool

// ParseShell parses r as syntax.NewParser(syntax.KeepComments(comments),
// syntax.Variant(variant)).Parse(r, name) would, with a parser taken from
// a pool. A panic of the parser is not recovered (callers recover it).
func ParseShell(r io.Reader, name string, comments bool, variant syntax.LangVariant) (*syntax.File, error) {
	key := poolKey{comments, variant}
	v, ok := parserPools.Load(key)
	if !ok {
		v, _ = parserPools.LoadOrStore(key, &sync.Pool{New: func() any {
			return syntax.NewParser(syntax.KeepComments(comments), syntax.Variant(variant))
		}})
	}
	pool := v.(*sync.Pool)
	p := pool.Get().(*syntax.Parser)
	f, err := p.Parse(r, name)
	if err == nil {
		pool.Put(p)
		if variant != syntax.LangZsh {
			err = anonymousFunc(f, name, variant)
		}
	}
	return f, err
}

// anonymousFunc returns the error the parser gives `() { …; }` outside zsh
// for any function with no name: it does not check a body other than a
// { } block (`()case "$1" in … esac`, `() (( x ))`), which bash refuses as
// a syntax error, and code that reads a function's name met a nil one
// (FuzzModel: a panic in walkTerminators).
func anonymousFunc(f *syntax.File, name string, variant syntax.LangVariant) error {
	var bad *syntax.FuncDecl
	shwalk.Walk(f, func(n syntax.Node) bool {
		if bad != nil {
			return false
		}
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name == nil && len(fd.Names) == 0 {
			bad = fd
			return false
		}
		return true
	})
	if bad == nil {
		return nil
	}
	return syntax.LangError{Filename: name, Pos: bad.Pos(), Feature: "anonymous functions", Langs: []syntax.LangVariant{syntax.LangZsh}, LangUsed: variant}
}
