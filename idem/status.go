package idem

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// StatusURITemplate is the URI template of the status resource the server
// packages register (RFC 6570, as MCP resource templates use).
const StatusURITemplate = "tasks://{task_id}/status"

// StatusMIMEType is the MIME type of the status resource.
const StatusMIMEType = "application/json"

// StatusURI returns the URI of the status resource of a task id.
func StatusURI(taskID string) string { return "tasks://" + taskID + "/status" }

// ParseStatusURI returns the task id of a status resource URI, and false if
// uri is not one.
func ParseStatusURI(uri string) (string, bool) {
	id, ok := strings.CutPrefix(uri, "tasks://")
	if !ok {
		return "", false
	}
	id, ok = strings.CutSuffix(id, "/status")
	if !ok || !validTaskID(id) {
		return "", false
	}
	return id, true
}

// StatusDoc is the JSON document the status resource serves for a task:
//
//	{"task_id":"…","status":"done","tool":"charge","attempt":1,
//	 "created":"2026-09-01T10:00:00Z","updated":"2026-09-01T10:00:03Z",
//	 "result":{"content":[…]}}
//
// Status is pending, running, done, failed or not_found. Result is the
// recorded tool result (a CallToolResult, as JSON) when Status is done;
// Error the reason when it is failed.
type StatusDoc struct {
	TaskID  string          `json:"task_id"`           // TaskID(key)
	Status  Status          `json:"status"`            // pending, running, done, failed or not_found
	Tool    string          `json:"tool,omitempty"`    // the tool called
	Attempt int             `json:"attempt,omitempty"` // handler runs under the key so far
	Created *time.Time      `json:"created,omitempty"` // when the key was first seen
	Updated *time.Time      `json:"updated,omitempty"` // when the record last changed
	Result  json.RawMessage `json:"result,omitempty"`  // the recorded CallToolResult, when done
	Error   string          `json:"error,omitempty"`   // why the last attempt failed, when failed
}

// NewStatusDoc returns the status document of a record.
func NewStatusDoc(r Record) StatusDoc {
	created, updated := r.Created.UTC(), r.Updated.UTC()
	d := StatusDoc{
		TaskID:  r.TaskID,
		Status:  r.Status,
		Tool:    r.Tool,
		Attempt: r.Attempt,
		Created: &created,
		Updated: &updated,
		Error:   r.Error,
	}
	if r.Status == StatusDone && json.Valid(r.Result) {
		d.Result = json.RawMessage(r.Result)
	}
	return d
}

// ParseStatusDoc decodes a status document and checks its status.
func ParseStatusDoc(data []byte) (StatusDoc, error) {
	var d StatusDoc
	if err := json.Unmarshal(data, &d); err != nil {
		return StatusDoc{}, fmt.Errorf("idem: bad status document: %v", err)
	}
	if !d.Status.Valid() {
		return StatusDoc{}, fmt.Errorf("idem: status document with unknown status %q", d.Status)
	}
	return d, nil
}

// ResultMetaKey is the _meta entry of a tool result in which the server
// middleware says what it did with a keyed call (a ResultInfo).
const ResultMetaKey = "idempotency"

// Outcome says what the server middleware did with a keyed call.
type Outcome string

// The outcomes reported in ResultInfo.
const (
	// OutcomeRan: the handler ran for this call; the result is its own.
	OutcomeRan Outcome = "ran"
	// OutcomeReplayed: an earlier call with the key completed; the result
	// is the recorded one, and the handler did not run.
	OutcomeReplayed Outcome = "replayed"
	// OutcomeInProgress: another call with the key is running; the handler
	// did not run. Read the status resource for the outcome.
	OutcomeInProgress Outcome = "in_progress"
	// OutcomeAccepted: the handler accepted the work and finishes it in the
	// background (see Accept). Read the status resource for the outcome.
	OutcomeAccepted Outcome = "accepted"
	// OutcomeConflict: the key was used before with other arguments or
	// another tool; the handler did not run.
	OutcomeConflict Outcome = "conflict"
	// OutcomeInvalidKey: the key is malformed; the handler did not run.
	OutcomeInvalidKey Outcome = "invalid_key"
)

// ResultInfo is the value of the ResultMetaKey entry in the _meta of a
// tool result answered by the server middleware.
type ResultInfo struct {
	Outcome   Outcome `json:"outcome"`              // what the middleware did
	TaskID    string  `json:"task_id,omitempty"`    // TaskID(key)
	Status    Status  `json:"status,omitempty"`     // the record's status
	StatusURI string  `json:"status_uri,omitempty"` // StatusURI(TaskID)
}

// ParseResultInfo reads a ResultInfo from the _meta map of a tool result
// (as decoded from JSON, or as set by the middleware). It returns false if
// there is none.
func ParseResultInfo(meta map[string]any) (ResultInfo, bool) {
	v, ok := meta[ResultMetaKey]
	if !ok || v == nil {
		return ResultInfo{}, false
	}
	var info ResultInfo
	switch v := v.(type) {
	case ResultInfo:
		info = v
	case *ResultInfo:
		info = *v
	default:
		b, err := json.Marshal(v)
		if err != nil || json.Unmarshal(b, &info) != nil {
			return ResultInfo{}, false
		}
	}
	if info.Outcome == "" {
		return ResultInfo{}, false
	}
	return info, true
}

// Map returns info as the map[string]any a result's _meta holds after a
// JSON round trip, so that both SDKs marshal it alike.
func (info ResultInfo) Map() map[string]any {
	m := map[string]any{"outcome": string(info.Outcome)}
	if info.TaskID != "" {
		m["task_id"] = info.TaskID
	}
	if info.Status != "" {
		m["status"] = string(info.Status)
	}
	if info.StatusURI != "" {
		m["status_uri"] = info.StatusURI
	}
	return m
}
