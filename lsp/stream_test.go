package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rawClient writes bytes to a Server and reads its framed messages.
type rawClient struct {
	w      *io.PipeWriter
	msgs   chan map[string]any
	served chan error
	cancel context.CancelFunc
}

func startRaw(t *testing.T) *rawClient {
	t.Helper()
	srv, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	c2sR, c2sW := io.Pipe()
	s2cR, s2cW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	c := &rawClient{w: c2sW, msgs: make(chan map[string]any, 64), served: make(chan error, 1), cancel: cancel}
	go func() {
		c.served <- srv.Serve(ctx, pipeStream{Reader: c2sR, Writer: s2cW, closers: []io.Closer{c2sR, s2cW}})
	}()
	go func() {
		defer close(c.msgs)
		r := bufio.NewReader(s2cR)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "Content-Length:")))
			if err != nil {
				t.Errorf("server wrote header %q", line)
				return
			}
			if l, _ := r.ReadString('\n'); l != "\r\n" {
				t.Errorf("server wrote %q after its header", l)
				return
			}
			body := make([]byte, n)
			if _, err := io.ReadFull(r, body); err != nil {
				return
			}
			var m map[string]any
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("server wrote a body that is not JSON: %q", body)
				return
			}
			c.msgs <- m
		}
	}()
	t.Cleanup(func() {
		cancel()
		_ = c2sW.Close()
		_ = s2cR.Close()
		checkNoLeaks(t)
	})
	return c
}

func (c *rawClient) raw(t *testing.T, b []byte) {
	t.Helper()
	if _, err := c.w.Write(b); err != nil {
		t.Fatal(err)
	}
}

func frame(body string) []byte {
	return []byte(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body))
}

// next returns the server's next message.
func (c *rawClient) next(t *testing.T) map[string]any {
	t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			t.Fatal("the server closed its output")
		}
		return m
	case <-time.After(30 * time.Second):
		t.Fatal("no message from the server")
		return nil
	}
}

// expectError checks that the next message is an error response with the
// given id (nil: null) and code.
func (c *rawClient) expectError(t *testing.T, what string, id any, code int) {
	t.Helper()
	m := c.next(t)
	e, _ := m["error"].(map[string]any)
	if gotID, ok := m["id"]; !ok || gotID != id || e == nil || e["code"] != float64(code) || m["jsonrpc"] != "2.0" {
		t.Errorf("%s: got %v, want an error %d with id %v", what, m, code, id)
	}
}

// TestMalformedMessages: a message is exactly Content-Length bytes; a body
// that is not JSON is answered with Parse error, one that is no JSON-RPC
// message with Invalid Request (id null), a body over MaxMessageSize with
// an error and skipped, and the session goes on.
func TestMalformedMessages(t *testing.T) {
	c := startRaw(t)
	c.raw(t, frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`))
	if m := c.next(t); m["id"] != float64(1) || m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	alive := func(what string, id int) {
		t.Helper()
		c.raw(t, frame(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"no/such"}`, id)))
		c.expectError(t, what+", then a request", float64(id), -32601)
	}
	c.raw(t, frame(`{not json at all}`))
	c.expectError(t, "not JSON", nil, -32700)
	alive("not JSON", 10)

	c.raw(t, frame(`{"jsonrpc":"2.0","id":2,"method":`))
	c.expectError(t, "a truncated body", nil, -32700)
	alive("a truncated body", 11)

	c.raw(t, frame(`{"jsonrpc":"2.0","id":{"a":1},"method":"no/such"}`))
	c.expectError(t, "an object id", nil, -32600)
	alive("an object id", 12)

	c.raw(t, frame(`{"jsonrpc":"2.0","id":7}`))
	c.expectError(t, "no method (the id is kept)", float64(7), -32600)

	c.raw(t, frame(`[{"jsonrpc":"2.0","id":8,"method":"no/such"}]`))
	c.expectError(t, "a batch", nil, -32600)

	c.raw(t, frame(`42`))
	c.expectError(t, "not an object", nil, -32600)

	c.raw(t, frame(`{"jsonrpc":"2.0","id":13,"method":"no/such"}`+strings.Repeat(" ", 2000)))
	c.expectError(t, "a body padded with blanks", float64(13), -32601)
	alive("a padded body", 14)

	// Header names in any case, other headers ignored, two messages in one
	// write.
	body := `{"jsonrpc":"2.0","id":15,"method":"no/such"}`
	two := append([]byte(fmt.Sprintf("content-length:%d \r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n%s",
		len(body), body)), frame(`{"jsonrpc":"2.0","id":16,"method":"no/such"}`)...)
	c.raw(t, two)
	c.expectError(t, "lower-case header", float64(15), -32601)
	c.expectError(t, "second of one write", float64(16), -32601)

	// Over the limit: answered at once, skipped without being held, and
	// the next message read where the skipped one ends.
	c.raw(t, []byte(fmt.Sprintf("Content-Length: %d\r\n\r\n", MaxMessageSize+1)))
	c.expectError(t, "over the size limit", nil, -32600)
	chunk := bytes.Repeat([]byte("x"), 1<<20)
	for left := MaxMessageSize + 1; left > 0; left -= len(chunk) {
		c.raw(t, chunk[:min(left, len(chunk))])
	}
	alive("a skipped message", 17)

	c.raw(t, frame(`{"jsonrpc":"2.0","id":18,"method":"shutdown"}`))
	if m := c.next(t); m["id"] != float64(18) || m["error"] != nil {
		t.Errorf("shutdown: %v", m)
	}
	c.raw(t, frame(`{"jsonrpc":"2.0","method":"exit"}`))
	select {
	case err := <-c.served:
		if err != nil {
			t.Errorf("Serve after shutdown and exit = %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Serve did not return")
	}
}

// TestLongLength: a Content-Length far over the limit is answered at once
// and never allocated; the session ends when the stream does.
func TestLongLength(t *testing.T) {
	c := startRaw(t)
	c.raw(t, []byte("Content-Length: 4294967295\r\n\r\n{}"))
	c.expectError(t, "4294967295 bytes", nil, -32600)
	_ = c.w.Close()
	select {
	case err := <-c.served:
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("Serve = %v, want io.ErrUnexpectedEOF", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Serve did not return")
	}
}

// TestLostFraming: headers without a usable Content-Length leave no way to
// find the next message: the client is told, and the session ends with
// ErrFraming.
func TestLostFraming(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"no Content-Length", "Content-Type: x\r\n\r\n{}"},
		{"not a number", "Content-Length: ten\r\n\r\n{}"},
		{"over int64", "Content-Length: 99999999999999999999\r\n\r\n{}"},
		{"4 GiB or more", "Content-Length: 99999999999\r\n\r\n{}"},
		{"negative", "Content-Length: -1\r\n\r\n{}"},
		{"not a header", "{\"jsonrpc\":\"2.0\"}\r\n\r\n"},
		{"a header line without end", "Content-Length: 1" + strings.Repeat("0", 5000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := startRaw(t)
			go func() { _, _ = c.w.Write([]byte(tc.in)) }()
			c.expectError(t, tc.name, nil, -32700)
			select {
			case err := <-c.served:
				if !errors.Is(err, ErrFraming) {
					t.Errorf("Serve = %v, want ErrFraming", err)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("Serve did not return")
			}
		})
	}
}
