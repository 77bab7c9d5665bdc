// What the page's modules read of the server's Go packages, generated
// from them by TestContractJS (web/contract_test.go): do not edit; after
// a change there, go test ./web -run TestContractJS -update writes it.

// closeCodes are the close codes of a room's WebSocket (package wire).
export const closeCodes = {"badToken":4001,"goingAway":1001,"noHello":4005,"roomGone":4004,"slow":4003,"tooFast":4002};

// boardDetails are the facts of a state each kind of board is drawn from
// (view.BoardDetails): boards.js reads these and no other.
export const boardDetails = {"grid":{"required":["pieces"],"optional":["throws","phase"]},"mancala":{"required":["holes","stores"],"optional":["burnt","round","phase","captured"]}};

// agentKinds and agentLevels are the kinds and levels of computer players
// (package ai): a spec is KIND or KIND:LEVEL.
export const agentKinds = ["random","greedy","mcts","alphabeta"];
export const agentLevels = ["easy","medium","hard","max"];

// appWords are the words of the one catalogue (package messages, the
// engine's) that the page says itself: t() reads them after its own.
export const appWords = {"chance":{"de":"Zufall","en":"chance"},"computerName":{"de":"Computer ({level})","en":"Computer ({level})"},"computerNameN":{"de":"Computer {n} ({level})","en":"Computer {n} ({level})"},"lvl_easy":{"de":"leicht","en":"easy"},"lvl_greedy":{"de":"gierig","en":"greedy"},"lvl_hard":{"de":"schwer","en":"hard"},"lvl_max":{"de":"am stärksten","en":"strongest"},"lvl_medium":{"de":"mittel","en":"medium"},"lvl_random":{"de":"zufällig","en":"random"},"seatName":{"de":"Spieler {n}","en":"Player {n}"},"t_chosen":{"de":"{player} hat gewählt.","en":"{player} has chosen."}};
