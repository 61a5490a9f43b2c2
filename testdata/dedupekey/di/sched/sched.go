// Package sched keeps the tasks in its store, an interface: it does not
// import the implementation.
package sched

import "example.com/dedupekey/di/model"

type Scheduler struct{ store model.TaskStore }

func New(store model.TaskStore) *Scheduler { return &Scheduler{store: store} }

func (s *Scheduler) AddTask(t *model.Task) error { return s.store.SaveTask(t) }

func (s *Scheduler) List() ([]*model.Task, error) { return s.store.LoadTasks() }
