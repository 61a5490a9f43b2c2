package effects

import (
	"go/ast"
	"go/constant"
	"go/types"
	"os"
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcpvet/mcpvet/passes/valueflow"
)

// This file is the side-effect catalogue: data, not logic. A sink is a
// function or method whose call commits something outside the process that
// a retry would repeat. Each entry says what kind of effect it is and
// whether that effect is idempotent by nature (an overwrite, a delete by
// id, a PUT): the toolhints check uses that, dedupekey mentions it.

// sink describes one catalogue entry.
type sink struct {
	kind string
	idem bool
	// check, when set, decides from the call's arguments whether the call
	// is an effect at all and whether it is idempotent.
	check func(s *site) (effect, idem bool)
}

const (
	kindFile    = "file write"
	kindRemFile = "remote file write"
	kindExec    = "process run"
	kindSQL     = "SQL write"
	kindHTTP    = "HTTP request"
	kindMail    = "email send"
	kindMailbox = "mailbox write"
	kindPublish = "message publish"
	kindRedis   = "Redis write"
	kindMongo   = "MongoDB write"
	kindK8s     = "Kubernetes write"
	kindGitHub  = "GitHub write"
	kindRemote  = "remote mutation"
	kindUser    = "configured sink"
	kindDebug   = "debugger command"
	kindCOM     = "COM write"
	kindGit     = "git write"
	// kindReadPOST is an HTTP POST that is a read by design (readByDesign):
	// no effect, unless the tool says it is destructive (Soft).
	kindReadPOST = "HTTP POST read by design"
	// kindPending: a call of an interface method whose implementation
	// the package cannot see (Effect.Iface); not an effect until resolved.
	kindPending = "pending interface call"
)

// stdSinks are standard-library sinks keyed by (*types.Func).FullName().
// Some drivers never analyze the standard library, so it is covered here
// and no facts are computed for it.
var stdSinks = map[string]sink{
	"os.WriteFile":                     {kind: kindFile, idem: true, check: notTemp(0, true)},
	"io/ioutil.WriteFile":              {kind: kindFile, idem: true, check: notTemp(0, true)},
	"os.Create":                        {kind: kindFile, idem: true, check: notTemp(0, true)},
	"os.OpenFile":                      {kind: kindFile, check: openFlags},
	"os.Remove":                        {kind: kindFile, idem: true, check: notTemp(0, true)},
	"os.RemoveAll":                     {kind: kindFile, idem: true, check: notTemp(0, true)},
	"os.Rename":                        {kind: kindFile, check: rename},
	"os.Mkdir":                         {kind: kindFile, idem: true, check: notTemp(0, true)},
	"os.MkdirAll":                      {kind: kindFile, idem: true, check: notTemp(0, true)},
	"os.Symlink":                       {kind: kindFile, check: notTemp(1, false)},
	"os.Link":                          {kind: kindFile, check: notTemp(1, false)},
	"os.Chmod":                         {kind: kindFile, idem: true, check: notTemp(0, true)},
	"os.Chown":                         {kind: kindFile, idem: true, check: notTemp(0, true)},
	"os.Truncate":                      {kind: kindFile, idem: true, check: notTemp(0, true)},
	"fmt.Fprint":                       {kind: kindFile, check: realFile},
	"fmt.Fprintf":                      {kind: kindFile, check: realFile},
	"fmt.Fprintln":                     {kind: kindFile, check: realFile},
	"os.CopyFS":                        {kind: kindFile, idem: true, check: notTemp(0, true)},
	"(*os.File).Write":                 {kind: kindFile, check: realFile},
	"(*os.File).WriteString":           {kind: kindFile, check: realFile},
	"(*os.File).WriteAt":               {kind: kindFile, check: realFileIdem},
	"(*os.File).ReadFrom":              {kind: kindFile, check: realFile},
	"(*os.File).Truncate":              {kind: kindFile, check: realFileIdem},
	"(*os/exec.Cmd).Run":               {kind: kindExec, check: execCmd},
	"(*os/exec.Cmd).Start":             {kind: kindExec, check: execCmd},
	"(*os/exec.Cmd).Output":            {kind: kindExec, check: execCmd},
	"(*os/exec.Cmd).CombinedOutput":    {kind: kindExec, check: execCmd},
	"syscall.Exec":                     {kind: kindExec},
	"golang.org/x/sys/unix.Exec":       {kind: kindExec},
	"os.StartProcess":                  {kind: kindExec},
	"net/smtp.SendMail":                {kind: kindMail},
	"(*net/smtp.Client).Data":          {kind: kindMail},
	"(*database/sql.DB).Exec":          {kind: kindSQL, check: sqlArg(0)},
	"(*database/sql.DB).ExecContext":   {kind: kindSQL, check: sqlArg(1)},
	"(*database/sql.Tx).Exec":          {kind: kindSQL, check: sqlArg(0)},
	"(*database/sql.Tx).ExecContext":   {kind: kindSQL, check: sqlArg(1)},
	"(*database/sql.Conn).ExecContext": {kind: kindSQL, check: sqlArg(1)},
	"(*database/sql.Stmt).Exec":        {kind: kindSQL, check: preparedSQL},
	"(*database/sql.Stmt).ExecContext": {kind: kindSQL, check: preparedSQL},
	// A commit writes what the transaction's statements did, each judged
	// where it is executed: by itself it repeats nothing more.
	"(*database/sql.Tx).Commit":          {kind: kindSQL, idem: true},
	"(*database/sql.DB).QueryContext":    {check: sqlQuery(1)},
	"(*database/sql.DB).QueryRowContext": {check: sqlQuery(1)},
	"(*database/sql.DB).Query":           {check: sqlQuery(0)},
	"(*database/sql.DB).QueryRow":        {check: sqlQuery(0)},
	"(*database/sql.Tx).QueryContext":    {check: sqlQuery(1)},
	"(*database/sql.Tx).QueryRowContext": {check: sqlQuery(1)},
	"(*net/http.Client).Post":            {kind: kindHTTP},
	"(*net/http.Client).PostForm":        {kind: kindHTTP},
	"net/http.Post":                      {kind: kindHTTP},
	"net/http.PostForm":                  {kind: kindHTTP},
}

// A pkgRule matches methods and functions of third-party packages by
// package path and name, whatever the receiver: go-redis commands live on
// an unexported cmdable type, client-go verbs on hundreds of interfaces.
type pkgRule struct {
	kind  string
	paths []string // exact package paths; a trailing "/..." matches below
	// names maps "Name" or "Recv.Name" to whether it is idempotent.
	names map[string]bool
	// verbs, when set, matches names starting with one of these words.
	verbs map[string]bool
	// check, when set, refines a match from the arguments.
	check func(s *site) (effect, idem bool)
	// fnOnly says that check reads only the function (site.fn), not a
	// call: it also judges a method an interface call resolves to
	// (ruleOnlyEffect).
	fnOnly bool
	// rpc marks the effects as sent over an RPC-style API (a GraphQL
	// mutation is a POST like every other operation): see HTTP.RPC.
	rpc bool
	// all matches every function and method of the paths: check (fnOnly)
	// decides each by the API's naming convention.
	all bool
	// only says that names lists every function of the paths that
	// commits an effect: the others are reads, whatever their names say
	// (go-openai's CreateChatCompletion).
	only bool
}

