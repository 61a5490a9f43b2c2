package metamorph

import (
	"fmt"
	"go/version"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// A goMod is what the harness needs of a go.mod: the go version, the
// requirements and the replacements.
type goMod struct {
	module   string
	goVer    string
	requires map[string]string // module path -> version
	replaces map[string]string // "path" or "path version" -> the rest of the line after "=>"
}

// parseGoMod parses the go.mod of the module in dir; replacements by
// relative directories are made absolute.
func parseGoMod(data []byte, dir string) *goMod {
	m := &goMod{requires: make(map[string]string), replaces: make(map[string]string)}
	block := ""
	for _, line := range strings.Split(string(data), "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if block != "" {
			if f[0] == ")" {
				block = ""
				continue
			}
			f = append([]string{block}, f...)
		} else if len(f) == 2 && f[1] == "(" {
			block = f[0]
			continue
		}
		switch f[0] {
		case "module":
			m.module = f[1]
		case "go":
			m.goVer = f[1]
		case "require":
			if len(f) >= 3 {
				m.requires[f[1]] = f[2]
			}
		case "replace":
			l, r, ok := strings.Cut(strings.Join(f[1:], " "), "=>")
			if !ok {
				continue
			}
			l, r = strings.TrimSpace(l), strings.TrimSpace(r)
			if strings.HasPrefix(r, "./") || strings.HasPrefix(r, "../") {
				rf := strings.Fields(r)
				rf[0] = filepath.Join(dir, rf[0])
				r = strings.Join(rf, " ")
			}
			m.replaces[l] = r
		}
	}
	return m
}

// mergeGoMods returns the go.mod of a temporary module that holds the
// fixture modules mods: the highest go version, each requirement at its
// highest version, every replacement, and the separate modules of the
// variants (extMods: module path -> directory relative to the module).
func mergeGoMods(module string, mods []*goMod, extMods map[string]string) []byte {
	goVer := "1.21"
	req := make(map[string]string)
	rep := make(map[string]string)
	for _, m := range mods {
		if m.goVer != "" && version.Compare("go"+m.goVer, "go"+goVer) > 0 {
			goVer = m.goVer
		}
		for p, v := range m.requires {
			if old, ok := req[p]; !ok || semverLess(old, v) {
				req[p] = v
			}
		}
		for l, r := range m.replaces {
			rep[l] = r
		}
	}
	for p, dir := range extMods {
		req[p] = "v0.0.0"
		rep[p] = "./" + dir
	}
	var b strings.Builder
	fmt.Fprintf(&b, "module %s\n\ngo %s\n\nrequire (\n", module, goVer)
	for _, p := range sortedKeys(req) {
		fmt.Fprintf(&b, "\t%s %s\n", p, req[p])
	}
	b.WriteString(")\n\n")
	for _, l := range sortedKeys(rep) {
		fmt.Fprintf(&b, "replace %s => %s\n", l, rep[l])
	}
	return []byte(b.String())
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// semverLess reports whether module version a sorts before b (semantic
// versioning; pre-releases, pseudo-versions included, by their dotted
// parts).
func semverLess(a, b string) bool {
	pa, pb := splitVersion(a), splitVersion(b)
	for i := 0; i < 3; i++ {
		if pa.nums[i] != pb.nums[i] {
			return pa.nums[i] < pb.nums[i]
		}
	}
	if pa.pre == "" || pb.pre == "" {
		return pa.pre != "" && pb.pre == ""
	}
	xa, xb := strings.Split(pa.pre, "."), strings.Split(pb.pre, ".")
	for i := 0; i < len(xa) && i < len(xb); i++ {
		if xa[i] == xb[i] {
			continue
		}
		na, ea := strconv.Atoi(xa[i])
		nb, eb := strconv.Atoi(xb[i])
		switch {
		case ea == nil && eb == nil:
			return na < nb
		case ea == nil:
			return true
		case eb == nil:
			return false
		}
		return xa[i] < xb[i]
	}
	return len(xa) < len(xb)
}

type semver struct {
	nums [3]int
	pre  string
}

func splitVersion(v string) semver {
	v = strings.TrimPrefix(v, "v")
	v, _, _ = strings.Cut(v, "+")
	core, pre, _ := strings.Cut(v, "-")
	var s semver
	s.pre = pre
	for i, p := range strings.SplitN(core, ".", 3) {
		s.nums[i], _ = strconv.Atoi(p)
	}
	return s
}
