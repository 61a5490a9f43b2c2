// Package procs registers read-only tools that run processes and keep
// caches: only a real write breaks the hint.
package procs

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/restsdk/vendorctl"
)

type cachedModule struct{ dir string }

type docs struct {
	mu      sync.Mutex
	modules map[string]cachedModule
	out     map[string]string
}

// module returns a throwaway module with pkg added, cached by path.
func (d *docs) module(ctx context.Context, pkg string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if m, ok := d.modules[pkg]; ok {
		os.RemoveAll(m.dir) // an expired cache entry
		delete(d.modules, pkg)
	}
	dir, err := scratchModule(ctx, pkg)
	if err != nil {
		return "", err
	}
	d.modules[pkg] = cachedModule{dir: dir}
	return dir, nil
}

func scratchModule(ctx context.Context, pkg string) (string, error) {
	dir, err := os.MkdirTemp("", "mod-*")
	if err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, "go", "mod", "init", "scratch")
	cmd.Dir = dir
	if err := cmd.Run(); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	cmd = exec.CommandContext(ctx, "go", "get", pkg)
	cmd.Dir = dir
	if err := cmd.Run(); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

func (d *docs) getDoc(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	pkg := req.GetString("package", "")
	dir, err := d.module(ctx, pkg)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, "go", "doc", pkg)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

func (d *docs) vendor(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cmd := exec.CommandContext(ctx, "go", "get", req.GetString("package", ""))
	return nil, cmd.Run() // want `tool "vendor_package" is annotated read-only but runs a process`
}

func pods(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := exec.CommandContext(ctx, "kubectl", "get", "pods", "-n", req.GetString("namespace", "default")).Output()
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

func saveSnapshot(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return nil, err
	}
	return nil, os.WriteFile(filepath.Join(dir, "snap.json"), nil, 0o644)
}

// logf writes a line to the file it is given.
func logf(w *os.File, format string, args ...any) {
	fmt.Fprintf(w, format, args...)
}

func status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	logf(os.Stderr, "status for %s\n", req.GetString("name", ""))
	return mcp.NewToolResultText("ok"), nil
}

func journal(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f, err := os.OpenFile("journal.log", os.O_APPEND|os.O_WRONLY, 0) // want `tool "journal" is annotated read-only but writes a file`
	if err != nil {
		return nil, err
	}
	defer f.Close()
	logf(f, "%s\n", req.GetString("name", ""))
	return mcp.NewToolResultText("ok"), nil
}

func appInfo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := exec.CommandContext(ctx, "vendorctl", "--json", "info", req.GetString("app", "")).Output()
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

func appRestart(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := exec.CommandContext(ctx, "vendorctl", "--json", "restart", req.GetString("app", "")).Output() // want `tool "app_restart" is annotated read-only but runs a process`
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

// The words of the command line come from a helper: the engine gives
// them where the syntax stops.
func infoWord() string    { return "info" }
func restartWord() string { return "restart" }

var vendorBin = struct{ name, json string }{"vendorctl", "--json"}

func appInfoHelper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := exec.CommandContext(ctx, vendorBin.name, vendorBin.json, infoWord(), req.GetString("app", "")).Output()
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

func appRestartHelper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := exec.CommandContext(ctx, vendorBin.name, vendorBin.json, restartWord(), req.GetString("app", "")).Output() // want `tool "app_restart_helper" is annotated read-only but runs a process`
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

// Handlers that run the vendor's tool through a dependency module's
// helpers: a write word there is evidence too.
func appRestartDep(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := vendorctl.Restart(ctx, req.GetString("app", "")) // want `tool "app_restart_dep" is annotated read-only but runs a process`
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

func appInfoDep(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := vendorctl.Info(ctx, req.GetString("app", "")) // ok: a read word
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

func appLaunchDep(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := vendorctl.Launch(ctx, req.GetString("app", "")) // ok: a dependency's run of a command it does not name
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(out)), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("app_restart_dep", mcp.WithReadOnlyHintAnnotation(true)), appRestartDep)
	s.AddTool(mcp.NewTool("app_info_dep", mcp.WithReadOnlyHintAnnotation(true)), appInfoDep)
	s.AddTool(mcp.NewTool("app_launch_dep", mcp.WithReadOnlyHintAnnotation(true)), appLaunchDep)
	// ok: vendorctl info, its words given by a helper and a struct.
	s.AddTool(mcp.NewTool("app_info_helper", mcp.WithReadOnlyHintAnnotation(true)), appInfoHelper)
	s.AddTool(mcp.NewTool("app_restart_helper", mcp.WithReadOnlyHintAnnotation(true)), appRestartHelper)
	// ok: vendorctl info, a read word of a binary no table knows.
	s.AddTool(mcp.NewTool("app_info", mcp.WithReadOnlyHintAnnotation(true)), appInfo)
	s.AddTool(mcp.NewTool("app_restart", mcp.WithReadOnlyHintAnnotation(true)), appRestart)
	// ok: a log line to os.Stderr through an *os.File parameter.
	s.AddTool(mcp.NewTool("status", mcp.WithReadOnlyHintAnnotation(true)), status)
	s.AddTool(mcp.NewTool("journal", mcp.WithReadOnlyHintAnnotation(true)), journal)
	d := &docs{modules: map[string]cachedModule{}, out: map[string]string{}}
	// ok: go doc in a throwaway module kept in a cache.
	s.AddTool(mcp.NewTool("get_doc", mcp.WithReadOnlyHintAnnotation(true)), d.getDoc)
	s.AddTool(mcp.NewTool("vendor_package", mcp.WithReadOnlyHintAnnotation(true)), d.vendor)
	// ok: kubectl get.
	s.AddTool(mcp.NewTool("pods", mcp.WithReadOnlyHintAnnotation(true)), pods)
	// ok: a file under the user's cache directory.
	s.AddTool(mcp.NewTool("snapshot", mcp.WithReadOnlyHintAnnotation(true)), saveSnapshot)
}
