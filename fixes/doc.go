// Package fixes turns the suggested fixes of servelint's analyzers into
// bytes on disk. It is the only place in servelint that modifies files.
//
// The package is independent of golang.org/x/tools/go/analysis: a caller
// converts each analysis.SuggestedFix into a [Fix], whose [Edit]s are byte
// offsets into the file exactly as it was read (a UTF-8 byte order mark, if
// any, included), keyed by file path.
//
// The pieces are:
//
//   - [Apply] applies to one file's content the edits of as many fixes as can
//     be applied together. Fixes are taken in order; a fix that overlaps an
//     already accepted fix is deferred so that a later pass, after
//     re-analysis, can apply it.
//   - [Loop] is the fixed-point driver: analyze, apply, validate the result,
//     repeat until a pass changes nothing. A fix that edits several files is
//     applied to all of them or to none.
//   - [WriteFile] replaces a file's content atomically (temporary file in the
//     same directory, fsync, rename, fsync of the directory), keeping its
//     permission bits and owner, writing through symbolic links, and
//     refusing with [ErrChanged] when the file changed since it was read,
//     [ErrReadOnly] for a read-only file and [ErrHardLinked] for a file with
//     other hard links (which the rename would leave with the old text).
//   - [UnifiedDiff] renders a change for --diff style output.
//
// # Edit semantics
//
// An [Edit] replaces src[Start:End] with New; Start == End is an insertion.
// Two edits overlap when their byte ranges intersect, where an insertion at p
// intersects a replacement [s, e) only if s < p < e: an insertion at either
// boundary of a replacement, or two insertions at the same offset, do not
// overlap. Identical edits (same range, same text) are applied once, whether
// they come from one fix or several; an edit whose text equals the text it
// replaces is a no-op and is ignored. At one offset, insertions come before
// a replacement that starts there, and several insertions at one offset are
// written in fix order, then in the order of the edits within the fix.
//
// # Line endings and byte order mark
//
// When a file's dominant line ending is CRLF (more "\r\n" than bare "\n"),
// every "\n" of an edit's New text not already preceded by "\r" is written
// as "\r\n". Edits that split an existing "\r\n" pair are applied as given.
// A file starting with a UTF-8 byte order mark keeps it: an edit whose Start
// is inside the mark (Start < 3), including an insertion at offset 0, is
// rejected with an error wrapping [ErrBadEdit].
package fixes
