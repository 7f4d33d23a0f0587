package main

import "fixtures/commands"

type app struct {
	commands []*commands.Command
}

func (a *app) run() error {
	for _, c := range a.commands {
		if err := c.Action(); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	a := &app{commands: []*commands.Command{commands.Operator}} // want `grants list, watch on configmaps .* of the manager made at commands.go:21 `
	_ = a.run()
}
