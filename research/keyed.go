package research

import "tabula/ai"

// keyedDraws draws keyed chance events (ChancePly, and ChanceTurn by
// HashSHA256) as
// ai.ChanceDrawer does, and remembers the uniform numbers of the last two
// games' seeds (a game's main and skill units) by key: the readings of a
// game share its seed and draw the same throw at the same key, so a
// reading played after another of the same game finds most of its
// throws instead of hashing them again. Without sharing it only draws.
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

// uniform returns ai.ChanceDrawer's uniform number for key under secret,
// which is seed's.
func (k *keyedDraws) uniform(seed uint64, secret []byte, key int) float64 {
	if !k.share {
		return k.drawer.Uniform(secret, key)
	}
	sl := k.slot(seed)
	if u, ok := sl.us[key]; ok {
		k.hits++
		return u
	}
	u := k.drawer.Uniform(secret, key)
	if len(sl.us) < maxKept {
		sl.us[key] = u
	}
	return u
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
