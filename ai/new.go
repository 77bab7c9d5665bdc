package ai

import (
	"fmt"

	"tabula/engine"
)

// Config tunes the agents made by New.
type Config struct {
	// Seed makes a random agent deterministic.
	Seed uint64
}

// New makes the agent named by a command-line spec ("random") for game g.
func New(g engine.Game, spec string, cfg Config) (Agent, error) {
	switch spec {
	case "random":
		return NewRandom(cfg.Seed), nil
	}
	return nil, fmt.Errorf("unknown agent %q for %s (known: human, random)", spec, g.ID())
}
