// Package tammanai is Tamman's computer player, kept apart from the rules
// (package tamman): the evaluations its levels search with (LearnedEval,
// a linear score, and NetEval, a network of one hidden layer, with their
// weights learned by self-play in learned.txt and net.txt; MultiNetEval,
// a network for each of three and four players, in net3.txt and
// net4.txt), their
// training by TD(lambda) (`tabula train --game tamman [--net]`), and the
// settings of the levels easy to max in Tamman (Levels). It reads the
// position only through the rules' exported accessors.
//
// Importing it registers Levels for Tamman (engine.RegisterTuning), where
// package ai finds it; games/all imports it, so the commands and the
// server play Tamman's tuned levels. Without it Tamman plays ai's default
// MCTS at every level.
package tammanai

import (
	"tabula/engine"
	"tabula/games/tamman"
)

func init() { engine.RegisterTuning(tamman.ID, Levels{}) }
