package engine

// Message is one sentence for people, in no language yet: Key names it in
// the game's words (Entry.Words) or the app's own strings, and Args fill
// its {name} places. An argument is a number, a text, a Count, or a nested
// Message (a reason given in words); an argument named "player" is a
// player's index, which the app writes as the player's name.
type Message struct {
	Key  string
	Args map[string]any
}

// RoundOver is the key of the message that tells the end of a round. The
// terminal draws the board as the round ended before it.
const RoundOver = "ev_round"

// Count is a number of things, as an argument of a Message: the app writes
// it with the noun's singular or plural ("1 seed", "3 seeds").
type Count struct {
	Noun string
	N    int
}
