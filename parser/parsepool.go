package parser

import (
	"bytes"
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
	scan := &bareParens{r: r}
	f, err := p.Parse(scan, name)
	if err == nil {
		pool.Put(p)
		if variant != syntax.LangZsh && scan.seen {
			err = anonymousFunc(f, name, variant)
		}
	}
	return f, err
}

// bareParens reads r and notes whether the text holds "()": the parser
// makes a function with no name only of those two bytes together (after
// a keyword too: then()case …). Only then is the tree walked for one
// (anonymousFunc): a walk of every parse cost 12% of BenchmarkModel/parse.
type bareParens struct {
	r    io.Reader
	last byte // the last byte read
	seen bool
}

func (b *bareParens) Read(buf []byte) (int, error) {
	n, err := b.r.Read(buf)
	if n > 0 && !b.seen {
		b.seen = b.last == '(' && buf[0] == ')' || bytes.Contains(buf[:n], []byte("()"))
		b.last = buf[n-1]
	}
	return n, err
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