var pkgRules = []pkgRule{
	{kind: kindSQL, paths: []string{"github.com/jmoiron/sqlx"}, names: idem(
		"Exec", "ExecContext", "MustExec", "MustExecContext", "NamedExec", "NamedExecContext", "Commit")},
	{kind: kindSQL, paths: pgxPaths, names: idem("Exec"), check: sqlArg(1)},
	{kind: kindSQL, paths: pgxPaths, names: idem("CopyFrom", "Commit", "SendBatch")},
	{kind: kindSQL, paths: pgxPaths, names: idem("Query", "QueryRow"), check: sqlQuery(1)},
	{kind: kindSQL, paths: []string{"gorm.io/gorm"}, names: map[string]bool{
		"Create": false, "CreateInBatches": false, "Save": true, "Update": true, "Updates": true,
		"UpdateColumn": true, "UpdateColumns": true, "Delete": true, "Exec": false, "FirstOrCreate": true}},
	{kind: kindRedis, paths: []string{"github.com/redis/go-redis/v9", "github.com/go-redis/redis/v8", "github.com/go-redis/redis/v9", "github.com/redis/go-redis/v8"}, names: map[string]bool{
		"Set": true, "SetNX": true, "SetEx": true, "SetXX": true, "SetArgs": true, "MSet": true, "MSetNX": true,
		"GetSet": true, "GetDel": true, "Append": false, "Incr": false, "IncrBy": false, "IncrByFloat": false,
		"Decr": false, "DecrBy": false, "Del": true, "Unlink": true, "Expire": true, "ExpireAt": true,
		"PExpire": true, "Persist": true, "Rename": false, "RenameNX": false, "HSet": true, "HSetNX": true,
		"HMSet": true, "HDel": true, "HIncrBy": false, "HIncrByFloat": false, "LPush": false, "LPushX": false,
		"RPush": false, "RPushX": false, "LPop": false, "RPop": false, "LRem": false, "LSet": true, "LTrim": false,
		"LInsert": false, "LMove": false, "SAdd": true, "SRem": true, "SPop": false, "SMove": false,
		"ZAdd": true, "ZAddNX": true, "ZAddXX": true, "ZIncrBy": false, "ZRem": true, "ZRemRangeByRank": false,
		"ZRemRangeByScore": true, "ZPopMin": false, "ZPopMax": false, "XAdd": false, "XDel": true, "XTrim": false,
		"XAck": true, "Publish": false, "SPublish": false, "PFAdd": true, "SetBit": true, "GeoAdd": true,
		"FlushDB": true, "FlushAll": true, "Copy": false}},
	// An update converges unless its operators add ($inc, $push, $mul:
	// mongoUpdate); an index created or dropped by name converges too.
	{kind: kindMongo, paths: []string{"go.mongodb.org/mongo-driver/mongo", "go.mongodb.org/mongo-driver/v2/mongo"}, names: mongoWrites, check: mongoUpdate},
	{kind: kindPublish, paths: []string{"github.com/segmentio/kafka-go"}, names: idem("Writer.WriteMessages", "Conn.WriteMessages")},
	{kind: kindPublish, paths: []string{"github.com/IBM/sarama", "github.com/Shopify/sarama"}, names: idem("SendMessage", "SendMessages")},
	{kind: kindPublish, paths: []string{"github.com/twmb/franz-go/pkg/kgo"}, names: idem("Produce", "ProduceSync", "TryProduce")},
	{kind: kindPublish, paths: []string{"github.com/nats-io/nats.go", "github.com/nats-io/nats.go/jetstream"}, names: idem(
		"Publish", "PublishMsg", "PublishRequest", "PublishAsync", "PublishMsgAsync", "Request", "RequestMsg", "RequestWithContext")},
	{kind: kindPublish, paths: []string{"github.com/rabbitmq/amqp091-go", "github.com/streadway/amqp"}, names: idem(
		"Channel.Publish", "Channel.PublishWithContext", "Channel.PublishWithDeferredConfirm", "Channel.PublishWithDeferredConfirmWithContext")},
	{kind: kindPublish, paths: []string{"cloud.google.com/go/pubsub", "cloud.google.com/go/pubsub/v2"}, names: idem("Topic.Publish", "Publisher.Publish")},
	{kind: kindPublish, paths: []string{"github.com/aws/aws-sdk-go-v2/service/sqs"}, names: idem("Client.SendMessage", "Client.SendMessageBatch")},
	{kind: kindPublish, paths: []string{"github.com/aws/aws-sdk-go-v2/service/sns"}, names: idem("Client.Publish", "Client.PublishBatch")},
	{kind: kindMail, paths: []string{"gopkg.in/gomail.v2", "github.com/go-gomail/gomail"}, names: idem("Dialer.DialAndSend", "SendMail", "Send")},
	{kind: kindMail, paths: []string{"github.com/wneessen/go-mail"}, names: idem("Client.DialAndSend", "Client.DialAndSendWithContext", "Client.Send")},
	{kind: kindMail, paths: []string{"github.com/sendgrid/sendgrid-go"}, names: idem("Client.Send", "Client.SendWithContext")},
	{kind: kindMail, paths: []string{"github.com/emersion/go-smtp"}, names: idem("SendMail", "SendMailTLS", "Client.SendMail", "Client.Data")},
	// Protocol clients whose methods take no context, so the generic rule
	// misses them: IMAP mailbox stores and FTP/SFTP file transfers, by
	// what each command does on the server. APPEND and COPY add a message
	// each time; flags set by STORE, a mailbox created, deleted or
	// renamed by name (a repeat finds the source gone and changes
	// nothing), a move by UID converge. A MOVE by sequence number does
	// not: the numbers shift after the first. A COPY in a function that
	// also expunges is a move done by hand (RFC 6851's COPY, STORE
	// \Deleted, EXPUNGE, when the server has no MOVE): it converges.
	{kind: kindMailbox, paths: []string{"github.com/emersion/go-imap/client"}, names: idem("Client.Copy", "Client.UidCopy"), check: imapCopy},
	{kind: kindMailbox, paths: []string{"github.com/emersion/go-imap/client"}, names: map[string]bool{
		"Client.Append": false, "Client.Copy": false, "Client.UidCopy": false, "Client.Store": true,
		"Client.UidStore": true, "Client.Move": false, "Client.UidMove": true, "Client.Expunge": true,
		"Client.Create": true, "Client.Delete": true, "Client.Rename": true, "Client.Subscribe": true,
		"Client.Unsubscribe": true}},
	// A FETCH of a body section without PEEK sets \Seen (RFC 3501
	// 6.4.5), as one of RFC822 or RFC822.TEXT does.
	{kind: kindMailbox, paths: []string{"github.com/emersion/go-imap/client"}, names: converging("Client.Fetch", "Client.UidFetch"), check: imapFetchV1},
	// v2 moves a NumSet, by UID or sequence number: taken as by UID.
	{kind: kindMailbox, paths: []string{"github.com/emersion/go-imap/v2/imapclient"}, names: idem("Client.Copy"), check: imapCopy},
	// A FETCH of a body section without PEEK sets \Seen (RFC 9051
	// 6.4.5): a flag, which a repeat leaves set.
	{kind: kindMailbox, paths: []string{"github.com/emersion/go-imap/v2/imapclient"}, names: converging("Client.Fetch"), check: imapFetch},
	{kind: kindMailbox, paths: []string{"github.com/emersion/go-imap/v2/imapclient"}, names: map[string]bool{
		"Client.Append": false, "Client.Copy": false, "Client.Store": true, "Client.Move": true,
		"Client.Expunge": true, "Client.UIDExpunge": true, "Client.UnselectAndExpunge": true,
		"Client.Create": true, "Client.Delete": true, "Client.Rename": true, "Client.Subscribe": true,
		"Client.Unsubscribe": true, "Client.SetMetadata": true, "Client.SetQuota": true, "Client.SetACL": true}},
	// An upload (Stor, Create) overwrites the file; an Append adds to it;
	// a rename converges, as a delete does.
	{kind: kindRemFile, paths: []string{"github.com/jlaffaye/ftp"}, names: map[string]bool{
		"ServerConn.Stor": true, "ServerConn.StorFrom": true, "ServerConn.Append": false,
		"ServerConn.Delete": true, "ServerConn.Rename": true, "ServerConn.MakeDir": true,
		"ServerConn.RemoveDir": true, "ServerConn.RemoveDirRecur": true, "ServerConn.SetTime": true}},
	{kind: kindRemFile, paths: []string{"github.com/pkg/sftp"}, names: map[string]bool{
		"Client.Create": true, "Client.Remove": true, "Client.RemoveDirectory": true, "Client.RemoveAll": true,
		"Client.Rename": true, "Client.PosixRename": true, "Client.Mkdir": true, "Client.MkdirAll": true,
		"Client.Symlink": false, "Client.Link": false, "Client.Chmod": true, "Client.Chown": true,
		"Client.Chtimes": true, "Client.Truncate": true, "File.Write": false, "File.WriteAt": true,
		"File.ReadFrom": false, "File.ReadFromWithConcurrency": false, "File.Truncate": true}},
	// Client.OpenFile takes os.OpenFile's flags, in the same place.
	{kind: kindRemFile, paths: []string{"github.com/pkg/sftp"}, names: idem("Client.OpenFile"), check: openFlags},
	// client-go's REST request builder: restClient.Post().Resource(...).Do(ctx),
	// its verb chosen where the chain starts (restVerb); Delete() and
	// Patch(pt) only start a request.
	{kind: kindK8s, paths: []string{"k8s.io/client-go/rest"}, names: map[string]bool{
		"Request.Do": false, "Request.DoRaw": false, "Interface.Delete": false, "Interface.Patch": false,
		"RESTClient.Delete": false, "RESTClient.Patch": false}, check: restVerb},
	// A Create after a Get of the same collection is an upsert (get,
	// then update or create): a repeat updates what the first created.
	{kind: kindK8s, paths: []string{"k8s.io/client-go/...", "sigs.k8s.io/controller-runtime/pkg/client"}, names: map[string]bool{
		"Create": false}, check: createAfterGet},
	{kind: kindK8s, paths: []string{"k8s.io/client-go/...", "sigs.k8s.io/controller-runtime/pkg/client"}, names: map[string]bool{
		"Update": true, "UpdateStatus": true, "UpdateScale": true, "Patch": true,
		"Apply": true, "ApplyStatus": true, "ApplyScale": true, "Delete": true, "DeleteCollection": true,
		"DeleteAllOf": true, "Evict": true, "EvictV1": true, "Bind": true}},
	// A kubeconfig written (kubectl config set-context, get-credentials):
	// the same entries again.
	{kind: kindFile, paths: []string{"k8s.io/client-go/tools/clientcmd"}, names: converging("ModifyConfig", "WriteToFile")},
	{kind: kindK8s, paths: []string{"helm.sh/helm/v3/pkg/action", "helm.sh/helm/v4/pkg/action"}, names: map[string]bool{
		"Install.Run": false, "Install.RunWithContext": false, "Upgrade.Run": true, "Upgrade.RunWithContext": true,
		"Uninstall.Run": true, "Rollback.Run": true,
		// A test run starts the chart's test pods again.
		"ReleaseTesting.Run": false}},
	// A packaged or pulled chart overwrites its archive, a login or logout
	// rewrites the credentials file; a pushed chart version is stored
	// under its digest, so a repeat stores the same.
	{kind: kindFile, paths: []string{"helm.sh/helm/v3/pkg/action", "helm.sh/helm/v4/pkg/action"}, names: converging(
		"Package.Run", "Pull.Run", "RegistryLogin.Run", "RegistryLogout.Run")},
	{kind: kindRemote, paths: []string{"helm.sh/helm/v3/pkg/action", "helm.sh/helm/v4/pkg/action"}, names: converging("Push.Run")},
	// Delve's RPC client drives a debugged process: a resumed or stepped
	// program runs on from where the first call left it, and a breakpoint
	// created again is a second one (or an error); clearing one, halting,
	// detaching or setting a variable converge.
	{kind: kindDebug, paths: []string{"github.com/go-delve/delve/service/rpc2"}, names: map[string]bool{
		"RPCClient.Continue": false, "RPCClient.DirectionCongruentContinue": false, "RPCClient.Next": false,
		"RPCClient.Step": false, "RPCClient.StepOut": false, "RPCClient.StepInstruction": false,
		"RPCClient.ReverseNext": false, "RPCClient.ReverseStep": false, "RPCClient.ReverseStepOut": false,
		"RPCClient.ReverseStepInstruction": false, "RPCClient.Rewind": false, "RPCClient.Call": false,
		"RPCClient.CreateBreakpoint": false, "RPCClient.CreateBreakpointWithExpr": false,
		"RPCClient.CreateWatchpoint": false, "RPCClient.ToggleBreakpoint": false, "RPCClient.Checkpoint": false,
		"RPCClient.Restart": true, "RPCClient.RestartFrom": true, "RPCClient.Halt": true, "RPCClient.Detach": true,
		"RPCClient.Disconnect": true, "RPCClient.ClearBreakpoint": true, "RPCClient.ClearBreakpointByName": true,
		"RPCClient.AmendBreakpoint": true, "RPCClient.ClearCheckpoint": true, "RPCClient.SetVariable": true}},
	// go-git writes the repository it opened: a commit, a moved file or
	// a rename happens again; staging, checking out, resetting, a branch,
	// tag or remote made or deleted by name, a push or a pull converge. A
	// repository initialized or cloned into a temporary directory is
	// housekeeping.
	{kind: kindGit, paths: goGitPaths, names: map[string]bool{
		"Worktree.Commit": false, "Worktree.Move": false, "Worktree.Add": true, "Worktree.AddGlob": true,
		"Worktree.AddWithOptions": true, "Worktree.Remove": true, "Worktree.RemoveGlob": true,
		"Worktree.Checkout": true, "Worktree.Reset": true, "Worktree.ResetSparsely": true,
		"Worktree.Clean": true, "Worktree.Pull": true, "Worktree.PullContext": true,
		"Repository.Push": true, "Repository.PushContext": true, "Repository.CreateBranch": true,
		"Repository.DeleteBranch": true, "Repository.CreateTag": true, "Repository.DeleteTag": true,
		"Repository.CreateRemote": true, "Repository.DeleteRemote": true,
		"Remote.Push": true, "Remote.PushContext": true}},
	{kind: kindGit, paths: goGitPaths, names: converging("PlainInit", "PlainInitWithOptions", "PlainClone", "PlainCloneContext"), check: notTemp(0, true)},
	// Its storage, which a repository's Storer field exposes: a
	// reference or an object set by name or hash converges.
	{kind: kindGit, paths: goGitStorerPaths, names: converging(
		"SetReference", "CheckAndSetReference", "RemoveReference", "SetEncodedObject", "SetConfig", "SetIndex", "SetShallow")},
	// COM automation through go-ole: oleutil.CallMethod(item, "Save")
	// runs the named method of an object model (Outlook, Word, Excel).
	// The name decides (comMethods); a lookup, a sort of a view or any
	// name the table does not know is no effect. A name that is the
	// enclosing function's parameter is each caller's (Effect.Op).
	{kind: kindCOM, paths: []string{"github.com/go-ole/go-ole/oleutil"}, names: idem("CallMethod", "MustCallMethod"), check: comCall},
	{kind: kindGitHub, paths: []string{"github.com/shurcooL/githubv4"}, names: idem("Client.Mutate"), rpc: true},
	{kind: kindGitHub, paths: goGitHubPaths(), verbs: words(
		"Create", "Edit", "Delete", "Add", "Remove", "Merge", "Update", "Replace", "Set", "Upload",
		"Transfer", "Lock", "Unlock", "Dismiss", "Request", "Submit", "Enable", "Disable", "Rerun",
		"Cancel", "Approve", "Reject", "Mark", "Star", "Unstar", "Follow", "Unfollow", "Block",
		"Unblock", "Rename", "Trigger", "Dispatch", "Archive", "Restore", "Accept", "Decline",
		"Revoke", "Subscribe", "Unsubscribe", "Assign", "Generate", "Install", "Suspend", "Unsuspend",
		"Redeliver", "Review", "Resolve", "Reopen", "Close", "Pin", "Unpin", "Hide", "Unhide"),
		check: goGitHubService, fnOnly: true},
	// resty's requests are classified with their method in http.go.
	// Azure Cosmos DB: a transactional batch runs the operations queued on
	// it (CreateItem, UpsertItem, DeleteItem, ...), which only build it;
	// a batch that creates adds the items again, or fails.
	{kind: kindRemote, paths: []string{"github.com/Azure/azure-sdk-for-go/sdk/data/azcosmos"}, names: idem("ContainerClient.ExecuteTransactionalBatch")},
	// gotd's Telegram client: one method per MTProto call, named by its
	// namespace and then its verb (MessagesSendMessage, ChannelsEditAdmin,
	// MessagesGetHistory): the verb decides (gotdCall).
	{kind: kindRemote, paths: []string{"github.com/gotd/td/tg"}, all: true, check: gotdCall, fnOnly: true},
	// slack-go (every Web API call a POST: the method says nothing): a
	// message posted, scheduled or uploaded, a reminder, a bookmark, a
	// canvas repeat; a reaction, a pin or a star added (a repeat answers
	// already_reacted), an edit, a delete, a topic, a membership, a
	// status and a conversation created by name (name_taken) converge.
	{kind: kindPublish, paths: []string{"github.com/slack-go/slack"}, names: withContext(map[string]bool{
		"PostMessage": false, "PostEphemeral": false, "SendMessage": false, "ScheduleMessage": false}),
	},
	{kind: kindRemote, paths: []string{"github.com/slack-go/slack"}, names: withContext(map[string]bool{
		"UploadFile": false, "UploadFileV2": false, "AddBookmark": false, "AddChannelReminder": false,
		"AddUserReminder": false, "AddCall": false, "StartStream": false, "AppendStream": false,
		"CreateCanvas": false, "CreateChannelCanvas": false,
		"AddReaction": true, "RemoveReaction": true, "AddPin": true, "RemovePin": true, "AddStar": true,
		"RemoveStar": true, "UpdateMessage": true, "DeleteMessage": true, "DeleteScheduledMessage": true,
		"DeleteFile": true, "DeleteFileComment": true, "DeleteReminder": true, "RemoveBookmark": true,
		"EditBookmark": true, "SetTopicOfConversation": true, "SetPurposeOfConversation": true,
		"RenameConversation": true, "ArchiveConversation": true, "UnArchiveConversation": true,
		"JoinConversation": true, "LeaveConversation": true, "KickUserFromConversation": true,
		"InviteUsersToConversation": true, "MarkConversation": true, "CloseConversation": true,
		"OpenConversation": true, "CreateConversation": true, "CreateUserGroup": true,
		"UpdateUserGroup": true, "UpdateUserGroupMembers": true, "EnableUserGroup": true,
		"DisableUserGroup": true, "SetUserPresence": true, "SetUserCustomStatus": true,
		"UnsetUserCustomStatus": true, "SetUserProfile": true, "SetUserRealName": true,
		"MuteChat": true, "UnMuteChat": true, "EndDND": true, "SetSnooze": true, "EndSnooze": true}),
	},
	// go-openai: a completion, an embedding, a moderation, an image or a
	// transcription is computed and returned, and stores nothing (its
	// Create is a POST that reads); the files, assistants, threads,
	// runs, batches, fine-tunes and vector stores it keeps are state.
	{kind: kindRemote, paths: []string{"github.com/sashabaranov/go-openai"}, only: true, names: map[string]bool{
		"Client.CreateAssistant": false, "Client.CreateAssistantFile": false, "Client.CreateBatch": false,
		"Client.CreateBatchWithUploadFile": false, "Client.CreateFile": false, "Client.CreateFileBytes": false,
		"Client.CreateFineTune": false, "Client.CreateFineTuningJob": false, "Client.CreateMessage": false,
		"Client.CreateRun": false, "Client.CreateThread": false, "Client.CreateThreadAndRun": false,
		"Client.CreateVectorStore": false, "Client.CreateVectorStoreFile": false,
		"Client.CreateVectorStoreFileBatch": false, "Client.SubmitToolOutputs": false, "Client.UploadBatchFile": false,
		"Client.DeleteAssistant": true, "Client.DeleteAssistantFile": true, "Client.DeleteFile": true,
		"Client.DeleteFineTune": true, "Client.DeleteFineTuneModel": true, "Client.DeleteMessage": true,
		"Client.DeleteThread": true, "Client.DeleteVectorStore": true, "Client.DeleteVectorStoreFile": true,
		"Client.ModifyAssistant": true, "Client.ModifyMessage": true, "Client.ModifyRun": true,
		"Client.ModifyThread": true, "Client.ModifyVectorStore": true, "Client.CancelBatch": true,
		"Client.CancelFineTune": true, "Client.CancelFineTuningJob": true, "Client.CancelRun": true,
		"Client.CancelVectorStoreFileBatch": true}},
}

