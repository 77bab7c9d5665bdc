package rooms

import (
	crand "crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"

	"tabula/ai"
	"tabula/engine"
)

func intp(i int) *int { return &i }

// newToken returns a fresh secret of 128 random bits, as URL-safe text.
func newToken() string {
	var b [16]byte
	if _, err := crand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported systems
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// hashToken is what is stored of a token.
func hashToken(token string) []byte { return HashToken(token) }

// HashToken is the hash a seat keeps of its token (SeatSpec.TokenHash).
func HashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// sameHash compares hashes in constant time.
func sameHash(a, b []byte) bool {
	return len(a) == len(b) && len(a) > 0 && subtle.ConstantTimeCompare(a, b) == 1
}

// newID returns a room id: 72 random bits.
func newID() string {
	var b [9]byte
	if _, err := crand.Read(b[:]); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// agentSeed seeds the computer player of seat for its move at the room's
// version from the room's secret, so that nobody can foresee its hidden
// choices by running the same agent with a seed known in advance.
func agentSeed(secret []byte, seat, version int) uint64 {
	var v [9]byte
	v[0] = byte(seat)
	binary.BigEndian.PutUint64(v[1:], uint64(version))
	h := sha256.Sum256(append(append([]byte("agent"), secret...), v[:]...))
	return binary.BigEndian.Uint64(h[:8])
}

// throwAt samples the chance event pending in s from the room's secret
// (ai.ChanceAt), so anyone holding the published secret can check every
// throw of the record.
func throwAt(secret []byte, s engine.State) engine.Move {
	return ai.ChanceAt(secret, s.ChanceOutcomes(nil), s.Ply())
}
