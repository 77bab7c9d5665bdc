package ai

import (
	"fmt"
	"strings"

	"tabula/engine"
)

// Config holds what every agent may use besides its name and level.
type Config struct {
	// Seed makes the agent deterministic.
	Seed uint64
	// Threads is the number of goroutines a search may use (0 or 1: one).
	Threads int
}

// New makes an agent for game g from its command-line spec, "NAME" or
// "NAME:LEVEL" ("random", "mcts:hard"). It fails for an unknown name or
// level, or an agent the game does not allow.
func New(g engine.Game, spec string, cfg Config) (Agent, error) {
	name, level, _ := strings.Cut(spec, ":")
	switch name {
	case "random":
		if level != "" {
			return nil, fmt.Errorf("agent %q: random has no levels", spec)
		}
		return NewRandom(cfg.Seed), nil
	}
	return nil, fmt.Errorf("unknown agent %q (known: %s)", spec, strings.Join(Names(), ", "))
}

// Names lists the agent names New accepts.
func Names() []string { return []string{"random"} }
