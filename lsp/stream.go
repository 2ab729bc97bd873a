package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
)

// MaxMessageSize is the largest message body the server reads. A longer
// one is answered with an error and skipped as it arrives, never held in
// memory (the largest text an editor syncs is far smaller: the linter
// refuses files over 2 MiB by default).
const MaxMessageSize = 64 << 20

// maxFramedLength is the largest Content-Length taken for a message's: a
// longer one is no message a client sends (the common clients' buffers
// stop below 4 GiB, and jsonrpc2's own codec reads 32 bits), but a header
// that lost its framing, so no skipping it could find the next message.
const maxFramedLength = 1<<32 - 1

// maxHeaderLines bounds the header lines of one message; a header line is
// bounded by the reader's buffer (4096 bytes).
const maxHeaderLines = 32

// ErrFraming is what Serve returns (wrapped, with the reason) when the
// client's stream cannot be split into messages any more: a header block
// without a usable Content-Length (missing, not a number, 4 GiB or more),
// or a malformed header line. The client was told why first.
var ErrFraming = errors.New("lsp: the client's stream cannot be split into messages")

// stream is the server's side of the LSP base protocol: messages framed by
// a Content-Length header, read as exactly that many bytes, whatever their
// body holds. It is a jsonrpc2.ObjectStream: a body that is not JSON is
// answered with a Parse error, one that is JSON but no JSON-RPC message
// with an Invalid Request (id null unless the request's id could be read),
// and reading goes on with the next message. (jsonrpc2.VSCodeObjectCodec
// decodes the body with a json.Decoder over the stream: trailing bytes
// inside the Content-Length were taken for the next header, and any
// decoding error ended the connection.)
type stream struct {
	r      *bufio.Reader
	c      io.Closer
	logger interface{ Printf(string, ...any) }

	wmu sync.Mutex
	w   *bufio.Writer

	mu sync.Mutex
	// err is why reading stopped, when it was the client's framing.
	err error
}

func newStream(rwc io.ReadWriteCloser, logger interface{ Printf(string, ...any) }) *stream {
	return &stream{r: bufio.NewReader(rwc), w: bufio.NewWriter(rwc), c: rwc, logger: logger}
}

// WriteObject implements jsonrpc2.ObjectStream.
func (s *stream) WriteObject(obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	return s.write(data)
}

func (s *stream) write(data []byte) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if _, err := fmt.Fprintf(s.w, "Content-Length: %d\r\n\r\n", len(data)); err != nil {
		return err
	}
	if _, err := s.w.Write(data); err != nil {
		return err
	}
	return s.w.Flush()
}

// Close implements jsonrpc2.ObjectStream.
func (s *stream) Close() error { return s.c.Close() }

// framingErr returns why reading stopped, when it was the client's framing.
func (s *stream) framingErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// ReadObject implements jsonrpc2.ObjectStream: it returns the next message
// that is a JSON-RPC request, notification or response, answering the
// others.
func (s *stream) ReadObject(v any) error {
	for {
		body, err := s.readMessage()
		var fe *framingError
		switch {
		case errors.As(err, &fe):
			s.replyError(nil, jsonrpc2.CodeParseError, fe.msg+"; closing the connection")
			err = fmt.Errorf("%w: %s", ErrFraming, fe.msg)
			s.mu.Lock()
			s.err = err
			s.mu.Unlock()
			return err
		case err != nil:
			return err
		case body == nil:
			continue // too big: answered and skipped
		}
		if s.decode(body, v) {
			return nil
		}
	}
}

// framingError is a header block the stream cannot go past.
type framingError struct{ msg string }

func (e *framingError) Error() string { return e.msg }

// readMessage reads one message's headers and exactly Content-Length bytes
// of body. A body over MaxMessageSize is answered, skipped, and returned
// nil.
func (s *stream) readMessage() ([]byte, error) {
	length := int64(-1)
	lines := 0
	for {
		line, err := s.r.ReadSlice('\n')
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			return nil, &framingError{"a header line longer than 4096 bytes"}
		case errors.Is(err, io.EOF) && (len(line) > 0 || lines > 0):
			return nil, io.ErrUnexpectedEOF
		case err != nil:
			return nil, err
		}
		text := strings.TrimRight(string(line), "\r\n")
		if text == "" {
			if lines == 0 {
				continue // a stray line end between messages
			}
			break
		}
		if lines++; lines > maxHeaderLines {
			return nil, &framingError{fmt.Sprintf("more than %d header lines", maxHeaderLines)}
		}
		name, value, ok := strings.Cut(text, ":")
		if !ok {
			return nil, &framingError{fmt.Sprintf("malformed header line %q (want Name: value)", truncate(text))}
		}
		// Header names are case-insensitive, as in HTTP.
		if !strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			continue // Content-Type: the only encoding is utf-8
		}
		n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
		if err != nil || n < 0 || n > maxFramedLength {
			return nil, &framingError{fmt.Sprintf("bad Content-Length %q", truncate(strings.TrimSpace(value)))}
		}
		if length >= 0 && n != length {
			return nil, &framingError{"two different Content-Length headers"}
		}
		length = n
	}
	if length < 0 {
		return nil, &framingError{"a message without a Content-Length header"}
	}
	if length > MaxMessageSize {
		s.replyError(nil, jsonrpc2.CodeInvalidRequest,
			fmt.Sprintf("a message of %d bytes is over the %d-byte limit; skipped", length, MaxMessageSize))
		if _, err := io.CopyN(io.Discard, s.r, length); err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		return nil, nil
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(s.r, body); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return body, nil
}

// decode stores a body in v, the jsonrpc2 connection's message, and
// reports whether it is one; if not, the client is answered (or, for a
// malformed response, the server's log told).
func (s *stream) decode(body []byte, v any) bool {
	// Into a fresh value: the jsonrpc2 message may be left half set by a
	// failed decode.
	fresh := reflect.New(reflect.TypeOf(v).Elem())
	err := json.Unmarshal(body, fresh.Interface())
	if err == nil {
		reflect.ValueOf(v).Elem().Set(fresh.Elem())
		return true
	}
	if !json.Valid(body) {
		s.replyError(nil, jsonrpc2.CodeParseError, "Parse error: the message is not JSON: "+err.Error())
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) == nil {
		_, method := m["method"]
		_, result := m["result"]
		_, rerr := m["error"]
		if !method && (result || rerr) {
			// A response is never answered.
			s.logger.Printf("ignoring a malformed response: %v", err)
			return false
		}
	}
	s.replyError(requestID(m), jsonrpc2.CodeInvalidRequest, "Invalid Request: "+err.Error())
	return false
}

// requestID returns the id of a message whose id is a JSON-RPC id (a
// string or an integer), else nil.
func requestID(m map[string]json.RawMessage) json.RawMessage {
	id, ok := m["id"]
	if !ok {
		return nil
	}
	var x any
	d := json.NewDecoder(bytes.NewReader(id))
	d.UseNumber()
	if d.Decode(&x) != nil {
		return nil
	}
	switch x := x.(type) {
	case string:
		return id
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return id
		}
	}
	return nil
}

// replyError answers a message the connection never sees with an error
// response (id null when nil).
func (s *stream) replyError(id json.RawMessage, code int64, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	s.logger.Printf("%s", msg)
	data, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc2.Error  `json:"error"`
	}{"2.0", id, jsonrpc2.Error{Code: code, Message: msg}})
	if err == nil {
		err = s.write(data)
	}
	if err != nil {
		s.logger.Printf("answering a malformed message: %v", err)
	}
}

// truncate shortens a client's text quoted in a message.
func truncate(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