var goGitPaths = []string{"github.com/go-git/go-git/v5", "github.com/go-git/go-git/v6", "gopkg.in/src-d/go-git.v4"}

var goGitStorerPaths = []string{
	"github.com/go-git/go-git/v5/plumbing/storer", "github.com/go-git/go-git/v5/storage",
	"github.com/go-git/go-git/v5/storage/filesystem", "github.com/go-git/go-git/v5/config",
	"github.com/go-git/go-git/v6/plumbing/storer", "github.com/go-git/go-git/v6/storage",
	"github.com/go-git/go-git/v6/storage/filesystem", "github.com/go-git/go-git/v6/config",
}

var pgxPaths = []string{"github.com/jackc/pgx/v5", "github.com/jackc/pgx/v4", "github.com/jackc/pgx/v5/pgxpool", "github.com/jackc/pgx/v4/pgxpool"}

// neverEffect lists package path prefixes whose functions are never side
// effects, and for which no facts are computed: telemetry, metrics and
// logging write files and sockets, but a retry repeating them is harmless
// (gopls's telemetry counters write a mapped file on Inc).
var neverEffect = []string{
	"golang.org/x/telemetry",
	"go.opentelemetry.io/",
	"github.com/prometheus/",
	"go.uber.org/zap",
	"github.com/sirupsen/logrus",
	"github.com/rs/zerolog",
	"github.com/getsentry/sentry-go",
	"github.com/DataDog/",
	"github.com/go-logr/",
	"k8s.io/klog",
	"github.com/golang/glog",
	"github.com/hashicorp/go-hclog",
	"github.com/charmbracelet/log",
	"github.com/stretchr/testify",
	// Schema migrations are recorded in a table and applied once: running
	// them again is a no-op (helm's SQL storage driver migrates on
	// connect, which made helm_list look like a write).
	"github.com/rubenv/sql-migrate",
	"github.com/golang-migrate/migrate",
	"github.com/pressly/goose",
	// A browser automation library downloads a browser into its cache,
	// unpacks it, starts it and connects to it: housekeeping. What the
	// pages the tool then drives do is not seen (a click may post or
	// only open a menu).
	"github.com/go-rod/rod",
	"github.com/ysmood/fetchup",
	"github.com/ysmood/leakless",
	"github.com/chromedp/chromedp",
	"github.com/playwright-community/playwright-go",
	// A terminal UI draws on the terminal (a spinner while a command
	// waits): presentation, not an effect.
	"github.com/charmbracelet/bubbletea",
	"github.com/charmbracelet/bubbles",
	"github.com/charmbracelet/lipgloss",
	"charm.land/",
	// gotd's peer and session storages keep the Telegram client's own
	// state, the access hashes of the peers the API returned and the
	// session: a repeat stores the same (telegram-mcp's read tools fill
	// a pebble peer store).
	"github.com/gotd/contrib/pebble",
	"github.com/gotd/contrib/bbolt",
	"github.com/gotd/contrib/redis",
	"github.com/gotd/contrib/storage",
	"github.com/gotd/contrib/s3",
	"github.com/gotd/contrib/vault",
	"github.com/gotd/td/session",
}

