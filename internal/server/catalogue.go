package server

// Entry is what the catalogue says about a game, as its source gives it
// (cited in README.md and docs/rules/). Text for people comes in English
// and German.
type Entry struct {
	ID       string            `json:"id"`
	Name     string            `json:"name"`
	People   map[string]string `json:"people"`
	Region   map[string]string `json:"region"`
	Date     map[string]string `json:"date"`
	Sources  []string          `json:"sources"`
	Evidence map[string]string `json:"evidence"`
	Players  string            `json:"players"`
	Kind     map[string]string `json:"kind"`
}

// Catalogue lists the games of Tabula in the order the home page shows
// them. A game that is not registered with the engine (not built yet) is
// shown but cannot be played.
var Catalogue = []Entry{
	{
		ID:   "tamman",
		Name: "Tamman",
		People: map[string]string{
			"en": "Somali (the coast)",
			"de": "Somali (Küste)",
		},
		Region: map[string]string{
			"en": "Somaliland Coast; drawn on a firm stretch of sand on the beach",
			"de": "Küste Somalilands; auf festem Sand am Strand gezeichnet",
		},
		Date: map[string]string{
			"en": "1931",
			"de": "1931",
		},
		Sources: []string{
			"Marin, G. 1931. Somali Games. Journal of the Royal Anthropological Institute of Great Britain and Ireland 61: 499-511 (pp. 510-511).",
		},
		Evidence: map[string]string{
			"en": "Evidence record DLP.Evidence.1424; type: ethnography; confidence 100; quotes Marin's 1931 account in full.",
			"de": "Belegeintrag DLP.Evidence.1424; Art: Ethnografie; Konfidenz 100; zitiert Marins Bericht von 1931 vollständig.",
		},
		Players: "2-4",
		Kind: map[string]string{
			"en": "Race game on a 5x5 board with four cowrie shells as dice; related to Pachisi",
			"de": "Laufspiel auf einem 5x5-Brett mit vier Kaurimuscheln als Würfel; verwandt mit Pachisi",
		},
	},
	{
		ID:   "adji-boto",
		Name: "Adji-Boto",
		People: map[string]string{
			"en": "Saramaka (Saramaccan) Maroons",
			"de": "Saramaka-(Saramaccan-)Maroon",
		},
		Region: map[string]string{
			"en": "Rainforest along the Suriname River, South America",
			"de": "Regenwald entlang des Suriname-Flusses in Südamerika",
		},
		Date: map[string]string{
			"en": "First documented in the 1920s and 1930s (Melville J. Herskovits' field studies)",
			"de": "Erstmals in den 1920er- und 1930er-Jahren dokumentiert (Feldstudien von Melville J. Herskovits)",
		},
		Sources: []string{
			"Mancala World – Adji-boto (German text).",
			"Melville J. Herskovits, field studies of Afro-Surinamese culture, 1920s-1930s (as cited there).",
		},
		Evidence: map[string]string{
			"en": "A wiki article restating Herskovits' ethnography; played by adult men at wakes (kee or tjutju) on carved boat-shaped boards; no first-hand account is quoted.",
			"de": "Ein Wiki-Artikel nach Herskovits' Ethnografie; von erwachsenen Männern bei Totenwachen (kee oder tjutju) auf geschnitzten bootförmigen Brettern gespielt; kein Bericht aus erster Hand wird zitiert.",
		},
		Players: "2",
		Kind: map[string]string{
			"en": "Two-row mancala, five holes a row, ten seeds a hole, odd-count capture chains",
			"de": "Zweireihiges Mancala, fünf Löcher je Reihe, zehn Samen je Loch, Fangketten ungerader Mengen",
		},
	},
	{
		ID:   "agsinnoninka",
		Name: "Agsinnoninka",
		People: map[string]string{
			"en": "Iloko (played by young girls), also known as Chuncajon",
			"de": "Iloko (von jungen Mädchen gespielt), auch Chuncajon genannt",
		},
		Region: map[string]string{
			"en": "Mountain Province, Northern Luzon, Philippines",
			"de": "Mountain Province, Nord-Luzon, Philippinen",
		},
		Date: map[string]string{
			"en": "First described by Morice Vanoverbergh in 1927",
			"de": "Erstmals 1927 von Morice Vanoverbergh beschrieben",
		},
		Sources: []string{
			"Vanoverbergh, M. 1927. Iloko Games. Anthropos 22: 216-243.",
			"Murray, H. J. R. 1951. A History of Board-Games Other Than Chess. Oxford University Press, p. 176.",
			"Adapted from the Wikinfo article \"Agsinnoninka\" (GNU Free Documentation License).",
		},
		Evidence: map[string]string{
			"en": "A wiki summary citing Vanoverbergh and Murray; one cycle, two ranks, pussa kanawa sowing; all moves are made simultaneously.",
			"de": "Eine Wiki-Zusammenfassung nach Vanoverbergh und Murray; ein Umlauf, zwei Reihen, Pussa-Kanawa-Aussaat; alle Züge werden gleichzeitig gemacht.",
		},
		Players: "2",
		Kind: map[string]string{
			"en": "Two-row mancala in which both players sow at the same time, in rounds with burnt holes",
			"de": "Zweireihiges Mancala, bei dem beide gleichzeitig säen, in Runden mit verbrannten Löchern",
		},
	},
}
