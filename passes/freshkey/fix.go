package freshkey

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/mcpvet/mcpvet/passes/retry"
)

const fixMessage = "Create the key once before the retry loop"

// fix returns the edit that makes the key once, before the retry
// construct, or nil when that move is not mechanical and safe.
//
// Two shapes are handled. A key assigned to a local in a statement at
// the top level of the attempt (key := uuid.NewString()) has that whole
// statement moved before the construct. A key made inline in the slot
// (Arguments: map[string]any{"idempotency_key": uuid.NewString()}) gets a
// new variable before the construct, which replaces the inline
// expression. The edits carry their own indentation, computed from the
// file, because editors apply them as they are.
func (c *checker) fix(con *retry.Construct, o origin, s slot) *analysis.SuggestedFix {
	target, list := c.hoistTarget(con)
	if target == nil || c.inserted[target.Pos()] {
		return nil
	}
	tf := c.pass.Fset.File(target.Pos())
	src := c.source(tf)
	if src == nil {
		return nil
	}
	insertAt, indent, ok := insertionPoint(src, tf.Offset(target.Pos()))
	if !ok {
		return nil
	}
	if l, isLabel := target.(*ast.LabeledStmt); isLabel {
		// gofmt outdents labels: take the indentation of the labeled
		// statement, on its own line.
		off := tf.Offset(l.Stmt.Pos())
		if indent = string(src[lineStart(src, off):off]); strings.TrimLeft(indent, " \t") != "" {
			return nil
		}
		insertAt = commentsAbove(src, lineStart(src, tf.Offset(target.Pos())), indent)
	}

	var edits []analysis.TextEdit
	if o.assign != nil {
		// Move the defining statement.
		stmt, ok := c.movableStmt(o.assign, list)
		if !ok || !c.hoistable(con, target, o.assign.rhs) {
			return nil
		}
		if !c.pure(o.assign.rhs) && stmt != list[0] {
			return nil // moving it would reorder the calls before it
		}
		if !c.nameFree(o.assign.lhs.Name, target, nil) {
			return nil
		}
		text, from, to, ok := lineSpan(src, tf.Offset(stmt.Pos()), tf.Offset(stmt.End()))
		if !ok {
			return nil
		}
		text = reindent(text, lineIndent(src, from), indent)
		if text == "" {
			return nil
		}
		edits = []analysis.TextEdit{
			{Pos: tf.Pos(insertAt), End: tf.Pos(insertAt), NewText: []byte(indent + text + "\n")},
			{Pos: tf.Pos(from), End: tf.Pos(to), NewText: nil},
		}
	} else {
		// Introduce a variable for the inline key.
		e := s.value
		if lit, ok := e.(*ast.CompositeLit); ok && len(lit.Elts) == 1 {
			if _, isKV := lit.Elts[0].(*ast.KeyValueExpr); !isKV {
				e = lit.Elts[0] // []string{uuid.NewString()}, http.Header{"Idempotency-Key": {uuid.NewString()}}
			}
		}
		if !within(e, o.call) || !c.pure(e) || !c.hoistable(con, target, e) || !c.straightLine(con, e) {
			return nil
		}
		start, end := tf.Offset(e.Pos()), tf.Offset(e.End())
		if bytes.ContainsRune(src[start:end], '\n') {
			return nil
		}
		v := c.freshName(s.key, target, e)
		if v == "" {
			return nil
		}
		edits = []analysis.TextEdit{
			{Pos: tf.Pos(insertAt), End: tf.Pos(insertAt), NewText: []byte(indent + v + " := " + string(src[start:end]) + "\n")},
			{Pos: e.Pos(), End: e.End(), NewText: []byte(v)},
		}
	}

	// The edits must leave a gofmt-clean file when the file was clean.
	if edits = gofmtEdits(src, tf, edits); edits == nil {
		return nil
	}
	c.inserted[target.Pos()] = true
	return &analysis.SuggestedFix{Message: fixMessage, TextEdits: edits}
}

// source returns the content of tf's file.
func (c *checker) source(tf *token.File) []byte {
	if b, ok := c.src[tf]; ok {
		return b
	}
	if c.pass.ReadFile == nil {
		return nil
	}
	b, err := c.pass.ReadFile(tf.Name())
	if err != nil || len(b) != tf.Size() {
		b = nil
	}
	c.src[tf] = b
	return b
}

