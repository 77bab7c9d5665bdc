package engine

// Mix64 is the splitmix64 finaliser: a fast, stable bijection of 64-bit
// words with good avalanche, for games to build State.Hash from their
// packed state.
func Mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
