package research

import (
	"encoding/binary"

	"tabula/ai"
)

// keyedDraws draws the chance events keyed by SHA-256 as the rooms draw
// them (ai.ChanceDrawer, the game's chance seed as the secret): ChancePly,
// and ChanceTurn by HashSHA256, the draws of runs made before splitmix.
// Each costs a SHA-256 and a ChaCha8 seeding, so when the plan has several
// readings (share) it remembers the uniform numbers of the last two seeds
// (a game's main and skill units) by key: the readings of a game share its
// seed and draw the same throw at the same key, and a reading played after
// another of the same game finds most of its throws instead of hashing
// them again. Splitmix's draws (engine.KeyedChance) cost less than a look-up
// and do not come here.
type keyedDraws struct {
	drawer ai.ChanceDrawer
	share  bool // remember the draws (the plan has several readings)
	slots  [2]drawSlot
	next   int // the slot to reuse next
	hits   int // draws found kept, for the tests
}

type drawSlot struct {
	seed uint64
	used bool
	us   map[int]float64
}

// maxKept bounds the draws kept for one seed.
const maxKept = 1 << 16

// uniform returns ai.ChanceDrawer's uniform number for key under the
// chance seed seed.
func (k *keyedDraws) uniform(seed uint64, key int) float64 {
	if !k.share {
		return k.draw(seed, key)
	}
	sl := k.slot(seed)
	if u, ok := sl.us[key]; ok {
		k.hits++
		return u
	}
	u := k.draw(seed, key)
	if len(sl.us) < maxKept {
		sl.us[key] = u
	}
	return u
}

// draw hashes seed, as an 8-byte big-endian secret, with key.
func (k *keyedDraws) draw(seed uint64, key int) float64 {
	var secret [8]byte
	binary.BigEndian.PutUint64(secret[:], seed)
	return k.drawer.Uniform(secret[:], key)
}

// slot returns seed's slot, emptying the older one for it if it has none.
func (k *keyedDraws) slot(seed uint64) *drawSlot {
	for i := range k.slots {
		if sl := &k.slots[i]; sl.used && sl.seed == seed {
			k.next = 1 - i
			return sl
		}
	}
	sl := &k.slots[k.next]
	k.next = 1 - k.next
	if sl.us == nil {
		sl.us = map[int]float64{}
	}
	clear(sl.us)
	sl.seed, sl.used = seed, true
	return sl
}
