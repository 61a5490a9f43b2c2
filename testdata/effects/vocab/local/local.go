// Package local names keys only inside function bodies: a literal, a
// constant expression, a local struct type's tag, a local constant.
package local

func Literal(args map[string]any) bool { // want Literal:"keyread\\(idempotency_key from 0\\)"
	_, ok := args["idempotency_key"]
	return ok
}

const prefix = "Idempotency-"

func Concat(h map[string]string) string { // want Concat:"keyread\\(Idempotency-Key from 0\\)"
	return h[prefix+"Key"]
}

func Tagged(in any) bool { // want Tagged:"keyread\\(dedupe_id from 0\\)"
	v, ok := in.(struct {
		ID string `json:"dedupe_id"`
	})
	return ok && v.ID != ""
}

func LocalConst(args map[string]any) bool { // want LocalConst:"keyread\\(request_id from 0\\)"
	const k = "request_id"
	return args[k] != nil
}

// Other reads no key.
func Other(args map[string]any) bool {
	_, ok := args["name"]
	return ok
}
