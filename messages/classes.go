package messages

import "tabula/engine"

// Classes holds the words of the errors of a teacher's class
// (internal/classes and its routes).
var Classes = engine.Table([]engine.Word{
	{
		Key: "class.not_found",
		En:  "no such class: check the code or the link",
		De:  "Keine solche Klasse: Code oder Link prüfen",
	},
	{
		Key: "class.pairing",
		En:  "pairing {value}: want round-robin, swiss or knockout",
		De:  "Paarung {value}: erwartet round-robin, swiss oder knockout",
	},
	{
		Key: "class.two_players",
		En:  "a class plays games of two; {game} with these options has {n} players",
		De:  "Eine Klasse spielt Partien zu zweit; {game} hat mit diesen Optionen {n} Spieler",
	},
	{
		Key: "class.computer",
		En:  "computer {value}: want one of {offered}",
		De:  "Computer {value}: erwartet eines von {offered}",
	},
	{
		Key: "class.max",
		En:  "max {value}: want 2 to {limit} players",
		De:  "max {value}: erwartet 2 bis {limit} Spieler",
	},
	{
		Key: "class.no_secret",
		En:  "this needs the teacher's secret: send Authorization: Bearer SECRET",
		De:  "Dafür braucht es das Geheimnis der Lehrkraft: Authorization: Bearer GEHEIMNIS senden",
	},
	{
		Key: "class.wrong_secret",
		En:  "this is not the teacher's secret of this class",
		De:  "Das ist nicht das Geheimnis der Lehrkraft dieser Klasse",
	},
	{
		Key: "class.wrong_token",
		En:  "this link belongs to no player of this class",
		De:  "Dieser Link gehört zu keinem Spieler dieser Klasse",
	},
	{
		Key: "class.name_empty",
		En:  "type your name to join",
		De:  "Zum Beitreten deinen Namen eingeben",
	},
	{
		Key: "class.name_taken",
		En:  "the name {name} is taken in this class: add a letter",
		De:  "Der Name {name} ist in dieser Klasse vergeben: einen Buchstaben anhängen",
	},
	{
		Key: "class.full",
		En:  "this class is full ({max} players)",
		De:  "Diese Klasse ist voll ({max} Spieler)",
	},
	{
		Key: "class.ended",
		En:  "this class has ended",
		De:  "Diese Klasse ist beendet",
	},
	{
		Key: "class.paused",
		En:  "this class is paused: the teacher resumes it",
		De:  "Diese Klasse ist angehalten: die Lehrkraft setzt sie fort",
	},
	{
		Key: "class.started",
		En:  "this class has started its rounds and takes nobody new ({pairing})",
		De:  "Diese Klasse hat ihre Runden begonnen und nimmt niemanden mehr auf ({pairing})",
	},
	{
		Key: "class.join_rate",
		En:  "more than {max} joins from your address in the last minute; wait a little",
		De:  "Mehr als {max} Beitritte von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	{
		Key: "class.too_few",
		En:  "a round needs 2 players or more; {n} joined",
		De:  "Eine Runde braucht 2 Spieler oder mehr; {n} sind beigetreten",
	},
	{
		Key: "class.round_in_play",
		En:  "round {round} is still in play: {left} games are not over",
		De:  "Runde {round} läuft noch: {left} Partien sind nicht zu Ende",
	},
	{
		Key: "class.rounds_over",
		En:  "every round of this {pairing} is played",
		De:  "Jede Runde dieses Turniers ({pairing}) ist gespielt",
	},
	{
		Key: "class.create_rate",
		En:  "too many rooms or classes created from your address in the last minute; wait a little",
		De:  "Zu viele Räume oder Klassen von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	{
		Key: "class.no_game",
		En:  "room {room} is not a game of this class's current round",
		De:  "Raum {room} ist keine Partie der laufenden Runde dieser Klasse",
	},
	{
		Key: "class.game_over",
		En:  "the game of room {room} is over already",
		De:  "Die Partie in Raum {room} ist schon zu Ende",
	},
	{
		Key: "class.busy",
		En:  "the class was changed at the same moment; try again",
		De:  "Die Klasse wurde im selben Moment geändert; bitte noch einmal",
	},
})
