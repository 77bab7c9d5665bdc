package messages

import "tabula/engine"

// Rooms holds the words of the refusals of internal/rooms and of its
// checks of an imported record: they reach people as HTTP errors and, over
// a room's WebSocket, as rejects.
var Rooms = engine.Table([]engine.Word{
	{
		Key: "rooms.invite_no_seat",
		En:  "this invite link does not hold a seat of the room (any more)",
		De:  "Dieser Einladungslink hält (nicht mehr) einen Platz des Raums",
	},
	{
		Key: "rooms.spectator",
		En:  "a spectator cannot do that",
		De:  "Zuschauer können das nicht",
	},
	{
		Key: "rooms.seat_lost",
		En:  "this connection no longer holds seat {seat}",
		De:  "Diese Verbindung hält Platz {seat} nicht mehr",
	},
	{
		Key: "rooms.game_over",
		En:  "the game is over",
		De:  "Die Partie ist vorbei",
	},
	{
		Key: "rooms.resign_many",
		En:  "in a game of more than two players, give your seat to the computer instead",
		De:  "In einer Partie mit mehr als zwei Spielern gib deinen Platz stattdessen dem Computer",
	},
	{
		Key: "rooms.draw_offered",
		En:  "you have already offered a draw",
		De:  "Du hast schon Remis angeboten",
	},
	{
		Key: "rooms.no_draw_offer",
		En:  "there is no draw offer to decline",
		De:  "Es gibt kein Remisangebot abzulehnen",
	},
	{
		Key: "rooms.no_computer",
		En:  "no computer player is offered for this game",
		De:  "Für dieses Spiel wird kein Computerspieler angeboten",
	},
	{
		Key: "rooms.not_other_person",
		En:  "seat {seat} is not another person's seat",
		De:  "Platz {seat} ist nicht der Platz eines anderen Menschen",
	},
	{
		Key: "rooms.seat_online",
		En:  "seat {seat} is online",
		De:  "Platz {seat} ist online",
	},
	{
		Key: "rooms.away_grace",
		En:  "seat {seat} has been away for less than {grace}; wait {wait} more",
		De:  "Platz {seat} ist seit weniger als {grace} abwesend; noch {wait} warten",
	},
	{
		Key: "rooms.not_over",
		En:  "the game is not over",
		De:  "Die Partie ist nicht vorbei",
	},
	{
		Key: "rooms.clock_increment",
		En:  "a clock with an increment needs a time per game",
		De:  "Eine Uhr mit Zuschlag braucht eine Zeit je Partie",
	},
	{
		Key: "rooms.clock_players",
		En:  "clocks are for two-player games",
		De:  "Uhren gibt es nur für Partien zu zweit",
	},
	{
		Key: "rooms.chat_long",
		En:  "a chat line is at most {max} characters",
		De:  "Eine Chatzeile hat höchstens {max} Zeichen",
	},
	{
		Key: "rooms.chat_blank",
		En:  "the chat line is empty",
		De:  "Die Chatzeile ist leer",
	},
	{
		Key: "rooms.chat_utf8",
		En:  "the chat line is not valid UTF-8",
		De:  "Die Chatzeile ist kein gültiges UTF-8",
	},
	{
		Key: "rooms.chat_control",
		En:  "the chat line holds the invisible or control character {char} at byte {at}",
		De:  "Die Chatzeile enthält das unsichtbare oder Steuerzeichen {char} bei Byte {at}",
	},
	{
		Key: "rooms.chat_char",
		En:  "the chat line holds the character {char} at byte {at}, which it may not hold",
		De:  "Die Chatzeile enthält bei Byte {at} das Zeichen {char}, das dort nicht stehen darf",
	},
	{
		Key: "rooms.chat_profile",
		En:  "the chat line is not allowed: {err}",
		De:  "Die Chatzeile ist nicht erlaubt: {err}",
	},
	{
		Key: "rooms.chat_rate",
		En:  "too many chat lines: wait {wait}",
		De:  "Zu viele Chatzeilen: warte {wait}",
	},
	{
		Key: "rooms.chat_full",
		En:  "the room's chat is full ({max} lines)",
		De:  "Der Chat des Raums ist voll ({max} Zeilen)",
	},
	{
		Key: "rooms.mute_seat",
		En:  "seat {seat} is not another person's seat to mute",
		De:  "Platz {seat} ist kein Platz eines anderen Menschen zum Stummschalten",
	},
	{
		Key: "rooms.clock_per_move",
		En:  "a clock per move (by correspondence) is a whole number of days, {min} to {max}, without a time per game",
		De:  "Eine Uhr je Zug (Fernpartie) ist eine ganze Zahl von Tagen, {min} bis {max}, ohne Zeit je Partie",
	},
	{
		Key: "rooms.clock_range",
		En:  "clock {initial}+{increment}: want {min} to {max} per game and 0 to {maxIncrement} per move",
		De:  "Uhr {initial}+{increment}: erwartet {min} bis {max} je Partie und 0 bis {maxIncrement} je Zug",
	},
	{
		Key: "rooms.import_record",
		En:  "record {n}: {err}",
		De:  "Aufzeichnung {n}: {err}",
	},
	{
		Key: "rooms.import_secret",
		En:  "secret {secret} is not a hex seed",
		De:  "Der Startwert {secret} ist nicht hexadezimal",
	},
	{
		Key: "rooms.import_throw",
		En:  "move {n}: throw {throw}, but the secret gives {want}",
		De:  "Zug {n}: Wurf {throw}, aber der Startwert ergibt {want}",
	},
	{
		Key: "rooms.import_resigned_over",
		En:  "seat {seat} resigned a game that its moves end",
		De:  "Platz {seat} hat eine Partie aufgegeben, die ihre Züge beenden",
	},
	{
		Key: "rooms.import_result",
		En:  "result {result}, but the moves give {want}",
		De:  "Ergebnis {result}, aber die Züge ergeben {want}",
	},
	{
		Key: "rooms.import_resigned_seat",
		En:  "resigned: seat {seat} of a two-player game",
		De:  "Aufgegeben: Platz {seat} einer Partie zu zweit",
	},
	{
		Key: "rooms.import_resigned_result",
		En:  "seat {seat} resigned, so the result is {want}, not {result}",
		De:  "Platz {seat} hat aufgegeben, also ist das Ergebnis {want}, nicht {result}",
	},
	{
		Key: "rooms.import_no_result",
		En:  "the game is not over and the record gives no result (a draw, a resignation or a flag)",
		De:  "Die Partie ist nicht vorbei, und die Aufzeichnung nennt kein Ergebnis (Remis, Aufgabe oder Zeitüberschreitung)",
	},
	{
		Key: "rooms.closed",
		En:  "this connection is closed",
		De:  "Diese Verbindung ist geschlossen",
	},
	{
		Key: "rooms.token_no_seat",
		En:  "this token does not hold a seat of the room (any more)",
		De:  "Dieses Zeichen hält (nicht mehr) einen Platz des Raums",
	},
	{
		Key: "rooms.undo_not_local",
		En:  "seat {seat} is not played at this device: only a game whose people all play at one device can be taken back",
		De:  "Platz {seat} wird nicht an diesem Gerät gespielt: nur eine Partie, deren Menschen alle an einem Gerät spielen, kann zurückgenommen werden",
	},
	{
		Key: "rooms.undo_over",
		En:  "the game is over: a finished game is archived as it ended",
		De:  "Die Partie ist vorbei: eine beendete Partie wird archiviert, wie sie endete",
	},
	{
		Key: "rooms.undo_clock",
		En:  "a game with a clock cannot be taken back",
		De:  "Eine Partie mit Uhr kann nicht zurückgenommen werden",
	},
	{
		Key: "rooms.undo_stale",
		En:  "the undo was asked at version {asked} but the room is at version {version}",
		De:  "Die Rücknahme wurde bei Version {asked} verlangt, aber der Raum ist bei Version {version}",
	},
	{
		Key: "rooms.undo_none",
		En:  "there is no move of a person to take back",
		De:  "Es gibt keinen Zug eines Menschen, der zurückgenommen werden kann",
	},
	{
		Key: "rooms.name_long",
		En:  "the name is longer than {max} bytes",
		De:  "Der Name ist länger als {max} Bytes",
	},
	{
		Key: "rooms.name_utf8",
		En:  "the name is not valid UTF-8",
		De:  "Der Name ist kein gültiges UTF-8",
	},
	{
		Key: "rooms.name_control",
		En:  "the name holds the invisible or control character {char} at byte {at}",
		De:  "Der Name enthält das unsichtbare oder Steuerzeichen {char} bei Byte {at}",
	},
	{
		Key: "rooms.name_char",
		En:  "the name holds the character {char} at byte {at}, which names may not hold",
		De:  "Der Name enthält bei Byte {at} das Zeichen {char}, das in Namen nicht stehen darf",
	},
	{
		Key: "rooms.name_profile",
		En:  "the name is not allowed as a display name: {err}",
		De:  "Der Name ist als Anzeigename nicht erlaubt: {err}",
	},
	{
		Key: "rooms.seat_count",
		En:  "this game has {count} players, got {seats} seats",
		De:  "Dieses Spiel hat {count} Spieler, angegeben sind {seats} Plätze",
	},
	{
		Key: "rooms.seat_err",
		En:  "seat {seat}: {err}",
		De:  "Platz {seat}: {err}",
	},
	{
		Key: "rooms.seat_person_agent",
		En:  "seat {seat}: a person seat has no agent",
		De:  "Platz {seat}: ein Platz eines Menschen hat keinen Computerspieler",
	},
	{
		Key: "rooms.seat_agent",
		En:  "seat {seat}: agent {agent} is not offered for this game (offered: {offered})",
		De:  "Platz {seat}: Computerspieler {agent} wird für dieses Spiel nicht angeboten (angeboten: {offered})",
	},
	{
		Key: "rooms.seat_kind",
		En:  "seat {seat}: kind {kind}: want {person} or {computer}",
		De:  "Platz {seat}: Art {kind}: erwartet {person} oder {computer}",
	},
	{
		Key: "rooms.no_person",
		En:  "at least one seat must be a person",
		De:  "Mindestens ein Platz muss ein Mensch sein",
	},
	{
		Key: "rooms.no_room",
		En:  "no such room",
		De:  "Kein solcher Raum",
	},
	{
		Key: "rooms.bad_version",
		En:  "version {asked} is not a version of this room (it is at {version})",
		De:  "Version {asked} ist keine Version dieses Raums (er ist bei {version})",
	},
	{
		Key: "rooms.stale",
		En:  "the move was chosen at version {asked} but the turn has changed (the room is at version {version})",
		De:  "Der Zug wurde bei Version {asked} gewählt, aber der Zug hat gewechselt (der Raum ist bei Version {version})",
	},
	{
		Key: "rooms.chosen",
		En:  "seat {seat} has already chosen this turn",
		De:  "Platz {seat} hat in diesem Zug schon gewählt",
	},
	{
		Key: "rooms.not_your_turn",
		En:  "it is not seat {seat}'s turn (to move: {actors})",
		De:  "Platz {seat} ist nicht am Zug (am Zug: {actors})",
	},
	{
		Key: "rooms.not_person",
		En:  "seat {seat} is not played by a person",
		De:  "Platz {seat} wird nicht von einem Menschen gespielt",
	},
	{
		Key: "rooms.flag",
		En:  "the game is over: seat {seat} ran out of time",
		De:  "Die Partie ist vorbei: Platz {seat} hat die Zeit überschritten",
	},
})
