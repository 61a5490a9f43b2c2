package basic

import (
	"fmt"
	"strings"
)

func showString(...any) {}

// Tool names a helper formats from its parameter: constant at each call.

func toolName(kind string) string {
	return fmt.Sprintf("create_%s_comment", strings.ToLower(kind))
}

func numbered(n int) string {
	return fmt.Sprintf("shard-%d", n)
}

func folds(user string) {
	showString(toolName("Document"))       // want `string "create_document_comment"`
	showString(numbered(3))                // want `string "shard-3"`
	showString(fmt.Sprintf("%d_x", "bad")) // want `no string`
	showString(toolName(user))             // want `no string`
}
