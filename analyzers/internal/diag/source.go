package diag

import (
	"bytes"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// Source returns the token file holding pos and its content as the pass
// reads it, for fixes that keep text as written; ok is false when the
// driver cannot read files or the content is not what was parsed.
func Source(pass *analysis.Pass, pos token.Pos) (tf *token.File, src []byte, ok bool) {
	tf = pass.Fset.File(pos)
	if tf == nil || pass.ReadFile == nil {
		return nil, nil, false
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return nil, nil, false
	}
	return tf, src, true
}

// Text returns n's source text as written.
func Text(pass *analysis.Pass, n ast.Node) ([]byte, bool) {
	tf, src, ok := Source(pass, n.Pos())
	if !ok {
		return nil, false
	}
	start, end := tf.Offset(n.Pos()), tf.Offset(n.End())
	if start < 0 || start > end || end > len(src) {
		return nil, false
	}
	return src[start:end], true
}

// LineIndent returns the white space that precedes pos on its line, for a
// fix that inserts a statement before the one at pos; ok is false if
// something else precedes it.
func LineIndent(pass *analysis.Pass, pos token.Pos) (string, bool) {
	tf, content, ok := Source(pass, pos)
	if !ok {
		return "", false
	}
	off := tf.Offset(pos)
	if off > len(content) {
		return "", false
	}
	start := bytes.LastIndexByte(content[:off], '\n') + 1
	prefix := content[start:off]
	if len(bytes.TrimLeft(prefix, " \t")) != 0 {
		return "", false
	}
	return string(prefix), true
}

// StmtIndex returns the index of the statement of list that holds pos, or
// -1.
func StmtIndex(list []ast.Stmt, pos token.Pos) int {
	for i, st := range list {
		if st.Pos() <= pos && pos < st.End() {
			return i
		}
	}
	return -1
}
