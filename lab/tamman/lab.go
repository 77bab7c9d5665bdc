// Package tammanlab holds the measurements of Tamman's computer player
// that docs/lab reports: matches on paired throws with their luck
// (Match, SharedThrows), matches of three and four players and the
// judges of their search's leaves (MatchMulti, LeafJudges), the ceiling
// that luck leaves (Ceiling), the clairvoyant bound (DualBound, DualFit)
// and studies of lost games (Losses, Stragglers). `tabula lab
// tamman-...` runs each; their settings are the flags of Flags, shared
// by all of them as they read each other's logs and seeds.
package tammanlab

import (
	"flag"

	"tabula/lab"
)

// TB is what a measurement reports to: its lines and its failures
// (testing.TB is one, so the tests of this package drive them too).
type TB = lab.TB

// flags are the measurements' settings; Flags gives them to the command
// that parses them.
var flags = flag.NewFlagSet("tamman lab", flag.ContinueOnError)

// Flags returns the settings of the measurements, to be parsed before one
// of them runs.
func Flags() *flag.FlagSet { return flags }
