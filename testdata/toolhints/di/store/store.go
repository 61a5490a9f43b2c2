// Package store implements model.TaskStore with SQL; only main imports it.
package store

import (
	"database/sql"

	"example.com/toolhints/di/model"
)

type SQLStore struct{ db *sql.DB }

func New(db *sql.DB) *SQLStore { return &SQLStore{db: db} }

func (s *SQLStore) GetTask(id string) (*model.Task, error) {
	rows, err := s.db.Query("SELECT id, name FROM tasks WHERE id = ?", id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return &model.Task{ID: id}, nil
}

func (s *SQLStore) TouchTask(id string) error {
	_, err := s.db.Exec("UPDATE tasks SET seen = CURRENT_TIMESTAMP WHERE id = ?", id) // related: commits the SQL write here: (*database/sql.DB).Exec
	return err
}

func (s *SQLStore) AddTask(t *model.Task) error {
	_, err := s.db.Exec("INSERT INTO tasks (id, name) VALUES (?, ?)", t.ID, t.Name) // related: commits the SQL write here: (*database/sql.DB).Exec
	return err
}

func (s *SQLStore) AddEvent(id, what string) error {
	_, err := s.db.Exec("INSERT INTO task_events (task_id, what) VALUES (?, ?)", id, what) // related: commits the SQL write here: (*database/sql.DB).Exec
	return err
}

func (s *SQLStore) SetStatus(id string, st model.Status) error {
	_, err := s.db.Exec("UPDATE tasks SET status = ? WHERE id = ?", int(st), id)
	return err
}
