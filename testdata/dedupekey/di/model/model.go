// Package model declares the server's domain and the interfaces its
// handlers reach their stores through; main wires the implementations.
package model

type Task struct{ ID, Name string }

// TaskStore persists tasks.
type TaskStore interface {
	SaveTask(t *Task) error
	LoadTasks() ([]*Task, error)
}

// Notifier sends notifications.
type Notifier interface {
	Notify(msg string) error
}
