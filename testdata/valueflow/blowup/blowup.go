// Package blowup holds shapes whose summaries once cost the engine its
// whole budget: methods that append to a buffer field of their receiver
// again and again.
package blowup

import "strconv"

type Buffer struct {
	Buf []byte
}

func (b *Buffer) EnsureSpace(n int) {
	if cap(b.Buf)-len(b.Buf) < n {
		b.Buf = append(make([]byte, 0, 2*cap(b.Buf)+n), b.Buf...)
	}
}

type Writer struct {
	Buffer Buffer
	Error  error
}

func (w *Writer) Uint8Str(n uint8) {
	w.Buffer.EnsureSpace(4)
	w.Buffer.Buf = append(w.Buffer.Buf, '"')
	w.Buffer.Buf = strconv.AppendUint(w.Buffer.Buf, uint64(n), 10)
	w.Buffer.Buf = append(w.Buffer.Buf, '"')
}
