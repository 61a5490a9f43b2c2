package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"

	"github.com/mcpvet/mcpvet/passes/config"
)

// printVersion answers go vet's "-V=full" as the analysis driver does,
// except that the build ID also hashes the .mcpvet.yaml that applies to
// the working directory and the baseline it names: go vet caches vet
// results by the tool's ID and the package's inputs, so without this an
// edited configuration file or baseline would not be seen until the
// package's sources changed.
func printVersion() {
	progname, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "mcpvet: %v\n", err)
		os.Exit(1)
	}
	h := sha256.New()
	hashFile(h, progname)
	if wd, err := os.Getwd(); err == nil {
		if f, err := config.Find(wd); err != nil {
			fmt.Fprintf(h, "config error %v\n", err)
		} else if f != nil {
			fmt.Fprintf(h, "config %s\n", f.Path)
			hashFile(h, f.Path)
			if f.Baseline != "" {
				fmt.Fprintf(h, "baseline %s\n", f.Baseline)
				hashFile(h, f.Baseline)
			}
		}
	}
	fmt.Printf("%s version devel comments-go-here buildID=%02x\n", progname, string(h.Sum(nil)))
}

func hashFile(h io.Writer, path string) {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(h, "missing %s\n", path)
		return
	}
	defer f.Close()
	io.Copy(h, f)
}