// knownReads are functions that reach a sink but only read: GraphQL
// queries are POSTs.
var knownReads = map[string]bool{
	"(*github.com/shurcooL/githubv4.Client).Query":           true,
	"(*github.com/shurcooL/graphql.Client).Query":            true,
	"(*github.com/hasura/go-graphql-client.Client).Query":    true,
	"(*github.com/hasura/go-graphql-client.Client).QueryRaw": true,
	"(*github.com/machinebox/graphql.Client).Run":            false,
	"(*github.com/cli/go-gh/v2/pkg/api.GraphQLClient).Query": true,
	"(*github.com/cli/shurcooL-graphql.Client).Query":        true,
	// go-containerregistry's crane reads an image or a registry; its
	// transport POSTs only to exchange a registry token.
	"github.com/google/go-containerregistry/pkg/crane.Digest":   true,
	"github.com/google/go-containerregistry/pkg/crane.Manifest": true,
	"github.com/google/go-containerregistry/pkg/crane.Config":   true,
	"github.com/google/go-containerregistry/pkg/crane.Head":     true,
	"github.com/google/go-containerregistry/pkg/crane.Pull":     true,
	"github.com/google/go-containerregistry/pkg/crane.Export":   true,
	"github.com/google/go-containerregistry/pkg/crane.ListTags": true,
	"github.com/google/go-containerregistry/pkg/crane.Catalog":  true,
}

// senders are clients' calls whose HTTP method the catalogue knows and
// whose path or document the caller gives, where the generic rules do
// not follow them:
//   - GraphQL calls whose document the caller gives in a struct: a query
//     reads, a mutation is the POST it is (the method alone says nothing:
//     every operation is a POST). go-gitlab sets the GraphQL path after
//     building the request.
//   - Vault's logical writes, a PUT to "/v1/"+path
//     (https://developer.hashicorp.com/vault/api-docs): the caller's path
//     says whether it sets a value (secret/data/x, converging) or runs an
//     action (pki/issue/role issues another certificate: actionPath).
var senders = map[string]*HTTP{}

// senderPkgs are the packages of senders.
var senderPkgs = words("gitlab.com/gitlab-org/api/client-go", "gitlab.com/gitlab-org/api/client-go/v2", "github.com/xanzy/go-gitlab",
	vaultAPI)

const vaultAPI = "github.com/hashicorp/vault/api"

func init() {
	for _, path := range []string{"gitlab.com/gitlab-org/api/client-go", "gitlab.com/gitlab-org/api/client-go/v2", "github.com/xanzy/go-gitlab"} {
		h := &HTTP{Method: "POST", MethodParam: -1, ReqParam: -1, PathParam: -1, Path: "/api/graphql",
			QueryParam: 0, QueryField: "Query", RPC: true, From: "Do", Sink: "(*net/http.Client).Do"}
		senders["(*"+path+".GraphQL).Do"] = h
		senders["("+path+".GraphQLInterface).Do"] = h
	}
	for name, path := range map[string]int{"Write": 0, "WriteWithContext": 1, "WriteBytes": 0, "WriteBytesWithContext": 1, "WriteRaw": 0, "WriteRawWithContext": 1} {
		senders["(*"+vaultAPI+".Logical)."+name] = &HTTP{Method: "PUT", MethodParam: -1, ReqParam: -1, PathParam: path,
			QueryParam: -1, From: name, Sink: "(*" + vaultAPI + ".Logical)." + name}
	}
}

// Kubernetes access and token reviews are "created" but never stored:
// the API server answers the question and keeps nothing, so they are
// reads (kubernetes-mcp-server pre-checks RBAC with a
// SelfSubjectAccessReview in its list tools; toolhints reported them).
func init() {
	for _, v := range []string{"authorization/v1", "authorization/v1beta1"} {
		for _, t := range []string{"SelfSubjectAccessReviewInterface", "SubjectAccessReviewInterface",
			"LocalSubjectAccessReviewInterface", "SelfSubjectRulesReviewInterface"} {
			knownReads["(k8s.io/client-go/kubernetes/typed/"+v+"."+t+").Create"] = true
		}
	}
	for _, v := range []string{"authentication/v1", "authentication/v1beta1", "authentication/v1alpha1"} {
		for _, t := range []string{"TokenReviewInterface", "SelfSubjectReviewInterface"} {
			knownReads["(k8s.io/client-go/kubernetes/typed/"+v+"."+t+").Create"] = true
		}
	}
}

// remoteVerbs are the strong mutation verbs of the generic rule: a method
// of a third-party SDK client (a type from another module, not the
// standard library) that takes a context.Context first and whose name
// starts with one of these words is taken to change remote state.
//
// The rule was chosen from real servers: SDK clients that do I/O take a
// context (go-github, client-go, the AWS SDK, stripe-go v82+, kafka-go),
// while in-memory caches, metrics and loggers mostly do not; "Write" is
// left out because transports (conn.Write(ctx, ...)) use it. "Add" is in
// (AddComment, AddIssueToSprint): the metrics that name it so
// (counter.Add(ctx, 1)) are OpenTelemetry's and Prometheus's, which
// notRemote leaves out. A name with a dry-run word (DryRunName) is never
// taken: CreateOrderPreview computes what a create would do.
var remoteVerbs = words(
	"Create", "Insert", "Send", "Publish", "Post", "Charge", "Transfer", "Install",
	"Apply", "Delete", "Update", "Upsert", "Patch", "Put", "Submit", "Enqueue",
	"Merge", "Edit", "Refund", "Pay", "Capture", "Deploy", "Provision", "Trigger",
	"Dispatch", "Uninstall", "Upload", "Remove", "Destroy", "Terminate", "Purge",
	"Add", "Move", "Transition", "Cancel", "Drop", "Rename")

// remoteIdem lists which generic verbs are idempotent by nature: moving
// an item to a place converges (a second move leaves it there), and so
// does dropping a table or an index, or renaming one.
var remoteIdem = words("Delete", "Update", "Upsert", "Put", "Apply", "Remove", "Destroy", "Terminate", "Purge", "Move", "Cancel", "Drop", "Rename")

// dryRunWords are the words that, anywhere in a function's name, say
// that it computes what a change would do without making it:
// CreateOrderPreview, DeployDryRun, SimulateTransfer, ValidateConfig,
// EstimateCost. Such a name is a read for every judgement by name (the
// generic rule, the verbs of the catalogue's rules, a POST named like a
// read, toolhints' mutators) whatever its first word.
var dryRunWords = words("preview", "dryrun", "simulate", "validate", "estimate")

// DryRunName reports whether a function's name has a dry-run word
// (dryRunWords; Dry followed by Run) among its words.
func DryRunName(name string) bool {
	ws := nameWords(name)
	for i, w := range ws {
		w = strings.ToLower(w)
		if dryRunWords[w] || (w == "dry" && i+1 < len(ws) && strings.EqualFold(ws[i+1], "run")) {
			return true
		}
	}
	return false
}

// nameWords splits a Go name into its words: at an upper-case letter
// after a lower-case one or a digit, before the last upper-case letter of
// an acronym that a lower-case one follows (HTTPServer: HTTP, Server), and
// at underscores.
// NameWords returns the words of a Go or snake_case name (nameWords).
func NameWords(name string) []string { return nameWords(name) }

func nameWords(name string) []string {
	var ws []string
	start := 0
	isUpper := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	isLower := func(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c == '_' {
			if i > start {
				ws = append(ws, name[start:i])
			}
			start = i + 1
			continue
		}
		if i > start && isUpper(c) && (isLower(name[i-1]) || i+1 < len(name) && isUpper(name[i-1]) && isLower(name[i+1])) {
			ws = append(ws, name[start:i])
			start = i
		}
	}
	if start < len(name) {
		ws = append(ws, name[start:])
	}
	return ws
}

// notRemote lists package path prefixes whose methods are never remote
// mutations for the generic rule: the MCP SDKs themselves (CreateMessage
// asks the client's model, it changes nothing), telemetry and logging.
var notRemote = []string{
	"github.com/modelcontextprotocol/go-sdk",
	"github.com/mark3labs/mcp-go",
	"github.com/ThinkInAIXYZ/go-mcp",
	"trpc.group/trpc-go/trpc-mcp-go",
	"github.com/metoro-io/mcp-golang",
	"github.com/FreePeak/cortex",
	"github.com/strowk/foxy-contexts",
	"github.com/viant/mcp",
	"go.opentelemetry.io/",
	"github.com/prometheus/",
	"go.uber.org/zap",
	"github.com/sirupsen/logrus",
	"github.com/rs/zerolog",
	"golang.org/x/",
	"google.golang.org/grpc",
	"google.golang.org/protobuf",
	"github.com/stretchr/testify",
}

// withContext returns names with each name's Context variant added
// (slack-go's PostMessage and PostMessageContext).
func withContext(names map[string]bool) map[string]bool {
	out := make(map[string]bool, 2*len(names))
	for n, idem := range names {
		out[n], out[n+"Context"] = idem, idem
	}
	return out
}

// converging is idem for names whose effect is idempotent by nature.
func converging(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

func idem(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = false
	}
	return m
}