// hoistTarget returns the statement before which the key is made and the
// top-level statements of the attempt, or nil: for a loop, the loop
// statement (or its label); for a retry closure, the statement that
// contains the function literal. Named functions and recursion get no fix:
// making the key outside them needs a new parameter.
func (c *checker) hoistTarget(con *retry.Construct) (ast.Stmt, []ast.Stmt) {
	var list []ast.Stmt
	var start inspector.Cursor
	var ok bool
	switch con.Kind {
	case retry.Loop:
		body, isBlock := con.Attempt.(*ast.BlockStmt)
		if !isBlock {
			return nil, nil
		}
		list = body.List
		start, ok = c.insp.Root().FindNode(con.Node)
	case retry.Library, retry.HelperCall:
		lit, isLit := con.Attempt.(*ast.FuncLit)
		if !isLit {
			return nil, nil
		}
		list = lit.Body.List
		start, ok = c.insp.Root().FindNode(lit)
	default:
		return nil, nil
	}
	if !ok || len(list) == 0 {
		return nil, nil
	}
	for cur := start; cur.Node() != nil; cur = cur.Parent() {
		switch n := cur.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			if n != con.Attempt {
				return nil, nil
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if n != con.Node {
				return nil, nil // in a loop header: moving changes how often it runs
			}
		}
		stmt, isStmt := cur.Node().(ast.Stmt)
		if !isStmt {
			continue
		}
		switch cur.Parent().Node().(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			return stmt, list
		case *ast.LabeledStmt:
			continue
		}
	}
	return nil, nil
}

// movableStmt returns the statement of a that defines a single local at
// the top level of the attempt, if the local is assigned nowhere else.
func (c *checker) movableStmt(a *assign, list []ast.Stmt) (ast.Stmt, bool) {
	if !a.define || a.rhs == nil {
		return nil, false
	}
	var stmt ast.Stmt
	switch s := a.stmt.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return nil, false
		}
		stmt = s
	case *ast.DeclStmt:
		gd := s.Decl.(*ast.GenDecl)
		if len(gd.Specs) != 1 || len(gd.Specs[0].(*ast.ValueSpec).Names) != 1 {
			return nil, false
		}
		stmt = s
	default:
		return nil, false
	}
	found := false
	for _, s := range list {
		if s == stmt {
			found = true
		}
	}
	v := c.localVar(a.lhs)
	if !found || v == nil || len(c.assignsOf(v)) != 1 || c.isAddrTaken(v) {
		return nil, false
	}
	return stmt, true
}

// hoistable reports whether e means the same before the construct as
// where it is: every variable it reads is declared before target, visible
// there, and not assigned anywhere in the construct.
func (c *checker) hoistable(con *retry.Construct, target ast.Stmt, e ast.Expr) bool {
	region := []ast.Node{con.Node, con.Attempt}
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		v, isVar := c.info.Uses[id].(*types.Var)
		if !isVar || v.IsField() || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
			return true
		}
		if v.Pos() >= target.Pos() || !v.Parent().Contains(target.Pos()) {
			ok = false
			return false
		}
		if c.isAddrTaken(v) {
			ok = false
			return false
		}
		for _, a := range c.assignsOf(v) {
			for _, r := range region {
				if r != nil && within(r, a.stmt) {
					ok = false
				}
			}
		}
		return ok
	})
	return ok
}

// straightLine reports whether e runs once per attempt: not inside an
// inner loop or function literal of the attempt, where one key per item
// may be intended.
func (c *checker) straightLine(con *retry.Construct, e ast.Expr) bool {
	cur, ok := c.insp.Root().FindNode(e)
	if !ok {
		return false
	}
	for p := cur.Parent(); p.Node() != nil && p.Node() != con.Attempt; p = p.Parent() {
		switch p.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
			return false
		}
	}
	return true
}

// nameFree reports whether declaring name just before target neither
// conflicts with nor shadows a declaration, and whether use (if not nil)
// would refer to it.
func (c *checker) nameFree(name string, target ast.Stmt, use ast.Node) bool {
	if token.IsKeyword(name) || name == "_" {
		return false
	}
	pos := target.Pos() - 1 // in the enclosing block, not the statement's own scope
	sc := c.pass.Pkg.Scope().Innermost(pos)
	if sc == nil || sc.Lookup(name) != nil {
		return false
	}
	if _, obj := sc.LookupParent(name, pos); obj != nil {
		return false
	}
	if use != nil {
		if usc := c.pass.Pkg.Scope().Innermost(use.Pos()); usc == nil {
			return false
		} else if _, obj := usc.LookupParent(name, use.Pos()); obj != nil {
			return false
		}
	}
	return true
}

