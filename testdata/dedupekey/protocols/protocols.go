// Package protocols registers tools whose handlers talk to an IMAP store
// (go-imap) or an FTP server (jlaffaye/ftp): clients whose methods take no
// context, known by the catalogue's table of what each command does. An
// APPEND adds a message each time, an FTP Append adds to the file; an
// upload (Stor) overwrites it, and flags set by STORE converge.
package protocols

import (
	"bytes"
	"context"
	"io"
	"net/smtp"
	"os"
	"time"

	"github.com/emersion/go-imap"
	"github.com/emersion/go-imap/client"
	"github.com/jlaffaye/ftp"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type Draft struct {
	Body string `json:"body"`
	UID  uint32 `json:"uid"`
	Key  string `json:"idempotency_key"`
}

var (
	mail *client.Client
	ftpc *ftp.ServerConn
)

func Register(s *gosdk.Server) {
	// An APPEND: a retry stores the message twice.
	gosdk.AddTool(s, &gosdk.Tool{Name: "save_draft"}, func(ctx context.Context, req *gosdk.CallToolRequest, in Draft) (*gosdk.CallToolResult, any, error) {
		msg := bytes.NewBufferString(in.Body)
		return nil, nil, mail.Append("Drafts", []string{imap.DraftFlag}, time.Now(), msg) // want `tool "save_draft" is not idempotent but writes to a mailbox \(client.Client.Append\)`
	})

	// An email sent, then its copy appended to the Sent mailbox: the send
	// is what a retry repeats first, and what the message names.
	gosdk.AddTool(s, &gosdk.Tool{Name: "send_mail"}, func(ctx context.Context, req *gosdk.CallToolRequest, in Draft) (*gosdk.CallToolResult, any, error) {
		if err := smtp.SendMail("mail:25", nil, "a@b", []string{"c@d"}, []byte(in.Body)); err != nil { // want `tool "send_mail" is not idempotent but sends an email \(smtp.SendMail\)`
			return nil, nil, err
		}
		return nil, nil, mail.Append("Sent", []string{imap.SeenFlag}, time.Now(), bytes.NewBufferString(in.Body))
	})

	// ok: the same APPEND behind a client key.
	gosdk.AddTool(s, &gosdk.Tool{Name: "save_draft_keyed"}, func(ctx context.Context, req *gosdk.CallToolRequest, in Draft) (*gosdk.CallToolResult, any, error) {
		if in.Key == "" {
			return nil, nil, os.ErrInvalid
		}
		msg := bytes.NewBufferString(in.Body)
		return nil, nil, mail.Append("Drafts", []string{imap.DraftFlag}, time.Now(), msg)
	})

	// Setting a flag by UID converges: idempotent by nature.
	gosdk.AddTool(s, &gosdk.Tool{Name: "mark_read"}, func(ctx context.Context, req *gosdk.CallToolRequest, in Draft) (*gosdk.CallToolResult, any, error) {
		uids := new(imap.SeqSet)
		uids.AddNum(in.UID)
		return nil, nil, mail.UidStore(uids, imap.FormatFlagsOp(imap.AddFlags, true), []interface{}{imap.SeenFlag}, nil) // want `tool "mark_read" is not marked idempotent and writes to a mailbox \(client.Client.UidStore\)`
	})

	// A move done by hand (COPY, STORE \Deleted, EXPUNGE, for a server
	// without MOVE) converges: the repeat finds the source gone.
	gosdk.AddTool(s, &gosdk.Tool{Name: "move_message"}, func(ctx context.Context, req *gosdk.CallToolRequest, in Draft) (*gosdk.CallToolResult, any, error) {
		uids := new(imap.SeqSet)
		uids.AddNum(in.UID)
		if err := mail.UidCopy(uids, "Archive"); err != nil { // want `tool "move_message" is not marked idempotent and writes to a mailbox \(client.Client.UidCopy\)`
			return nil, nil, err
		}
		if err := mail.UidStore(uids, imap.FormatFlagsOp(imap.AddFlags, true), []interface{}{imap.DeletedFlag}, nil); err != nil {
			return nil, nil, err
		}
		return nil, nil, mail.Expunge(nil)
	})

	// A copy alone adds the message to the destination each time.
	gosdk.AddTool(s, &gosdk.Tool{Name: "copy_message"}, func(ctx context.Context, req *gosdk.CallToolRequest, in Draft) (*gosdk.CallToolResult, any, error) {
		uids := new(imap.SeqSet)
		uids.AddNum(in.UID)
		return nil, nil, mail.UidCopy(uids, "Archive") // want `tool "copy_message" is not idempotent but writes to a mailbox \(client.Client.UidCopy\)`
	})

	// A rename converges: the repeat finds the source gone.
	gosdk.AddTool(s, &gosdk.Tool{Name: "rename_folder"}, func(ctx context.Context, req *gosdk.CallToolRequest, in Draft) (*gosdk.CallToolResult, any, error) {
		return nil, nil, mail.Rename(in.Body, in.Body+".old") // want `tool "rename_folder" is not marked idempotent and writes to a mailbox \(client.Client.Rename\)`
	})

	// ok: selecting, searching and fetching read.
	gosdk.AddTool(s, &gosdk.Tool{Name: "list_inbox"}, func(ctx context.Context, req *gosdk.CallToolRequest, in Draft) (*gosdk.CallToolResult, any, error) {
		if _, err := mail.Select("INBOX", true); err != nil {
			return nil, nil, err
		}
		ids, err := mail.Search(imap.NewSearchCriteria())
		if err != nil {
			return nil, nil, err
		}
		seq := new(imap.SeqSet)
		seq.AddNum(ids...)
		msgs := make(chan *imap.Message, 10)
		return nil, nil, mail.Fetch(seq, []imap.FetchItem{imap.FetchEnvelope}, msgs)
	})
}

// RegisterMCPGo registers with mcp-go.
func RegisterMCPGo(s *server.MCPServer) {
	// An FTP Append: a retry appends the lines twice.
	s.AddTool(mcp.NewTool("append_log"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, ftpc.Append("audit.log", bytes.NewBufferString(req.GetString("line", ""))) // want `tool "append_log" is not idempotent but writes a remote file \(ftp.ServerConn.Append\)`
	})

	// ok: the same Append behind a client key.
	s.AddTool(mcp.NewTool("append_log_keyed"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if req.GetString("idempotency_key", "") == "" {
			return nil, os.ErrInvalid
		}
		return nil, ftpc.Append("audit.log", bytes.NewBufferString(req.GetString("line", "")))
	})

	// An upload overwrites the file: idempotent by nature.
	s.AddTool(mcp.NewTool("upload_report"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, ftpc.Stor(req.GetString("name", ""), bytes.NewBufferString(req.GetString("body", ""))) // want `tool "upload_report" is not marked idempotent and writes a remote file \(ftp.ServerConn.Stor\)`
	})

	// ok: listing and downloading read.
	s.AddTool(mcp.NewTool("download"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := ftpc.List("/"); err != nil {
			return nil, err
		}
		r, err := ftpc.Retr(req.GetString("name", ""))
		if err != nil {
			return nil, err
		}
		defer r.Close()
		_, err = io.ReadAll(r)
		return nil, err
	})
}
