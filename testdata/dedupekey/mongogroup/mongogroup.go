// Package mongogroup keeps its MongoDB tools in a group behind an
// interface whose methods return a tool and its handler, registered with
// s.AddTool(g.Insert()): the call's two results are the registration.
package mongogroup

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

var db *mongo.Database

// Group is the documents' tools.
type Group interface {
	Insert() (mcp.Tool, server.ToolHandlerFunc)
	Rename() (mcp.Tool, server.ToolHandlerFunc)
	NextID() (mcp.Tool, server.ToolHandlerFunc)
	DropIndex() (mcp.Tool, server.ToolHandlerFunc)
	Find() (mcp.Tool, server.ToolHandlerFunc)
}

type group struct{ coll string }

// NewGroup returns the group of one collection.
func NewGroup(coll string) Group { return &group{coll: coll} }

func (g *group) Insert() (tool mcp.Tool, handler server.ToolHandlerFunc) {
	tool = mcp.NewTool("doc_insert")
	handler = func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.Collection(g.coll).InsertOne(ctx, bson.M{"body": req.GetString("body", "")}) // want `tool "doc_insert" is not idempotent but writes to MongoDB`
		return nil, err
	}
	return
}

func (g *group) Rename() (mcp.Tool, server.ToolHandlerFunc) {
	return mcp.NewTool("doc_rename"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.Collection(g.coll).UpdateOne(ctx, bson.M{"_id": req.GetString("id", "")}, bson.M{"$set": bson.M{"name": req.GetString("name", "")}}) // want `tool "doc_rename" is not marked idempotent and writes to MongoDB`
		return nil, err
	}
}

func (g *group) NextID() (mcp.Tool, server.ToolHandlerFunc) {
	return mcp.NewTool("doc_next_id"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		err := db.Collection("counters").FindOneAndUpdate(ctx, bson.M{"_id": g.coll}, bson.M{"$inc": bson.M{"seq": 1}}).Err() // want `tool "doc_next_id" is not idempotent but writes to MongoDB`
		return nil, err
	}
}

func (g *group) DropIndex() (mcp.Tool, server.ToolHandlerFunc) {
	return mcp.NewTool("doc_drop_index"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		_, err := db.Collection(g.coll).Indexes().DropOne(ctx, req.GetString("name", "")) // want `tool "doc_drop_index" is not marked idempotent and writes to MongoDB`
		return nil, err
	}
}

func (g *group) Find() (mcp.Tool, server.ToolHandlerFunc) {
	return mcp.NewTool("doc_find", mcp.WithReadOnlyHintAnnotation(true)), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		cur, err := db.Collection(g.coll).Find(ctx, bson.M{}) // ok: a read
		if err != nil {
			return nil, err
		}
		return nil, cur.Close(ctx)
	}
}

// Register registers a group's tools.
func Register(s *server.MCPServer) {
	addDocs(s, NewGroup("docs"))
}

func addDocs(s *server.MCPServer, g Group) {
	s.AddTool(g.Insert())
	s.AddTool(g.Rename())
	s.AddTool(g.NextID())
	s.AddTool(g.DropIndex())
	s.AddTool(g.Find())
}
