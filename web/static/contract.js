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

// quickChat are the quick messages of a room's chat (wire.QuickChat), each
// code with its words in every language (package messages).
export const quickChat = {"good-game":{"de":"Gutes Spiel","en":"Good game"},"hello":{"de":"Hallo","en":"Hello"},"thanks":{"de":"Danke","en":"Thank you"},"well-played":{"de":"Gut gespielt","en":"Well played"}};
