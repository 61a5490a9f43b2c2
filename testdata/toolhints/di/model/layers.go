package model

import "errors"

// Validating is a layer over the store main wires in: it checks its
// input and forwards to the TaskStore it holds. It implements TaskStore
// itself, but is not the store the program runs: its calls stay pending
// until main's package resolves them.
type Validating struct{ Next TaskStore }

func (v *Validating) GetTask(id string) (*Task, error) { return v.Next.GetTask(id) }
func (v *Validating) TouchTask(id string) error        { return v.Next.TouchTask(id) }

func (v *Validating) AddTask(t *Task) error {
	if t.Name == "" {
		return errors.New("model: a task needs a name")
	}
	return v.Next.AddTask(t)
}

func (v *Validating) AddEvent(id, what string) error      { return v.Next.AddEvent(id, what) }
func (v *Validating) SetStatus(id string, s Status) error { return v.Next.SetStatus(id, s) }
