package lobby

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
)

// An identity is a random key the player's devices keep: the server
// stores only its SHA-256 (to find the player) and seals each seat token
// it gives the player under another hash of it (to give the token back on
// any device that shows the key). Neither the key nor a token is stored.

// newSecret is n random bytes in unpadded base64url.
func newSecret(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}

// KeyHash is the stored hash of a player's key.
func KeyHash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

// sealKey is the AES key that seals a player's seat tokens: a hash of
// the key apart from KeyHash.
func sealKey(key string) []byte {
	h := sha256.Sum256([]byte("tabula seat seal\x00" + key))
	return h[:]
}

func aead(key string) cipher.AEAD {
	block, _ := aes.NewCipher(sealKey(key)) // 32 bytes: never fails
	g, _ := cipher.NewGCM(block)
	return g
}

// seal is token sealed under key: a random nonce and the ciphertext.
func seal(key, token string) []byte {
	g := aead(key)
	nonce := make([]byte, g.NonceSize(), g.NonceSize()+len(token)+g.Overhead())
	rand.Read(nonce)
	return g.Seal(nonce, nonce, []byte(token), nil)
}

var errSeal = errors.New("lobby: a sealed token does not open with this key")

// unseal opens what seal made under key.
func unseal(key string, sealed []byte) (string, error) {
	g := aead(key)
	if len(sealed) < g.NonceSize() {
		return "", errSeal
	}
	out, err := g.Open(nil, sealed[:g.NonceSize()], sealed[g.NonceSize():], nil)
	if err != nil {
		return "", errSeal
	}
	return string(out), nil
}
