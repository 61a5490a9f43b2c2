package metamorph

import (
	"fmt"
	"go/token"
	"sort"
	"strings"
)

// An editor collects text edits to the files of a program. Rewrites edit
// source text rather than syntax trees so that comments, directives
// (//mcpvet:ignore) and layout survive wherever a rewrite does not touch
// them.
//
// Edits nest: an edit whose range contains earlier edits replaces them,
// and Text returns the text of a range with the earlier edits inside it
// applied. A rewrite that composes (a site inside another site) must
// therefore register the inner edit first and compute the outer one's
// text with Text.
type editor struct {
	fset  *token.FileSet
	files map[string]*fileEdits // by file name
	seq   int
}

type fileEdits struct {
	src   []byte
	base  int // token.File base
	edits []edit
	tail  []string // text appended at the end of the file
}

type edit struct {
	start, end int // byte offsets; start == end inserts
	text       string
	seq        int
}

func newEditor(fset *token.FileSet) *editor {
	return &editor{fset: fset, files: make(map[string]*fileEdits)}
}

// addFile registers the source of a file the rewrites may edit.
func (ed *editor) addFile(name string, src []byte) {
	f := ed.fset.File(ed.findPos(name))
	ed.files[name] = &fileEdits{src: src, base: f.Base()}
}

func (ed *editor) findPos(name string) token.Pos {
	var pos token.Pos
	ed.fset.Iterate(func(f *token.File) bool {
		if f.Name() == name {
			pos = token.Pos(f.Base())
			return false
		}
		return true
	})
	if pos == token.NoPos {
		panic("metamorph: no token.File for " + name)
	}
	return pos
}

func (ed *editor) locate(p token.Pos) (*fileEdits, int) {
	tf := ed.fset.File(p)
	if tf == nil {
		panic(fmt.Sprintf("metamorph: position %d in no file", p))
	}
	fe := ed.files[tf.Name()]
	if fe == nil {
		panic("metamorph: file not registered with the editor: " + tf.Name())
	}
	return fe, tf.Offset(p)
}

// Replace replaces the text of [from, to) with text.
func (ed *editor) Replace(from, to token.Pos, text string) {
	fe, s := ed.locate(from)
	_, e := ed.locate(to)
	if e < s {
		panic("metamorph: inverted range")
	}
	ed.seq++
	fe.edits = append(fe.edits, edit{start: s, end: e, text: text, seq: ed.seq})
}

// Insert inserts text at pos, after earlier insertions at pos.
func (ed *editor) Insert(at token.Pos, text string) { ed.Replace(at, at, text) }

// Append appends text at the end of the file that holds pos.
func (ed *editor) Append(pos token.Pos, text string) {
	fe, _ := ed.locate(pos)
	fe.tail = append(fe.tail, text)
}

// Text returns the text of [from, to) with the edits inside it applied.
func (ed *editor) Text(from, to token.Pos) string {
	fe, s := ed.locate(from)
	_, e := ed.locate(to)
	return fe.apply(s, e)
}

// inside reports whether edit x lies inside the range [s, e) of an outer
// edit: insertions at either boundary lie outside.
func inside(x edit, s, e int) bool {
	if x.start == x.end && (x.start == s || x.start == e) && s != e {
		return false
	}
	return s <= x.start && x.end <= e
}

// live returns the edits of fe in [s, e) that no later edit replaced,
// ordered by position.
func (fe *fileEdits) live(s, e int) []edit {
	var in []edit
	for _, x := range fe.edits {
		if inside(x, s, e) || (s == 0 && e == len(fe.src)) {
			in = append(in, x)
		}
	}
	var out []edit
	for _, x := range in {
		superseded := false
		for _, y := range in {
			if y.seq > x.seq && y.start != y.end && inside(x, y.start, y.end) {
				superseded = true
				break
			}
		}
		if !superseded {
			out = append(out, x)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].start != out[j].start {
			return out[i].start < out[j].start
		}
		// Insertions before a replacement at the same offset, then by order.
		ii, ij := out[i].start == out[i].end, out[j].start == out[j].end
		if ii != ij {
			return ii
		}
		return out[i].seq < out[j].seq
	})
	return out
}

func (fe *fileEdits) apply(s, e int) string {
	var b strings.Builder
	at := s
	for _, x := range fe.live(s, e) {
		if x.start < at {
			panic(fmt.Sprintf("metamorph: overlapping edits at offset %d (%q)", x.start, x.text))
		}
		b.Write(fe.src[at:x.start])
		b.WriteString(x.text)
		at = x.end
	}
	b.Write(fe.src[at:e])
	return b.String()
}

// result returns the edited text of the whole file.
func (fe *fileEdits) result() []byte {
	out := fe.apply(0, len(fe.src))
	for _, t := range fe.tail {
		out += "\n" + t + "\n"
	}
	return []byte(out)
}

// changed reports whether the file has edits.
func (fe *fileEdits) changed() bool { return len(fe.edits) > 0 || len(fe.tail) > 0 }
