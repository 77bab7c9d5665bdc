package server

// roomErrors holds the German form of the refusals of internal/rooms, by
// their English format, as germanErrors does for the server's own: they
// reach people as HTTP errors and, over a room's WebSocket, as rejects
// (TestRoomRefusalsHaveGerman keeps it complete).
var roomErrors = map[string]string{
	"a clock with an increment needs a time per game":                            "Eine Uhr mit Zuschlag braucht eine Zeit je Partie",
	"a game with a clock cannot be taken back":                                   "Eine Partie mit Uhr kann nicht zurückgenommen werden",
	"a spectator cannot do that":                                                 "Zuschauer können das nicht",
	"at least one seat must be a person":                                         "Mindestens ein Platz muss ein Mensch sein",
	"clock %v+%v: want %v to %v per game and 0 to %v per move":                   "Uhr %[1]s+%[2]s: erwartet %[3]s bis %[4]s je Partie und 0 bis %[5]s je Zug",
	"clocks are for two-player games":                                            "Uhren gibt es nur für Partien zu zweit",
	"in a game of more than two players, give your seat to the computer instead": "In einer Partie mit mehr als zwei Spielern gib deinen Platz stattdessen dem Computer",
	"it is not seat %d's turn (to move: %v)":                                     "Platz %[1]s ist nicht am Zug (am Zug: %[2]s)",
	"no computer player is offered for this game":                                "Für dieses Spiel wird kein Computerspieler angeboten",
	"record %d: %v":                                        "Aufzeichnung %[1]s: %[2]s",
	"seat %d has already chosen this turn":                 "Platz %[1]s hat in diesem Zug schon gewählt",
	"seat %d has been away for less than %v; wait %v more": "Platz %[1]s ist seit weniger als %[2]s abwesend; noch %[3]s warten",
	"seat %d is not another person's seat":                 "Platz %[1]s ist nicht der Platz eines anderen Menschen",
	"seat %d is not played at this device: only a game whose people all play at one device can be taken back": "Platz %[1]s wird nicht an diesem Gerät gespielt: nur eine Partie, deren Menschen alle an einem Gerät spielen, kann zurückgenommen werden",
	"seat %d is not played by a person":                         "Platz %[1]s wird nicht von einem Menschen gespielt",
	"seat %d is online":                                         "Platz %[1]s ist online",
	"seat %d: a person seat has no agent":                       "Platz %[1]s: ein Platz eines Menschen hat keinen Computerspieler",
	"seat %d: kind %q: want %q or %q":                           "Platz %[1]s: Art %[2]s: erwartet %[3]s oder %[4]s",
	"the game is not over":                                      "Die Partie ist nicht vorbei",
	"the game is over: a finished game is archived as it ended": "Die Partie ist vorbei: eine beendete Partie wird archiviert, wie sie endete",
	"the game is over: seat %d ran out of time":                 "Die Partie ist vorbei: Platz %[1]s hat die Zeit überschritten",
	"the move was chosen at version %d but the turn has changed (the room is at version %d)": "Der Zug wurde bei Version %[1]s gewählt, aber der Zug hat gewechselt (der Raum ist bei Version %[2]s)",
	"the undo was asked at version %d but the room is at version %d":                         "Die Rücknahme wurde bei Version %[1]s verlangt, aber der Raum ist bei Version %[2]s",
	"there is no draw offer to decline":                                                      "Es gibt kein Remisangebot abzulehnen",
	"this connection is closed":                                                              "Diese Verbindung ist geschlossen",
	"this connection no longer holds seat %d":                                                "Diese Verbindung hält Platz %[1]s nicht mehr",
	"this invite link does not hold a seat of the room (any more)":                           "Dieser Einladungslink hält (nicht mehr) einen Platz des Raums",
	"this token does not hold a seat of the room (any more)":                                 "Dieses Zeichen hält (nicht mehr) einen Platz des Raums",
	"version %d is not a version of this room (it is at %d)":                                 "Version %[1]s ist keine Version dieses Raums (er ist bei %[2]s)",
	"the name is longer than %d bytes":                                                       "Der Name ist länger als %[1]s Bytes",
	"the name holds the control character %U at byte %d":                                     "Der Name enthält das Steuerzeichen %[1]s bei Byte %[2]s",
	"you have already offered a draw":                                                        "Du hast schon Remis angeboten",
	// the checks of an imported record
	"secret %q is not a hex seed":                                                           "Der Startwert %[1]s ist nicht hexadezimal",
	"move %d: throw %s, but the secret gives %s":                                            "Zug %[1]s: Wurf %[2]s, aber der Startwert ergibt %[3]s",
	"seat %d resigned a game that its moves end":                                            "Platz %[1]s hat eine Partie aufgegeben, die ihre Züge beenden",
	"result %q, but the moves give %q":                                                      "Ergebnis %[1]s, aber die Züge ergeben %[2]s",
	"resigned: seat %d of a two-player game":                                                "Aufgegeben: Platz %[1]s einer Partie zu zweit",
	"seat %d resigned, so the result is %q, not %q":                                         "Platz %[1]s hat aufgegeben, also ist das Ergebnis %[2]s, nicht %[3]s",
	"the game is not over and the record gives no result (a draw, a resignation or a flag)": "Die Partie ist nicht vorbei, und die Aufzeichnung nennt kein Ergebnis (Remis, Aufgabe oder Zeitüberschreitung)",
}
