// Package model declares the tasks and the store the handlers reach them
// through; main wires the implementation in.
package model

type Task struct{ ID, Name string }

// TaskStore persists tasks.
type TaskStore interface {
	GetTask(id string) (*Task, error)
	TouchTask(id string) error
	AddTask(t *Task) error
}
