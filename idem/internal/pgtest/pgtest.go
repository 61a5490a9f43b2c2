// Package pgtest gives tests a PostgreSQL server: the one named by the
// environment variable IDEM_PG_DSN, or else a throwaway server it starts
// itself from the machine's PostgreSQL binaries (initdb and postgres, found
// on PATH or under /usr/lib/postgresql/*/bin), in a temporary directory,
// listening on 127.0.0.1 only. When running as root it runs the server as
// the user postgres (or nobody), since PostgreSQL refuses to run as root.
//
// Without binaries and without IDEM_PG_DSN the tests are skipped with a
// message, except under CI (CI=true), where that is a failure.
//
// A test package calls Main from TestMain, so that the server is stopped
// when the tests end:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
package pgtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// EnvDSN names the environment variable with the DSN of an existing
// server to use instead of starting one.
const EnvDSN = "IDEM_PG_DSN"

var (
	once     sync.Once
	dsn      string
	skipMsg  string
	startErr error
	srv      *server
	tables   atomic.Int64
)

type server struct {
	dir string
	cmd *exec.Cmd
	log *os.File
}

// Main runs the tests and stops the server Table started, if any.
func Main(m *testing.M) int {
	code := m.Run()
	if srv != nil {
		srv.stop()
	}
	return code
}

// DSN returns the DSN of the server, starting it on first use. It skips
// the test (or fails it under CI) if no server can be had.
func DSN(t testing.TB) string {
	t.Helper()
	once.Do(setup)
	if startErr != nil {
		t.Fatalf("pgtest: %v", startErr)
	}
	if skipMsg != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pgtest: %s (CI=true: a missing PostgreSQL is a failure)", skipMsg)
		}
		t.Skip("pgtest: " + skipMsg)
	}
	return dsn
}

// Table returns a table name unused in this process, so that each test
// starts with an empty table in the shared server. The table is dropped
// when the test ends.
func Table(t testing.TB) string {
	t.Helper()
	d := DSN(t)
	name := fmt.Sprintf("idem_test_%d_%d", os.Getpid(), tables.Add(1))
	t.Cleanup(func() {
		db, err := sql.Open("pgx", d)
		if err != nil {
			return
		}
		defer db.Close()
		db.Exec("DROP TABLE IF EXISTS " + name)
	})
	return name
}

func setup() {
	if d := os.Getenv(EnvDSN); d != "" {
		dsn = d
		return
	}
	initdb, postgres, ok := binaries()
	if !ok {
		skipMsg = "no PostgreSQL server binaries (initdb, postgres) on PATH or under /usr/lib/postgresql/*/bin; install the Debian package postgresql, or set " + EnvDSN
		return
	}
	s, d, err := start(initdb, postgres)
	if err != nil {
		startErr = err
		return
	}
	srv, dsn = s, d
}

func binaries() (initdb, postgres string, ok bool) {
	if i, err := exec.LookPath("initdb"); err == nil {
		if p, err := exec.LookPath("postgres"); err == nil {
			return i, p, true
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		i, p := filepath.Join(d, "initdb"), filepath.Join(d, "postgres")
		if isExec(i) && isExec(p) {
			return i, p, true
		}
	}
	return "", "", false
}

func version(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

func isExec(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// credential returns the user to run the server as when we are root.
func credential() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
	}
	return nil, errors.New("running as root, and there is no user postgres or nobody to run PostgreSQL as")
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func start(initdb, postgres string) (*server, string, error) {
	cred, err := credential()
	if err != nil {
		return nil, "", err
	}
	dir, err := os.MkdirTemp("", "idem-pgtest-")
	if err != nil {
		return nil, "", err
	}
	s := &server{dir: dir}
	fail := func(err error) (*server, string, error) {
		s.stop()
		return nil, "", err
	}
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return fail(err)
		}
	}
	data := filepath.Join(dir, "data")
	init := exec.Command(initdb, "-D", data, "-U", "idem", "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync")
	init.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	init.Dir = dir
	if out, err := init.CombinedOutput(); err != nil {
		return fail(fmt.Errorf("initdb: %v\n%s", err, out))
	}
	port, err := freePort()
	if err != nil {
		return fail(err)
	}
	s.log, err = os.Create(filepath.Join(dir, "postgres.log"))
	if err != nil {
		return fail(err)
	}
	s.cmd = exec.Command(postgres, "-D", data, "-p", strconv.Itoa(port), "-k", dir,
		"-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off",
		"-c", "full_page_writes=off", "-c", "max_connections=100")
	s.cmd.Dir = dir
	s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL, Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		return fail(fmt.Errorf("starting postgres: %v", err))
	}
	d := fmt.Sprintf("postgres://idem@127.0.0.1:%d/postgres?sslmode=disable", port)
	db, err := sql.Open("pgx", d)
	if err != nil {
		return fail(err)
	}
	defer db.Close()
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		err = db.PingContext(ctx)
		cancel()
		if err == nil {
			return s, d, nil
		}
		if time.Now().After(deadline) || s.exited() {
			log, _ := os.ReadFile(s.log.Name())
			return fail(fmt.Errorf("postgres did not accept connections: %v\n%s", err, strings.TrimSpace(string(log))))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *server) exited() bool {
	return s.cmd.ProcessState != nil || s.cmd.Process.Signal(syscall.Signal(0)) != nil
}

func (s *server) stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Signal(syscall.SIGINT) // fast shutdown
		done := make(chan struct{})
		go func() { s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	}
	if s.log != nil {
		s.log.Close()
	}
	os.RemoveAll(s.dir)
}
