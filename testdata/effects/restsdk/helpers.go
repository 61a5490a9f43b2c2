package restsdk

import "context"

// RetitleServer renames a server through Update: its own name has no
// verb mcpvet reads, and the call it makes says what it does (a setter).
func RetitleServer(ctx context.Context, c *Client, id int, name string) error { // want RetitleServer:`effect\(HTTP POST: .* via \(\*restsdk.ServersService\).Update\)`
	return c.Servers.Update(ctx, id, &Server{Name: name})
}

// RestartServer reboots a server: neither its name nor its callee's
// (Reboot) says the POST converges.
func RestartServer(ctx context.Context, c *Client, id int) error { // want RestartServer:`effect\(HTTP POST: .* via \(\*restsdk.ServersService\).Reboot\)`
	return c.Servers.Reboot(ctx, id)
}
