// Package connectrpc is a Connect client as protoc-gen-connect-go // want package:"hidden\\(notesClient\\)"
// generates it: every procedure is a POST, and the client's method, named
// after the procedure, decides what it does.
package connectrpc

import (
	"context"
	"errors"
	"net/http"

	"connectrpc.com/connect"
)

type Note struct{ Title string }

// NotesClient is the generated client interface.
type NotesClient interface {
	CreateNote(ctx context.Context, req *connect.Request[Note]) (*connect.Response[Note], error)
	GetNote(ctx context.Context, req *connect.Request[Note]) (*connect.Response[Note], error)
	DeleteNote(ctx context.Context, req *connect.Request[Note]) (*connect.Response[Note], error)
}

type notesClient struct {
	createNote *connect.Client[Note, Note]
	getNote    *connect.Client[Note, Note]
	deleteNote *connect.Client[Note, Note]
}

// NewNotesClient returns the client.
func NewNotesClient(h *http.Client, base string) NotesClient {
	return &notesClient{
		createNote: connect.NewClient[Note, Note](h, base+"/notes.v1.NotesService/CreateNote"),
		getNote:    connect.NewClient[Note, Note](h, base+"/notes.v1.NotesService/GetNote"),
		deleteNote: connect.NewClient[Note, Note](h, base+"/notes.v1.NotesService/DeleteNote"),
	}
}

func (c *notesClient) CreateNote(ctx context.Context, req *connect.Request[Note]) (*connect.Response[Note], error) { // want CreateNote:`effect\(remote mutation: \(\*connect.Client\).CallUnary\)`
	return c.createNote.CallUnary(ctx, req)
}

func (c *notesClient) GetNote(ctx context.Context, req *connect.Request[Note]) (*connect.Response[Note], error) { // ok: a read, by its name
	return c.getNote.CallUnary(ctx, req)
}

func (c *notesClient) DeleteNote(ctx context.Context, req *connect.Request[Note]) (*connect.Response[Note], error) { // want DeleteNote:`effect\(remote mutation: \(\*connect.Client\).CallUnary\)`
	return c.deleteNote.CallUnary(ctx, req)
}

// UnimplementedNotesHandler is the generated server stub: it only fails.
type UnimplementedNotesHandler struct{}

func (UnimplementedNotesHandler) CreateNote(context.Context, *connect.Request[Note]) (*connect.Response[Note], error) { // want CreateNote:`standin`
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("notes.v1.NotesService.CreateNote is unimplemented"))
}

func (UnimplementedNotesHandler) GetNote(context.Context, *connect.Request[Note]) (*connect.Response[Note], error) { // want GetNote:`standin`
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("notes.v1.NotesService.GetNote is unimplemented"))
}

func (UnimplementedNotesHandler) DeleteNote(context.Context, *connect.Request[Note]) (*connect.Response[Note], error) { // want DeleteNote:`standin`
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("notes.v1.NotesService.DeleteNote is unimplemented"))
}

// Save creates a note through the interface: the stub beside the client
// does not make the call unknown.
func Save(ctx context.Context, c NotesClient, title string) error { // want Save:`effect\(remote mutation: \(\*connect.Client\).CallUnary via connectrpc.NotesClient.CreateNote`
	_, err := c.CreateNote(ctx, connect.NewRequest(&Note{Title: title}))
	return err
}

// Load reads a note through the interface.
func Load(ctx context.Context, c NotesClient, title string) error { // ok: GetNote reads
	_, err := c.GetNote(ctx, connect.NewRequest(&Note{Title: title}))
	return err
}
