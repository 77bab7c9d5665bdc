package view

// BoardFacts are the facts (engine.Details) of a state that the page's
// drawing of one kind of board reads (web/static/boards.js, its view(s)):
// Required ones every state of a game of that kind gives, Optional ones
// where they apply.
type BoardFacts struct {
	Required []string `json:"required"`
	Optional []string `json:"optional"`
}

// BoardDetails declares the facts each kind of board (Board) is drawn
// from, by kind. The page's modules get it in web/static/contract.js,
// generated from it; tests hold the games (every state gives the
// required facts) and boards.js (it reads these and no other) to it.
var BoardDetails = map[string]BoardFacts{
	"mancala": {Required: []string{"holes", "stores"}, Optional: []string{"burnt", "round", "phase", "captured"}},
	"grid":    {Required: []string{"pieces"}, Optional: []string{"throws", "phase"}},
}
