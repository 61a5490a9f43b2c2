// Package tasks changes tasks' states through the store main wires in.
// Archive is a guarded transition (active → archived): a retried call
// finds the task archived and stops at the guard. Note refuses an
// archived task but leaves the task active: a retry notes it again.
package tasks

import (
	"errors"

	"example.com/toolhints/di/model"
)

var ErrArchived = errors.New("tasks: archived")

type Service struct{ Store model.TaskStore }

func (s *Service) Archive(id string) error {
	t, err := s.Store.GetTask(id)
	if err != nil {
		return err
	}
	if t.Status != model.StatusActive {
		return ErrArchived
	}
	if err := s.Store.AddEvent(id, "archived"); err != nil {
		return err
	}
	return s.Store.SetStatus(id, model.StatusArchived)
}

func (s *Service) Note(id string) error {
	t, err := s.Store.GetTask(id)
	if err != nil {
		return err
	}
	if t.Status != model.StatusActive {
		return ErrArchived
	}
	return s.Store.AddEvent(id, "noted")
}
