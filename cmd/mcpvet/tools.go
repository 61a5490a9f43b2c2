package main

import "io"

func runTools(args []string, w io.Writer) int { return 0 }
