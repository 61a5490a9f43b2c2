package freshkey

import (
	"go/ast"
	"go/types"
)

// computeFacts exports a FreshFunc fact for each function of the package
// that the fresh analyzer found to return a fresh value (fresh.FreshFunc):
// the knowledge lives there, shared with dedupekey.
func (c *checker) computeFacts() {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if obj, _ := c.info.Defs[fd.Name].(*types.Func); obj != nil && c.fresh.IsFact(obj) {
				c.pass.ExportObjectFact(obj, new(FreshFunc))
			}
		}
	}
}
