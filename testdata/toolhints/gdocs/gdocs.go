// Package gdocs edits Google Docs and Sheets through google-api-go-client's
// batchUpdate call objects. One POST to :batchUpdate runs the requests
// its body lists; each Request sets one field naming its kind. Setting
// a style or replacing text converges. Inserting text or adding a rule
// does more on every repeat. So does deleting by position: the rule now
// at that index is another one.
package gdocs

import (
	"context"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
	docs "google.golang.org/api/docs/v1"
	sheets "google.golang.org/api/sheets/v4"
)

type In struct {
	Doc   string `json:"doc"`
	Text  string `json:"text"`
	Index int64  `json:"index"`
	Bold  bool   `json:"bold"`
}

var idem = &gosdk.ToolAnnotations{IdempotentHint: true}

// Register registers the document tools.
func Register(s *gosdk.Server, d *docs.Service, sh *sheets.Service) {
	gosdk.AddTool(s, &gosdk.Tool{Name: "insert_text", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, insertText(ctx, d, in) // want `tool "insert_text" is annotated idempotent but sends an HTTP POST`
	})
	// ok: replacing every match converges, through the helper too.
	gosdk.AddTool(s, &gosdk.Tool{Name: "replace_text", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, batch(ctx, d, in.Doc, []*docs.Request{{
			ReplaceAllText: &docs.ReplaceAllTextRequest{ContainsText: &docs.SubstringMatchCriteria{Text: "{{name}}"}, ReplaceText: in.Text},
		}})
	})
	// ok: setting a style on a range converges.
	gosdk.AddTool(s, &gosdk.Tool{Name: "style_text", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := d.Documents.BatchUpdate(in.Doc, &docs.BatchUpdateDocumentRequest{Requests: []*docs.Request{{
			UpdateTextStyle: &docs.UpdateTextStyleRequest{
				TextStyle: &docs.TextStyle{Bold: in.Bold},
				Range:     &docs.Range{StartIndex: in.Index, EndIndex: in.Index + int64(len(in.Text))},
				Fields:    "bold",
			},
		}}}).Context(ctx).Do()
		return nil, nil, err
	})
	gosdk.AddTool(s, &gosdk.Tool{Name: "add_rule", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		call := sh.Spreadsheets.BatchUpdate(in.Doc, &sheets.BatchUpdateSpreadsheetRequest{Requests: []*sheets.Request{{
			AddConditionalFormatRule: &sheets.AddConditionalFormatRuleRequest{Index: in.Index},
		}}})
		_, err := call.Do() // want `tool "add_rule" is annotated idempotent but sends an HTTP POST`
		return nil, nil, err
	})
	// Named as a setter, but its requests insert: the batch says more
	// than the name.
	gosdk.AddTool(s, &gosdk.Tool{Name: "update_header", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		return nil, nil, batch(ctx, d, in.Doc, []*docs.Request{{ // want `tool "update_header" is annotated idempotent but sends an HTTP POST`
			InsertText: &docs.InsertTextRequest{Text: in.Text, Location: &docs.Location{SegmentId: "kix.header", Index: 0}},
		}})
	})
	// ok: a sheet's title is unique; a repeat is refused.
	gosdk.AddTool(s, &gosdk.Tool{Name: "add_sheet", Annotations: idem}, func(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, any, error) {
		_, err := sh.Spreadsheets.BatchUpdate(in.Doc, &sheets.BatchUpdateSpreadsheetRequest{Requests: []*sheets.Request{{
			AddSheet: &sheets.AddSheetRequest{Properties: &sheets.SheetProperties{Title: in.Text}},
		}}}).Context(ctx).Do()
		return nil, nil, err
	})
}

// insertText inserts the text, then styles it: the insert is done again
// on a repeat.
func insertText(ctx context.Context, d *docs.Service, in In) error {
	var requests []*docs.Request
	requests = append(requests, &docs.Request{
		InsertText: &docs.InsertTextRequest{Text: in.Text, Location: &docs.Location{Index: in.Index}},
	})
	if in.Bold {
		requests = append(requests, &docs.Request{
			UpdateTextStyle: &docs.UpdateTextStyleRequest{TextStyle: &docs.TextStyle{Bold: true}, Fields: "bold"},
		})
	}
	return batch(ctx, d, in.Doc, requests)
}

// batch sends the requests its callers list: each call is judged by
// its own.
func batch(ctx context.Context, d *docs.Service, doc string, requests []*docs.Request) error {
	_, err := d.Documents.BatchUpdate(doc, &docs.BatchUpdateDocumentRequest{Requests: requests}).Context(ctx).Do()
	return err
}