// freshName picks a name for a key made inline: idempotency_key →
// idempotencyKey, X-Idempotency-Key → idempotencyKey, else key.
func (c *checker) freshName(key string, target ast.Stmt, use ast.Node) string {
	var cands []string
	if n := camel(key); n != "" {
		cands = append(cands, n)
	}
	cands = append(cands, "key", "idemKey")
	for _, n := range cands {
		if c.nameFree(n, target, use) {
			return n
		}
	}
	return ""
}

// camel turns a key name into a lower camel-case identifier.
func camel(key string) string {
	parts := strings.FieldsFunc(key, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(parts) > 1 && strings.EqualFold(parts[0], "x") {
		parts = parts[1:]
	}
	var b strings.Builder
	for i, p := range parts {
		if i == 0 {
			r := []rune(p)
			// IdempotencyKey → idempotencyKey; ID → id.
			j := 0
			for j < len(r) && unicode.IsUpper(r[j]) && (j == 0 || j+1 >= len(r) || unicode.IsUpper(r[j+1])) {
				r[j] = unicode.ToLower(r[j])
				j++
			}
			b.WriteString(string(r))
			continue
		}
		b.WriteString(strings.ToUpper(p[:1]) + p[1:])
	}
	s := b.String()
	if s == "" || !token.IsIdentifier(s) {
		return ""
	}
	return s
}

// insertionPoint returns the offset of the start of the line of the
// statement at off, moved up over the comment lines directly above it,
// and that line's indentation. The statement must begin its line.
func insertionPoint(src []byte, off int) (int, string, bool) {
	start := lineStart(src, off)
	indent := string(src[start:off])
	if strings.TrimLeft(indent, " \t") != "" {
		return 0, "", false
	}
	return commentsAbove(src, start, indent), indent, true
}

// commentsAbove moves the line start up over the comment lines at the
// given indentation directly above it: a comment about a loop stays with
// the loop.
func commentsAbove(src []byte, start int, indent string) int {
	for start > 0 {
		prev := lineStart(src, start-1)
		line := string(src[prev : start-1])
		if !strings.HasPrefix(line, indent+"//") {
			break
		}
		start = prev
	}
	return start
}

func lineStart(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// lineEnd returns the offset of the newline ending the line at off, or
// len(src).
func lineEnd(src []byte, off int) int {
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(src)
}

func lineIndent(src []byte, start int) string {
	i := start
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return string(src[start:i])
}

func blank(src []byte, start, end int) bool {
	return len(bytes.TrimSpace(src[start:end])) == 0
}

// lineSpan returns the text of the statement at [from, to) with its
// trailing line comment, and the range of whole lines to delete: its own
// lines, plus one adjacent blank line when deleting would leave a blank
// line where gofmt allows none. The statement must have its lines to
// itself.
func lineSpan(src []byte, from, to int) (text string, delFrom, delTo int, ok bool) {
	ls := lineStart(src, from)
	if !blank(src, ls, from) {
		return "", 0, 0, false
	}
	le := lineEnd(src, to)
	tail := strings.TrimSpace(string(src[to:le]))
	if tail != "" && !strings.HasPrefix(tail, "//") {
		return "", 0, 0, false
	}
	if code := string(src[from:to]); strings.Contains(code, "`") || strings.Contains(code, "/*") {
		return "", 0, 0, false // a raw string or block comment may span lines
	}
	text = string(src[from:to])
	if tail != "" {
		text += " " + tail // gofmt realigns it, if need be
	}
	delFrom, delTo = ls, le+1
	if delTo > len(src) {
		return "", 0, 0, false
	}
	// The lines around the deleted ones.
	prevStart := -1
	if ls > 0 {
		prevStart = lineStart(src, ls-1)
	}
	nextEnd := -1
	if delTo < len(src) {
		nextEnd = lineEnd(src, delTo)
	}
	if prevStart >= 0 && nextEnd >= 0 {
		prev := strings.TrimSpace(string(src[prevStart : ls-1]))
		next := strings.TrimSpace(string(src[delTo:nextEnd]))
		switch {
		case next == "" && (prev == "" || strings.HasSuffix(prev, "{") || strings.HasSuffix(prev, ":")):
			delTo = nextEnd + 1 // the blank line after
		case prev == "" && (strings.HasPrefix(next, "}") || strings.HasPrefix(next, "case ") || strings.HasPrefix(next, "default:")):
			delFrom = prevStart // the blank line before
		}
	}
	if delTo > len(src) {
		delTo = len(src)
	}
	return text, delFrom, delTo, true
}

// reindent moves the continuation lines of text from indentation from to
// indentation to; "" if a line does not carry the old indentation.
func reindent(text, from, to string) string {
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		rest, ok := strings.CutPrefix(lines[i], from)
		if !ok {
			return ""
		}
		lines[i] = to + rest
	}
	return strings.Join(lines, "\n")
}

// gofmtEdits returns edits that leave the file as gofmt prints it. When
// applying edits to src leaves it gofmt-clean, they are returned as they
// are; when gofmt would realign something next to them (trailing comments,
// key-value columns), the edits are recomputed as a line diff between src
// and the formatted result. It returns nil when the result does not parse,
// or when src itself was not gofmt-clean and the edits do not keep it so.
func gofmtEdits(src []byte, tf *token.File, edits []analysis.TextEdit) []analysis.TextEdit {
	out, ok := apply(src, tf, edits)
	if !ok {
		return nil
	}
	formatted, err := format.Source(out)
	if err != nil {
		return nil
	}
	if bytes.Equal(formatted, out) {
		return edits
	}
	if orig, err := format.Source(src); err != nil || !bytes.Equal(orig, src) {
		return edits // src was not clean: keep the edits minimal
	}
	return lineDiff(src, formatted, tf)
}

// apply applies edits to src.
func apply(src []byte, tf *token.File, edits []analysis.TextEdit) ([]byte, bool) {
	es := slices.Clone(edits)
	slices.SortStableFunc(es, func(a, b analysis.TextEdit) int { return int(a.Pos) - int(b.Pos) })
	var out []byte
	last := 0
	for _, e := range es {
		start, end := tf.Offset(e.Pos), tf.Offset(e.End)
		if start < last {
			return nil, false
		}
		out = append(out, src[last:start]...)
		out = append(out, e.NewText...)
		last = end
	}
	return append(out, src[last:]...), true
}

// lineDiff returns edits, one per run of changed lines, that turn a into
// b: whole lines are replaced, so each edit carries its own indentation.
func lineDiff(a, b []byte, tf *token.File) []analysis.TextEdit {
	al, bl := splitLines(a), splitLines(b)
	// Trim the common prefix and suffix, then align the middle by LCS.
	pre := 0
	for pre < len(al) && pre < len(bl) && al[pre] == bl[pre] {
		pre++
	}
	suf := 0
	for suf < len(al)-pre && suf < len(bl)-pre && al[len(al)-1-suf] == bl[len(bl)-1-suf] {
		suf++
	}
	am, bm := al[pre:len(al)-suf], bl[pre:len(bl)-suf]
	if len(am)*len(bm) > 1<<20 {
		return nil
	}
	lcs := make([][]int, len(am)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(bm)+1)
	}
	for i := len(am) - 1; i >= 0; i-- {
		for j := len(bm) - 1; j >= 0; j-- {
			if am[i] == bm[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	offset := 0 // byte offset of line pre in a
	for _, l := range al[:pre] {
		offset += len(l)
	}
	var edits []analysis.TextEdit
	var text strings.Builder
	hunkStart, pending := -1, false
	flush := func(at int) {
		if pending {
			edits = append(edits, analysis.TextEdit{Pos: tf.Pos(hunkStart), End: tf.Pos(at), NewText: []byte(text.String())})
		}
		text.Reset()
		hunkStart, pending = -1, false
	}
	start := func(at int) {
		if !pending {
			hunkStart, pending = at, true
		}
	}
	i, j := 0, 0
	for i < len(am) || j < len(bm) {
		switch {
		case i < len(am) && j < len(bm) && am[i] == bm[j]:
			flush(offset)
			offset += len(am[i])
			i++
			j++
		case j < len(bm) && (i == len(am) || lcs[i][j+1] >= lcs[i+1][j]):
			start(offset)
			text.WriteString(bm[j])
			j++
		default:
			start(offset)
			offset += len(am[i])
			i++
		}
	}
	flush(offset)
	return edits
}

// splitLines splits s after each newline.
func splitLines(s []byte) []string {
	var lines []string
	for len(s) > 0 {
		i := bytes.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, string(s))
			break
		}
		lines = append(lines, string(s[:i+1]))
		s = s[i+1:]
	}
	return lines
}
