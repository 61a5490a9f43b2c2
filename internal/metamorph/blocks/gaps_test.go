package blocks

import "github.com/mcpvet/mcpvet/internal/metamorph"

var gaps = []metamorph.Gap{}
