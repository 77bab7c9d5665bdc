package messages

import "tabula/engine"

// Rooms holds the words of the refusals of internal/rooms and of its
// checks of an imported record: they reach people as HTTP errors and, over
// a room's WebSocket, as rejects.
var Rooms = map[string]engine.Text{
	"rooms.invite_no_seat": {
		"en": "this invite link does not hold a seat of the room (any more)",
		"de": "Dieser Einladungslink hält (nicht mehr) einen Platz des Raums",
	},
	"rooms.spectator": {
		"en": "a spectator cannot do that",
		"de": "Zuschauer können das nicht",
	},
	"rooms.seat_lost": {
		"en": "this connection no longer holds seat {seat}",
		"de": "Diese Verbindung hält Platz {seat} nicht mehr",
	},
	"rooms.game_over": {
		"en": "the game is over",
		"de": "Die Partie ist vorbei",
	},
	"rooms.resign_many": {
		"en": "in a game of more than two players, give your seat to the computer instead",
		"de": "In einer Partie mit mehr als zwei Spielern gib deinen Platz stattdessen dem Computer",
	},
	"rooms.draw_offered": {
		"en": "you have already offered a draw",
		"de": "Du hast schon Remis angeboten",
	},
	"rooms.no_draw_offer": {
		"en": "there is no draw offer to decline",
		"de": "Es gibt kein Remisangebot abzulehnen",
	},
	"rooms.no_computer": {
		"en": "no computer player is offered for this game",
		"de": "Für dieses Spiel wird kein Computerspieler angeboten",
	},
	"rooms.not_other_person": {
		"en": "seat {seat} is not another person's seat",
		"de": "Platz {seat} ist nicht der Platz eines anderen Menschen",
	},
	"rooms.seat_online": {
		"en": "seat {seat} is online",
		"de": "Platz {seat} ist online",
	},
	"rooms.away_grace": {
		"en": "seat {seat} has been away for less than {grace}; wait {wait} more",
		"de": "Platz {seat} ist seit weniger als {grace} abwesend; noch {wait} warten",
	},
	"rooms.not_over": {
		"en": "the game is not over",
		"de": "Die Partie ist nicht vorbei",
	},
	"rooms.clock_increment": {
		"en": "a clock with an increment needs a time per game",
		"de": "Eine Uhr mit Zuschlag braucht eine Zeit je Partie",
	},
	"rooms.clock_players": {
		"en": "clocks are for two-player games",
		"de": "Uhren gibt es nur für Partien zu zweit",
	},
	"rooms.chat_long": {
		"en": "a chat line is at most {max} characters",
		"de": "Eine Chatzeile hat höchstens {max} Zeichen",
	},
	"rooms.chat_blank": {
		"en": "the chat line is empty",
		"de": "Die Chatzeile ist leer",
	},
	"rooms.chat_utf8": {
		"en": "the chat line is not valid UTF-8",
		"de": "Die Chatzeile ist kein gültiges UTF-8",
	},
	"rooms.chat_control": {
		"en": "the chat line holds the invisible or control character {char} at byte {at}",
		"de": "Die Chatzeile enthält das unsichtbare oder Steuerzeichen {char} bei Byte {at}",
	},
	"rooms.chat_char": {
		"en": "the chat line holds the character {char} at byte {at}, which it may not hold",
		"de": "Die Chatzeile enthält bei Byte {at} das Zeichen {char}, das dort nicht stehen darf",
	},
	"rooms.chat_profile": {
		"en": "the chat line is not allowed: {err}",
		"de": "Die Chatzeile ist nicht erlaubt: {err}",
	},
	"rooms.chat_rate": {
		"en": "too many chat lines: wait {wait}",
		"de": "Zu viele Chatzeilen: warte {wait}",
	},
	"rooms.chat_full": {
		"en": "the room's chat is full ({max} lines)",
		"de": "Der Chat des Raums ist voll ({max} Zeilen)",
	},
	"rooms.mute_seat": {
		"en": "seat {seat} is not another person's seat to mute",
		"de": "Platz {seat} ist kein Platz eines anderen Menschen zum Stummschalten",
	},
	"rooms.clock_per_move": {
		"en": "a clock per move (by correspondence) is a whole number of days, {min} to {max}, without a time per game",
		"de": "Eine Uhr je Zug (Fernpartie) ist eine ganze Zahl von Tagen, {min} bis {max}, ohne Zeit je Partie",
	},
	"rooms.clock_range": {
		"en": "clock {initial}+{increment}: want {min} to {max} per game and 0 to {maxIncrement} per move",
		"de": "Uhr {initial}+{increment}: erwartet {min} bis {max} je Partie und 0 bis {maxIncrement} je Zug",
	},
	"rooms.import_record": {
		"en": "record {n}: {err}",
		"de": "Aufzeichnung {n}: {err}",
	},
	"rooms.import_secret": {
		"en": "secret {secret} is not a hex seed",
		"de": "Der Startwert {secret} ist nicht hexadezimal",
	},
	"rooms.import_throw": {
		"en": "move {n}: throw {throw}, but the secret gives {want}",
		"de": "Zug {n}: Wurf {throw}, aber der Startwert ergibt {want}",
	},
	"rooms.import_resigned_over": {
		"en": "seat {seat} resigned a game that its moves end",
		"de": "Platz {seat} hat eine Partie aufgegeben, die ihre Züge beenden",
	},
	"rooms.import_result": {
		"en": "result {result}, but the moves give {want}",
		"de": "Ergebnis {result}, aber die Züge ergeben {want}",
	},
	"rooms.import_resigned_seat": {
		"en": "resigned: seat {seat} of a two-player game",
		"de": "Aufgegeben: Platz {seat} einer Partie zu zweit",
	},
	"rooms.import_resigned_result": {
		"en": "seat {seat} resigned, so the result is {want}, not {result}",
		"de": "Platz {seat} hat aufgegeben, also ist das Ergebnis {want}, nicht {result}",
	},
	"rooms.import_no_result": {
		"en": "the game is not over and the record gives no result (a draw, a resignation or a flag)",
		"de": "Die Partie ist nicht vorbei, und die Aufzeichnung nennt kein Ergebnis (Remis, Aufgabe oder Zeitüberschreitung)",
	},
	"rooms.closed": {
		"en": "this connection is closed",
		"de": "Diese Verbindung ist geschlossen",
	},
	"rooms.token_no_seat": {
		"en": "this token does not hold a seat of the room (any more)",
		"de": "Dieses Zeichen hält (nicht mehr) einen Platz des Raums",
	},
	"rooms.undo_not_local": {
		"en": "seat {seat} is not played at this device: only a game whose people all play at one device can be taken back",
		"de": "Platz {seat} wird nicht an diesem Gerät gespielt: nur eine Partie, deren Menschen alle an einem Gerät spielen, kann zurückgenommen werden",
	},
	"rooms.undo_over": {
		"en": "the game is over: a finished game is archived as it ended",
		"de": "Die Partie ist vorbei: eine beendete Partie wird archiviert, wie sie endete",
	},
	"rooms.undo_clock": {
		"en": "a game with a clock cannot be taken back",
		"de": "Eine Partie mit Uhr kann nicht zurückgenommen werden",
	},
	"rooms.undo_stale": {
		"en": "the undo was asked at version {asked} but the room is at version {version}",
		"de": "Die Rücknahme wurde bei Version {asked} verlangt, aber der Raum ist bei Version {version}",
	},
	"rooms.undo_none": {
		"en": "there is no move of a person to take back",
		"de": "Es gibt keinen Zug eines Menschen, der zurückgenommen werden kann",
	},
	"rooms.name_long": {
		"en": "the name is longer than {max} bytes",
		"de": "Der Name ist länger als {max} Bytes",
	},
	"rooms.name_utf8": {
		"en": "the name is not valid UTF-8",
		"de": "Der Name ist kein gültiges UTF-8",
	},
	"rooms.name_control": {
		"en": "the name holds the invisible or control character {char} at byte {at}",
		"de": "Der Name enthält das unsichtbare oder Steuerzeichen {char} bei Byte {at}",
	},
	"rooms.name_char": {
		"en": "the name holds the character {char} at byte {at}, which names may not hold",
		"de": "Der Name enthält bei Byte {at} das Zeichen {char}, das in Namen nicht stehen darf",
	},
	"rooms.name_profile": {
		"en": "the name is not allowed as a display name: {err}",
		"de": "Der Name ist als Anzeigename nicht erlaubt: {err}",
	},
	"rooms.seat_count": {
		"en": "this game has {count} players, got {seats} seats",
		"de": "Dieses Spiel hat {count} Spieler, angegeben sind {seats} Plätze",
	},
	"rooms.seat_err": {
		"en": "seat {seat}: {err}",
		"de": "Platz {seat}: {err}",
	},
	"rooms.seat_person_agent": {
		"en": "seat {seat}: a person seat has no agent",
		"de": "Platz {seat}: ein Platz eines Menschen hat keinen Computerspieler",
	},
	"rooms.seat_agent": {
		"en": "seat {seat}: agent {agent} is not offered for this game (offered: {offered})",
		"de": "Platz {seat}: Computerspieler {agent} wird für dieses Spiel nicht angeboten (angeboten: {offered})",
	},
	"rooms.seat_kind": {
		"en": "seat {seat}: kind {kind}: want {person} or {computer}",
		"de": "Platz {seat}: Art {kind}: erwartet {person} oder {computer}",
	},
	"rooms.no_person": {
		"en": "at least one seat must be a person",
		"de": "Mindestens ein Platz muss ein Mensch sein",
	},
	"rooms.no_room": {
		"en": "no such room",
		"de": "Kein solcher Raum",
	},
	"rooms.bad_version": {
		"en": "version {asked} is not a version of this room (it is at {version})",
		"de": "Version {asked} ist keine Version dieses Raums (er ist bei {version})",
	},
	"rooms.stale": {
		"en": "the move was chosen at version {asked} but the turn has changed (the room is at version {version})",
		"de": "Der Zug wurde bei Version {asked} gewählt, aber der Zug hat gewechselt (der Raum ist bei Version {version})",
	},
	"rooms.chosen": {
		"en": "seat {seat} has already chosen this turn",
		"de": "Platz {seat} hat in diesem Zug schon gewählt",
	},
	"rooms.not_your_turn": {
		"en": "it is not seat {seat}'s turn (to move: {actors})",
		"de": "Platz {seat} ist nicht am Zug (am Zug: {actors})",
	},
	"rooms.not_person": {
		"en": "seat {seat} is not played by a person",
		"de": "Platz {seat} wird nicht von einem Menschen gespielt",
	},
	"rooms.flag": {
		"en": "the game is over: seat {seat} ran out of time",
		"de": "Die Partie ist vorbei: Platz {seat} hat die Zeit überschritten",
	},
}
