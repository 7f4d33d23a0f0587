package diag

import (
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
