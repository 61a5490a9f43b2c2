package housekeeping

import (
	"os"
	"os/exec"
	"path/filepath"
)

// browserDir returns where a downloaded browser is unpacked: a cache.
func browserDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "app", "browser"), nil
}

// Unpack mounts an image at a temporary mount point and copies the app
// into the cache: local file commands on housekeeping paths.
func Unpack(img string) error { // ok: housekeeping
	mnt, err := os.MkdirTemp("", "mnt-")
	if err != nil {
		return err
	}
	if err := exec.Command("hdiutil", "attach", img, "-mountpoint", mnt).Run(); err != nil {
		return err
	}
	dir, err := browserDir()
	if err != nil {
		return err
	}
	return exec.Command("cp", "-R", filepath.Join(mnt, "App.app"), filepath.Join(dir, "App.app")).Run()
}

// Install copies the app where the user keeps applications: a write.
func Install(app string) error { // want Install:`effect\(process run: \(\*os/exec.Cmd\).Run\)`
	return exec.Command("cp", "-R", app, "/Applications/App.app").Run()
}

// FindInCache makes executable a binary found under the browser cache:
// every path the walk gives is under that cache: housekeeping, and a
// temporary path for its callers.
func FindInCache(name string) (string, error) { // want FindInCache:"tempResult"
	dir, err := browserDir()
	if err != nil {
		return "", err
	}
	var found string
	_ = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Name() == name {
			found = p
		}
		return nil
	})
	return found, os.Chmod(found, 0o755)
}

// FindInTree makes executable a binary found under a directory its
// caller names: a write.
func FindInTree(dir, name string) error { // want FindInTree:`effect\(file write: os.Chmod\)`
	var found string
	_ = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Name() == name {
			found = p
		}
		return nil
	})
	return os.Chmod(found, 0o755)
}
