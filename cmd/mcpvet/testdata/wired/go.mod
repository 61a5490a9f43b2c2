module example.com/wired

go 1.24

require example.com/shop v0.0.0

replace example.com/shop => ../shop
