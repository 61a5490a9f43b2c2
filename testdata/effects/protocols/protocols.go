// Package protocols calls protocol clients whose methods take no context,
// so the generic rule does not judge them: an IMAP store (go-imap), an
// SMTP client (go-smtp), FTP (jlaffaye/ftp) and SFTP (pkg/sftp). The
// catalogue names what each command does on the server; their reads are
// no effect.
package protocols

import (
	"io"
	"os"
	"time"

	"github.com/emersion/go-imap"
	"github.com/emersion/go-imap/client"
	"github.com/emersion/go-smtp"
	"github.com/jlaffaye/ftp"
	"github.com/pkg/sftp"
)

// ---- IMAP ----

func SaveDraft(c *client.Client, msg imap.Literal) error { // want SaveDraft:`effect\(mailbox write: \(\*client.Client\).Append\)`
	return c.Append("Drafts", []string{imap.DraftFlag}, time.Now(), msg)
}

func CopyToArchive(c *client.Client, seq *imap.SeqSet) error { // want CopyToArchive:`effect\(mailbox write: \(\*client.Client\).UidCopy\)`
	return c.UidCopy(seq, "Archive")
}

func MoveToArchive(c *client.Client, uids *imap.SeqSet) error { // want MoveToArchive:`effect\(mailbox write: \(\*client.Client\).UidMove\)`
	return c.UidMove(uids, "Archive")
}

func MarkSeen(c *client.Client, uids *imap.SeqSet) error { // want MarkSeen:`effect\(mailbox write: \(\*client.Client\).UidStore\)`
	return c.UidStore(uids, imap.FormatFlagsOp(imap.AddFlags, true), []interface{}{imap.SeenFlag}, nil)
}

func MakeFolder(c *client.Client, name string) error { // want MakeFolder:`effect\(mailbox write: \(\*client.Client\).Create\)`
	return c.Create(name)
}

func DropFolder(c *client.Client, name string) error { // want DropFolder:`effect\(mailbox write: \(\*client.Client\).Delete\)`
	return c.Delete(name)
}

func Purge(c *client.Client) error { // want Purge:`effect\(mailbox write: \(\*client.Client\).Expunge\)`
	return c.Expunge(nil)
}

// ok: selecting, searching, fetching and listing read.
func Inbox(c *client.Client) ([]uint32, error) {
	if _, err := c.Select("INBOX", true); err != nil {
		return nil, err
	}
	ids, err := c.Search(imap.NewSearchCriteria())
	if err != nil {
		return nil, err
	}
	seq := new(imap.SeqSet)
	seq.AddNum(ids...)
	msgs := make(chan *imap.Message, 10)
	if err := c.Fetch(seq, []imap.FetchItem{imap.FetchEnvelope}, msgs); err != nil {
		return nil, err
	}
	boxes := make(chan *imap.MailboxInfo, 10)
	return ids, c.List("", "*", boxes)
}

// ---- SMTP ----

func Relay(c *smtp.Client, from string, to []string, r io.Reader) error { // want Relay:`effect\(email send: \(\*smtp.Client\).SendMail\)`
	return c.SendMail(from, to, r)
}

func Notify(addr, from string, to []string, r io.Reader) error { // want Notify:`effect\(email send: smtp.SendMail\)`
	return smtp.SendMail(addr, nil, from, to, r)
}

func Compose(c *smtp.Client) (io.WriteCloser, error) { // want Compose:`effect\(email send: \(\*smtp.Client\).Data\)`
	return c.Data()
}

// ok: a greeting and a no-op.
func Ping(c *smtp.Client) error {
	if err := c.Hello("localhost"); err != nil {
		return err
	}
	return c.Noop()
}

// ---- FTP ----

func Upload(c *ftp.ServerConn, name string, r io.Reader) error { // want Upload:`effect\(remote file write: \(\*ftp.ServerConn\).Stor\)`
	return c.Stor(name, r)
}

func AppendLine(c *ftp.ServerConn, name string, r io.Reader) error { // want AppendLine:`effect\(remote file write: \(\*ftp.ServerConn\).Append\)`
	return c.Append(name, r)
}

func RemoveFile(c *ftp.ServerConn, name string) error { // want RemoveFile:`effect\(remote file write: \(\*ftp.ServerConn\).Delete\)`
	return c.Delete(name)
}

func Publish(c *ftp.ServerConn, from, to string) error { // want Publish:`effect\(remote file write: \(\*ftp.ServerConn\).Rename\)`
	return c.Rename(from, to)
}

func MakeDir(c *ftp.ServerConn, name string) error { // want MakeDir:`effect\(remote file write: \(\*ftp.ServerConn\).MakeDir\)`
	return c.MakeDir(name)
}

// ok: listing and downloading read.
func Download(c *ftp.ServerConn, name string) ([]byte, error) {
	if _, err := c.List("/"); err != nil {
		return nil, err
	}
	if _, err := c.FileSize(name); err != nil {
		return nil, err
	}
	r, err := c.Retr(name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// ---- SFTP ----

func Put(c *sftp.Client, name string, b []byte) error { // want Put:`effect\(remote file write: \(\*sftp.File\).Write\)`
	f, err := c.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.Write(b)
	return err
}

func Touch(c *sftp.Client, name string) error { // want Touch:`effect\(remote file write: \(\*sftp.Client\).Create\)`
	f, err := c.Create(name)
	if err != nil {
		return err
	}
	return f.Close()
}

func Overwrite(c *sftp.Client, name string) (*sftp.File, error) { // want Overwrite:`effect\(remote file write: \(\*sftp.Client\).OpenFile\)`
	return c.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
}

func Remove(c *sftp.Client, name string) error { // want Remove:`effect\(remote file write: \(\*sftp.Client\).Remove\)`
	return c.Remove(name)
}

func Move(c *sftp.Client, from, to string) error { // want Move:`effect\(remote file write: \(\*sftp.Client\).PosixRename\)`
	return c.PosixRename(from, to)
}

func MkdirAll(c *sftp.Client, dir string) error { // want MkdirAll:`effect\(remote file write: \(\*sftp.Client\).MkdirAll\)`
	return c.MkdirAll(dir)
}

func Chmod(c *sftp.Client, name string) error { // want Chmod:`effect\(remote file write: \(\*sftp.Client\).Chmod\)`
	return c.Chmod(name, 0o644)
}

// ok: opening for reading, listing, stat.
func Get(c *sftp.Client, name string) ([]byte, error) {
	if _, err := c.ReadDir("/"); err != nil {
		return nil, err
	}
	if _, err := c.Stat(name); err != nil {
		return nil, err
	}
	f, err := c.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// ok: OpenFile with read-only flags.
func OpenRead(c *sftp.Client, name string) (*sftp.File, error) {
	return c.OpenFile(name, os.O_RDONLY)
}
