package messages

import "tabula/engine"

// Lobby holds the words of the lobby's refusals (internal/lobby): finding
// a game, identities and ratings.
var Lobby = map[string]engine.Text{
	"lobby.no_key": {
		"en": "this needs your player key: send it as Authorization: Bearer KEY (POST /api/players gives one)",
		"de": "Dafür wird dein Spielerschlüssel gebraucht: als Authorization: Bearer SCHLÜSSEL senden (POST /api/players gibt einen)",
	},
	"lobby.bad_key": {
		"en": "no player has this key",
		"de": "Kein Spieler hat diesen Schlüssel",
	},
	"lobby.name_needed": {
		"en": "a player needs a name",
		"de": "Ein Spieler braucht einen Namen",
	},
	"lobby.name": {
		"en": "name: {err}",
		"de": "Name: {err}",
	},
	"lobby.no_player": {
		"en": "no player {id}",
		"de": "Kein Spieler {id}",
	},
	"lobby.no_seek": {
		"en": "no challenge {id}",
		"de": "Keine Herausforderung {id}",
	},
	"lobby.own_seek": {
		"en": "this is your own challenge: another player must accept it",
		"de": "Das ist deine eigene Herausforderung: ein anderer Spieler muss sie annehmen",
	},
	"lobby.not_yours": {
		"en": "only the player who made challenge {id} may withdraw it",
		"de": "Nur wer die Herausforderung {id} gestellt hat, darf sie zurückziehen",
	},
	"lobby.seek_taken": {
		"en": "challenge {id} was already accepted",
		"de": "Die Herausforderung {id} wurde schon angenommen",
	},
	"lobby.seek_withdrawn": {
		"en": "challenge {id} was withdrawn",
		"de": "Die Herausforderung {id} wurde zurückgezogen",
	},
	"lobby.seeks_rate": {
		"en": "more than {max} challenges from your address in the last minute; wait a little",
		"de": "Mehr als {max} Herausforderungen von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	"lobby.seeks_open": {
		"en": "you have {max} open challenges already: withdraw one first",
		"de": "Du hast schon {max} offene Herausforderungen: zuerst eine zurückziehen",
	},
	"lobby.players_rate": {
		"en": "too many players made from your address in the last minute; wait a little",
		"de": "Zu viele Spieler von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	"lobby.two_players": {
		"en": "the lobby pairs two players: {game} is played by {count} under these options",
		"de": "Die Spielersuche bringt zwei Spieler zusammen: {game} spielen mit diesen Optionen {count}",
	},
	"lobby.rated_reading": {
		"en": "rated games are played in the source's reading (the default options); play other readings casual",
		"de": "Gewertete Partien werden in der Lesart der Quelle gespielt (den voreingestellten Optionen); andere Lesarten ungewertet spielen",
	},
	"lobby.computer_pair": {
		"en": "give \"computer\" or \"pair\", not both",
		"de": "„computer“ oder „pair“ angeben, nicht beides",
	},
	"lobby.computer_level": {
		"en": "computer level {agent}: want one of {levels}",
		"de": "Computerstufe {agent}: erwartet eine von {levels}",
	},
	"lobby.no_game": {
		"en": "no game given",
		"de": "Kein Spiel angegeben",
	},
}
