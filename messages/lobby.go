package messages

import "tabula/engine"

// Lobby holds the words of the lobby's refusals (internal/lobby): finding
// a game, identities and ratings.
var Lobby = engine.Table([]engine.Word{
	{
		Key: "lobby.no_key",
		En:  "this needs your player key: send it as Authorization: Bearer KEY (POST /api/players gives one)",
		De:  "Dafür wird dein Spielerschlüssel gebraucht: als Authorization: Bearer SCHLÜSSEL senden (POST /api/players gibt einen)",
	},
	{
		Key: "lobby.bad_key",
		En:  "no player has this key",
		De:  "Kein Spieler hat diesen Schlüssel",
	},
	{
		Key: "lobby.name_needed",
		En:  "a player needs a name",
		De:  "Ein Spieler braucht einen Namen",
	},
	{
		Key: "lobby.name",
		En:  "name: {err}",
		De:  "Name: {err}",
	},
	{
		Key: "lobby.no_player",
		En:  "no player {id}",
		De:  "Kein Spieler {id}",
	},
	{
		Key: "lobby.no_seek",
		En:  "no challenge {id}",
		De:  "Keine Herausforderung {id}",
	},
	{
		Key: "lobby.own_seek",
		En:  "this is your own challenge: another player must accept it",
		De:  "Das ist deine eigene Herausforderung: ein anderer Spieler muss sie annehmen",
	},
	{
		Key: "lobby.not_yours",
		En:  "only the player who made challenge {id} may withdraw it",
		De:  "Nur wer die Herausforderung {id} gestellt hat, darf sie zurückziehen",
	},
	{
		Key: "lobby.seek_taken",
		En:  "challenge {id} was already accepted",
		De:  "Die Herausforderung {id} wurde schon angenommen",
	},
	{
		Key: "lobby.seek_withdrawn",
		En:  "challenge {id} was withdrawn",
		De:  "Die Herausforderung {id} wurde zurückgezogen",
	},
	{
		Key: "lobby.seeks_rate",
		En:  "more than {max} challenges from your address in the last minute; wait a little",
		De:  "Mehr als {max} Herausforderungen von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	{
		Key: "lobby.seeks_open",
		En:  "you have {max} open challenges already: withdraw one first",
		De:  "Du hast schon {max} offene Herausforderungen: zuerst eine zurückziehen",
	},
	{
		Key: "lobby.players_rate",
		En:  "too many players made from your address in the last minute; wait a little",
		De:  "Zu viele Spieler von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	{
		Key: "lobby.two_players",
		En:  "the lobby pairs two players: {game} is played by {count} under these options",
		De:  "Die Spielersuche bringt zwei Spieler zusammen: {game} spielen mit diesen Optionen {count}",
	},
	{
		Key: "lobby.rated_reading",
		En:  "rated games are played in the source's reading (the default options); play other readings casual",
		De:  "Gewertete Partien werden in der Lesart der Quelle gespielt (den voreingestellten Optionen); andere Lesarten ungewertet spielen",
	},
	{
		Key: "lobby.computer_pair",
		En:  "give \"computer\" or \"pair\", not both",
		De:  "„computer“ oder „pair“ angeben, nicht beides",
	},
	{
		Key: "lobby.computer_level",
		En:  "computer level {agent}: want one of {levels}",
		De:  "Computerstufe {agent}: erwartet eine von {levels}",
	},
	{
		Key: "lobby.no_game",
		En:  "no game given",
		De:  "Kein Spiel angegeben",
	},
})
