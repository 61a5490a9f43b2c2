// Package model declares the tasks and the store the handlers reach them
// through; main wires the implementation in.
package model

type Task struct {
	ID, Name string
	Status   Status
}

// Status is a task's state: active, then archived.
type Status int

const (
	StatusActive Status = iota
	StatusArchived
)

// TaskStore persists tasks.
type TaskStore interface {
	GetTask(id string) (*Task, error)
	TouchTask(id string) error
	AddTask(t *Task) error
	AddEvent(id, what string) error
	SetStatus(id string, s Status) error
}
