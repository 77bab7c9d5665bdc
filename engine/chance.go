package engine

import "math/rand/v2"

// Chance is where a game that plays its own random turns (RandomTurner)
// takes its chance events from: the next draw of a stream (Src), or, when
// Keyed is set, Keyed's draw at its key.
type Chance struct {
	Src   *rand.PCG
	Keyed *KeyedChance
}

// Uint64 returns the next chance draw.
func (c Chance) Uint64() uint64 {
	if c.Keyed != nil {
		return c.Keyed.Next()
	}
	return c.Src.Uint64()
}

// Float64 returns the next chance draw in [0, 1), as Rand.Float64 does.
func (c Chance) Float64() float64 {
	return float64(c.Uint64()<<11>>11) / (1 << 53)
}

// TurnEnded moves keyed draws to the next players' turn's keys.
func (c Chance) TurnEnded() {
	if c.Keyed != nil {
		c.Keyed.Turn++
		c.Keyed.At = 0
	}
}

// KeyedChance draws a game's chance events by key instead of in order:
// the draw at key k is splitmix64's output at place k+1 of the stream
// that starts at the game's key (Reset, from the game's seed), computed
// without the draws before it. So two games of one seed draw the same
// number at the same key whatever happened before (the research
// workbench's --chance turn keys a throw on the players' turn it falls in
// and its place in that turn), at the cost of a few multiplications: the
// online rooms' draws (a SHA-256 and a ChaCha8 seeding, which anyone can
// check from a published secret) cost a hundred times more.
type KeyedChance struct {
	game uint64
	// Turn and At make the key of Next's draw, Turn<<32 | At: the players'
	// turn and the chance events drawn so far in it.
	Turn, At int
}

// chanceSalt sets a game's key apart from other uses of its seed.
const chanceSalt = 0x6b65796564636e63

// golden is splitmix64's increment, 2^64 over the golden ratio.
const golden = 0x9e3779b97f4a7c15

// Reset starts seed's game: its key, and the key of the next draw at 0.
func (c *KeyedChance) Reset(seed uint64) {
	*c = KeyedChance{game: Mix64(seed ^ chanceSalt)}
}

// Draw returns the draw at key.
func (c *KeyedChance) Draw(key uint64) uint64 {
	return Mix64(c.game + (key+1)*golden)
}

// Next returns the draw at the key Turn<<32 | At and counts it in At.
func (c *KeyedChance) Next() uint64 {
	x := c.Draw(uint64(c.Turn)<<32 | uint64(c.At))
	c.At++
	return x
}