func words(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

func goGitHubPaths() []string {
	var ps []string
	for v := 50; v <= 90; v++ {
		ps = append(ps, "github.com/google/go-github/v"+itoa(v)+"/github")
	}
	return ps
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// modifiers are the words that, leading a method's name, qualify its
// verb rather than name it: SafeDelete (go-tfe's Workspaces), ForceDelete,
// SoftDelete, BulkCreate, BatchInsert, AsyncSend.
var modifiers = words("Safe", "Force", "Soft", "Hard", "Bulk", "Batch", "Async")

// Verb returns the verb of a Go name: its first word, or the next one
// when the first is a modifier ("SafeDelete" → "Delete").
func Verb(name string) string {
	w := firstWord(name)
	if modifiers[w] && len(w) < len(name) {
		return firstWord(name[len(w):])
	}
	return w
}

// readTails are the last words of a method named by its HTTP method and
// path (PostProjectSearch, PostUserList) that say the endpoint reads.
var readTails = words("Search", "Query", "List", "Lookup", "Find", "Count")

// lastWord returns the trailing capitalized word of a Go name:
// "PostProjectSearch" → "Search".
func lastWord(name string) string {
	for i := len(name) - 1; i > 0; i-- {
		if 'A' <= name[i] && name[i] <= 'Z' {
			return name[i:]
		}
	}
	return name
}

// firstWord returns the leading capitalized word of a Go name:
// "CreateIssue" → "Create", "Delete" → "Delete".
func firstWord(name string) string {
	for i := 1; i < len(name); i++ {
		if 'A' <= name[i] && name[i] <= 'Z' {
			return name[:i]
		}
	}
	return name
}

// ---- argument checks ----

// notTemp is an effect unless the path argument i names a temporary file.
// A path that a parameter of the enclosing function gives is judged at
// each call site (pathCond).
func notTemp(i int, idem bool) func(s *site) (bool, bool) {
	return func(s *site) (bool, bool) {
		if s.argIsTemp(i) {
			return false, false
		}
		s.pathCond(i)
		return true, idem
	}
}

// rename: a rename onto a temporary path is no effect; one from a
// temporary file (os.CreateTemp, then os.Rename onto the destination) is
// the atomic-write idiom, an overwrite; any other moves a file, which a
// repeat finds gone, changing nothing: idempotent by nature, as a delete.
func rename(s *site) (bool, bool) {
	if s.argIsTemp(1) {
		return false, false
	}
	return true, true
}

// imapCopy: an IMAP COPY adds the messages to the destination each
// time, unless the function also expunges (a move done by hand: COPY,
// STORE \Deleted, EXPUNGE), whose repeat finds the source gone.
func imapCopy(s *site) (bool, bool) {
	expunges := false
	if s.sc != nil && s.sc.body != nil {
		ast.Inspect(s.sc.body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || expunges {
				return !expunges
			}
			if fn, ok := typeutil.Callee(s.sc.info, call).(*types.Func); ok && fn.Pkg() == s.fn.Pkg() && strings.HasSuffix(strings.ToLower(fn.Name()), "expunge") {
				expunges = true
			}
			return true
		})
	}
	return true, expunges
}

// imapFetch: go-imap v2's Client.Fetch(numSet, options) sets \Seen when
// options ask for a body section without Peek. Peek set from a bool
// parameter of the enclosing function, or read from a section it is
// given, is each caller's (Effect.Unless).
func imapFetch(s *site) (bool, bool) {
	if s.sc == nil || !s.sc.flow() {
		return false, false
	}
	opts := s.arg(1)
	if opts == nil {
		return false, false
	}
	sections, ok := s.sc.r.vf.Eval(opts, nil).Field("BodySection")
	if !ok || sections == nil {
		return false, false // no body section: flags, envelope, size
	}
	var seen fetchSeen
	for _, list := range sections.Each() {
		if list.Kind != valueflow.Slice || list.Elems == nil {
			return false, false // not a list the engine follows: silent
		}
		for _, sec := range list.Elems.Each() {
			if !seen.section(s.sc, sec) {
				return false, false
			}
		}
	}
	return seen.verdict(s)
}

// imapFetchV1: go-imap v1's Client.Fetch and UidFetch(seqset, items, ch)
// set \Seen when an item is a body section without PEEK (section.
// FetchItem() of a BodySectionName whose Peek is not set, which the
// engine keeps as a call: valueflow's interpreted; or a constant
// "BODY[...]"), or RFC822 or RFC822.TEXT. A list or an item the engine
// does not know leaves it silent.
func imapFetchV1(s *site) (bool, bool) {
	if s.sc == nil || !s.sc.flow() {
		return false, false
	}
	items := s.arg(1)
	if items == nil {
		return false, false
	}
	val := s.sc.r.vf.Eval(items, s.sc.env)
	if p := s.sc.paramField(val); len(val.Each()) == 1 && p.param >= 0 && p.field == "" {
		// A helper given the items: each call's decide (Effect.Fetch).
		s.fetch = p.param + 1
		return true, true
	}
	seen, ok := fetchItems(s.sc, val)
	if !ok {
		return false, false
	}
	return seen.verdict(s)
}

// fetchItems judges the items of a go-imap v1 FETCH (imapFetchV1), and
// whether the engine knows every one of them.
func fetchItems(sc *Scope, items *valueflow.Value) (fetchSeen, bool) {
	var seen fetchSeen
	for _, list := range items.Each() {
		if list.Kind != valueflow.Slice || list.Elems == nil {
			return seen, false
		}
		for _, it := range list.Elems.Each() {
			if str, ok := it.String1(); ok {
				up := strings.ToUpper(str)
				seen.effect = seen.effect || strings.HasPrefix(up, "BODY[") || up == "RFC822" || up == "RFC822.TEXT"
				continue
			}
			fn, _ := it.Obj.(*types.Func)
			if it.Kind != valueflow.Call || fn == nil || fn.Name() != "FetchItem" || it.Recv == nil {
				return seen, false
			}
			if !seen.section(sc, it.Recv) {
				return seen, false
			}
		}
	}
	return seen, true
}

// fetchCall judges a call of a function whose FETCH sends the items its
// parameter e.Fetch holds: by the items this call gives.
func fetchCall(sc *Scope, call *ast.CallExpr, fn types.Object, e *Effect) *Effect {
	if e.Fetch-1 >= len(call.Args) || !sc.flow() {
		return nil
	}
	out := &Effect{Sink: e.Sink, Kind: e.Kind, Idempotent: e.Idempotent, Via: qualifiedName(fn)}
	val := sc.r.vf.Eval(call.Args[e.Fetch-1], sc.env)
	if p := sc.paramField(val); len(val.Each()) == 1 && p.param >= 0 && p.field == "" {
		out.Fetch = p.param + 1 // this function's caller's
		return out
	}
	seen, ok := fetchItems(sc, val)
	switch {
	case !ok:
		return nil
	case seen.effect:
		return out
	case len(seen.cond) == 1:
		out.Unless, out.UnlessField = seen.cond[0].param+1, seen.cond[0].field
		return out
	}
	return nil
}

// fetchSeen gathers what the body sections of a FETCH do to \Seen.
type fetchSeen struct {
	effect bool   // a section without Peek
	cond   []hval // sections whose Peek a parameter of the function gives
}

// section judges one body section by its Peek field: unset or false sets
// \Seen; a parameter's (or a section the caller passes) is each
// caller's. False when the engine does not know the section.
func (f *fetchSeen) section(sc *Scope, sec *valueflow.Value) bool {
	var peek *valueflow.Value
	switch sec.Kind {
	case valueflow.Struct:
		if p, _ := sec.Field("Peek"); p != nil {
			peek = p
		} else {
			peek = valueflow.BoolValue(false) // unset
		}
	case valueflow.Param, valueflow.Field:
		peek = sec.Select("Peek") // a section the caller passes
	default:
		return false
	}
	switch v, p := sc.boolVal(peek); v {
	case vEffect:
		f.effect = true
	case vCond:
		f.cond = append(f.cond, p)
	}
	return true
}

// verdict is the check's answer: a write (converging) when a section
// sets \Seen, or may by its one parameter (Effect.Unless).
func (f *fetchSeen) verdict(s *site) (bool, bool) {
	if !f.effect && len(f.cond) == 1 {
		s.unless, s.unlessField = f.cond[0].param+1, f.cond[0].field
	}
	return f.effect || len(f.cond) > 0, true
}

var writeFlags = int64(os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREATE | os.O_TRUNC)

// openFlags: os.OpenFile is an effect only when its constant flags ask for
// writing; an append is not idempotent, an overwrite is.
func openFlags(s *site) (bool, bool) {
	if s.argIsTemp(0) {
		return false, false
	}
	if s.fn != nil && s.fn.Pkg() != nil && s.fn.Pkg().Path() == "os" {
		s.pathCond(0) // a local path (a remote one is never temporary here)
	}
	v, ok := s.constInt(1)
	if !ok {
		return false, false // unknown flags: stay silent
	}
	if v&writeFlags == 0 {
		return false, false
	}
	return true, v&int64(os.O_APPEND) == 0
}

// restVerb classifies a client-go REST request sent by Do or DoRaw by
// the verb its chain starts with: Post creates; Put, Patch and Delete
// converge; Get reads; Verb("POST") says it as a constant. A request
// kept in a local is followed to its one definition; a request that is a
// parameter of the enclosing function is judged at each call site
// (Effect.Rest); a verb not found stays silent.
func restVerb(s *site) (bool, bool) {
	if recvName(s.fn) != "Request" {
		return false, false // a verb method: the request is sent by Do
	}
	write, idem, param := s.sc.restVerbAt(s.recvExpr())
	if param > 0 {
		s.rest = param
		return true, false
	}
	return write, idem
}

// restCall judges a call of fn, which sends the REST request its
// parameter e.Rest holds, by the verb of the request the call passes:
// the effect for the caller, itself conditional when that request is the
// caller's parameter, or nil.
func restCall(sc *Scope, call *ast.CallExpr, fn types.Object, e *Effect) *Effect {
	if e.Rest-1 >= len(call.Args) {
		return nil
	}
	write, idem, param := sc.restVerbAt(call.Args[e.Rest-1])
	switch {
	case param > 0:
		return &Effect{Sink: e.Sink, Kind: e.Kind, Via: qualifiedName(fn), Rest: param}
	case write:
		return &Effect{Sink: e.Sink, Kind: e.Kind, Idempotent: idem, Via: qualifiedName(fn)}
	}
	return nil
}

// restVerbAt classifies the client-go REST request x holds by the verb
// its chain starts with (restVerb), or returns the 1-based parameter of
// the enclosing function that holds it, which its callers decide.
func (sc *Scope) restVerbAt(x ast.Expr) (write, idem bool, param int) {
	for depth := 0; x != nil && depth < 24; depth++ {
		switch e := ast.Unparen(x).(type) {
		case *ast.CallExpr:
			sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			if !ok {
				return sc.restVerbFlow(e) // built by a helper
			}
			fn, _ := typeutil.Callee(sc.info, e).(*types.Func)
			if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "k8s.io/client-go/rest" && recvName(fn) != "Request" {
				verb := fn.Name()
				if verb == "Verb" {
					verb, _ = sc.stringOf(argAt(e, 0))
				}
				write, idem = restVerbOf(verb)
				return write, idem, 0
			}
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "k8s.io/client-go/rest" {
				return sc.restVerbFlow(e) // a helper's method
			}
			x = sel.X
		case *ast.Ident:
			d, ok := sc.single(e)
			if !ok {
				// A parameter the function does not assign: its callers'.
				if v, _ := sc.obj(e).(*types.Var); v != nil && len(sc.defsOf(v)) == 0 {
					if i, ok := sc.param(v); ok {
						return false, false, i + 1
					}
				}
				return false, false, 0
			}
			x = d
		default:
			// A field, an element: as the engine sees it.
			return sc.restVerbFlow(x)
		}
	}
	return false, false, 0
}

// restVerbOf classifies a REST verb: POST creates; PUT, PATCH and
// DELETE converge; anything else reads or is not known.
func restVerbOf(verb string) (bool, bool) {
	switch strings.ToUpper(verb) {
	case "POST":
		return true, false
	case "PUT", "PATCH", "DELETE":
		return true, true
	}
	return false, false
}

// restVerbFlow finds the verb of a REST request a helper built, as the
// value-flow engine sees it: the chain of calls on its result, to the
// verb method that started it, a method of an interface (rest.Interface's
// Delete() on a client the engine does not know), or a parameter of the
// enclosing function that holds the request (param, 1-based), which its
// callers decide.
func (sc *Scope) restVerbFlow(e ast.Expr) (write, idem bool, param int) {
	if !sc.flow() {
		return false, false, 0
	}
	v := sc.r.vf.Eval(e, nil)
	verbOf := func(a *valueflow.Value, name string) (bool, bool, int) {
		if name == "Verb" {
			name = ""
			if len(a.Args) == 1 {
				name, _ = a.Args[0].String1()
			}
		}
		write, idem := restVerbOf(name)
		return write, idem, 0
	}
	for depth := 0; depth < 24; depth++ {
		alts := v.Each()
		if len(alts) != 1 {
			return false, false, 0
		}
		a := alts[0]
		switch a.Kind {
		case valueflow.Param:
			if a.Index >= 0 && depth == 0 && sc.sig != nil && a.Index < sc.sig.Params().Len() && isRESTRequest(sc.sig.Params().At(a.Index).Type()) {
				return false, false, a.Index + 1
			}
			return false, false, 0
		case valueflow.Method:
			// The request a client's method started, on a receiver the
			// engine does not resolve: the value is a *rest.Request, so
			// the method is the REST verb.
			if depth == 0 && !isRESTRequest(sc.info.TypeOf(e)) {
				return false, false, 0
			}
			return verbOf(a, a.Name)
		case valueflow.Call:
		default:
			return false, false, 0
		}
		fn, _ := a.Obj.(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "k8s.io/client-go/rest" {
			return false, false, 0
		}
		if recvName(fn) != "Request" {
			return verbOf(a, fn.Name())
		}
		v = a.Recv
	}
	return false, false, 0
}

// isRESTRequest reports whether t is client-go's *rest.Request.
func isRESTRequest(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "k8s.io/client-go/rest" && n.Obj().Name() == "Request"
}

func realFile(s *site) (bool, bool)     { return !s.recvIsStdStream() && !s.recvIsTemp(), false }
func realFileIdem(s *site) (bool, bool) { return !s.recvIsStdStream() && !s.recvIsTemp(), true }

// sqlArg classifies an Exec by its constant query, when it has one: a
// constant SELECT is not a write.
func sqlArg(i int) func(s *site) (bool, bool) {
	return func(s *site) (bool, bool) {
		q, ok := s.constString(i)
		if !ok {
			// A statement built at run time whose leading keyword is
			// constant (fmt.Sprintf("PRAGMA busy_timeout = %d", ms),
			// "SELECT * FROM " + table) reads when that keyword does.
			var leads []string
			lead, ok := s.sqlLead(i)
			if ok {
				leads = []string{lead}
			} else {
				leads, ok = s.sqlLeads(s.arg(i))
			}
			if ok {
				// Every statement it can hold: a read when all read,
				// idempotent when all are by their keyword.
				write, idem := false, true
				for _, l := range leads {
					w, id := classifySQL(l, true)
					write = write || w
					idem = idem && (!w || id && !editsRows(l))
				}
				if !write {
					return false, false
				}
				if idem {
					return true, true
				}
			}
			// The enclosing function's parameter: each caller's
			// statement decides (exec(ctx, "COMMIT"), exec(ctx, stmt)).
			s.sql = s.sc.stringParam(s.arg(i))
			return true, false
		}
		return classifySQL(q, true)
	}
}

var mongoWrites = map[string]bool{
	"InsertOne": false, "InsertMany": false, "UpdateOne": true, "UpdateMany": true, "UpdateByID": true,
	"ReplaceOne": true, "DeleteOne": true, "DeleteMany": true, "FindOneAndUpdate": true,
	"FindOneAndReplace": true, "FindOneAndDelete": true, "BulkWrite": false, "Drop": true,
	"CreateOne": true, "CreateMany": true, "DropOne": true, "DropAll": true, "CreateCollection": true,
}

// mongoUpdate judges a MongoDB write by mongoWrites, and an update by its
// operators where the engine finds them (bson.M{"$inc": ...}, bson.D{{
// Key: "$push", ...}}): one that adds ($inc, $push, $mul) repeats.
func mongoUpdate(s *site) (bool, bool) {
	if s.fn == nil {
		return true, false
	}
	name := s.fn.Name()
	idem := mongoWrites[name]
	if !idem || !strings.HasPrefix(name, "Update") && name != "FindOneAndUpdate" || s.sc.r == nil || s.sc.r.vf == nil {
		return true, idem
	}
	a := s.arg(2) // (ctx, filter or id, update)
	if a == nil {
		return true, idem
	}
	adds := false
	s.sc.r.vf.Eval(a, nil).Mentions(func(v *valueflow.Value) bool {
		if v.Kind == valueflow.Slice {
			for _, k := range v.Keys {
				adds = adds || addingOps[k]
			}
		}
		if v.Kind == valueflow.Const {
			if k, ok := v.String1(); ok && addingOps[k] {
				adds = true
			}
		}
		return adds
	})
	return true, !adds
}

var addingOps = words("$inc", "$push", "$mul")

// preparedSQL judges a prepared statement's Exec by the text it was
// prepared from (stmt, _ := tx.PrepareContext(ctx, "INSERT OR IGNORE
// ..."), as the value-flow engine finds the receiver): a write, idempotent
// when every text it may hold is; a statement whose text is not known is
// a write that is not.
func preparedSQL(s *site) (bool, bool) {
	x := s.recvExpr()
	if x == nil || s.sc.r == nil || s.sc.r.vf == nil {
		return true, false
	}
	var texts []string
	vf := s.sc.r.vf
	var alts []*valueflow.Value
	for _, v := range vf.Eval(x, nil).Each() {
		// A statement kept in a field (d.insert, prepared by the
		// constructor or by Begin): each statement the package
		// stores there.
		if v.Kind == valueflow.Field && v.X != nil {
			if base, ok := v.X.Obj.(*types.Var); ok {
				if fv := vf.FieldValues(base.Type(), v.Name); len(fv) > 0 {
					for _, f := range fv {
						for _, a := range f.Each() {
							if a.Kind != valueflow.Nil { // d.txStmt = nil after Commit
								alts = append(alts, a)
							}
						}
					}
					continue
				}
			}
		}
		alts = append(alts, v)
	}
	for _, v := range alts {
		fn, _ := v.Obj.(*types.Func)
		if v.Kind != valueflow.Call || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "database/sql" {
			return true, false
		}
		i := 0
		switch fn.Name() {
		case "Prepare":
		case "PrepareContext":
			i = 1
		default:
			return true, false
		}
		if i >= len(v.Args) {
			return true, false
		}
		q, ok := v.Args[i].String1()
		if !ok {
			return true, false
		}
		texts = append(texts, q)
	}
	if len(texts) == 0 {
		return true, false
	}
	write, idem := false, true
	for _, q := range texts {
		w, id := classifySQL(q, true)
		write = write || w
		idem = idem && (!w || id)
	}
	return write, write && idem
}

// sqlQuery classifies a Query by its constant text: INSERT ... RETURNING
// through QueryRow is a write; anything unknown is not.
func sqlQuery(i int) func(s *site) (bool, bool) {
	return func(s *site) (bool, bool) {
		if q, ok := s.constString(i); ok {
			return classifySQL(q, false)
		}
		// The statements the engine finds it can hold (a constant a
		// helper returns, a field's): a write when one writes.
		leads, ok := s.sqlLeads(s.arg(i))
		if !ok {
			return false, false
		}
		write, idem := false, true
		for _, l := range leads {
			w, id := classifySQL(l, false)
			write, idem = write || w, idem && (!w || id)
		}
		return write, write && idem
	}
}

// sessionProcs are stored procedures that change only the session
// that calls them: Dolt's DOLT_CHECKOUT switches the session's branch
// (https://docs.dolthub.com/sql-reference/version-control/dolt-sql-procedures).
var sessionProcs = words("DOLT_CHECKOUT")

// idemProcs are stored procedures whose repeat changes nothing more:
// Dolt's DOLT_ADD stages tables, DOLT_RESET unstages or resets them,
// DOLT_FETCH, DOLT_PULL and DOLT_PUSH bring refs level, DOLT_MERGE of a
// branch merged already is up to date; DOLT_BRANCH, DOLT_TAG,
// DOLT_REMOTE and DOLT_CLONE create, move or delete what the caller
// names, and their repeat fails (already exists, not found); DOLT_COMMIT
// of nothing staged fails unless --allow-empty says otherwise
// (https://docs.dolthub.com/sql-reference/version-control/dolt-sql-procedures).
var idemProcs = words("DOLT_ADD", "DOLT_RESET", "DOLT_FETCH", "DOLT_PULL", "DOLT_PUSH", "DOLT_MERGE",
	"DOLT_BRANCH", "DOLT_TAG", "DOLT_REMOTE", "DOLT_CLONE", "DOLT_COMMIT")

// editsRows reports whether a statement (or its start) inserts or
// updates rows, whose repeat only its whole text can show harmless
// (ON CONFLICT, an update without an increment).
func editsRows(q string) bool {
	kw := strings.ToUpper(strings.TrimLeftFunc(sqlComment.ReplaceAllString(q, ""), unicode.IsSpace))
	return strings.HasPrefix(kw, "INSERT") || strings.HasPrefix(kw, "UPDATE") || strings.HasPrefix(kw, "WITH")
}

var (
	sqlComment   = regexp.MustCompile(`(?s)^(\s*(--[^\n]*\n|/\*.*?\*/))*\s*`)
	sqlIncrement = regexp.MustCompile(`(?i)=\s*[a-z_."]+\s*[-+]`)
)

// classifySQL reports whether a query writes and whether the write is
// idempotent by nature. def is the answer for statements it does not know.
func classifySQL(q string, def bool) (write, idem bool) {
	q = sqlComment.ReplaceAllString(q, "")
	up := strings.ToUpper(q)
	kw := up
	if i := strings.IndexAny(kw, " \t\n\r(;"); i >= 0 {
		kw = kw[:i]
	}
	switch kw {
	case "SELECT", "SHOW", "EXPLAIN", "SET", "BEGIN", "COMMIT", "ROLLBACK", "PRAGMA", "DESCRIBE", "VALUES", "USE":
		return false, false
	case "CALL":
		// A stored procedure that only changes the session, or whose
		// repeat changes nothing more.
		name := strings.TrimSpace(up[len(kw):])
		if i := strings.IndexAny(name, " \t\n\r(;"); i >= 0 {
			name = name[:i]
		}
		name = strings.Trim(name, "`\"")
		if sessionProcs[name] {
			return false, false
		}
		if idemProcs[name] {
			return true, !strings.Contains(up, "ALLOW-EMPTY")
		}
	case "INSERT":
		if auditTable(insertTable(up)) {
			// An audit trail's row (INSERT INTO audit_event ...): a record
			// of the call, as a log line is, which a retry repeats
			// harmlessly; not what the tool does.
			return false, false
		}
		return true, strings.Contains(up, "ON CONFLICT") || strings.Contains(up, "ON DUPLICATE KEY") ||
			strings.HasPrefix(up, "INSERT OR IGNORE") || strings.HasPrefix(up, "INSERT OR REPLACE")
	case "UPDATE":
		return true, !sqlIncrement.MatchString(q)
	case "DELETE", "UPSERT", "REPLACE", "MERGE", "TRUNCATE", "DROP", "CREATE", "ALTER":
		return true, true
	case "WITH":
		if strings.Contains(up, "INSERT ") || strings.Contains(up, "UPDATE ") || strings.Contains(up, "DELETE ") {
			return true, false
		}
		return false, false
	}
	return def, false
}

// insertTable returns the table an INSERT statement (upper-cased) writes,
// without its schema or quotes; "" when it cannot tell.
func insertTable(up string) string {
	f := strings.Fields(strings.NewReplacer("(", " ( ").Replace(up))
	for i := 1; i < len(f); i++ {
		if f[i] == "INTO" && i+1 < len(f) {
			t := strings.Trim(f[i+1], "`\"[]")
			if j := strings.LastIndexByte(t, '.'); j >= 0 {
				t = strings.Trim(t[j+1:], "`\"[]")
			}
			return t
		}
	}
	return ""
}

// auditTable reports whether a table (upper-cased) is an audit trail by
// a word of its name (audit_event, mcp_audit_logs, AUDITLOG; not
// auditors, a table of people), or is an activity log (activity_log, a
// timeline of who did what; not activities, a table of them).
func auditTable(t string) bool {
	ws := strings.FieldsFunc(t, func(r rune) bool { return r == '_' || r == '-' })
	for i, w := range ws {
		switch w {
		case "AUDIT", "AUDITS", "AUDITLOG", "AUDITLOGS", "AUDITTRAIL", "AUDITEVENT", "AUDITEVENTS", "ACTIVITYLOG", "ACTIVITYLOGS":
			return true
		case "ACTIVITY":
			if i+1 < len(ws) && (ws[i+1] == "LOG" || ws[i+1] == "LOGS") {
				return true
			}
		}
	}
	return false
}

// shells run whatever script they are given.
var shells = words("sh", "bash", "zsh", "dash", "ksh", "fish", "cmd", "cmd.exe", "powershell", "pwsh")

// commandReads lists command-line clients that change things, each with
// its read-only subcommands: a word, or two ("waypoint list") where the
// first word groups subcommands that read and write.
var commandReads = map[string]map[string]bool{
	"git": words("status", "log", "diff", "show", "rev-parse", "ls-files", "ls-remote", "describe",
		"remote", "config", "blame", "branch", "rev-list", "cat-file", "grep", "shortlog", "version"),
	"go": words("list", "env", "version", "vet", "doc", "mod", "build", "test", "tool", "help"),
	"kubectl": words("get", "describe", "logs", "top", "explain", "version", "api-resources", "api-versions", "diff", "auth", "cluster-info", "events",
		"config view", "config get-contexts", "config current-context", "rollout status", "rollout history"),
	"oc":        words("get", "describe", "logs", "whoami", "version"),
	"helm":      words("list", "ls", "status", "get", "show", "history", "template", "search", "version", "lint"),
	"terraform": words("plan", "show", "validate", "output", "version", "fmt", "providers", "graph"),
	"docker":    words("ps", "images", "inspect", "logs", "version", "info", "stats", "top", "port", "history", "search"),
	"podman":    words("ps", "images", "inspect", "logs", "version", "info", "stats", "top", "port", "history", "search"),
	"istioctl": words("version", "proxy-status", "proxy-config", "analyze", "describe", "remote-clusters",
		"ztunnel-config", "waypoint list", "waypoint status", "waypoint generate", "manifest generate",
		"manifest diff", "ztunnel config", "x precheck"),
	"cilium": words("status", "version", "bgp peers", "bgp routes", "clustermesh status", "features status",
		"config view", "hubble list"),
	// cilium-dbg, the agent's CLI, run in its pod (kubectl exec ... --
	// cilium-dbg ...): its reads, documented as subcommands that list,
	// get or show; config without KEY=VALUE shows the configuration.
	"cilium-dbg": words("status", "version", "debuginfo", "loadinfo", "config", "policy get", "policy selectors",
		"endpoint list", "endpoint get", "endpoint logs", "endpoint health", "identity list", "identity get",
		"ip list", "ip get", "map list", "map get", "map events", "node list", "nodeid list", "lrp list",
		"metrics list", "prefilter list", "recorder list", "recorder get", "service list", "service get",
		"fqdn names", "fqdn cache list", "kvstore get", "encrypt status", "envoy admin", "bpf", "monitor",
		"preflight validate-cnp", "bgp peers", "bgp routes"),
	// nats, the NATS CLI (github.com/nats-io/natscli): the subcommands
	// that only read NATS state, as its commands' impact:ro tags and
	// their code show. rtt (tagged rw) sends PINGs only; service (micro)
	// ping asks the services' PING discovery subject, as ls and info ask
	// INFO; object get also writes the object to a local file, which a
	// repeat overwrites alike. pub, request, reply, latency and bench
	// publish; consumer next and sub ack messages, and a JetStream sub
	// makes a consumer; account and stream backup write local files;
	// server check and server request each have a subcommand that
	// writes (check request, request kick), so they stay effects.
	"nats": words("rtt", "events", "account info", "account report", "account tls",
		"stream info", "stream ls", "stream list", "stream report", "stream find", "stream state",
		"stream subjects", "stream view", "stream get", "stream gaps", "stream graph",
		"consumer info", "consumer ls", "consumer list", "consumer report", "consumer find", "consumer state",
		"consumer graph", "kv get", "kv ls", "kv list", "kv history", "kv info", "kv status", "kv view", "kv watch",
		"object ls", "object info", "object get", "object watch",
		"server ls", "server list", "server info", "server ping", "server report", "server graph", "server watch",
		"service ls", "service list", "service info", "service stats", "service ping",
		"micro ls", "micro list", "micro info", "micro stats", "micro ping",
		"context ls", "context list", "context info", "context show", "context view", "context validate",
		"schema info", "schema show", "schema search", "schema ls", "schema list", "schema validate"),
	"gh":        words("status", "version"),
	"gcloud":    words("version", "info"),
	"aws":       words(),
	"az":        words("version"),
	"make":      words(),
	"npm":       words("ls", "list", "view", "version", "outdated"),
	"systemctl": words("status", "show", "list-units", "is-active", "is-enabled"),
}

// subReads and subWrites are the subcommand words of a binary none of
// the tables above knows (a vendor CLI, an in-house tool): when the first
// word after the binary and its leading flags is a constant, a read word
// makes the run a read (mytool get, mytool status --json), a write word
// keeps it an effect (mytool create, mytool deploy). Any other word, or a
// subcommand that is not a constant, leaves the run as an unknown binary's.
// The tables of the known clients, the read-only binaries and the shells
// come first: kubectl's, helm's or git's own subcommands decide theirs.
var subReads = words("get", "info", "ls", "list", "show", "describe", "status", "view", "report",
	"history", "find", "ping", "version", "help", "inspect", "logs", "top", "search", "diff", "cat",
	"whoami", "explain", "check", "validate", "dry-run", "template", "watch", "stat")

var subWrites = words("put", "add", "create", "del", "delete", "rm", "pub", "publish", "restore",
	"update", "apply", "set", "patch", "push", "install", "uninstall", "deploy", "kill", "stop",
	"start", "restart", "scale", "rollout", "drain", "cordon", "exec", "run", "send", "write", "mv",
	"cp", "mkdir", "move", "transition")

// readMostly are clients mostly run to query: a subcommand chosen at run
// time is unknown rather than a write.
var readMostly = words("git", "go")

// isOSArgs0 reports whether e is os.Args[0] or os.Executable's result.
func isOSArgs0(info *types.Info, e ast.Expr) bool {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(ix.X).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "os" && v.Name() == "Args"
}

// goGitHubService restricts go-github verbs to methods of its *XService
// types (IssuesService.Create), so that a helper type's Set is not taken.
func goGitHubService(s *site) (bool, bool) {
	recv := recvName(s.fn)
	if !strings.HasSuffix(recv, "Service") {
		return false, false
	}
	// Most GitHub writes converge (a second star, label, merge or edit
	// leaves the same state, or fails); creating, uploading, dispatching
	// and re-running make something new each time. Reactions are
	// returned, not duplicated.
	name := s.fn.Name()
	if strings.Contains(name, "Reaction") {
		return true, true
	}
	return true, !githubNonIdem[firstWord(name)]
}

// gotdCall judges a method of gotd's *tg.Client by the verb after its
// namespace: a Telegram call that sends, forwards, creates, exports (an
// invite link) or starts makes something new each time; one that deletes,
// edits, sets, toggles, pins, blocks, joins, leaves, marks read or saves
// a draft converges. Reads (Get, Search, Resolve, Check, Translate) and
// words not listed are no effect. The upload namespace stores a file's
// parts before the call that uses them, which expire unused: housekeeping.
func gotdCall(s *site) (bool, bool) {
	if recvName(s.fn) != "Client" {
		return false, false
	}
	name := s.fn.Name()
	ns := firstWord(name)
	if ns == name || ns == "Upload" {
		return false, false
	}
	verb := firstWord(name[len(ns):])
	idem, ok := gotdVerbs[verb]
	return ok && !DryRunName(name), idem
}

// gotdVerbs are the write verbs of gotd's Telegram calls, and whether a
// repeat converges.
var gotdVerbs = map[string]bool{
	"Send": false, "Forward": false, "Create": false, "Export": false, "Start": false, "Resend": false,
	"Report": false, "Migrate": false, "Vote": false, "Request": false,
	"Delete": true, "Edit": true, "Update": true, "Set": true, "Toggle": true, "Pin": true, "Unpin": true,
	"Clear": true, "Block": true, "Unblock": true, "Join": true, "Leave": true, "Read": true, "Save": true,
	"Mark": true, "Hide": true, "Reorder": true, "Install": true, "Uninstall": true, "Reset": true,
	"Deactivate": true, "Accept": true, "Decline": true, "Discard": true, "Confirm": true, "Change": true,
	"Import": true, "Invite": true, "Add": true, "Remove": true, "Register": true, "Unregister": true,
	"Log": true, "Sign": true, "Transfer": true, "Archive": true, "Unarchive": true,
}

// kiotaEffect judges a method of a request builder that Kiota generated
// (msgraph-sdk-go's ...Messages().Post(ctx, body, nil)): each builder
// method named by an HTTP method sends that request through the
// RequestAdapter interface, whose Send the body names for every method
// alike. Get (and every other builder method: ByChatId, ToGetRequest-
// Information) is no effect; Post and Patch are writes that a repeat
// makes again, Put and Delete converge. ok is false for any other
// function.
func kiotaEffect(fn *types.Func) (e *Effect, ok bool) {
	recv := recvName(fn)
	if !strings.HasSuffix(recv, "RequestBuilder") || !kiotaGenerated(fn.Pkg()) {
		return nil, false
	}
	method := strings.ToUpper(fn.Name())
	switch fn.Name() {
	case "Post", "Patch":
		return &Effect{Sink: qualifiedName(fn), Kind: kindHTTP, Method: method}, true
	case "Put", "Delete":
		return &Effect{Sink: qualifiedName(fn), Kind: kindHTTP, Method: method, Idempotent: true}, true
	}
	return nil, true
}

// kiotaGenerated reports whether pkg is a package of a Kiota-generated
// client: Microsoft Graph's SDKs, or one that imports Kiota's
// abstractions.
func kiotaGenerated(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	if strings.HasPrefix(pkg.Path(), "github.com/microsoftgraph/msgraph-") {
		return true
	}
	for _, imp := range pkg.Imports() {
		if imp.Path() == "github.com/microsoft/kiota-abstractions-go" {
			return true
		}
	}
	return false
}

var githubNonIdem = words("Create", "Upload", "Generate", "Rerun", "Trigger", "Dispatch", "Redeliver", "Transfer", "Submit")

// recvName returns the name of fn's receiver base type, or "".
func recvName(fn *types.Func) string {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

func constInt(v constant.Value) (int64, bool) {
	if v == nil || v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

func init() {
	// Commands run in a pod through the API server.
	pkgRules = append(pkgRules, pkgRule{kind: kindExec, paths: []string{"k8s.io/client-go/tools/remotecommand"},
		names: idem("Stream", "StreamWithContext")})
	// A Connect RPC (connectrpc.com/connect): every procedure is a POST;
	// the generated client's method, named after the procedure, decides
	// (rpcByName).
	pkgRules = append(pkgRules, pkgRule{kind: kindRemote, paths: []string{"connectrpc.com/connect"},
		names: idem("Client.CallUnary", "Client.CallClientStream", "Client.CallServerStream", "Client.CallBidiStream"), check: rpcByName})
	// A command run on a remote host over SSH (x/crypto/ssh's Session):
	// its command line is a shell's, judged as one (remoteCommand).
	pkgRules = append(pkgRules, pkgRule{kind: kindExec, paths: []string{"golang.org/x/crypto/ssh"},
		names: idem("Session.Run", "Session.Output", "Session.CombinedOutput", "Session.Start"), check: remoteCommand(0)})
}

// rpcByName judges a call of an RPC framework's client by the name of
// the method that makes it, the procedure's in generated code
// (func (c *notesClient) CreateNote(...) { return c.createNote.CallUnary(...) }):
// a mutation verb of the generic rule (remoteVerbs) writes, idempotent as
// that verb is; any other name (GetNote, ListNotes) reads.
func rpcByName(s *site) (bool, bool) {
	name := s.sc.fname
	w := Verb(name)
	if !remoteVerbs[w] || DryRunName(name) {
		return false, false
	}
	return true, remoteIdem[w]
}

// remoteCommand judges the command line a remote shell runs: a constant
// one as a local shell's script (uname -a, df -h read; anything with
// shell syntax or a write is an effect); one built at run time is an
// effect.
func remoteCommand(i int) func(s *site) (bool, bool) {
	return func(s *site) (bool, bool) {
		script, ok := s.constString(i)
		if !ok {
			return true, false
		}
		switch v, _ := judgeScript(script, lineOpts{strict: true}); v {
		case vRead, vSilent:
			return false, false
		case vEffectIdem:
			return true, true
		}
		return true, false
	}
}

// comMethods are the methods of Office-style object models (Outlook,
// Word, Excel) that change what the application stores, and whether a
// repeat converges: saving an item or a file overwrites it, a deleted or
// moved item is gone from where it was, a cleared range stays clear; a
// send, a copy, an added or inserted element and a print happen again.
// Reply and Forward only make an unsaved draft: its Save or Send writes.
var comMethods = map[string]bool{
	"Save": true, "SaveAs": true, "SaveAs2": true, "SaveAsFile": true, "SaveCopyAs": true,
	"Delete": true, "Move": true, "ClearContents": true, "Clear": true,
	"Send": false, "Copy": false, "Add": false, "Insert": false, "PrintOut": false,
}

// comCall judges oleutil.CallMethod(disp, name, ...) by the method's
// name: a constant in comMethods, or a string parameter of the enclosing
// function, which each caller gives.
func comCall(s *site) (bool, bool) {
	if name, ok := s.constString(1); ok {
		idem, write := comMethods[name]
		return write, idem
	}
	if p := s.sc.stringParam(s.arg(1)); p > 0 {
		s.op = p
		return true, false
	}
	return false, false
}

// batchAPIs are the Google APIs whose batchUpdate runs the requests its
// body lists, each named by the one field of a Request it sets
// (https://developers.google.com/workspace/docs/api/reference/rest/v1/documents/request,
// sheets/v4 and slides/v1 alike): what a repeat does is what they do,
// not what "update" says.
var batchAPIs = words("google.golang.org/api/docs/v1", "google.golang.org/api/sheets/v4", "google.golang.org/api/slides/v1")

// batchAdding are the Requests of a batchUpdate whose repeat does more:
// they insert, add, append, duplicate or create at a position or
// beside what is there, or move or delete by position (the range or
// rule now at the index is another one). The others set, replace or
// delete what they name, or add what a name of the caller's keeps
// unique (Sheets' AddSheet of a title, AddNamedRange).
var batchAdding = words("InsertText", "InsertTable", "InsertTableRow", "InsertTableColumn", "InsertInlineImage",
	"InsertPageBreak", "InsertSectionBreak", "InsertPerson", "InsertDate", "InsertDimension", "InsertRange",
	"AddConditionalFormatRule", "AddProtectedRange", "AddChart", "AddBanding",
	"AddFilterView", "AddDimensionGroup", "AddSlicer", "AddDataSource", "AppendCells", "AppendDimension",
	"DuplicateSheet", "DuplicateFilterView", "DuplicateObject", "CreateNamedRange", "CreateFootnote",
	"CreateSlide", "CreateShape", "CreateImage", "CreateTable", "CreateLine", "CreateVideo", "CreateSheetsChart",
	"MoveDimension", "DeleteContentRange", "DeleteDimension", "DeleteConditionalFormatRule", "DeleteTableRow",
	"DeleteTableColumn", "DeleteRange", "DeleteDimensionGroup")

// batchAdds reports whether s calls Do on a batchUpdate of batchAPIs
// whose body's requests, as the engine knows them, include one of
// batchAdding; param, when not, is the parameter of the enclosing
// function the requests or the call come from, whose callers decide
// (Effect.Batch), or -1.
func (r *Result) batchAdds(s *site) (adds bool, param int) {
	fn := s.fn
	if s.call == nil || fn.Name() != "Do" || fn.Pkg() == nil || !batchAPIs[fn.Pkg().Path()] ||
		!strings.HasSuffix(recvName(fn), "BatchUpdateCall") || !s.sc.flow() {
		return false, -1
	}
	sel, ok := ast.Unparen(s.call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false, -1
	}
	return s.sc.batchOf(r.vf.Eval(sel.X, s.sc.env), 0)
}

// batchOf reads a batchUpdate's call object, its body, or the list of
// its requests (batchAdds).
func (sc *Scope) batchOf(v *valueflow.Value, depth int) (adds bool, param int) {
	param = -1
	if depth > 4 {
		return false, -1
	}
	for _, a := range v.Each() {
		var next []*valueflow.Value
		switch a.Kind {
		case valueflow.Param:
			if o, ok := a.Obj.(*types.Var); ok {
				if i, ok := sc.param(o); ok {
					param = i
				}
			}
		case valueflow.Struct:
			for _, f := range a.Fields {
				switch {
				case batchAdding[f.Name] && f.Value != nil && f.Value.Kind != valueflow.Nil:
					return true, -1
				case strings.HasPrefix(f.Name, "batchupdate") || f.Name == "Requests":
					next = append(next, f.Value)
				}
			}
		case valueflow.Slice:
			next = append(next, a.Elems)
		}
		for _, n := range next {
			if n == nil {
				continue
			}
			ad, p := sc.batchOf(n, depth+1)
			if ad {
				return true, -1
			}
			if p >= 0 {
				param = p
			}
		}
	}
	return false, param
}

// batchCall judges a call of a function whose batchUpdate's requests
// its parameter e.Batch holds: by the requests this call gives.
func (r *Result) batchCall(sc *Scope, call *ast.CallExpr, fn types.Object, e *Effect) *Effect {
	out := &Effect{Sink: e.Sink, Kind: e.Kind, Idempotent: e.Idempotent, Via: qualifiedName(fn), Trail: e.Trail, Method: e.Method, RPC: e.RPC}
	if e.Batch-1 >= len(call.Args) || !sc.flow() {
		return out
	}
	switch adds, p := sc.batchOf(r.vf.Eval(call.Args[e.Batch-1], sc.env), 0); {
	case adds:
		out.Idempotent, out.Repeats = false, true
	case p >= 0:
		out.Batch = p + 1
	}
	return out
}
