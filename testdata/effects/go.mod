module example.com/effects

go 1.25.0
