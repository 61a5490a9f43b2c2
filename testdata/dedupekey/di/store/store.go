// Package store implements model.TaskStore with SQL; only main imports it.
package store

import (
	"database/sql"

	"example.com/dedupekey/di/model"
)

type SQLStore struct{ db *sql.DB }

func New(db *sql.DB) *SQLStore { return &SQLStore{db: db} }

func (s *SQLStore) SaveTask(t *model.Task) error {
	_, err := s.db.Exec("INSERT INTO tasks (id, name) VALUES (?, ?)", t.ID, t.Name)
	return err
}

func (s *SQLStore) LoadTasks() ([]*model.Task, error) {
	rows, err := s.db.Query("SELECT id, name FROM tasks")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return nil, nil
}
