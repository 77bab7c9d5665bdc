package messages

import "tabula/engine"

// Classes holds the words of the errors of a teacher's class
// (internal/classes and its routes).
var Classes = map[string]engine.Text{
	"class.not_found": {
		"en": "no such class: check the code or the link",
		"de": "Keine solche Klasse: Code oder Link prüfen",
	},
	"class.pairing": {
		"en": "pairing {value}: want round-robin, swiss or knockout",
		"de": "Paarung {value}: erwartet round-robin, swiss oder knockout",
	},
	"class.two_players": {
		"en": "a class plays games of two; {game} with these options has {n} players",
		"de": "Eine Klasse spielt Partien zu zweit; {game} hat mit diesen Optionen {n} Spieler",
	},
	"class.computer": {
		"en": "computer {value}: want one of {offered}",
		"de": "Computer {value}: erwartet eines von {offered}",
	},
	"class.max": {
		"en": "max {value}: want 2 to {limit} players",
		"de": "max {value}: erwartet 2 bis {limit} Spieler",
	},
	"class.no_secret": {
		"en": "this needs the teacher's secret: send Authorization: Bearer SECRET",
		"de": "Dafür braucht es das Geheimnis der Lehrkraft: Authorization: Bearer GEHEIMNIS senden",
	},
	"class.wrong_secret": {
		"en": "this is not the teacher's secret of this class",
		"de": "Das ist nicht das Geheimnis der Lehrkraft dieser Klasse",
	},
	"class.wrong_token": {
		"en": "this link belongs to no player of this class",
		"de": "Dieser Link gehört zu keinem Spieler dieser Klasse",
	},
	"class.name_empty": {
		"en": "type your name to join",
		"de": "Zum Beitreten deinen Namen eingeben",
	},
	"class.name_taken": {
		"en": "the name {name} is taken in this class: add a letter",
		"de": "Der Name {name} ist in dieser Klasse vergeben: einen Buchstaben anhängen",
	},
	"class.full": {
		"en": "this class is full ({max} players)",
		"de": "Diese Klasse ist voll ({max} Spieler)",
	},
	"class.ended": {
		"en": "this class has ended",
		"de": "Diese Klasse ist beendet",
	},
	"class.paused": {
		"en": "this class is paused: the teacher resumes it",
		"de": "Diese Klasse ist angehalten: die Lehrkraft setzt sie fort",
	},
	"class.started": {
		"en": "this class has started its rounds and takes nobody new ({pairing})",
		"de": "Diese Klasse hat ihre Runden begonnen und nimmt niemanden mehr auf ({pairing})",
	},
	"class.join_rate": {
		"en": "more than {max} joins from your address in the last minute; wait a little",
		"de": "Mehr als {max} Beitritte von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	"class.too_few": {
		"en": "a round needs 2 players or more; {n} joined",
		"de": "Eine Runde braucht 2 Spieler oder mehr; {n} sind beigetreten",
	},
	"class.round_in_play": {
		"en": "round {round} is still in play: {left} games are not over",
		"de": "Runde {round} läuft noch: {left} Partien sind nicht zu Ende",
	},
	"class.rounds_over": {
		"en": "every round of this {pairing} is played",
		"de": "Jede Runde dieses Turniers ({pairing}) ist gespielt",
	},
	"class.create_rate": {
		"en": "too many rooms or classes created from your address in the last minute; wait a little",
		"de": "Zu viele Räume oder Klassen von deiner Adresse in der letzten Minute; bitte etwas warten",
	},
	"class.busy": {
		"en": "the class was changed at the same moment; try again",
		"de": "Die Klasse wurde im selben Moment geändert; bitte noch einmal",
	},
}
