// A stub of github.com/gotd/td's generated Telegram client: the effects
// fixtures need its import paths and method names, not its code (the tg
// package alone is generated from the whole MTProto schema).
module github.com/gotd/td

go 1.25.0
